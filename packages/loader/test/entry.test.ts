import { describe, expect, it } from "vitest";
import { digestInput, entryData, fileNameOf, formatOf } from "../src/entry.js";

describe("formatOf", () => {
  it("prefers the content type, then the extension", () => {
    expect(formatOf("application/pdf", "https://a.example/download?id=1")).toBe("pdf");
    expect(formatOf("text/csv; charset=utf-8", "https://a.example/x")).toBe("csv");
    expect(formatOf(undefined, "file:///srv/budget-2026.xlsx")).toBe("xlsx");
    expect(formatOf("application/vnd.openxmlformats-officedocument.presentationml.presentation", "https://a.example/x")).toBe("pptx");
    expect(formatOf(undefined, "https://a.example/deck.odp")).toBe("odp");
    expect(formatOf("application/octet-stream", "https://a.example/x")).toBe("unknown");
  });

  it("names the engine's text formats: ODT, RTF, EPUB and XHTML", () => {
    expect(formatOf("application/vnd.oasis.opendocument.text", "https://a.example/x")).toBe("odt");
    expect(formatOf("application/rtf", "https://a.example/x")).toBe("rtf");
    expect(formatOf("application/epub+zip", "https://a.example/x")).toBe("epub");
    expect(formatOf(undefined, "file:///srv/book.xhtml")).toBe("html");
  });
});

describe("fileNameOf", () => {
  it("gives the last path segment without its extension", () => {
    expect(fileNameOf("https://a.example/files/Staff%20Handbook.pdf")).toBe("Staff Handbook");
    expect(fileNameOf("https://a.example/")).toBe("a.example");
  });
});

describe("digestInput", () => {
  const scrape = (markdown: string, metadata: Record<string, unknown>) => ({ markdown, metadata });
  it("ignores what changes on every scrape and keeps what the page shows", () => {
    const a = JSON.stringify(digestInput(scrape("# A", { title: "A", scrapeId: "1", creditsUsed: 1, etag: '"x"' }), {}));
    const b = JSON.stringify(digestInput(scrape("# A", { title: "A", scrapeId: "2", creditsUsed: 5, etag: '"y"' }), {}));
    expect(a).toBe(b);
    expect(JSON.stringify(digestInput(scrape("# B", { title: "A" }), {}))).not.toBe(a);
    expect(JSON.stringify(digestInput(scrape("# A", { title: "Other" }), {}))).not.toBe(a);
    expect(JSON.stringify(digestInput(scrape("# A", { title: "A" }), { team: "x" }))).not.toBe(a);
  });
});

describe("entryData", () => {
  it("lets the user's data win over derived fields", () => {
    const data = entryData({
      sourceUrl: "./documents/a.pdf",
      url: "file:///srv/documents/a.pdf",
      scrape: { markdown: "", metadata: { numPages: 2, sheetNames: undefined } },
      content: { title: "Derived", description: "", headings: [], wordCount: 0, markdown: "", html: "", imagePaths: [] },
      fetchedAt: 0,
      userData: { title: "Chosen" },
    });
    expect(data).toMatchObject({ title: "Chosen", format: "pdf", pages: 2, sourceUrl: "./documents/a.pdf" });
  });
});
