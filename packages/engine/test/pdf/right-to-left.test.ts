import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { helveticaWidth } from "./helpers/helvetica.js";
import { makePdf, toUnicodeCMap } from "./helpers/make-pdf.js";

/**
 * A ToUnicode CMap that reads ASCII codes as Arabic letters, as an Arabic font's does; "L" is the
 * lam-alef ligature, one glyph whose Unicode is the two letters lam and alef ("لا").
 */
const arabicToUnicode = toUnicodeCMap({
  codes: { " ": "0020", a: "0627", b: "0628", t: "062A", s: "0634", k: "0643", l: "0644", m: "0645", L: "06440627" },
});

describe("pdf converter: right-to-left text", () => {
  it("keeps the letters of a lam-alef ligature in order, and a genuine alef-lam as it is", async () => {
    // "المشكلات الكتاب" ("the problems", "the book") as a PDF draws it: glyphs from left to right,
    // so the last word first and each word's glyphs reversed; "لا" of the first word is one glyph.
    const pdf = makePdf([[{ text: "batkla tLksmla", x: 300, y: 700 }]], { toUnicode: arabicToUnicode });
    const { markdown } = await convert(pdf, { filename: "arabic.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("المشكلات الكتاب");
  });

  it("joins the lines of a paragraph, set flush right and ragged on the left as it wraps, with spaces", async () => {
    const texts = ["batkla tLksmla mlk batkla tLksmla mlk batkla", "tLksmla mlk batkla mlk batkla tLksmla", "mlk batkla tLksmla mlk batkla tLksmla mlk batkla"];
    const lines = texts.map((text, index) => ({ text, x: 523 - helveticaWidth(text, 11), y: 700 - index * 14, size: 11 }));
    const { markdown } = await convert(makePdf([lines], { toUnicode: arabicToUnicode }), { filename: "arabic.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim().split("\n")).toHaveLength(1);
  });
});
