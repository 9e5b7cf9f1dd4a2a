import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { helveticaWidth } from "./helpers/helvetica.js";
import { makePdf, toUnicodeCMap } from "./helpers/make-pdf.js";
import type { PdfDot, PdfLine } from "./helpers/make-pdf.js";

/**
 * A ToUnicode CMap that reads ASCII codes as Arabic letters, as an Arabic font's does; "L" is the
 * lam-alef ligature, one glyph whose Unicode is the two letters lam and alef ("لا").
 */
const arabicToUnicode = toUnicodeCMap({
  codes: { " ": "0020", a: "0627", b: "0628", t: "062A", s: "0634", k: "0643", l: "0644", m: "0645", L: "06440627" },
});

/**
 * A ToUnicode CMap that reads ASCII codes as the contextual forms of Arabic Presentation Forms-B,
 * as the fonts of Chromium's "Save as PDF" map them: "b" beh initial, "y" yeh medial, "t" teh
 * final, "L" the lam-alef ligature, "m" meem initial.
 */
const presentationFormsToUnicode = toUnicodeCMap({ codes: { " ": "0020", b: "FE91", y: "FEF4", t: "FE96", L: "FEFB", m: "FEE3" } });

/** Hebrew letters for ASCII codes: a Hebrew font's ToUnicode. */
const HEBREW_CODES: Readonly<Record<string, string>> = {
  a: "05D0", b: "05D1", d: "05D3", h: "05D4", w: "05D5", y: "05D9", k: "05DB", l: "05DC", m: "05DE", n: "05E0", s: "05E1", p: "05E4", r: "05E8", t: "05EA",
};
const hebrewToUnicode = toUnicodeCMap({ codes: { " ": "0020", "*": "2022", ...HEBREW_CODES } });
/** The Hebrew a reader reads where the page draws `drawn` (glyph codes, left to right). */
const hebrew = (drawn: string): string =>
  [...drawn].reverse().map((code) => (code === " " ? " " : String.fromCodePoint(Number.parseInt(HEBREW_CODES[code]!, 16)))).join("");

const LIST_ITEMS = ["bwrk dwh", "tsmr lml", "mnhl srh"];

/** Lines of Hebrew text set flush right at `right`, as a Hebrew document sets them, from the top of the page down. */
const flushRight = (texts: readonly string[], right: number, top: number, size = 11) =>
  texts.map((text, index) => ({ text, x: right - helveticaWidth(text, size), y: top - index * size * 1.6, size }));

describe("pdf converter: right-to-left text", () => {
  it("writes Arabic letters, not the contextual forms a font maps its glyphs to", async () => {
    // "بيت لا" drawn left to right: the ligature first, then the word's glyphs reversed.
    const pdf = makePdf([[{ text: "L tyb", x: 300, y: 700 }]], { toUnicode: presentationFormsToUnicode });
    const { markdown } = await convert(pdf, { filename: "arabic.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("بيت لا");
  });

  /** The Markdown of a Hebrew paragraph over a list of `LIST_ITEMS`, each led at its right by `bullet(index)`, its text ending at `textRight`. */
  const hebrewList = async (textRight: number, bullet: (index: number, y: number) => PdfLine | PdfDot): Promise<string[]> => {
    const page = [
      ...flushRight(["hrbsh sl htnsh dwh thnl ad mwr bw lk dwt"], 520, 700),
      ...flushRight(LIST_ITEMS, textRight, 670),
      ...LIST_ITEMS.map((_, index) => bullet(index, 670 - index * 11 * 1.6)),
    ];
    const { markdown } = await convert(makePdf([page], { toUnicode: hebrewToUnicode }), { filename: "hebrew.pdf", pdf: { mode: "fast" } });
    return markdown.trim().split("\n").slice(-LIST_ITEMS.length);
  };

  it("reads a list whose bullets stand at the right of its items, as Hebrew sets them", async () => {
    // Note: as a word processor sets them, a tab's width between bullet and text.
    const lines = await hebrewList(496, (_, y) => ({ text: "*", x: 514, y, size: 11 }));
    expect(lines).toEqual(LIST_ITEMS.map((item) => `- ${hebrew(item)}`));
  });

  it("reads a list whose bullets are drawn at the right of its items, as browsers print a right-to-left list", async () => {
    const lines = await hebrewList(505, (_, y) => ({ dot: [513, y + 3.5, 2] }));
    expect(lines).toEqual(LIST_ITEMS.map((item) => `- ${hebrew(item)}`));
  });

  it("writes a right-to-left table's columns in reading order, its rightmost column first", async () => {
    const rows = [["ryk", "mkws"], ["hpyh", "2,500"], ["tl abyb", "3,100"]];
    const page = rows.flatMap(([first, second], index) => {
      const y = 700 - index * 20;
      // Note: the first column stands at the right, the second at its left.
      return [{ text: first!, x: 400 - helveticaWidth(first!, 11), y, size: 11 }, { text: second!, x: 250 - helveticaWidth(second!, 11), y, size: 11 }];
    });
    const rules = [0, 1, 2, 3].map((index) => ({ rule: [150, 714 - index * 20, 420, 714 - index * 20] as [number, number, number, number] }));
    const columns = [150, 270, 420].map((x) => ({ rule: [x, 654, x, 714] as [number, number, number, number] }));
    const { markdown } = await convert(makePdf([[...page, ...rules, ...columns]], { toUnicode: hebrewToUnicode }), { filename: "hebrew.pdf", pdf: { mode: "fast" } });
    expect(markdown).toContain(`| ${hebrew("ryk")} | ${hebrew("mkws")} |`);
    expect(markdown).toContain(`| ${hebrew("hpyh")} | 2,500 |`);
  });

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
