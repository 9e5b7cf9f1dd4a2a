import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Loader } from "astro/loaders";
import type { z } from "astro/zod";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { documentLoader } from "../src/loader.js";
import { createFakeContext } from "./helpers/context.js";
import { sendJson, startServer } from "./helpers/server.js";
import type { TestServer } from "./helpers/server.js";

const temp = await mkdtemp(join(tmpdir(), "docscrape-max-age-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

/** The document's text on its own server; its ETag follows it. */
let text = "Version one";
let source: TestServer;
let firecrawl: TestServer;
/** What the fake Firecrawl answered each scrape from: its cache or the source. */
let answers: Array<"cache" | "source">;

// Note: Firecrawl answers a scrape from its own copy when it is younger than `maxAge` (two days
// by default) and only fetches the source when the copy is older, or `maxAge` is 0.
const FIRECRAWL_DEFAULT_MAX_AGE = 2 * 24 * 60 * 60 * 1000;

beforeEach(async () => {
  text = "Version one";
  answers = [];
  source = await startServer((request, response) => {
    const etag = `"${text.length}-${text.replaceAll(" ", "")}"`;
    if (request.headers["if-none-match"] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { etag, "content-type": "text/markdown" }).end(`# ${text}\n`);
  });
  const copies = new Map<string, { markdown: string; at: number }>();
  firecrawl = await startServer(async (_request, response, index) => {
    const { url, maxAge = FIRECRAWL_DEFAULT_MAX_AGE } = firecrawl.requests[index]!.body as { url: string; maxAge?: number };
    const copy = copies.get(url);
    if (copy && Date.now() - copy.at < maxAge) {
      answers.push("cache");
      return sendJson(response, 200, { success: true, data: { markdown: copy.markdown, metadata: { statusCode: 200, sourceURL: url } } });
    }
    answers.push("source");
    const markdown = await (await fetch(url)).text();
    copies.set(url, { markdown, at: Date.now() });
    sendJson(response, 200, { success: true, data: { markdown, metadata: { statusCode: 200, sourceURL: url } } });
  });
});
afterEach(async () => {
  await firecrawl.close();
  await source.close();
  vi.unstubAllEnvs();
});

async function build(loader: Loader, root: string) {
  const fake = createFakeContext({ root, schema: (loader as unknown as { schema: z.ZodType }).schema });
  await loader.load(fake.context);
  return fake;
}

describe("re-scrapes against a service that caches, as Firecrawl does", () => {
  it("sends maxAge: 0 when the document's validators changed, so the site gets the new text", async () => {
    const root = join(temp, "changed");
    await mkdir(root, { recursive: true });
    // Note: a ttl of 1 ms: every later build asks the source whether the document changed.
    const options = { documents: [`${source.url}/policy.md`], apiUrl: firecrawl.url, apiKey: "fc-key", cache: { dir: ".cache", ttl: 1 } };
    expect((await build(documentLoader(options), root)).entries.get("policy")?.body).toContain("Version one");
    await new Promise((resolve) => setTimeout(resolve, 5));

    // Unchanged: the source answers 304, nothing is scraped.
    await build(documentLoader(options), root);
    expect(firecrawl.requests).toHaveLength(1);

    text = "Version two";
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rebuilt = await build(documentLoader(options), root);
    expect(rebuilt.entries.get("policy")?.body).toContain("Version two");
    expect(firecrawl.requests.map((request) => (request.body as { maxAge?: number }).maxAge)).toEqual([undefined, 0]);
    expect(answers).toEqual(["source", "source"]);
  });

  it("sends maxAge: 0 with DOCSCRAPE_REFRESH=1, and not on a first scrape", async () => {
    const root = join(temp, "refresh");
    await mkdir(root, { recursive: true });
    const options = { documents: [`${source.url}/policy.md`], apiUrl: firecrawl.url, cache: { dir: ".cache", ttl: "1d" } };
    await build(documentLoader(options), root);
    text = "Version two";
    vi.stubEnv("DOCSCRAPE_REFRESH", "1");
    const refreshed = await build(documentLoader(options), root);
    expect(refreshed.entries.get("policy")?.body).toContain("Version two");
    expect(firecrawl.requests.map((request) => (request.body as { maxAge?: number }).maxAge)).toEqual([undefined, 0]);
  });

  it("would keep the stale text without maxAge: 0 (the fake caches like Firecrawl)", async () => {
    await fetch(`${firecrawl.url}/v2/scrape`, { method: "POST", body: JSON.stringify({ url: `${source.url}/policy.md` }) });
    text = "Version two";
    const response = await fetch(`${firecrawl.url}/v2/scrape`, { method: "POST", body: JSON.stringify({ url: `${source.url}/policy.md` }) });
    expect(JSON.stringify(await response.json())).toContain("Version one");
    expect(answers).toEqual(["source", "cache"]);
  });
});
