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
  bold?: boolean;
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
  // A heading set in bold at the body's size, as word processors set their lowest headings.
  { text: "How the count was made", x: 72, baseline: 150, size: BODY, bold: true },
  ...["Homes were counted from the banks.", "Visits were logged by the wardens.", "Boats were lent by the council."].flatMap((text, index) => [
    { text: "•", x: 80, baseline: 172 + index * PITCH, size: BODY },
    { text, x: 94, baseline: 172 + index * PITCH, size: BODY },
  ]),
  ...[
    ["Region", "Homes", "Visits"],
    ["North", "1,204", "2,310"],
    ["South", "980", "1,870"],
    ["West", "1,432", "2,015"],
  ].flatMap((row, index) => row.map((text, column) => ({ text, x: 72 + column * 190, baseline: 234 + index * 18, size: BODY }))),
  // A line that opens with a bold label: no heading.
  { text: "Wardens:", x: 72, baseline: 330, size: BODY, bold: true },
  { text: "six of them were on duty each day.", x: 124, baseline: 330, size: BODY },
];

/** A line drawn on the scanned page, from (x1, y1) to (x2, y2) in points from its top left corner. */
type ScannedRule = [x1: number, y1: number, x2: number, y2: number];

// A table with a border round each cell, as word processors draw one.
const GRID_ROWS = [
  ["Service", "Staff", "Budget"],
  ["Libraries", "214", "3,410"],
  ["Parks", "96", "1,275"],
  ["Roads", "331", "8,902"],
];
const GRID_COLUMNS = [72, 260, 380, 500];
const GRID_TOP = 80;
const GRID_ROW_HEIGHT = 24;
const scannedGrid: ScannedText[] = [
  { text: "Staff and budget by service", x: 72, baseline: 60, size: BODY },
  ...GRID_ROWS.flatMap((row, index) => row.map((text, column) => ({ text, x: GRID_COLUMNS[column]! + 6, baseline: GRID_TOP + index * GRID_ROW_HEIGHT + 16, size: BODY }))),
];
const gridRules: ScannedRule[] = [
  ...GRID_ROWS.concat([[]]).map((_, index): ScannedRule => [GRID_COLUMNS[0]!, GRID_TOP + index * GRID_ROW_HEIGHT, GRID_COLUMNS.at(-1)!, GRID_TOP + index * GRID_ROW_HEIGHT]),
  ...GRID_COLUMNS.map((x): ScannedRule => [x, GRID_TOP, x, GRID_TOP + GRID_ROWS.length * GRID_ROW_HEIGHT]),
];

// Specks of dirt on the glass: points and small marks (x, y, width, height in points) in the margins.
const SPECKS: readonly [number, number, number, number][] = [
  [30, 40, 1.5, 2],
  [520, 96, 2, 1],
  [540, 160, 1, 3],
  [560, 300, 2.5, 1.5],
  [40, 350, 1.5, 1.5],
  [300, 20, 3, 1],
];

/** The texts, rules and specks drawn into a grey image, turned `degrees` about its centre as a page lies askew on a scanner. */
async function scan(texts: readonly ScannedText[], degrees: number, rules: readonly ScannedRule[] = []): Promise<{ pixelWidth: number; pixelHeight: number; rgb: Uint8Array }> {
  const { createCanvas, GlobalFonts } = await import("@napi-rs/canvas");
  // Note: the font comes from pdfjs-dist, so the test does not depend on the machine's fonts.
  GlobalFonts.registerFromPath(fileURLToPath(import.meta.resolve("pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf")), "Scan Sans");
  GlobalFonts.registerFromPath(fileURLToPath(import.meta.resolve("pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf")), "Scan Sans Bold");
  const [width, height] = [Math.round(px(SCAN.width)), Math.round(px(SCAN.height))];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = "#000000";
  for (const { text, x, baseline, size, bold } of texts) {
    context.font = `${px(size)}px 'Scan Sans${bold ? " Bold" : ""}'`;
    context.fillText(text, px(x), px(baseline));
  }
  for (const [x, y, speckWidth, speckHeight] of SPECKS) context.fillRect(px(x), px(y), px(speckWidth), px(speckHeight));
  context.strokeStyle = "#000000";
  context.lineWidth = 1.5;
  for (const [x1, y1, x2, y2] of rules) {
    context.beginPath();
    context.moveTo(px(x1), px(y1));
    context.lineTo(px(x2), px(y2));
    context.stroke();
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
    // Tesseract says nothing of bold; the heading's strokes are thicker than the body's.
    expect(markdown).toMatch(/^## How the count was made$/m);
    expect(markdown).toMatch(/^\*\*Wardens:\*\* six of them were on duty each day\.$/m);
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

  it("reads a table drawn with a border round each cell, the borders no letters", { timeout: 60_000 }, async () => {
    const pdf = makePdf([[]], { images: [[{ ...SCAN, ...(await scan(scannedGrid, 0.5, gridRules)) }]] });
    const { markdown } = await convert(pdf, { filename: "grid.pdf" });
    expect(markdown).toContain("Staff and budget by service");
    expect(markdown).toContain("| Service | Staff | Budget |\n| --- | --- | --- |\n| Libraries | 214 | 3,410 |\n| Parks | 96 | 1,275 |\n| Roads | 331 | 8,902 |");
  });
});
