import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusFile, postScrape } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";
import {
  billionLaughsDocx,
  billionLaughsPptx,
  billionLaughsXlsx,
  deeplyNestedDocx,
  deeplyNestedPptx,
  hugeStreamPdf,
  manyPagesPdf,
  plainDocx,
  zipBomb,
} from "./hostile-documents.js";
import { startHostileSource } from "./hostile-source.js";
import { startServerProcess } from "./server-process.js";
import type { ServerProcess } from "./server-process.js";

const MiB = 1024 * 1024;
const GOOD_TEXT = "All is well after the attack";
const MALFORMED = readdirSync(`${CORPUS_DIR}/files`).filter((name) => name.startsWith("mal_"));
/** Damaged decks from the slides corpus (truncated, not a ZIP, password-protected). */
const SLIDES_DIR = new URL("../format-corpus/slides/files/", import.meta.url);
const MALFORMED_SLIDES = readdirSync(SLIDES_DIR).filter((name) => name.startsWith("mal_"));
const LARGEST_CORPUS_PDF = readdirSync(`${CORPUS_DIR}/files`)
  .filter((name) => name.endsWith(".pdf"))
  .map((name) => ({ name, size: readFileSync(corpusFile(name)).length }))
  .sort((a, b) => b.size - a.size)[0]!.name;
/** Generous bound on any answer: the request's timeout plus 5 s. */
const TIMEOUT_MS = 10_000;
const ANSWER_BOUND_MS = TIMEOUT_MS + 5_000;

let source: SourceServer;
let server: ServerProcess;
/** Peak RSS of the server process per attack, printed at the end for the report. */
const figures: Array<{ attack: string; status: number; ms: number; peakRssMb: number }> = [];

beforeAll(async () => {
  // Note: three bombs of a few hundred MiB are deflated first (seconds each on a busy machine);
  // they are built before any connection opens, as a blocked event loop would strand keep-alive sockets.
  const documents = new Map<string, Uint8Array>([
    // The DOCX cap is 64 MiB and the engine's ZIP cap 256 MiB: each bomb passes its own.
    ["bomb.docx", zipBomb("docx", 128 * MiB)],
    ["bomb.xlsx", zipBomb("xlsx", 300 * MiB)],
    ["bomb.pptx", zipBomb("pptx", 300 * MiB)],
    ["nested.pptx", deeplyNestedPptx(100_000)],
    ["laughs.pptx", billionLaughsPptx()],
    ["nested.docx", deeplyNestedDocx(100_000)],
    ["laughs.docx", billionLaughsDocx()],
    ["laughs.xlsx", billionLaughsXlsx()],
    ["pages.pdf", manyPagesPdf(20_000)],
    ["huge-stream.pdf", hugeStreamPdf(300 * MiB)],
    ["good.docx", plainDocx(GOOD_TEXT)],
    ...[...MALFORMED, LARGEST_CORPUS_PDF].map((name) => [name, new Uint8Array(readFileSync(corpusFile(name)))] as const),
    ...MALFORMED_SLIDES.map((name) => [name, new Uint8Array(readFileSync(new URL(name, SLIDES_DIR)))] as const),
  ]);
  [source, server] = await Promise.all([startHostileSource(documents), startServerProcess(["--pool-size", "2", "--max-heap-mb", "512"])]);
  figures.push({ attack: "(idle, after start)", status: 0, ms: 0, peakRssMb: server.peakRssMb() });
}, 120_000);

afterAll(async () => {
  console.log(
    `Server process (2 workers, 512 MiB each), peak RSS per request:\n${figures
      .map(({ attack, status, ms, peakRssMb }) => `  ${attack.padEnd(34)} ${status}  ${String(ms).padStart(6)} ms  ${peakRssMb.toFixed(0).padStart(5)} MiB`)
      .join("\n")}`,
  );
  await Promise.all([server?.stop(), source?.close()]);
});

/** Ask the server process to scrape a path of the hostile source; the peak RSS is recorded. */
async function scrapeSource(path: string, options: Record<string, unknown> = {}) {
  server.resetPeakRss();
  const started = performance.now();
  const answer = await postScrape(server.url, { url: `${source.url}${path}`, timeout: TIMEOUT_MS, ...options });
  const ms = Math.round(performance.now() - started);
  figures.push({ attack: path.replace(/^\/doc\//, "") + (options.parsers ? ` (${JSON.stringify(options.parsers)})` : ""), status: answer.status, ms, peakRssMb: server.peakRssMb() });
  return { ...answer, ms, error: String(answer.json.error ?? ""), data: answer.json.data as { markdown: string; warning?: string } | undefined };
}

/** After each attack: the same process is up, answers /health and converts a good document. */
async function expectServerStillServes(): Promise<void> {
  expect(server.alive()).toBe(true);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  const { status, json } = await postScrape(server.url, { url: `${source.url}/doc/good.docx` });
  expect(status).toBe(200);
  expect((json.data as { markdown: string }).markdown).toContain(GOOD_TEXT);
}

describe("memory", () => {
  it(`converts the largest corpus PDF (${LARGEST_CORPUS_PDF}) within the memory limit`, async () => {
    const { status, data } = await scrapeSource(`/doc/${LARGEST_CORPUS_PDF}`);
    expect(status).toBe(200);
    expect(data!.markdown.length).toBeGreaterThan(1000);
    await expectServerStillServes();
  });
});

describe("malformed corpus files", () => {
  // Note: read from their text layer (`mode: "fast"`), as the corpus scores them: with the default
  // `"auto"` a scan is OCR'd instead, which test/pdf/ocr-auto.test.ts covers.
  it.each([...MALFORMED, ...MALFORMED_SLIDES])("%s: a clear 4xx naming the file, or empty Markdown with a warning", async (name) => {
    const { status, error, data, ms } = await scrapeSource(`/doc/${name}`, { parsers: [{ type: "pdf", mode: "fast" }] });
    if (status === 200) {
      expect(data!.markdown.trim()).toBe("");
      expect(data!.warning).toBeTruthy();
    } else {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      // One sentence that names the document and says what to do.
      expect(error).toContain(name);
      expect(error).toMatch(/; .+\.$/);
    }
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    await expectServerStillServes();
  });
});

describe("bombs", () => {
  it.each([["bomb.docx"], ["bomb.xlsx"], ["bomb.pptx"]])("%s: a ZIP member inflating past the limit → 413", async (name) => {
    const { status, error } = await scrapeSource(`/doc/${name}`);
    expect(status).toBe(413);
    expect(error).toContain(name);
    expect(error).toMatch(/MiB when unpacked/);
    await expectServerStillServes();
  });

  it("a DOCX with <w:p> nested 100,000 deep → 422, without hanging", async () => {
    const { status, error, ms } = await scrapeSource("/doc/nested.docx");
    expect(status).toBe(422);
    expect(error).toContain("nested.docx");
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    await expectServerStillServes();
  });

  it.each([["laughs.docx"], ["laughs.xlsx"], ["laughs.pptx"]])("%s: XML entity expansion (billion laughs) → 422 before any parsing", async (name) => {
    const { status, error } = await scrapeSource(`/doc/${name}`);
    expect(status).toBe(422);
    expect(error).toContain(name);
    expect(error).toContain("DTD");
    await expectServerStillServes();
  });

  it("a PPTX with groups nested 100,000 deep → 422, without hanging", async () => {
    const { status, error, ms } = await scrapeSource("/doc/nested.pptx");
    expect(status).toBe(422);
    expect(error).toContain("nested.pptx");
    expect(error).toMatch(/; .+\.$/);
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    await expectServerStillServes();
  });

  it("a PDF of 20,000 pages honours pdf.maxPages", async () => {
    // Note: every page says the same thing, which would otherwise be dropped as a running header.
    const { status, data } = await scrapeSource("/doc/pages.pdf", { parsers: [{ type: "pdf", maxPages: 20 }], onlyMainContent: false });
    expect(status).toBe(200);
    expect(data!.markdown).toContain("Page text");
    expect(data!.warning).toContain("Stopped after 20 of 20000 pages");
    await expectServerStillServes();
  });

  it("a PDF of 20,000 pages without maxPages → 408 within the request timeout", async () => {
    const { status, ms } = await scrapeSource("/doc/pages.pdf");
    expect(status).toBe(408);
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    await expectServerStillServes();
  });

  it("a PDF whose content stream inflates to 300 MiB → 413 from the worker's memory limit", async () => {
    const { status, error, ms } = await scrapeSource("/doc/huge-stream.pdf");
    expect(status).toBe(413);
    expect(error).toContain("huge-stream.pdf needs more than 512 MiB of memory");
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    await expectServerStillServes();
  });
});

describe("hostile sources", () => {
  it("a source declaring a 10 GiB Content-Length → 413 before downloading", async () => {
    const { status, error, ms } = await scrapeSource("/huge-length");
    expect(status).toBe(413);
    expect(error).toContain("larger than the 50 MiB limit");
    // The body never comes: only refusing on the header can answer this fast.
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    await expectServerStillServes();
  });

  it("a source dripping one byte per 100 ms → 408 within the request timeout", async () => {
    const { status, error, ms } = await scrapeSource("/drip.csv", { timeout: 3_000 });
    expect(status).toBe(408);
    expect(error).toContain("drip.csv");
    expect(ms).toBeGreaterThanOrEqual(3_000);
    expect(ms).toBeLessThan(3_000 + 5_000);
    await expectServerStillServes();
  });
});
