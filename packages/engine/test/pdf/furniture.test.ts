import { describe, expect, it } from "vitest";
import { removeFurniture } from "../../src/converters/pdf/furniture.js";
import { lineText } from "../../src/converters/pdf/model.js";
import type { PageLayout, TextLine } from "../../src/converters/pdf/model.js";

const line = (text: string, baseline: number, pageIndex: number): TextLine => ({
  runs: [{ text, markdown: text, emphasized: text, x: 72, right: 300, fontSize: 10, bold: false, italic: false, monospace: false }],
  x: 72,
  right: 300,
  baseline,
  fontSize: 10,
  bold: false,
  italic: false,
  monospace: false,
  fromImage: false,
  pageIndex,
  pageHeight: 792,
});

const page = (pageIndex: number, texts: [string, number][]): PageLayout => ({
  pageIndex,
  width: 612,
  height: 792,
  gutter: undefined,
  rulings: { horizontal: [], vertical: [] },
  lines: texts.map(([text, baseline]) => line(text, baseline, pageIndex)),
});

describe("removeFurniture", () => {
  it("drops running headers and page numbers but keeps body text", () => {
    const pages = [0, 1, 2].map((index) =>
      page(index, [
        [`Annual Report ${2024}`, 40],
        [`Body text of page ${index + 1}`, 300],
        [`Annual Report ${2024}`, 500],
        [String(index + 1), 770],
      ]),
    );
    const kept = removeFurniture(pages).map((result) => result.lines.map(lineText));
    expect(kept).toEqual([0, 1, 2].map((index) => [`Body text of page ${index + 1}`, "Annual Report 2024"]));
  });
});
