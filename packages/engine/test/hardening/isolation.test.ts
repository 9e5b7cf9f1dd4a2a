import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postScrape } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";
import { manyPagesPdf, plainDocx, wideCsv } from "./hostile-documents.js";
import { startHostileSource } from "./hostile-source.js";
import { startServerProcess } from "./server-process.js";
import type { ServerProcess } from "./server-process.js";

const GOOD_TEXT = "The next document is served";

let source: SourceServer;
/** One worker with a small heap, set through the environment. */
let small: ServerProcess;
/** One worker with the default heap. */
let single: ServerProcess;

beforeAll(async () => {
  const documents = new Map<string, Uint8Array>([
    // 30 MB of CSV, ten million cells: far more than 256 MiB of strings once parsed.
    ["wide.csv", wideCsv(5_000, 2_000)],
    ["pages.pdf", manyPagesPdf(20_000)],
    ["good.docx", plainDocx(GOOD_TEXT)],
  ]);
  [source, small, single] = await Promise.all([
    startHostileSource(documents),
    startServerProcess([], { DOCSCRAPE_POOL_SIZE: "1", DOCSCRAPE_MAX_HEAP_MB: "256" }),
    startServerProcess(["--pool-size", "1"]),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([small?.stop(), single?.stop(), source?.close()]);
});

const scrape = (server: ServerProcess, path: string, timeout = 30_000) =>
  postScrape(server.url, { url: `${source.url}${path}`, timeout }).then(({ status, headers, json }) => ({
    status,
    headers,
    error: String(json.error ?? ""),
    markdown: (json.data as { markdown?: string } | undefined)?.markdown ?? "",
  }));

describe("conversion in worker threads", () => {
  it("a document that needs more memory than a worker has → 413 naming it; the server goes on", async () => {
    const { status, error } = await scrape(small, "/doc/wide.csv");
    expect(status).toBe(413);
    expect(error).toBe("wide.csv needs more than 256 MiB of memory to convert; split it into smaller documents.");
    expect(small.alive()).toBe(true);
    const next = await scrape(small, "/doc/good.docx");
    expect(next.status).toBe(200);
    expect(next.markdown).toContain(GOOD_TEXT);
  });

  it("a worker past the request's timeout is killed: 408, and the only worker is free for the next document", async () => {
    const started = performance.now();
    const { status, headers, error } = await scrape(single, "/doc/pages.pdf", 2_000);
    expect(status).toBe(408);
    expect(headers.get("retry-after")).toBeTruthy();
    expect(error).toContain("pages.pdf");
    expect(performance.now() - started).toBeLessThan(2_000 + 5_000);
    // Left running, the worker would spend far longer on 20,000 pages than this bound.
    const next = performance.now();
    const good = await scrape(single, "/doc/good.docx");
    expect(good.status).toBe(200);
    expect(good.markdown).toContain(GOOD_TEXT);
    expect(performance.now() - next).toBeLessThan(10_000);
    expect(single.alive()).toBe(true);
  });
});
