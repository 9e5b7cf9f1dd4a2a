import { createCanvas } from "@napi-rs/canvas";
import { ImageKind, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { imageName } from "../../image-collector.js";
import { boxUnder, readingViewport, walkOperators } from "./operators.js";
import type { Matrix } from "./operators.js";

/** A raster picture drawn on a page, with its pixels encoded and its box in top-down page coordinates (points). */
export interface PageImage {
  pageIndex: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** PNG or JPEG bytes. */
  bytes: Uint8Array;
  /** Set for a vector figure rendered from the page: the text inside its box is part of the picture. */
  covers?: boolean;
}

/** pdf.js's decoded image: packed pixels of `kind`, or an ImageBitmap where the platform has one. */
interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

// Note: pictures drawn smaller than this (points) are bullets, rules, spacers and logos' dots, not figures.
const MINIMUM_DRAWN_SIZE = 24;
// Note: a picture with more distinct colours than this in its sample is a photograph (JPEG);
// fewer is a drawing, a chart or a screenshot (PNG, which keeps its edges sharp).
const PHOTO_COLOURS = 256;
const COLOUR_SAMPLE = 4096;
const JPEG_QUALITY = 85;

/**
 * The raster pictures of a page, from its operator list: each `paintImageXObject` (and inline
 * image) draws its image into the unit square under the current transformation matrix, which
 * gives its box; the pixels come from `page.objs` (pdf.js decoded them when the page was parsed,
 * and skipped any larger than `maxImageSize`). Repeats of one picture on the page count once.
 */
export async function extractPageImages(page: PDFPageProxy, pageIndex: number, turn: number): Promise<PageImage[]> {
  const operatorList = await page.getOperatorList();
  const viewport = readingViewport(page, turn).transform as Matrix;
  const images: PageImage[] = [];
  const seen = new Set<string>();
  const found: Array<{ box: ReturnType<typeof boxUnder>; image: DecodedImage | string }> = [];
  walkOperators(operatorList, viewport, (operator, args, toPage) => {
    if (operator !== OPS.paintImageXObject && operator !== OPS.paintInlineImageXObject) return;
    const box = boxUnder([0, 0, 1, 1], toPage);
    if (box.right - box.left < MINIMUM_DRAWN_SIZE || box.bottom - box.top < MINIMUM_DRAWN_SIZE) return;
    const image = args?.[0] as DecodedImage | string | undefined;
    if (image === undefined || (typeof image === "string" && seen.has(image))) return;
    if (typeof image === "string") seen.add(image);
    found.push({ box, image });
  });
  for (const { box, image } of found) {
    const decoded = typeof image === "string" ? await objectOf(page, image) : image;
    const bytes = decoded && encode(decoded);
    if (bytes) images.push({ pageIndex, ...box, bytes });
  }
  return images;
}

// Note: a picture on this many pages or more (and on at least half of them) is a letterhead logo
// or a background, page furniture like a running header.
const REPEATED_ON_PAGES = 3;

/** The pictures without those repeated on many pages (see {@link REPEATED_ON_PAGES}). */
export function dropRepeatedImages(imagesByPage: ReadonlyMap<number, PageImage[]>): Map<number, PageImage[]> {
  const pagesByPicture = new Map<string, number>();
  const key = (image: PageImage): string => imageName(image.bytes, "");
  for (const images of imagesByPage.values()) for (const image of images) pagesByPicture.set(key(image), (pagesByPicture.get(key(image)) ?? 0) + 1);
  const repeated = (image: PageImage): boolean => {
    const pages = pagesByPicture.get(key(image)) ?? 0;
    return pages >= REPEATED_ON_PAGES && pages * 2 >= imagesByPage.size;
  };
  return new Map([...imagesByPage].map(([page, images]) => [page, images.filter((image) => !repeated(image))]));
}

/** An image object once pdf.js has it; `undefined` when it was dropped (too large, or broken). */
function objectOf(page: PDFPageProxy, id: string): Promise<DecodedImage | undefined> {
  const objects = id.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      objects.get(id, (value: unknown) => resolve((value ?? undefined) as DecodedImage | undefined));
    } catch {
      resolve(undefined);
    }
  });
}

/**
 * Write a decoded image's pixels into `rgba` (width × height × 4 bytes); false for a kind we do
 * not read (an ImageBitmap). Note: written in place, so a large picture is not copied twice.
 */
function fillRgba(rgba: Uint8ClampedArray, { width, height, kind, data }: DecodedImage): boolean {
  if (!data) return false;
  if (kind === ImageKind.RGBA_32BPP) rgba.set(data.subarray(0, rgba.length));
  else if (kind === ImageKind.RGB_24BPP) {
    for (let source = 0, target = 0; target < rgba.length; source += 3, target += 4) {
      rgba[target] = data[source]!;
      rgba[target + 1] = data[source + 1]!;
      rgba[target + 2] = data[source + 2]!;
      rgba[target + 3] = 255;
    }
  } else if (kind === ImageKind.GRAYSCALE_1BPP) {
    // Rows are padded to whole bytes; a set bit is white, as pdf.js paints it.
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const value = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
        const target = (y * width + x) * 4;
        rgba[target] = rgba[target + 1] = rgba[target + 2] = value;
        rgba[target + 3] = 255;
      }
    }
  } else return false;
  return true;
}

/** PNG for drawings, JPEG for photographs (see {@link PHOTO_COLOURS}). */
function encode(decoded: DecodedImage): Uint8Array | undefined {
  if (!decoded.data || decoded.width <= 0 || decoded.height <= 0) return undefined;
  const canvas = createCanvas(decoded.width, decoded.height);
  const context = canvas.getContext("2d");
  const imageData = context.createImageData(decoded.width, decoded.height);
  if (!fillRgba(imageData.data, decoded)) return undefined;
  context.putImageData(imageData, 0, 0);
  const photo = decoded.kind !== ImageKind.RGBA_32BPP && distinctColours(imageData.data) > PHOTO_COLOURS;
  return new Uint8Array(photo ? canvas.toBuffer("image/jpeg", JPEG_QUALITY) : canvas.toBuffer("image/png"));
}

/** Distinct colours among up to {@link COLOUR_SAMPLE} evenly spaced pixels. */
function distinctColours(rgba: Uint8ClampedArray): number {
  const pixels = rgba.length / 4;
  const step = Math.max(1, Math.floor(pixels / COLOUR_SAMPLE));
  const colours = new Set<number>();
  for (let pixel = 0; pixel < pixels; pixel += step) {
    const at = pixel * 4;
    colours.add((rgba[at]! << 16) | (rgba[at + 1]! << 8) | rgba[at + 2]!);
  }
  return colours.size;
}
