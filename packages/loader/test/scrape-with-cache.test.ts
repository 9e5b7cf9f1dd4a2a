import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCache } from "../src/cache.js";
import { DocumentLoaderError } from "../src/errors.js";
import { scrapeWithCache } from "../src/scrape-with-cache.js";
import type { Scraper } from "../src/scraper.js";
import { startServer } from "./helpers/server.js";
import type { TestServer } from "./helpers/server.js";

const root = await mkdtemp(join(tmpdir(), "docscrape-swc-"));
afterAll(() => rm(root, { recursive: true, force: true }));

/** The document's current version on the loopback server; its ETag is `"v<version>"`. */
let version = 1;
let documents: TestServer;
beforeEach(async () => {
  version = 1;
  documents = await startServer((request, response) => {
    const etag = `"v${version}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, { etag, "content-type": "application/pdf" });
    response.end(`%PDF-1.4 version ${version}`);
  });
});
afterEach(() => documents.close());

/** A scraper that reads the version like the engine would, and reports the ETag it saw. */
function fakeScraper(options: { fail?: () => boolean; etag?: boolean } = {}) {
  const calls: string[] = [];
  const scraper: Scraper = {
    id: "fake",
    async scrape(url) {
      calls.push(url);
      if (options.fail?.()) throw new DocumentLoaderError("SCRAPE_FAILED", "Scraping failed: the API is down.", { url });
      return {
        markdown: `# Version ${version}`,
        metadata: options.etag === false ? {} : { etag: `"v${version}"` },
      };
    },
  };
  return { scraper, calls };
}

let cacheCount = 0;
const newCache = (ttlMs: number) => createCache({ dir: join(root, `cache-${cacheCount++}`), ttlMs, onWarning: () => undefined });

describe("scrapeWithCache", () => {
  it("scrapes once, then serves the cache within the ttl", async () => {
    const { scraper, calls } = fakeScraper();
    const cache = newCache(60_000);
    const url = `${documents.url}/report.pdf`;
    const options = { url, scraper, scrapeOptions: {}, cache, refresh: false };
    expect((await scrapeWithCache(options)).outcome).toBe("scraped");
    version = 2;
    const second = await scrapeWithCache(options);
    expect(second.outcome).toBe("cached");
    expect(second.data.markdown).toBe("# Version 1");
    expect(calls).toHaveLength(1);
    expect(documents.requests).toHaveLength(0);
  });

  it("past the ttl, reuses the copy when the source answers 304 to If-None-Match", async () => {
    const { scraper, calls } = fakeScraper();
    const options = { url: `${documents.url}/report.pdf`, scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    await scrapeWithCache(options);
    const second = await scrapeWithCache(options);
    expect(second.outcome).toBe("revalidated");
    expect(calls).toHaveLength(1);
    expect(documents.requests[0]?.headers["if-none-match"]).toBe('"v1"');
  });

  it("past the ttl, scrapes again when the source changed", async () => {
    const { scraper, calls } = fakeScraper();
    const options = { url: `${documents.url}/report.pdf`, scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    await scrapeWithCache(options);
    version = 2;
    const second = await scrapeWithCache(options);
    expect(second.outcome).toBe("scraped");
    expect(second.data.markdown).toBe("# Version 2");
    expect(calls).toHaveLength(2);
  });

  it("reads the validators with HEAD when the scraper reports none (as Firecrawl's API), then revalidates", async () => {
    const { scraper, calls } = fakeScraper({ etag: false });
    const options = { url: `${documents.url}/report.pdf`, scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    await scrapeWithCache(options);
    expect((await scrapeWithCache(options)).outcome).toBe("revalidated");
    expect(calls).toHaveLength(1);
    expect(documents.requests.map((request) => request.method)).toEqual(["HEAD", "GET"]);
  });

  it("past the ttl, scrapes again when the source gives no validator to ask with", async () => {
    const { scraper, calls } = fakeScraper({ etag: false });
    // Note: a closed loopback port: the HEAD probe fails, so there is nothing to revalidate with.
    const options = { url: "http://127.0.0.1:9/report.pdf", scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    await scrapeWithCache(options);
    expect((await scrapeWithCache(options)).outcome).toBe("scraped");
    expect(calls).toHaveLength(2);
  });

  it("with refresh, scrapes even within the ttl", async () => {
    const { scraper, calls } = fakeScraper();
    const cache = newCache(60_000);
    const url = `${documents.url}/report.pdf`;
    await scrapeWithCache({ url, scraper, scrapeOptions: {}, cache, refresh: false });
    expect((await scrapeWithCache({ url, scraper, scrapeOptions: {}, cache, refresh: true })).outcome).toBe("scraped");
    expect(calls).toHaveLength(2);
  });

  it("falls back to the cached copy when a fresh scrape fails (stale-if-error)", async () => {
    let failing = false;
    const { scraper } = fakeScraper({ fail: () => failing });
    const options = { url: `${documents.url}/report.pdf`, scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    await scrapeWithCache(options);
    version = 2;
    failing = true;
    const result = await scrapeWithCache(options);
    expect(result.outcome).toBe("stale");
    expect(result.data.markdown).toBe("# Version 1");
    expect(result.error?.message).toContain("the API is down");
  });

  it("rejects when the scrape fails and nothing is cached", async () => {
    const { scraper } = fakeScraper({ fail: () => true });
    const options = { url: `${documents.url}/report.pdf`, scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    await expect(scrapeWithCache(options)).rejects.toThrow("the API is down");
  });

  it("reuses a local file's scrape while its mtime and size match, whatever the ttl", async () => {
    const { scraper, calls } = fakeScraper();
    const path = join(root, "local.csv");
    await writeFile(path, "a,b\n1,2\n");
    const options = { url: pathToFileURL(path).href, scraper, scrapeOptions: {}, cache: newCache(0), refresh: false };
    expect((await scrapeWithCache(options)).outcome).toBe("scraped");
    expect((await scrapeWithCache(options)).outcome).toBe("cached");
    await writeFile(path, "a,b\n1,2\n3,4\n");
    await utimes(path, new Date(), new Date(Date.now() + 5000));
    expect((await scrapeWithCache(options)).outcome).toBe("scraped");
    expect(calls).toHaveLength(2);
  });
});
