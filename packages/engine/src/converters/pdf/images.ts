import { OPS, Util } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A rectangle on the page in top-down page coordinates (points). */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type Matrix = [number, number, number, number, number, number];

const IMAGE_OPERATORS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);

/**
 * Where the page paints images, from its operator list: an image fills the unit square of the
 * current transformation matrix, then the viewport's transform applies.
 */
export function findImageRegions(operatorList: OperatorList, viewportTransform: number[]): Region[] {
  const regions: Region[] = [];
  forEachTransformed(operatorList, (operator, _args, matrix) => {
    if (IMAGE_OPERATORS.has(operator)) regions.push(unitSquare(Util.transform(viewportTransform, matrix) as Matrix));
  });
  return regions;
}

type OperatorList = { fnArray: number[]; argsArray: unknown[] };

/**
 * Visit a page's drawing operators with the transformation matrix in force at each: the graphics
 * state stack (save, restore, transform) and form XObjects (which bring their own matrix) applied.
 */
export function forEachTransformed(operatorList: OperatorList, visit: (operator: number, args: unknown[] | null, matrix: Matrix) => void): void {
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  operatorList.fnArray.forEach((operator, index) => {
    const args = operatorList.argsArray[index] as unknown[] | null;
    switch (operator) {
      case OPS.save:
        stack.push(matrix);
        break;
      case OPS.restore:
      case OPS.paintFormXObjectEnd:
        matrix = stack.pop() ?? matrix;
        break;
      case OPS.transform:
        if (args) matrix = Util.transform(matrix, args as Matrix) as Matrix;
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(matrix);
        const formMatrix = args?.[0] as Matrix | null | undefined;
        if (formMatrix?.length === 6) matrix = Util.transform(matrix, formMatrix) as Matrix;
        break;
      }
      default:
        visit(operator, args, matrix);
    }
  });
}

function unitSquare(matrix: Matrix): Region {
  // Note: pdf.js's applyTransform maps the point in place.
  const corners: [number, number][] = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ];
  for (const corner of corners) Util.applyTransform(corner, matrix);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}
