import { describe, expect, it } from "vitest";
import { documentUrl, resolveOptions } from "../src/options.js";

describe("resolveOptions", () => {
  it("fills in the defaults and always asks for markdown", () => {
    const resolved = resolveOptions({ documents: ["https://a.example/Budget 2026.xlsx"], formats: ["links"] }, {});
    expect(resolved).toMatchObject({
      apiUrl: undefined,
      concurrency: 4,
      onError: "fail",
      cache: { dir: ".cache/docscrape", ttlMs: 86_400_000 },
      retry: { retries: 5 },
      scrapeOptions: { formats: ["markdown", "links"] },
    });
    expect(resolved.documents[0]).toMatchObject({ id: "budget-2026", local: false });
  });

  it("takes the API from the environment; a key alone means Firecrawl's hosted API", () => {
    expect(resolveOptions({ documents: [] }, { FIRECRAWL_API_URL: "http://127.0.0.1:3002" }).apiUrl).toBe("http://127.0.0.1:3002");
    expect(resolveOptions({ documents: [] }, { FIRECRAWL_API_KEY: "fc-1" })).toMatchObject({ apiUrl: "https://api.firecrawl.dev", apiKey: "fc-1" });
    expect(resolveOptions({ documents: [], apiKey: "mine" }, { FIRECRAWL_API_KEY: "env" }).apiKey).toBe("mine");
    expect(() => resolveOptions({ documents: [], apiUrl: "localhost:3002" }, {})).toThrow(/`apiUrl`/);
  });

  it("tells local documents from remote ones and resolves them under the project root", () => {
    const { documents } = resolveOptions({ documents: ["./documents/a.pdf", { id: "b", url: "https://a.example/b.pdf" }], cache: false }, {});
    expect(documents.map((document) => [document.id, document.local])).toEqual([["a", true], ["b", false]]);
    expect(documentUrl(documents[0]!, "/srv/site")).toBe("file:///srv/site/documents/a.pdf");
    expect(documentUrl(documents[1]!, "/srv/site")).toBe("https://a.example/b.pdf");
  });

  it("keeps the extension in the default ids of documents whose names differ only by it", () => {
    const { documents } = resolveOptions(
      { documents: ["./docs/handbook.pdf", "https://a.example/files/Handbook.docx", "./docs/budget-2026.xlsx", { id: "own", url: "./handbook.odt" }] },
      {},
    );
    expect(documents.map((document) => document.id)).toEqual(["handbook-pdf", "handbook-docx", "budget-2026", "own"]);
  });

  it("still refuses two documents with the same name and extension, naming both", () => {
    expect(() => resolveOptions({ documents: ["./a/handbook.pdf", "./b/handbook.pdf"] }, {})).toThrow(
      /`documents\[1\]` has the id "handbook", like `documents\[0\]`; give one of them an explicit `id`/,
    );
  });
});
