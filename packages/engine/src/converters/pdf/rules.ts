import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A vertical line drawn on the page (a table border), in top-down page coordinates. */
export interface VerticalRule {
  x: number;
  top: number;
  bottom: number;
}

type Matrix = [number, number, number, number, number, number];

// Note: a table border is a stroked line or a thin filled rectangle: at most this wide, at least this tall.
const MAXIMUM_RULE_WIDTH = 2;
const MINIMUM_RULE_HEIGHT = 6;

/**
 * The vertical rules of a page, from its operator list: path bounding boxes that are thin and tall,
 * placed with the current transformation matrix and then the viewport's.
 */
export function findVerticalRules(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: number[]): VerticalRule[] {
  const rules: VerticalRule[] = [];
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  operatorList.fnArray.forEach((operator, index) => {
    const args = operatorList.argsArray[index] as unknown[] | null;
    if (operator === OPS.save) stack.push(matrix);
    else if (operator === OPS.restore) matrix = stack.pop() ?? matrix;
    else if (operator === OPS.transform && args) matrix = multiply(matrix, args as Matrix);
    else if (operator === OPS.constructPath && args) {
      const box = args[2] as ArrayLike<number> | null | undefined;
      if (!box || box.length < 4) return;
      const rule = toRule(box, multiply(viewportTransform as Matrix, matrix));
      if (rule) rules.push(rule);
    }
  });
  return rules;
}

function toRule(box: ArrayLike<number>, matrix: Matrix): VerticalRule | undefined {
  const corners = [
    apply(matrix, box[0]!, box[1]!),
    apply(matrix, box[2]!, box[3]!),
  ];
  const left = Math.min(corners[0]![0], corners[1]![0]);
  const right = Math.max(corners[0]![0], corners[1]![0]);
  const top = Math.min(corners[0]![1], corners[1]![1]);
  const bottom = Math.max(corners[0]![1], corners[1]![1]);
  if (right - left > MAXIMUM_RULE_WIDTH || bottom - top < MINIMUM_RULE_HEIGHT) return undefined;
  return { x: (left + right) / 2, top, bottom };
}

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

function apply(matrix: Matrix, x: number, y: number): [number, number] {
  return [matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5]];
}
