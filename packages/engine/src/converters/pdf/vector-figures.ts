import { createCanvas } from "@napi-rs/canvas";
import type { Canvas } from "@napi-rs/canvas";
import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PageImage } from "./images.js";
import { itemInside } from "./image-placement.js";
import type { PdfTextItem } from "./model.js";
import { boxUnder, readingViewport, walkOperators } from "./operators.js";
import type { Matrix } from "./operators.js";

/** A box in top-down page coordinates (points). */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A filled or stroked path's box, and whether it was filled. */
interface DrawnPath extends Box {
  filled: boolean;
}

const FILL_OPERATORS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const PAINT_OPERATORS = new Set<number>([...FILL_OPERATORS, OPS.stroke, OPS.closeStroke]);

// Note: paths closer than this (points) belong to the same drawing: bars and their axis, a legend.
const JOIN_GAP = 10;
// A drawing smaller than this (points) is an icon, a rule or an underline, not a figure.
const MINIMUM_WIDTH = 100;
const MINIMUM_HEIGHT = 60;
// Note: what tells a chart from a table: filled shapes with no text on them (bars, slices,
// areas), and few ruled lines beside them. A table's shaded cells hold text, and it is drawn
// mostly as strokes (its grid): more than this many per empty fill.
const MINIMUM_EMPTY_FILLS = 3;
const MAXIMUM_STROKES_PER_EMPTY_FILL = 2;
// A shape covering most of the page is a background or a frame, not part of a figure.
const BACKGROUND_SHARE = 0.5;
// Rendering scale (144 dpi), and the largest page render allowed (pixels), which bounds the cost.
const RENDER_SCALE = 2;
const MAXIMUM_RENDER_PIXELS = 8_000_000;
const PADDING = 4;

// Note: the cost bound: pages rendered per document, and paths looked at per page (a map or a
// technical drawing has tens of thousands; it is left as it is).
const MAXIMUM_RENDERED_PAGES = 50;
const MAXIMUM_PATHS = 5_000;

/** Finds a page's vector figures; see {@link createVectorFigureFinder}. */
export type VectorFigureFinder = (
  page: PDFPageProxy,
  pageIndex: number,
  items: readonly PdfTextItem[],
  rasters: readonly PageImage[],
  draw: DrawPage,
  turn: number,
) => Promise<PageImage[]>;

/** The page rendered at `scale` (1 = 72 dpi), from a copy of the document opened for drawing. */
export type DrawPage = (scale: number) => Promise<Canvas>;

/**
 * Figures drawn with vector paths (most charts from office suites and plotting libraries): the
 * regions where filled shapes without text on them cluster, rendered with pdf.js onto a canvas and
 * cropped to PNG. The text inside a region (axis labels, legends) belongs to the picture
 * (`covers`). Raster images already extracted (`rasters`) are not drawn again. At most
 * {@link MAXIMUM_RENDERED_PAGES} pages of a document are rendered.
 */
export function createVectorFigureFinder(): VectorFigureFinder {
  let renderedPages = 0;
  return async (page, pageIndex, items, rasters, draw, turn) => {
    if (renderedPages >= MAXIMUM_RENDERED_PAGES) return [];
    const figures = await findVectorFigures(page, pageIndex, items, rasters, draw, turn);
    if (figures.length > 0) renderedPages++;
    return figures;
  };
}

async function findVectorFigures(
  page: PDFPageProxy,
  pageIndex: number,
  items: readonly PdfTextItem[],
  rasters: readonly PageImage[],
  draw: DrawPage,
  turn: number,
): Promise<PageImage[]> {
  const viewport = readingViewport(page, turn);
  const pageArea = viewport.width * viewport.height;
  const painted = drawnPaths(await page.getOperatorList(), viewport.transform as Matrix);
  if (painted.length > MAXIMUM_PATHS) return [];
  const paths = painted.filter((path) => (path.right - path.left) * (path.bottom - path.top) < pageArea * BACKGROUND_SHARE);
  const regions = cluster(paths).filter((region) => {
    if (region.box.right - region.box.left < MINIMUM_WIDTH || region.box.bottom - region.box.top < MINIMUM_HEIGHT) return false;
    if (rasters.some((raster) => overlaps(raster, region.box))) return false;
    const emptyFills = region.paths.filter((path) => path.filled && !items.some((item) => itemInside(item, path))).length;
    const strokes = region.paths.filter((path) => !path.filled).length;
    return emptyFills >= MINIMUM_EMPTY_FILLS && strokes <= emptyFills * MAXIMUM_STROKES_PER_EMPTY_FILL;
  });
  if (regions.length === 0) return [];
  for (const region of regions) region.box = withLabels(region.box, items);
  const canvas = await draw(Math.min(RENDER_SCALE, Math.sqrt(MAXIMUM_RENDER_PIXELS / pageArea)));
  const scale = canvas.width / viewport.width;
  return regions.map(({ box }) => {
    const padded = { left: Math.max(0, box.left - PADDING), top: Math.max(0, box.top - PADDING), right: box.right + PADDING, bottom: box.bottom + PADDING };
    const width = Math.min(canvas.width, Math.ceil((padded.right - padded.left) * scale));
    const height = Math.min(canvas.height, Math.ceil((padded.bottom - padded.top) * scale));
    const crop = createCanvas(width, height);
    crop.getContext("2d").drawImage(canvas, padded.left * scale, padded.top * scale, width, height, 0, 0, width, height);
    return { pageIndex, ...padded, bytes: new Uint8Array(crop.toBuffer("image/png")), covers: true };
  });
}

// Note: axis labels, tick values and legend entries are a few words each; a caption or prose is longer.
const MAXIMUM_LABEL_WORDS = 3;

/** The box grown over the short texts just outside it: the axis labels and legend of a chart. */
function withLabels(box: Box, items: readonly PdfTextItem[]): Box {
  const grown = { ...box };
  for (const item of items) {
    const itemBox = { left: item.x, right: item.right, top: item.baseline - item.fontSize, bottom: item.baseline + item.fontSize / 4 };
    if (item.text.trim().split(/\s+/).length > MAXIMUM_LABEL_WORDS || !near(itemBox, box)) continue;
    grown.left = Math.min(grown.left, itemBox.left);
    grown.right = Math.max(grown.right, itemBox.right);
    grown.top = Math.min(grown.top, itemBox.top);
    grown.bottom = Math.max(grown.bottom, itemBox.bottom);
  }
  return grown;
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every painted path's box, placed with the current transformation matrix and the viewport's. */
function drawnPaths(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewport: Matrix): DrawnPath[] {
  const paths: DrawnPath[] = [];
  walkOperators(operatorList, viewport, (operator, args, toPage) => {
    if (operator !== OPS.constructPath || !args) return;
    const paint = args[0] as number;
    const minMax = args[2] as ArrayLike<number> | null | undefined;
    if (!PAINT_OPERATORS.has(paint) || !minMax || minMax.length < 4) return;
    const box = boxUnder([minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!], toPage);
    paths.push({ ...box, filled: FILL_OPERATORS.has(paint) && box.right - box.left > 2 && box.bottom - box.top > 2 });
  });
  return paths;
}

interface Group {
  box: Box;
  paths: DrawnPath[];
}

const near = (a: Box, b: Box): boolean =>
  a.left - JOIN_GAP < b.right && b.left - JOIN_GAP < a.right && a.top - JOIN_GAP < b.bottom && b.top - JOIN_GAP < a.bottom;

/** Paths grouped into drawings: groups whose boxes come within {@link JOIN_GAP} are merged until none do. */
function cluster(paths: readonly DrawnPath[]): Group[] {
  let groups: Group[] = paths.map((path) => ({ box: { left: path.left, right: path.right, top: path.top, bottom: path.bottom }, paths: [path] }));
  for (let merged = true; merged; ) {
    merged = false;
    const next: Group[] = [];
    for (const group of groups) {
      const target = next.find((candidate) => near(candidate.box, group.box));
      if (!target) {
        next.push(group);
        continue;
      }
      merged = true;
      target.paths.push(...group.paths);
      target.box = {
        left: Math.min(target.box.left, group.box.left),
        right: Math.max(target.box.right, group.box.right),
        top: Math.min(target.box.top, group.box.top),
        bottom: Math.max(target.box.bottom, group.box.bottom),
      };
    }
    groups = next;
  }
  return groups;
}
