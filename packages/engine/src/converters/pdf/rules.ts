import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { CLOSE_PATH, CURVE_TO, LINE_TO, MOVE_TO, QUADRATIC_CURVE_TO, boxUnder } from "./operators.js";

/** A vertical line drawn on the page (a table border), in top-down page coordinates. */
export interface VerticalRule {
  x: number;
  top: number;
  bottom: number;
}

/** A horizontal line drawn on the page (a table border or a row separator), in top-down page coordinates. */
export interface HorizontalRule {
  y: number;
  left: number;
  right: number;
}

/** A rectangle filled in a colour (a cell's or a row's background), in top-down page coordinates. */
export interface FilledBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The straight lines a page draws: the borders and separators its tables are built from; and the backgrounds it fills. */
export interface Rulings {
  horizontal: HorizontalRule[];
  vertical: VerticalRule[];
  /** Rectangles filled in a colour other than white, too thick to be rules. */
  fills: FilledBox[];
}

type Matrix = [number, number, number, number, number, number];
type Point = [number, number];

// Note: a rule is a stroked line or a thin filled rectangle: at most this thick, at least this long.
const MAXIMUM_RULE_THICKNESS = 2.5;
const MINIMUM_RULE_LENGTH = 6;
// A segment whose ends differ by less than this many points across its direction is straight.
const STRAIGHT = 0.8;
// Rules on one line whose ends are closer than this many points are one rule (tables often draw
// each cell's border on its own).
const JOIN_GAP = 2;


const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const FILLS = new Set<number>([OPS.fill, OPS.eoFill]);
const WHITE = /^#f[ef]f[ef]f[ef]$/i;

/**
 * The horizontal and vertical rules of a page, from its operator list: the straight segments of
 * stroked paths, and filled rectangles that are thin and long (how many generators draw borders).
 * Thicker filled rectangles are the page's backgrounds. Invisible white fills are left out.
 */
export function findRulings(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: number[]): Rulings {
  const horizontal: HorizontalRule[] = [];
  const vertical: VerticalRule[] = [];
  const fills: FilledBox[] = [];
  const stack: { matrix: Matrix; fill: string; clip: FilledBox | undefined }[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  let fill = "#000000";
  // Note: some generators (WeasyPrint) paint a cell's background as the whole page clipped to the
  // cell, so a fill is only as large as the clip in force lets it be.
  let clip: FilledBox | undefined;
  let clipping = false;
  const addSegment = (from: Point, to: Point): void => {
    const [x1, y1] = from;
    const [x2, y2] = to;
    if (Math.abs(y1 - y2) <= STRAIGHT && Math.abs(x1 - x2) >= MINIMUM_RULE_LENGTH) {
      horizontal.push({ y: (y1 + y2) / 2, left: Math.min(x1, x2), right: Math.max(x1, x2) });
    } else if (Math.abs(x1 - x2) <= STRAIGHT && Math.abs(y1 - y2) >= MINIMUM_RULE_LENGTH) {
      vertical.push({ x: (x1 + x2) / 2, top: Math.min(y1, y2), bottom: Math.max(y1, y2) });
    }
  };
  const addFilledBox = (points: readonly Point[]): void => {
    const xs = points.map((point) => point[0]);
    const ys = points.map((point) => point[1]);
    const left = Math.min(...xs);
    const right = Math.max(...xs);
    const top = Math.min(...ys);
    const bottom = Math.max(...ys);
    if (bottom - top <= MAXIMUM_RULE_THICKNESS && right - left >= MINIMUM_RULE_LENGTH) horizontal.push({ y: (top + bottom) / 2, left, right });
    else if (right - left <= MAXIMUM_RULE_THICKNESS && bottom - top >= MINIMUM_RULE_LENGTH) vertical.push({ x: (left + right) / 2, top, bottom });
    else if (right - left > MAXIMUM_RULE_THICKNESS && bottom - top > MAXIMUM_RULE_THICKNESS && isRectangle(points, { left, top, right, bottom })) {
      const shown = clip ? intersection(clip, { left, top, right, bottom }) : { left, top, right, bottom };
      if (shown.right - shown.left > MAXIMUM_RULE_THICKNESS && shown.bottom - shown.top > MAXIMUM_RULE_THICKNESS) fills.push(shown);
    }
  };
  operatorList.fnArray.forEach((operator, index) => {
    const args = operatorList.argsArray[index] as unknown[] | null;
    if (operator === OPS.save) stack.push({ matrix, fill, clip });
    else if (operator === OPS.restore) ({ matrix, fill, clip } = stack.pop() ?? { matrix, fill, clip });
    else if (operator === OPS.clip || operator === OPS.eoClip) clipping = true;
    else if (operator === OPS.transform && args) matrix = multiply(matrix, args as Matrix);
    else if (operator === OPS.setFillRGBColor && args) fill = String(args[0]);
    else if (operator === OPS.constructPath && args) {
      const paint = args[0] as number;
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
      // Note: pdf.js sets the clip operator before the path it clips to.
      const clips = clipping;
      clipping = false;
      if (!data) return;
      const minMax = args[2] as ArrayLike<number> | null | undefined;
      if (clips && minMax && minMax.length >= 4) {
        const box = boxUnder([minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!], multiply(viewportTransform as Matrix, matrix));
        clip = clip ? intersection(clip, box) : box;
      }
      const stroked = STROKES.has(paint);
      if (!stroked && !(FILLS.has(paint) && !WHITE.test(fill))) return;
      const toPage = multiply(viewportTransform as Matrix, matrix);
      for (const subpath of subpaths(data, toPage)) {
        if (stroked) subpath.points.slice(1).forEach((point, at) => addSegment(subpath.points[at]!, point));
        if (stroked && subpath.closed && subpath.points.length > 2) addSegment(subpath.points.at(-1)!, subpath.points[0]!);
        if (!stroked && subpath.points.length > 1) addFilledBox(subpath.points);
      }
    }
  });
  return { horizontal: joinHorizontal(horizontal), vertical: joinVertical(vertical), fills };
}

/** The part two boxes share (empty, right of left or bottom over top, where they share none). */
function intersection(a: FilledBox, b: FilledBox): FilledBox {
  return { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
}

/** Whether a subpath's points all lie on the corners of their bounding box (a rectangle drawn square to the page). */
function isRectangle(points: readonly Point[], box: FilledBox): boolean {
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= STRAIGHT;
  return points.length >= 4 && points.every(([x, y]) => (near(x, box.left) || near(x, box.right)) && (near(y, box.top) || near(y, box.bottom)));
}

/** The straight-line subpaths of a path, in page coordinates; a curve ends the subpath it is in. */
function subpaths(data: ArrayLike<number>, matrix: Matrix): { points: Point[]; closed: boolean }[] {
  const result: { points: Point[]; closed: boolean }[] = [];
  let current: { points: Point[]; closed: boolean } | undefined;
  for (let index = 0; index < data.length; ) {
    const operator = data[index++];
    if (operator === MOVE_TO || operator === LINE_TO) {
      const point = apply(matrix, data[index++]!, data[index++]!);
      if (operator === MOVE_TO || !current) {
        current = { points: [], closed: false };
        result.push(current);
      }
      current.points.push(point);
    } else if (operator === CURVE_TO || operator === QUADRATIC_CURVE_TO) {
      index += operator === CURVE_TO ? 6 : 4;
      current = undefined;
    } else if (operator === CLOSE_PATH) {
      if (current) current.closed = true;
      current = undefined;
    } else {
      break;
    }
  }
  return result;
}

/** A rule along one axis: `at` across it, from `start` to `end` along it. */
interface Segment {
  at: number;
  start: number;
  end: number;
}

/** Join rules on one line that touch or overlap into one rule. */
function joinCollinear(segments: readonly Segment[]): Segment[] {
  const sorted = [...segments].sort((a, b) => a.at - b.at || a.start - b.start);
  const joined: Segment[] = [];
  for (const segment of sorted) {
    const same = joined.findLast((other) => Math.abs(other.at - segment.at) <= STRAIGHT && segment.start <= other.end + JOIN_GAP);
    if (same) same.end = Math.max(same.end, segment.end);
    else joined.push({ ...segment });
  }
  return joined;
}

export const joinHorizontal = (rules: readonly HorizontalRule[]): HorizontalRule[] =>
  joinCollinear(rules.map((rule) => ({ at: rule.y, start: rule.left, end: rule.right }))).map(({ at, start, end }) => ({ y: at, left: start, right: end }));

export const joinVertical = (rules: readonly VerticalRule[]): VerticalRule[] =>
  joinCollinear(rules.map((rule) => ({ at: rule.x, start: rule.top, end: rule.bottom }))).map(({ at, start, end }) => ({ x: at, top: start, bottom: end }));

// Note: `m1 × m2` in pdf.js's [a b c d e f] order: apply m2 first, then m1.
function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

function apply(matrix: Matrix, x: number, y: number): Point {
  return [matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]];
}
