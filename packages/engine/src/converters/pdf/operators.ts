import { OPS, Util } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PageViewport, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

// Note: the path operators of pdf.js's `constructPath` data (`DrawOPS`), which are not exported.
export const MOVE_TO = 0;
export const LINE_TO = 1;
export const CURVE_TO = 2;
export const QUADRATIC_CURVE_TO = 3;
export const CLOSE_PATH = 4;

/** A PDF transformation matrix in pdf.js's `[a b c d e f]` order. */
export type Matrix = [number, number, number, number, number, number];

/**
 * Walk a page's operator list keeping the current transformation matrix (through `save`,
 * `restore`, `transform`, and form XObjects, which bring their own matrix), and call `visit` for
 * every other operator with the matrix that maps its user space to top-down page coordinates
 * (the viewport's transform applied last). `nest` hears each save (true) and restore (false) of
 * the graphics state, for a caller that keeps more of it, with the matrix in force just before.
 */
export function walkOperators(
  operatorList: { fnArray: number[]; argsArray: unknown[] },
  viewport: Matrix,
  visit: (operator: number, args: unknown[] | null, toPage: Matrix, index: number) => void,
  nest?: (saved: boolean, toPage: Matrix) => void,
): void {
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  operatorList.fnArray.forEach((operator, index) => {
    const args = operatorList.argsArray[index] as unknown[] | null;
    if (operator === OPS.save) {
      stack.push(matrix);
      nest?.(true, Util.transform(viewport, matrix) as Matrix);
    } else if (operator === OPS.restore || operator === OPS.paintFormXObjectEnd) {
      nest?.(false, Util.transform(viewport, matrix) as Matrix);
      matrix = stack.pop() ?? matrix;
    } else if (operator === OPS.transform) {
      if (args) matrix = Util.transform(matrix, args as Matrix) as Matrix;
    } else if (operator === OPS.paintFormXObjectBegin) {
      stack.push(matrix);
      nest?.(true, Util.transform(viewport, matrix) as Matrix);
      const formMatrix = args?.[0] as Matrix | null | undefined;
      if (formMatrix?.length === 6) matrix = Util.transform(matrix, formMatrix) as Matrix;
    } else visit(operator, args, Util.transform(viewport, matrix) as Matrix, index);
  });
}

/** The box a rectangle `[x1, y1, x2, y2]` covers under `matrix`. */
export function boxUnder(rectangle: readonly number[], matrix: Matrix): { left: number; right: number; top: number; bottom: number } {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  Util.axialAlignedBoundingBox(rectangle, matrix, box);
  const [left, top, right, bottom] = box as [number, number, number, number];
  return { left, right, top, bottom };
}

/** The page as a viewer shows it, turned a further `turn` degrees clockwise. */
export function readingViewport(page: PDFPageProxy, turn: number, scale = 1): PageViewport {
  return page.getViewport({ scale, rotation: (page.rotate + turn) % 360 });
}
