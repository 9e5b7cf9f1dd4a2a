import { describe, expect, it } from "vitest";
import { parseScrapeRequest } from "../../src/scrape-request.js";

const DOC_URL = "https://docs.example/report.pdf";

describe("parseScrapeRequest", () => {
  it("fills Firecrawl's defaults", () => {
    expect(parseScrapeRequest({ url: DOC_URL })).toEqual({
      url: DOC_URL,
      options: { formats: ["markdown"], onlyMainContent: true, parsers: ["pdf"] },
      cache: { store: true },
    });
  });

  it("passes on what the scrape cache may do: maxAge, storeInCache, zeroDataRetention", () => {
    expect(parseScrapeRequest({ url: DOC_URL, maxAge: 0 }).cache).toEqual({ maxAge: 0, store: true });
    expect(parseScrapeRequest({ url: DOC_URL, storeInCache: false }).cache).toEqual({ store: false });
    expect(parseScrapeRequest({ url: DOC_URL, zeroDataRetention: true }).cache).toEqual({ store: false });
  });

  it("keeps the options that matter and drops the ones that do not", () => {
    const request = parseScrapeRequest({
      url: DOC_URL,
      formats: [{ type: "html" }, "links", "links"],
      onlyMainContent: false,
      parsers: ["image", { type: "pdf", mode: "ocr", maxPages: 3, pageMarkers: true, pageMarkdown: true, blocks: false }],
      timeout: 5000,
      headers: { cookie: "a=1" },
      origin: "js-sdk@4.42.0",
      zeroDataRetention: true,
    });
    expect(request.options).toEqual({
      formats: ["html", "links"],
      onlyMainContent: false,
      // Note: `pageMarkdown` is Firecrawl's old name of `pages`.
      parsers: [{ type: "pdf", mode: "ocr", maxPages: 3, pages: true, pageMarkers: true, blocks: false }],
      timeout: 5000,
      headers: { cookie: "a=1" },
    });
  });

  it.each([
    [{ url: DOC_URL, timeout: 999 }, "timeout"],
    [{ url: DOC_URL, timeout: 1500.5 }, "timeout"],
    [{ url: DOC_URL, parsers: [{ type: "pdf", maxPages: 0 }] }, "parsers"],
    [{ url: DOC_URL, headers: { a: 1 } }, "headers"],
    [{ url: DOC_URL, proxy: "tor" }, "proxy"],
    [{ url: "docs.example/report.pdf" }, "url"],
    [{ formats: ["markdown"] }, "url"],
    [[DOC_URL], "body"],
  ])("refuses %j, naming %s", (body, field) => {
    expect(() => parseScrapeRequest(body)).toThrow(expect.objectContaining({ code: "BAD_REQUEST", message: expect.stringMatching(new RegExp(field, "i")) }));
  });

  it("names every unknown key and every unsupported format", () => {
    expect(() => parseScrapeRequest({ url: DOC_URL, foo: 1, bar: 2 })).toThrow(/"foo", "bar"/);
    expect(() => parseScrapeRequest({ url: DOC_URL, formats: ["markdown", "screenshot", { type: "json", prompt: "x" }] })).toThrow(
      /"screenshot", "json"/,
    );
  });
});
