import { OPS, Util } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A rectangle on the page in top-down page coordinates (points). */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type Matrix = [number, number, number, number, number, number];

const IMAGE_OPERATORS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);

/**
 * Where the page paints images, from its operator list: an image fills the unit square of the
 * current transformation matrix (inside form XObjects too), then the viewport's transform applies.
 */
export function findImageRegions(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: number[]): Region[] {
  const regions: Region[] = [];
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  operatorList.fnArray.forEach((operator, index) => {
    const args = operatorList.argsArray[index] as unknown[] | null;
    if (operator === OPS.save) stack.push(matrix);
    else if (operator === OPS.restore) matrix = stack.pop() ?? matrix;
    else if (operator === OPS.transform && args) matrix = Util.transform(matrix, args as Matrix) as Matrix;
    else if (operator === OPS.paintFormXObjectBegin) {
      stack.push(matrix);
      const formMatrix = args?.[0] as Matrix | null | undefined;
      if (formMatrix?.length === 6) matrix = Util.transform(matrix, formMatrix) as Matrix;
    } else if (operator === OPS.paintFormXObjectEnd) matrix = stack.pop() ?? matrix;
    else if (IMAGE_OPERATORS.has(operator)) regions.push(unitSquare(Util.transform(viewportTransform, matrix) as Matrix));
  });
  return regions;
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
