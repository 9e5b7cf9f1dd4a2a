import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfLine } from "./helpers/make-pdf.js";

const toMarkdown = async (lines: readonly PdfLine[]): Promise<string> => (await convert(makePdf([lines]), { filename: "bitmap.pdf" })).markdown;

/** A line set in a bitmap font (see `PdfSpan.bitmap`). */
const bitmapLine = (text: string, x: number, y: number): PdfLine => ({ text: [{ text, bitmap: true }], x, y, size: 10 });
/** A list item set in bitmap fonts: TeX's bullet (code 136 of its T1-era text companion font, in a font of its own), then the item's text. */
const bitmapItem = (text: string, x: number, y: number): PdfLine => ({ text: [{ text: "\u0088", bitmap: true }, { text: ` ${text}`, bitmap: true }], x, y, size: 10 });

describe("TeX's bitmap fonts", () => {
  it("reads the ligatures of TeX's T1 encoding, which have no names in a bitmap font, as their letters", async () => {
    const markdown = await toMarkdown([
      bitmapLine("Guards and ventilation come \u001crst, and equipment protects", 72, 700),
      bitmapLine("you only from what remains. Equipment that does not \u001ct is", 72, 688),
      bitmapLine("worse than none; keep corrosive \u001duids in sealed o\u001ece cupboards.", 72, 676),
    ]);
    expect(markdown).toContain("come first, and equipment");
    expect(markdown).toContain("does not fit is");
    expect(markdown).toContain("corrosive fluids in sealed office cupboards.");
  });

  it("reads a bitmap font's unnamed bullet joined to the text after it as a list's bullet", async () => {
    const markdown = await toMarkdown([
      bitmapLine("Wear the equipment that the job card lists:", 72, 700),
      bitmapItem("Safety glasses with side shields", 90, 684),
      bitmapItem("Gloves rated for the chemical", 90, 670),
    ]);
    expect(markdown).toContain("- Safety glasses with side shields\n- Gloves rated for the chemical");
  });
});
