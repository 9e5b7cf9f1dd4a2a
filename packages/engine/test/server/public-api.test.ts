import { expect, it } from "vitest";

it("should expose the public api", async () => {
  expect(Object.keys(await import("../../src/index.js")).sort()).toEqual([
    "DEFAULT_IMAGE_LIMITS",
    "STATUS_BY_CODE",
    "ScrapeError",
    "convert",
    "createRedisStore",
    "createScrapeCache",
    "createServer",
    "createWorkerPool",
    "detectFormat",
    "isScrapeError",
    "scrape",
    "serveWorkerJobs",
  ]);
});

it("should expose the defaults the loader shares, without the engine", async () => {
  const defaults = await import("../../src/defaults.js");
  expect(Object.keys(defaults).sort()).toEqual(["DEFAULT_MAX_DOCUMENT_BYTES", "DEFAULT_PORT", "SCRAPE_TIMEOUT_MS", "hasUrlScheme"]);
  // URLs by their scheme; paths, Windows drives included, are not URLs.
  expect(["https://a.test/x.pdf", "file:///srv/a.pdf", "ftp://a.test/a.pdf"].map(defaults.hasUrlScheme)).toEqual([true, true, true]);
  expect(["docs/a.pdf", "/srv/a.pdf", "C:\\docs\\a.pdf", "C:/docs/a.pdf", "a:b.pdf"].map(defaults.hasUrlScheme)).toEqual([
    false,
    false,
    false,
    false,
    false,
  ]);
});

it("should expose the format table the loader shares, without the engine", async () => {
  const formats = await import("../../src/formats.js");
  expect(Object.keys(formats).sort()).toEqual(["DOCUMENT_FORMATS", "MIME_BY_FORMAT", "formatFromContentType", "formatFromFilename"]);
  // Every format has its content type, and that content type names it back.
  for (const format of formats.DOCUMENT_FORMATS) expect(formats.formatFromContentType(formats.MIME_BY_FORMAT[format])).toBe(format);
  expect(formats.formatFromFilename("/decks/q3.pptm")).toBe("pptx");
  expect(formats.formatFromContentType("application/xhtml+xml; charset=utf-8")).toBe("html");
});
