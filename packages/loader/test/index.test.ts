import { describe, expect, it } from "vitest";

describe("astro-docscrape", () => {
  it("should expose the public api", async () => {
    expect(Object.keys(await import("../src/index.js")).sort()).toEqual([
      "DocumentLoaderConfigError",
      "DocumentLoaderError",
      "DocumentSyncError",
      "FileStore",
      "createEmbeddedScraper",
      "createScrapeClient",
      "docscrape",
      "documentFormats",
      "documentLoader",
      "documentSchema",
      "headingSchema",
      "isDocumentLoaderError",
    ]);
  });
});
