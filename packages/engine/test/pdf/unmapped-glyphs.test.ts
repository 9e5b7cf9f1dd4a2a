import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf, toUnicodeCMap } from "./helpers/make-pdf.js";

/** A ToUnicode CMap that maps printable ASCII to itself but the space glyph to a control code, as some subset fonts do. */
const spaceWithoutUnicode = toUnicodeCMap({ ranges: [[0x21, 0x7e, "0021"]], codes: { " ": "0002" } });

describe("pdf converter: glyphs without Unicode", () => {
  it("reads a space glyph without a Unicode mapping as the space it is, so words stay apart", async () => {
    const pdf = makePdf([[{ text: "Overview of the Technology Acceptance Model", x: 72, y: 700 }]], { toUnicode: spaceWithoutUnicode });
    const { markdown } = await convert(pdf, { filename: "spaces.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("Overview of the Technology Acceptance Model");
  });

  it("does not part a word at an unmapped glyph inside it (a ligature) in text that has real spaces", async () => {
    // "con" + an unmapped glyph + "dent": here the code for "#" stands for the glyph, mapped to a control code.
    const ligatureWithoutUnicode = toUnicodeCMap({ ranges: [[0x21, 0x7e, "0021"]], codes: { " ": "0020", "#": "0001" } });
    const pdf = makePdf([[{ text: "We build con#dent and satis#ed clients", x: 72, y: 700 }]], { toUnicode: ligatureWithoutUnicode });
    const { markdown } = await convert(pdf, { filename: "ligature.pdf", pdf: { mode: "fast" } });
    expect(markdown).toContain("We build con");
    expect(markdown).not.toMatch(/con dent|satis ed/);
  });

  it("reads a glyph that maps to a C1 control code at the start of list lines as their bullet", async () => {
    // As pdf.js reads TeX's bullet (cmsy's code 15 in its built-in encoding): U+0088. Here the code
    // for "#" stands for it; it sits before each item, set apart by a gap (so pdf.js gives it an item of its own, as it gives TeX's bullet in its own font).
    const bulletAsControl = toUnicodeCMap({ ranges: [[0x21, 0x7e, "0021"]], codes: { " ": "0020", "#": "0088" } });
    const lines = [
      { text: "Cargo weights come from the register, which records every lift.", x: 72, y: 700 },
      { text: "#", x: 82, y: 681 },
      { text: "Lifts under one tonne were left out.", x: 100, y: 681 },
      { text: "#", x: 82, y: 662 },
      { text: "Lifts during repairs were left out.", x: 100, y: 662 },
    ];
    const { markdown } = await convert(makePdf([lines], { toUnicode: bulletAsControl }), { filename: "bullets.pdf", pdf: { mode: "fast" } });
    expect(markdown).toBe("Cargo weights come from the register, which records every lift.\n\n- Lifts under one tonne were left out.\n- Lifts during repairs were left out.\n");
  });
});

describe("pdf converter: soft hyphens", () => {
  // Note: as browsers print a word with soft hyphens: "^" here decodes to a soft hyphen (U+00AD)
  // where the word did not break, "~" to a soft hyphen and the hyphen drawn where it did.
  const softHyphens = toUnicodeCMap({ ranges: [[0x20, 0x7d, "0020"]], codes: { "^": "00AD", "~": "00AD2010", "|": "2010" } });

  it("drops a soft hyphen inside a line and undoes the break at one, so the words are whole", async () => {
    const lines = [
      { text: "Collections are fort^nightly; please sort the news~", x: 72, y: 700 },
      { text: "papers before the collec^tion day.", x: 72, y: 686 },
    ];
    const { markdown } = await convert(makePdf([lines], { toUnicode: softHyphens }), { filename: "soft-hyphens.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("Collections are fortnightly; please sort the newspapers before the collection day.");
  });

  it("joins a word broken with the hyphen U+2010 alone, as Chromium's text layer gives it", async () => {
    const lines = [
      { text: "Please sort the news|", x: 72, y: 700 },
      { text: "papers before the collection day.", x: 72, y: 686 },
    ];
    const { markdown } = await convert(makePdf([lines], { toUnicode: softHyphens }), { filename: "hyphen.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("Please sort the newspapers before the collection day.");
  });
});
