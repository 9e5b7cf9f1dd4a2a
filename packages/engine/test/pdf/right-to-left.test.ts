import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";

/**
 * A ToUnicode CMap that reads ASCII codes as Arabic letters, as an Arabic font's does; "L" is the
 * lam-alef ligature, one glyph whose Unicode is the two letters lam and alef ("لا").
 */
const ARABIC_LETTERS: Record<string, string> = { a: "0627", b: "0628", t: "062A", s: "0634", k: "0643", l: "0644", m: "0645", L: "06440627" };
const arabicToUnicode = [
  "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
  "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
  "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
  "1 begincodespacerange <00> <FF> endcodespacerange",
  `${Object.keys(ARABIC_LETTERS).length + 1} beginbfchar <20> <0020>`,
  ...Object.entries(ARABIC_LETTERS).map(([code, unicode]) => `<${code.charCodeAt(0).toString(16)}> <${unicode}>`),
  "endbfchar",
  "endcmap CMapName currentdict /CMap defineresource pop end end",
].join("\n");

describe("pdf converter: right-to-left text", () => {
  it("keeps the letters of a lam-alef ligature in order, and a genuine alef-lam as it is", async () => {
    // "المشكلات الكتاب" ("the problems", "the book") as a PDF draws it: glyphs from left to right,
    // so the last word first and each word's glyphs reversed; "لا" of the first word is one glyph.
    const pdf = makePdf([[{ text: "batkla tLksmla", x: 300, y: 700 }]], { toUnicode: arabicToUnicode });
    const { markdown } = await convert(pdf, { filename: "arabic.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("المشكلات الكتاب");
  });
});
