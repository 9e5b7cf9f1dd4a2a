import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { GARBLED_SHARE, measureTextLayer, ocrReason } from "../../src/converters/pdf/text-quality.js";
import { makePdf, privateUseToUnicode } from "./helpers/make-pdf.js";
import type { PdfLine } from "./helpers/make-pdf.js";

const lines: PdfLine[] = [
  { text: "Quarterly Safety Inspection", x: 72, y: 700, size: 28 },
  { text: "All fire exits were checked and found clear.", x: 72, y: 640, size: 20 },
];

describe("pdf mode auto: OCR only the pages that need it", () => {
  it("OCRs a page whose font maps its glyphs to private-use characters, by default", async () => {
    const garbled = makePdf([lines], { toUnicode: privateUseToUnicode });
    const fast = await convert(garbled, { filename: "garbled.pdf", pdf: { mode: "fast" } });
    // What the text layer says: nothing a reader can use.
    expect(fast.markdown).not.toContain("Inspection");
    expect(fast.warnings).toEqual(['page 1 has a text layer of unmapped glyphs; use parsers: [{type:"pdf",mode:"auto"}] to OCR it.']);

    const { markdown, warnings, blocks } = await convert(garbled, { filename: "garbled.pdf", pdf: { blocks: true } });
    expect(markdown).toContain("Quarterly Safety Inspection");
    expect(markdown).toContain("fire exits were checked");
    expect(markdown).not.toMatch(/[\ue000-\uf8ff]/u);
    expect(warnings).toEqual([]);
    const [first] = blocks![0]!.items;
    expect(first).toMatchObject({ source: "ocr", content: expect.stringContaining("Quarterly Safety Inspection") });
    expect(markdown.slice(...first!.markdownSpan!)).toBe(first!.content);
    // The OCR'd line sits near the top of the page, where it was drawn (baseline 92 pt from the top).
    expect(first!.bbox![1]).toBeGreaterThan(0.05);
    expect(first!.bbox![1]).toBeLessThan(92 / 792);
    expect(first!.confidence.ocr).toBeGreaterThan(0.5);
  });

  it("leaves a page with a readable text layer alone (no OCR, text as written)", async () => {
    const readable = makePdf([lines]);
    const { blocks } = await convert(readable, { filename: "readable.pdf", pdf: { blocks: true } });
    expect(blocks![0]!.items.map((item) => item.source)).toEqual(["native_text", "native_text"]);
  });

  it("measures a text layer: controls, private use and U+FFFD are unreadable, whitespace is not counted", () => {
    expect(measureTextLayer(["ab c", "\u0001\ue000\ufffd", " "])).toEqual({ characters: 6, unreadable: 3 });
    expect(ocrReason({ characters: 0, unreadable: 0 })).toBe("no text layer");
    expect(ocrReason({ characters: 100, unreadable: 100 * GARBLED_SHARE })).toBe("garbled text layer");
    // A page of prose with a few symbol-font bullets reads well.
    expect(ocrReason(measureTextLayer(["\u2022 item", "r\u0001", "Some ordinary text on the page, with bullets."]))).toBeUndefined();
  });
});
