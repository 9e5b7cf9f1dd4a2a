import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createEmbeddedScraper } from "../src/embedded.js";
import { startServer } from "./helpers/server.js";
import type { TestServer } from "./helpers/server.js";

const root = await mkdtemp(join(tmpdir(), "docscrape-embedded-"));
afterAll(() => rm(root, { recursive: true, force: true }));
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const CSV = "Team,Budget\nPeople,1200\nFinance,800\n";

describe("createEmbeddedScraper", () => {
  it("scrapes a local file by path relative to baseDir", async () => {
    await writeFile(join(root, "budget.csv"), CSV);
    const scraper = createEmbeddedScraper({ baseDir: root, retry: { retries: 0 } });
    expect(scraper.id).toMatch(/^embedded:docscrape@\d/);
    const data = await scraper.scrape("./budget.csv", { formats: ["markdown"] });
    expect(data.markdown).toContain("Finance");
    expect(data.metadata.contentType).toContain("csv");
  });

  it("scrapes a loopback document and reports its ETag for revalidation", async () => {
    server = await startServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/csv", etag: '"budget-v1"' });
      response.end(CSV);
    });
    const data = await createEmbeddedScraper({ retry: { retries: 0 } }).scrape(`${server.url}/budget.csv`, {});
    expect(data.markdown).toContain("People");
    expect(data.metadata.etag).toBe('"budget-v1"');
  });

  it("fails a missing document at once with DOCUMENT_NOT_FOUND", async () => {
    server = await startServer((_request, response) => {
      response.writeHead(404);
      response.end("gone");
    });
    const scraper = createEmbeddedScraper({ retry: { retries: 3, minTimeout: 1 } });
    await expect(scraper.scrape(`${server.url}/gone.pdf`, {})).rejects.toMatchObject({ code: "DOCUMENT_NOT_FOUND", retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a conversion that runs past its time limit", async () => {
    const retries: string[] = [];
    const scraper = createEmbeddedScraper({ retry: { retries: 5, minTimeout: 1 }, onRetry: (error) => retries.push(error.message) });
    // OCR of a scanned page takes well over the 1 s the scrape is given.
    const scanned = new URL("../../../../shared/corpus/files/mal_scanned_image_only.pdf", import.meta.url).href;
    const started = performance.now();
    const failure = await scraper.scrape(scanned, { timeout: 1000, parsers: [{ type: "pdf", mode: "ocr" }] }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "SCRAPE_TIMEOUT", retryable: false, name: "DocumentLoaderError" });
    expect((failure as Error).message).toMatch(/took longer than `timeout`; raise it/);
    expect(retries).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("retries a document whose server fails, then succeeds", async () => {
    server = await startServer((request, response, index) => {
      if (index === 0) return void request.socket.destroy();
      response.writeHead(200, { "content-type": "text/csv" });
      response.end(CSV);
    });
    const data = await createEmbeddedScraper({ retry: { retries: 2, minTimeout: 1 } }).scrape(`${server.url}/b.csv`, {});
    expect(data.markdown).toContain("People");
    expect(server.requests).toHaveLength(2);
  });
});
