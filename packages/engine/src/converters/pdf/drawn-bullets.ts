import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PdfTextItem } from "./model.js";
import { CLOSE_PATH, CURVE_TO, LINE_TO, MOVE_TO, QUADRATIC_CURVE_TO, boxUnder, walkOperators } from "./operators.js";
import type { Matrix } from "./operators.js";

/** A small round or square shape painted on the page, in top-down page coordinates. */
export interface DrawnMark {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// A mark is at most this many points across (a bullet, not a figure) and at least this many (not a speck).
const LARGEST_MARK = 8;
const SMALLEST_MARK = 1;
// A mark's width and height differ by at most this share: a disc, a circle or a square.
const SQUARENESS = 0.3;
// Beside text, a bullet is this share of an em high at most and at least (smaller is a dot, larger a box).
const LARGEST_BULLET_EM = 0.6;
const SMALLEST_BULLET_EM = 0.15;
// The text a bullet leads starts at most this many ems to its right.
const BULLET_GAP_EM = 2.5;

const FILLS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);

/**
 * The small marks a page paints: filled discs and squares, stroked circles, and small forms filled
 * with a shading (Beamer's balls). Note: browsers
 * (Chromium's "Save as PDF") draw the markers of HTML lists (`disc`, `circle`, `square`) as shapes,
 * not as bullet characters, so the text layer has list items without their markers. A hollow
 * square is left out: beside text it is a check box.
 */
export function findDrawnMarks(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: number[]): DrawnMark[] {
  const marks: DrawnMark[] = [];
  walkOperators(operatorList, viewportTransform as Matrix, (operator, args, toPage, index) => {
    if (operator === OPS.shadingFill) {
      const ball = shadedFormBox(operatorList, index, toPage);
      if (ball && isMarkSized(ball)) marks.push(ball);
      return;
    }
    if (operator !== OPS.constructPath || !args) return;
    const paint = args[0] as number;
    const minMax = args[2] as ArrayLike<number> | null | undefined;
    const filled = FILLS.has(paint);
    if ((!filled && !STROKES.has(paint)) || !minMax || minMax.length < 4) return;
    const box = boxUnder([minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!], toPage);
    if (!isMarkSized(box)) return;
    if (!filled && !hasCurve((args[1] as ArrayLike<number>[] | undefined)?.[0])) return;
    marks.push(box);
  });
  return marks;
}

/** Whether a box is a mark's: small, but not a speck, and about as wide as high. */
function isMarkSized(box: DrawnMark): boolean {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const size = Math.max(width, height);
  return size <= LARGEST_MARK && Math.min(width, height) >= SMALLEST_MARK && Math.abs(width - height) <= size * SQUARENESS;
}

/**
 * The box of a form XObject that only paints a shading, when the shading at `index` is the first
 * thing it paints: LaTeX Beamer paints its items' balls so, a radial shading filling a small form.
 */
function shadedFormBox(operatorList: { fnArray: number[]; argsArray: unknown[] }, index: number, toPage: Matrix): DrawnMark | undefined {
  if (operatorList.fnArray[index - 1] !== OPS.paintFormXObjectBegin || operatorList.fnArray[index + 1] !== OPS.paintFormXObjectEnd) return undefined;
  const bbox = (operatorList.argsArray[index - 1] as unknown[] | null)?.[1] as ArrayLike<number> | null | undefined;
  return bbox && bbox.length >= 4 ? boxUnder([bbox[0]!, bbox[1]!, bbox[2]!, bbox[3]!], toPage) : undefined;
}

/** Whether path data draws a curve (a circle is drawn with curves; a box with lines). */
function hasCurve(data: ArrayLike<number> | undefined): boolean {
  if (!data) return false;
  for (let index = 0; index < data.length; ) {
    const operator = data[index++];
    if (operator === CURVE_TO || operator === QUADRATIC_CURVE_TO) return true;
    if (operator === MOVE_TO || operator === LINE_TO) index += 2;
    else if (operator !== CLOSE_PATH) return false;
  }
  return false;
}

/**
 * A bullet item ("•") for each mark that leads a line of text: sized for the text that starts just
 * to its right, it sits at that text's x-height, with no text on that line just before it.
 */
export function drawnBulletItems(marks: readonly DrawnMark[], items: readonly PdfTextItem[]): PdfTextItem[] {
  const bullets: PdfTextItem[] = [];
  for (const mark of marks) {
    const middle = (mark.top + mark.bottom) / 2;
    const height = mark.bottom - mark.top;
    const onLine = items.filter(
      (item) =>
        !item.vertical &&
        middle < item.baseline &&
        middle > item.baseline - item.fontSize * 0.7 &&
        height <= item.fontSize * LARGEST_BULLET_EM &&
        height >= item.fontSize * SMALLEST_BULLET_EM,
    );
    const led = onLine
      .filter((item) => item.x >= mark.right && item.x - mark.right <= BULLET_GAP_EM * item.fontSize)
      .sort((a, b) => a.x - b.x)[0];
    if (!led) continue;
    const before = onLine.some((item) => item.right > mark.left - led.fontSize && item.x < mark.left);
    if (before) continue;
    bullets.push({ ...led, text: "•", x: mark.left, right: mark.right, bold: false, italic: false, monospace: false, href: undefined, afterLeader: undefined, spaceBefore: undefined });
  }
  return bullets;
}
