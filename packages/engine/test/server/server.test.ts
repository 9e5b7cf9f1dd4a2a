import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer } from "../../src/server.js";
import { postScrape, startScrapeServer, startSourceServer } from "./helpers.js";
import type { SourceServer } from "./helpers.js";

const TOKEN = "test-token-5f1c";
let source: SourceServer;
let open: Awaited<ReturnType<typeof startScrapeServer>>;

beforeAll(async () => {
  source = await startSourceServer();
  // Private networks allowed: the source is on loopback.
  open = await startScrapeServer({ apiKeys: [TOKEN, "second-key"], allowPrivateNetworks: true, maxDocumentBytes: 64 * 1024 });
});
afterAll(async () => {
  await open.close();
  await source.close();
});

const scrapeOk = (body: object) => postScrape(open.url, body, TOKEN);

describe("POST /v2/scrape", () => {
  it("returns Markdown, HTML, links and Firecrawl metadata", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/handbook.md`, formats: ["markdown", "html", "links"] });
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    const data = json.data as Record<string, any>;
    expect(data.markdown).toContain("# Handbook");
    expect(data.html).toContain("<h1>Handbook</h1>");
    expect(data.links).toEqual([`${source.url}/guide.md`, "https://example.org/spec"]);
    expect(data.metadata).toMatchObject({
      title: "Handbook",
      sourceURL: `${source.url}/handbook.md`,
      url: `${source.url}/handbook.md`,
      statusCode: 200,
      contentType: "text/markdown",
      creditsUsed: 1,
    });
    expect(data.metadata.scrapeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts every key the official SDK and integrations send", async () => {
    const { status } = await scrapeOk({
      url: `${source.url}/handbook.md`,
      origin: "js-sdk@4.42.0",
      integration: "astro",
      zeroDataRetention: false,
      waitFor: 0,
      mobile: false,
      blockAds: true,
      proxy: "auto",
      maxAge: 0,
      storeInCache: true,
      location: { country: "US" },
      actions: [],
      parsers: [{ type: "pdf", mode: "fast", maxPages: 5 }, "image"],
    });
    expect(status).toBe(200);
  });

  it("answers 400 naming unknown keys", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/handbook.md`, colour: "red", sizes: [1] });
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, code: "BAD_REQUEST" });
    expect(json.error).toContain('"colour"');
    expect(json.error).toContain('"sizes"');
  });

  it("answers 400 naming a format documents do not have", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/handbook.md`, formats: ["markdown", "screenshot"] });
    expect(status).toBe(400);
    expect(json.error).toContain('"screenshot"');
  });

  it("answers 400 for a mistyped known key", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/handbook.md`, mobile: "yes" });
    expect(status).toBe(400);
    expect(json.error).toContain("mobile");
  });

  it("answers 400 BAD_REQUEST_INVALID_JSON for malformed JSON", async () => {
    const { status, json } = await postScrape(open.url, '{"url": ', TOKEN);
    expect(status).toBe(400);
    expect(json.code).toBe("BAD_REQUEST_INVALID_JSON");
  });

  it("answers 400 for a body past the limit, and still closes promptly", async () => {
    const small = await startScrapeServer({ apiKeys: [TOKEN], maxBodyBytes: 1000 });
    const { status, json } = await postScrape(small.url, { url: `${source.url}/handbook.md`, origin: "x".repeat(100_000) }, TOKEN);
    expect(status).toBe(400);
    expect(json.error).toContain("1000 bytes");
    await small.close();
  });

  it("answers 400 for a URL that is not http(s)", async () => {
    const { status, json } = await scrapeOk({ url: "file:///etc/passwd" });
    expect(status).toBe(400);
    expect(json.code).toBe("BAD_REQUEST");
  });

  it("answers 401 without a token and with a wrong one", async () => {
    const missing = await postScrape(open.url, { url: `${source.url}/handbook.md` });
    expect(missing.status).toBe(401);
    expect(missing.json.error).toBe("Unauthorized");
    const wrong = await postScrape(open.url, { url: `${source.url}/handbook.md` }, "not-the-token");
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("Unauthorized: Invalid token");
    expect((await postScrape(open.url, { url: `${source.url}/handbook.md` }, "second-key")).status).toBe(200);
  });

  it("answers 404 when the source answers 404 or 410", async () => {
    for (const code of [404, 410]) {
      const { status, json } = await scrapeOk({ url: `${source.url}/status/${code}` });
      expect(status).toBe(404);
      expect(json.code).toBe("DOCUMENT_NOT_FOUND");
      expect(json.error).toContain(`${source.url}/status/${code}`);
    }
  });

  it("answers 408 with Retry-After when the source hangs past the timeout", async () => {
    const started = Date.now();
    const { status, headers, json } = await scrapeOk({ url: `${source.url}/hang`, timeout: 1000 });
    expect(status).toBe(408);
    expect(json.code).toBe("SCRAPE_TIMEOUT");
    expect(Number(headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers 413 for a document past the size limit, declared or streamed", async () => {
    const declared = await scrapeOk({ url: `${source.url}/files/md_test.pdf` });
    expect(declared.status).toBe(413);
    expect(declared.json.code).toBe("DOCUMENT_TOO_LARGE");
    const streamed = await scrapeOk({ url: `${source.url}/stream/${1024 * 1024}` });
    expect(streamed.status).toBe(413);
  });

  it("answers 415 for bytes that are no document", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/binary.bin` });
    expect(status).toBe(415);
    expect(json.code).toBe("UNSUPPORTED_DOCUMENT");
  });

  it("answers 422 for a corrupt PDF", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/files/mal_truncated.pdf` });
    expect(status).toBe(422);
    expect(json.code).toBe("DOCUMENT_UNREADABLE");
  });

  it("answers 502 when the source fails", async () => {
    const { status, json } = await scrapeOk({ url: `${source.url}/status/500` });
    expect(status).toBe(502);
    expect(json.code).toBe("DOCUMENT_FETCH_FAILED");
  });

  it("logs one line per request and never the token", async () => {
    const before = open.logs.length;
    await scrapeOk({ url: `${source.url}/status/404` });
    const lines = open.logs.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/v2\/scrape 404 \d+ms DOCUMENT_NOT_FOUND$/);
    expect(open.logs.join("\n")).not.toContain(TOKEN);
  });
});

describe("the network guard, on by default", () => {
  it("answers 403 for a loopback target", async () => {
    const guarded = await startScrapeServer({ apiKeys: [TOKEN] });
    try {
      const { status, json } = await postScrape(guarded.url, { url: `${source.url}/handbook.md` }, TOKEN);
      expect(status).toBe(403);
      expect(json.code).toBe("URL_BLOCKED");
    } finally {
      await guarded.close();
    }
  });
});

describe("capacity", () => {
  it("answers 429 with Retry-After past the concurrency cap", async () => {
    const single = await startScrapeServer({ apiKeys: [TOKEN], allowPrivateNetworks: true, maxConcurrency: 1 });
    try {
      const hanging = postScrape(single.url, { url: `${source.url}/hang`, timeout: 1500 }, TOKEN);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await postScrape(single.url, { url: `${source.url}/handbook.md` }, TOKEN);
      expect(refused.status).toBe(429);
      expect(refused.json.code).toBe("RATE_LIMITED");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await hanging).status).toBe(408);
      // The slot is free again.
      expect((await postScrape(single.url, { url: `${source.url}/handbook.md` }, TOKEN)).status).toBe(200);
    } finally {
      await single.close();
    }
  });
});

describe("routes and lifecycle", () => {
  it("answers GET /health and 404 JSON elsewhere", async () => {
    const health = await fetch(`${open.url}/health`);
    expect(await health.json()).toEqual({ status: "ok" });
    const missing = await fetch(`${open.url}/v1/crawl`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, code: "NOT_FOUND" });
  });

  it("refuses to start without keys unless told --no-auth, which stays on loopback", async () => {
    expect(() => createServer({ apiKeys: [] })).toThrow(/DOCSCRAPE_API_KEYS/);
    const noAuth = createServer({ noAuth: true, log: () => {} });
    await expect(noAuth.listen(0, "0.0.0.0")).rejects.toThrow(/127\.0\.0\.1/);
    const { url } = await noAuth.listen(0);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await postScrape(url, { url: "https://example.org/a.pdf", formats: ["json"] })).status).toBe(400);
    await noAuth.close();
  });

  it("finishes in-flight requests when closed, and accepts no new ones", async () => {
    const closing = await startScrapeServer({ apiKeys: [TOKEN], allowPrivateNetworks: true });
    const inFlight = postScrape(closing.url, { url: `${source.url}/slow.md` }, TOKEN);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    expect((await inFlight).status).toBe(200);
    await closed;
    await expect(fetch(`${closing.url}/health`)).rejects.toThrow();
  });
});
