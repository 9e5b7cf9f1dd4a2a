import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { helveticaWidth } from "./helpers/helvetica.js";
import { makePdf } from "./helpers/make-pdf.js";

// Helvetica's widths (thousandths of an em) of the glyphs below that `helveticaWidth` does not know.
const DIERESIS = 333;
const ACUTE = 333;
const LETTER_O = 556;
const LETTER_E = 556;

/**
 * A line as TeX's original fonts set it: each accent is a glyph of its own, drawn centred over the
 * letter that follows, which starts left of the accent's right edge; pdf.js gives the text before
 * and after each accent as items of their own. `pieces` alternate text ending in an accent and text
 * starting with the accented letter.
 */
function accentedLine(pieces: readonly { before: string; accent: string; accentWidth: number; letterWidth: number }[], tail: string, y: number, size = 11) {
  const spans: { text: string; x: number; y: number; size: number }[] = [];
  let x = 72;
  for (const { before, accent, accentWidth, letterWidth } of pieces) {
    spans.push({ text: before + accent, x, y, size });
    const accentX = x + helveticaWidth(before, size);
    x = accentX - ((letterWidth - accentWidth) * size) / 2000;
  }
  spans.push({ text: tail, x, y, size });
  return spans;
}

describe("pdf converter: text as TeX sets it", () => {
  it("puts an accent drawn over the next letter on that letter", async () => {
    const line = accentedLine(
      [
        { before: "Kurt G", accent: "\u00a8", accentWidth: DIERESIS, letterWidth: LETTER_O },
        { before: "odel met him at the caf", accent: "\u00b4", accentWidth: ACUTE, letterWidth: LETTER_E },
      ],
      "e in Zurich.",
      700,
    );
    const { markdown } = await convert(makePdf([line]), { filename: "ot1.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("Kurt Gödel met him at the café in Zurich.");
  });

  it("leaves an acute accent typed for an apostrophe where it is", async () => {
    const { markdown } = await convert(makePdf([[{ text: "We don\u00b4t know.", x: 72, y: 700 }]]), { filename: "apostrophe.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("We don\u00b4t know.");
  });

  it("does not take a list for code when its bullet is set in a font that holds the bullet alone", async () => {
    const items = ["Jurgen Muller from Koln", "Francois Lefevre from Besancon"];
    const page = [
      { text: "The speakers at the meeting were these two people.", x: 72, y: 700 },
      ...items.map((item, index) => ({ text: [{ text: "\u0095", subset: true }, { text: ` ${item}` }], x: 84, y: 676 - index * 18 })),
    ];
    const { markdown } = await convert(makePdf([page]), { filename: "bullets.pdf", pdf: { mode: "fast" } });
    expect(markdown.trim().split("\n").slice(-2)).toEqual(items.map((item) => `- ${item}`));
  });
});
