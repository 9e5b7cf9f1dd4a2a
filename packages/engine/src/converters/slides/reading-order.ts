import type { PlacedBlocks, SlideBlock } from "./model.js";

/**
 * The blocks of a slide's shapes in reading order: top to bottom, and left to right among shapes
 * that stand side by side. Note: a shape belongs beside the first one of a band when it starts
 * within that shape's upper half, so two columns whose tops differ by a few points still read
 * left column first, while a caption under a picture reads after it.
 */
export function inReadingOrder(shapes: readonly PlacedBlocks[]): SlideBlock[] {
  const byTop = [...shapes].sort((a, b) => a.y - b.y || a.x - b.x);
  const bands: PlacedBlocks[][] = [];
  let bandEnd = Number.NEGATIVE_INFINITY;
  for (const shape of byTop) {
    const band = bands.at(-1);
    if (band && shape.y < bandEnd) {
      band.push(shape);
    } else {
      bands.push([shape]);
      bandEnd = shape.y + Math.max(shape.height, 1) / 2;
    }
  }
  return bands.flatMap((band) => band.sort((a, b) => a.x - b.x).flatMap((shape) => shape.blocks));
}
