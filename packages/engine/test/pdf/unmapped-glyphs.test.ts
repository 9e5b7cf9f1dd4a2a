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
});
