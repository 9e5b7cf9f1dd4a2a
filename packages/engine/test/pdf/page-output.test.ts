import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { scrape } from "../../src/scrape.js";
import type { PdfBlockItem } from "../../src/types.js";
import { makePdf } from "./helpers/make-pdf.js";

// Three pages: a title and a paragraph; a heading, a paragraph and a list; a closing paragraph.
const handbook = makePdf([
  [
    { text: "Annual Report", x: 72, y: 720, size: 24, bold: true },
    { text: "This report covers the whole year of work in every region.", x: 72, y: 680 },
    { text: "It was written by the finance team for the board.", x: 72, y: 666 },
  ],
  [
    { text: "Results by region", x: 72, y: 720, size: 16, bold: true },
    { text: "Every region grew, and two of them doubled their sales.", x: 72, y: 690 },
    { text: "- North grew by half.", x: 90, y: 660 },
    { text: "- South doubled.", x: 90, y: 646 },
  ],
  [{ text: "The board thanks everyone who took part in the work.", x: 72, y: 720 }],
]);

const convertHandbook = (pdf: Record<string, unknown>) => convert(handbook, { filename: "handbook.pdf", pdf });
const items = (blocks: { items: PdfBlockItem[] }[] | undefined): PdfBlockItem[] => (blocks ?? []).flatMap((page) => page.items);

describe("pdf page output (Firecrawl's pages, pageMarkers, blocks)", () => {
  it("adds nothing unless asked", async () => {
    const result = await convertHandbook({});
    expect(result.pages).toBeUndefined();
    expect(result.blocks).toBeUndefined();
    expect(result.markdown).not.toContain("<!-- page");
    expect(result.metadata).toMatchObject({ numPages: 3, totalPages: 3 });
  });

  it("joins pages with markers, none before page 1", async () => {
    const { markdown } = await convertHandbook({ pageMarkers: true });
    expect(markdown).toMatch(/^# Annual Report\n/);
    expect(markdown).toContain("for the board.\n\n---\n\n<!-- page 2 -->\n\n## Results by region\n");
    expect(markdown).toContain("- South doubled.\n\n---\n\n<!-- page 3 -->\n\nThe board thanks everyone");
    expect(markdown.match(/<!-- page \d+ -->/g)).toEqual(["<!-- page 2 -->", "<!-- page 3 -->"]);
  });

  it("gives each physical page its own Markdown", async () => {
    const { pages, markdown } = await convertHandbook({ pages: true });
    expect(pages?.map((page) => page.pageNumber)).toEqual([1, 2, 3]);
    expect(pages?.[0]?.markdown).toMatch(/^# Annual Report\n\nThis report covers/);
    expect(pages?.[1]?.markdown).toContain("- North grew by half.\n- South doubled.");
    expect(pages?.[1]?.markdown).not.toContain("Annual Report");
    expect(pages?.[2]?.markdown).toBe("The board thanks everyone who took part in the work.");
    expect(markdown).not.toContain("<!-- page");
  });

  it("types each block, boxes it on its page, and points at the Markdown it produced", async () => {
    const { blocks, markdown } = await convertHandbook({ blocks: true });
    expect(blocks?.map((page) => [page.pageNumber, page.width, page.height, page.status])).toEqual([
      [1, 612, 792, "ok"],
      [2, 612, 792, "ok"],
      [3, 612, 792, "ok"],
    ]);
    const all = items(blocks);
    for (const item of all) expect(markdown.slice(...item.markdownSpan!)).toBe(item.content);
    expect(all.map((item) => [item.id, item.type, item.readingOrder])).toEqual([
      ["p1.b0", "title", 0],
      ["p1.b1", "text", 1],
      ["p2.b0", "title", 0],
      ["p2.b1", "text", 1],
      ["p2.b2", "list", 2],
      ["p2.b3", "list", 3],
      ["p3.b0", "text", 0],
    ]);
    const [title, paragraph] = all;
    expect(title).toMatchObject({ content: "# Annual Report", label: "doc_title", source: "native_text" });
    expect(paragraph?.content).toBe("This report covers the whole year of work in every region. It was written by the finance team for the board.");
    // The title's left edge is at 72 pt of 612, its baseline 72 pt below the top of a 792 pt page.
    const [left, top, right, bottom] = title!.bbox!;
    expect(left).toBeCloseTo(72 / 612, 3);
    expect(top).toBeCloseTo((792 - 720 - 24) / 792, 2);
    expect(bottom).toBeGreaterThan((792 - 720) / 792);
    expect(right).toBeGreaterThan(left + 0.2);
    // The paragraph is below the title, and spans both its lines.
    expect(paragraph!.bbox![1]).toBeGreaterThan(bottom);
    expect(paragraph!.bbox![3]).toBeGreaterThan((792 - 666) / 792);
  });

  it("composes: markers in the Markdown, spans still on the blocks' own text", async () => {
    const { blocks, pages, markdown } = await convertHandbook({ blocks: true, pageMarkers: true, pages: true });
    expect(markdown).toContain("<!-- page 3 -->");
    expect(pages).toHaveLength(3);
    const all = items(blocks);
    for (const item of all) expect(markdown.slice(...item.markdownSpan!)).toBe(item.content);
    const closing = all.find((item) => item.id === "p3.b0")!;
    expect(markdown.slice(0, closing.markdownSpan![0])).toMatch(/<!-- page 3 -->\n\n$/);
  });

  it("reports the pages parsed and the pages the document has when maxPages cuts it", async () => {
    const { metadata, pages, blocks, warnings } = await convertHandbook({ maxPages: 2, pages: true, blocks: true });
    expect(metadata).toMatchObject({ numPages: 2, totalPages: 3 });
    expect(pages).toHaveLength(2);
    expect(blocks).toHaveLength(2);
    expect(warnings.join(" ")).toContain("Stopped after 2 of 3 pages");
  });

  it("reaches scrape()'s data through the parser options, as the loader and the server ask for them", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docscrape-pages-"));
    try {
      await writeFile(join(dir, "handbook.pdf"), handbook);
      const data = await scrape(join(dir, "handbook.pdf"), { parsers: [{ type: "pdf", pages: true, blocks: true, pageMarkers: true, maxPages: 2 }] });
      expect(data.pages?.map((page) => page.pageNumber)).toEqual([1, 2]);
      expect(data.blocks?.flatMap((page) => page.items).every((item) => data.markdown!.slice(...item.markdownSpan!) === item.content)).toBe(true);
      expect(data.markdown).toContain("<!-- page 2 -->");
      expect(data.metadata).toMatchObject({ numPages: 2, totalPages: 3 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
