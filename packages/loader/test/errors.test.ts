import { describe, expect, it } from "vitest";
import { DocumentLoaderConfigError, DocumentLoaderError, DocumentSyncError, isDocumentLoaderError } from "../src/errors.js";

describe("errors", () => {
  it("name themselves, carry a code and a cause, and are recognised by the guard", () => {
    const cause = new Error("socket hang up");
    const error = new DocumentLoaderError("SCRAPE_FAILED", "Scraping failed.", { url: "https://a.example/x.pdf", cause });
    expect(error.name).toBe("DocumentLoaderError");
    expect(error.cause).toBe(cause);
    expect(new DocumentLoaderConfigError("Bad.")).toMatchObject({ name: "DocumentLoaderConfigError", code: "CONFIG_INVALID" });
    expect(isDocumentLoaderError(error)).toBe(true);
    expect(isDocumentLoaderError(new Error("plain"))).toBe(false);
  });

  it("lists every failed document in a sync error", () => {
    const failures = ["https://a.example/1.pdf", "https://a.example/2.pdf"].map((url, index) => ({
      id: `doc-${index}`,
      url,
      error: new DocumentLoaderError("DOCUMENT_NOT_FOUND", `Scraping ${url} failed with status 404.`, { url }),
    }));
    const error = new DocumentSyncError(failures);
    expect(error.code).toBe("SYNC_FAILED");
    expect(error.message).toMatch(/^2 URL\(s\) could not be scraped/);
    expect(error.message).toContain("https://a.example/1.pdf (doc-0)");
    expect(error.message).toContain("https://a.example/2.pdf (doc-1)");
  });
});
