import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { isRightToLeftText } from "./lines.js";
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

// A bullet is at most this many points across (not a figure), a mark at least this many (not a speck).
const LARGEST_BULLET = 8;
// Note: a ball or circle with an item's number inside is set larger than a bullet, some two
// thirds of an em of the text across (Beamer's numbered balls are 9 points beside 11-point text).
const LARGEST_NUMBER_MARK = 16;
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
  return size <= LARGEST_NUMBER_MARK && Math.min(width, height) >= SMALLEST_MARK && Math.abs(width - height) <= size * SQUARENESS;
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

// A number inside a mark: an item number, one or two digits.
const ITEM_NUMBER = /^\d{1,2}$/;

/** The text item set inside a mark, its middle within the mark's box (a number in a ball). */
const itemInside = (mark: DrawnMark, items: readonly PdfTextItem[]): PdfTextItem | undefined =>
  items.find((item) => {
    const middle = (item.x + item.right) / 2;
    return !item.vertical && middle > mark.left && middle < mark.right && item.baseline > mark.top && item.baseline <= mark.bottom + item.fontSize / 2;
  });

/**
 * Numbers set inside marks written as the numbers of list items ("3" in a ball becomes "3."), so
 * that their lines read as a numbered list: marks one under the other at one x, two at least,
 * numbered one after the other down the page, each leading a line of text. Note: Beamer's themes
 * number the items of a list in balls, and slides often number steps in circles, with no dot
 * after the number; a chart's values in its bars or legend boxes are neither in a column nor in
 * sequence with text after each.
 */
export function markNumbersInMarks(marks: readonly DrawnMark[], items: PdfTextItem[]): void {
  const numbered = marks
    .flatMap((mark) => {
      const inside = itemInside(mark, items);
      return inside && ITEM_NUMBER.test(inside.text.trim()) && leadsText(mark, inside, items) ? [{ mark, inside, number: Number(inside.text) }] : [];
    });
  for (const column of columnsOf(numbered)) {
    const inSequence = column.length >= MINIMUM_NUMBERED_MARKS && column.every((entry, index) => index === 0 || entry.number === column[index - 1]!.number + 1);
    if (inSequence) for (const { inside } of column) inside.text = `${inside.text.trim()}.`;
  }
}

// Numbered marks of one list start within this many points of each other.
const SAME_COLUMN = 2;
const MINIMUM_NUMBERED_MARKS = 2;

/** Whether text starts just right of a mark, on the line of the number inside it (an item's text). */
const leadsText = (mark: DrawnMark, number: PdfTextItem, items: readonly PdfTextItem[]): boolean =>
  items.some((item) => item !== number && item.x >= mark.right && item.x - mark.right <= BULLET_GAP_EM * item.fontSize && Math.abs(item.baseline - number.baseline) <= item.fontSize / 2);

/** Numbered marks in columns: those that start within `SAME_COLUMN` of each other, each column top to bottom. */
function columnsOf<T extends { mark: DrawnMark }>(entries: readonly T[]): T[][] {
  const columns: T[][] = [];
  for (const entry of [...entries].sort((a, b) => a.mark.left - b.mark.left)) {
    const column = columns.at(-1);
    if (column && entry.mark.left - column.at(-1)!.mark.left <= SAME_COLUMN) column.push(entry);
    else columns.push([entry]);
  }
  return columns.map((column) => column.sort((a, b) => a.mark.top - b.mark.top));
}

/**
 * A bullet item ("•") for each mark that leads a line of text: sized for the text that starts just
 * to its right (or, in right-to-left text, ends just to its left), it sits at that text's x-height,
 * with no text on that line just before it.
 */
export function drawnBulletItems(marks: readonly DrawnMark[], items: readonly PdfTextItem[]): PdfTextItem[] {
  const bullets: PdfTextItem[] = [];
  for (const mark of marks) {
    // Note: a mark with text inside it is that text's ground (a numbered ball), not a bullet.
    if (mark.right - mark.left > LARGEST_BULLET || mark.bottom - mark.top > LARGEST_BULLET || itemInside(mark, items)) continue;
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
    const ledRightward = onLine
      .filter((item) => item.x >= mark.right && item.x - mark.right <= BULLET_GAP_EM * item.fontSize)
      .sort((a, b) => a.x - b.x)[0];
    // Note: an Arabic or Hebrew list's bullet stands at the right of its item.
    const ledLeftward = onLine
      .filter((item) => item.right <= mark.left && mark.left - item.right <= BULLET_GAP_EM * item.fontSize && isRightToLeftText(item.text))
      .sort((a, b) => b.right - a.right)[0];
    const led = ledRightward ?? ledLeftward;
    if (!led) continue;
    const before =
      led === ledRightward
        ? onLine.some((item) => item.right > mark.left - led.fontSize && item.x < mark.left)
        : onLine.some((item) => item.x < mark.right + led.fontSize && item.right > mark.right);
    if (before) continue;
    bullets.push({ ...led, text: "•", x: mark.left, right: mark.right, bold: false, italic: false, monospace: false, href: undefined, afterLeader: undefined, spaceBefore: undefined });
  }
  return bullets;
}
