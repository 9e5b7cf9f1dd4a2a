import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { boxUnder, walkOperators } from "./operators.js";
import type { Matrix } from "./operators.js";

/** A rectangle on the page in top-down page coordinates (points). */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const IMAGE_OPERATORS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);

/**
 * Where the page paints images, from its operator list: an image fills the unit square of the
 * current transformation matrix, then the viewport's transform applies. Nothing is decoded.
 */
export function findImageRegions(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: number[]): Region[] {
  const regions: Region[] = [];
  walkOperators(operatorList, viewportTransform as Matrix, (operator, _args, toPage) => {
    if (IMAGE_OPERATORS.has(operator)) regions.push(boxUnder([0, 0, 1, 1], toPage));
  });
  return regions;
}
