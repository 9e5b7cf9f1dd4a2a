import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfFill, PdfLine } from "./helpers/make-pdf.js";

const toMarkdown = async (lines: readonly (PdfLine | PdfFill)[]): Promise<string> => (await convert(makePdf([lines]), { filename: "hidden.pdf", pdf: { mode: "fast" } })).markdown;

const WHITE: [number, number, number] = [1, 1, 1];
const NOTICE: PdfLine[] = [
  { text: "Return the kettle to any store for a full refund.", x: 72, y: 700 },
  { text: "The fault affects kettles sold between May and June.", x: 72, y: 686 },
];

describe("pdf converter: text a reader cannot see", () => {
  it("leaves out text filled in white on the bare page", async () => {
    const markdown = await toMarkdown([...NOTICE, { text: "cheap kettles discount buy now", x: 72, y: 650, colour: WHITE }]);
    expect(markdown).toContain("Return the kettle to any store for a full refund.");
    expect(markdown).not.toContain("cheap kettles");
  });

  it("keeps white text set on a dark fill (a table's header, a banner)", async () => {
    const markdown = await toMarkdown([...NOTICE, { fill: [60, 640, 400, 665], colour: [0.1, 0.2, 0.5] }, { text: "Customer helpline 0800 123 456", x: 72, y: 650, colour: WHITE }]);
    expect(markdown).toContain("Customer helpline 0800 123 456");
  });

  it("keeps white text set on a picture, which a fast read does not decode", async () => {
    // Note: a dark blue banner as a picture, with a white section number on it.
    const banner = { x: 60, y: 640, width: 300, height: 30, pixelWidth: 30, pixelHeight: 3, rgb: new Uint8Array(30 * 3 * 3).fill(40) };
    const pdf = makePdf([[...NOTICE, { text: "Section 1 Returns", x: 72, y: 650, colour: WHITE }]], { images: [[banner]] });
    const { markdown } = await convert(pdf, { filename: "banner.pdf", pdf: { mode: "fast" } });
    expect(markdown).toContain("Section 1 Returns");
  });

  it("leaves out text a clipping path cuts away entirely, and keeps text inside the clip", async () => {
    const markdown = await toMarkdown([
      ...NOTICE,
      { text: "Internal draft note, not for print", x: 72, y: 650, clip: [0, 0, 10, 10] },
      { text: "Kept inside its clip", x: 72, y: 630, clip: [60, 620, 400, 645] },
    ]);
    expect(markdown).not.toContain("Internal draft note");
    expect(markdown).toContain("Kept inside its clip");
  });
});
