import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";

// The scan is drawn at 150 dpi over the top of a letter page (612 points wide).
const DPI = 150;
const SCAN = { x: 0, y: 392, width: 612, height: 400 };
const px = (points: number): number => (points * DPI) / 72;

/** What the scanned page shows, in points from its top left corner: text at a baseline, in a size. */
interface ScannedText {
  text: string;
  x: number;
  baseline: number;
  size: number;
}

const BODY = 11;
const PITCH = 14;

const scannedReport: ScannedText[] = [
  { text: "Survey of the Rivers", x: 72, baseline: 56, size: 22 },
  ...[
    "The survey counted the homes and the visits along each river in the",
    "spring. Most of the visits were made on foot, and the rest were made",
    "by boat where the banks could not be walked.",
  ].map((text, index) => ({ text, x: 72, baseline: 92 + index * PITCH, size: BODY })),
  ...["Homes were counted from the banks.", "Visits were logged by the wardens.", "Boats were lent by the council."].flatMap((text, index) => [
    { text: "•", x: 80, baseline: 150 + index * PITCH, size: BODY },
    { text, x: 94, baseline: 150 + index * PITCH, size: BODY },
  ]),
  ...[
    ["Region", "Homes", "Visits"],
    ["North", "1,204", "2,310"],
    ["South", "980", "1,870"],
    ["West", "1,432", "2,015"],
  ].flatMap((row, index) => row.map((text, column) => ({ text, x: 72 + column * 190, baseline: 216 + index * 18, size: BODY }))),
];

/** The texts drawn into a grey image, turned `degrees` about its centre as a page lies askew on a scanner. */
async function scan(texts: readonly ScannedText[], degrees: number): Promise<{ pixelWidth: number; pixelHeight: number; rgb: Uint8Array }> {
  const { createCanvas, GlobalFonts } = await import("@napi-rs/canvas");
  // Note: the font comes from pdfjs-dist, so the test does not depend on the machine's fonts.
  GlobalFonts.registerFromPath(fileURLToPath(import.meta.resolve("pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf")), "Scan Sans");
  const [width, height] = [Math.round(px(SCAN.width)), Math.round(px(SCAN.height))];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = "#000000";
  for (const { text, x, baseline, size } of texts) {
    context.font = `${px(size)}px 'Scan Sans'`;
    context.fillText(text, px(x), px(baseline));
  }
  const { data } = context.getImageData(0, 0, width, height);
  const rgb = new Uint8Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) rgb.set(data.subarray(pixel * 4, pixel * 4 + 3), pixel * 3);
  return { pixelWidth: width, pixelHeight: height, rgb };
}

describe("pdf OCR: a scanned page keeps its structure", () => {
  it("reads a tilted scan's heading, paragraph, bulleted list and table as the text layer would give them", { timeout: 60_000 }, async () => {
    const pdf = makePdf([[]], { images: [[{ ...SCAN, ...(await scan(scannedReport, 1)) }]] });
    const { markdown, blocks } = await convert(pdf, { filename: "scan.pdf", pdf: { blocks: true } });
    expect(markdown).toMatch(/^# Survey of the Rivers$/m);
    // The paragraph's lines are joined into one.
    expect(markdown).toMatch(/^The survey counted .* in the spring\. Most .* by boat where the banks could not be walked\.$/m);
    // Tesseract reads the round bullets as other marks; they start list items.
    expect(markdown).toMatch(/^- Homes were counted from the banks\.\n- Visits were logged by the wardens\.\n- Boats were lent .* council\.$/m);
    // Each row of the table shares a line, though the page is turned.
    expect(markdown).toContain("| Region | Homes | Visits |");
    expect(markdown).toContain("| North | 1,204 | 2,310 |");
    expect(markdown).toContain("| West | 1,432 | 2,015 |");
    expect(blocks![0]!.items.every((item) => item.source === "ocr" && item.confidence.ocr! > 0.5)).toBe(true);
  });
});
