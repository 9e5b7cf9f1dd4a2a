import { describe, expect, it } from "vitest";
import { extractLinks, renderHtml } from "../../src/render-html.js";

describe("renderHtml", () => {
  it("renders GFM tables and headings", () => {
    const html = renderHtml("# Budget\n\n| Item | Cost |\n| --- | --- |\n| Rent | 10 |\n");
    expect(html).toContain("<h1>Budget</h1>");
    expect(html).toContain("<td>Rent</td>");
  });

  it("drops scripts, event handlers and javascript: links a document may carry", () => {
    const html = renderHtml('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain("click");
  });
});

describe("extractLinks", () => {
  it("makes links absolute against the document, once each, in order", () => {
    const markdown = "[a](guide.pdf) [b](https://example.org/x) [c](guide.pdf) <mailto:team@example.org>\n\n[ref]: ../annex.docx\n";
    expect(extractLinks(markdown, "https://docs.example/handbook/index.pdf")).toEqual([
      "https://docs.example/handbook/guide.pdf",
      "https://example.org/x",
      "mailto:team@example.org",
      "https://docs.example/annex.docx",
    ]);
  });

  it("leaves out links that are neither http(s) nor mailto", () => {
    expect(extractLinks("[x](javascript:alert(1)) [y](other.md)", "file:///tmp/doc.md")).toEqual([]);
  });
});
