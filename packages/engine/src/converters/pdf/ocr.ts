import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Worker } from "tesseract.js";
import { takeOutDrawnLines, toRulings } from "./drawn-rules.js";
import type { PagePixels } from "./drawn-rules.js";
import type { Region } from "./image-regions.js";
import type { PdfTextItem } from "./model.js";
import { renderPage } from "./render.js";
import type { Rulings } from "./rules.js";

// Note: pages are rendered at 200 dpi (PDF space is 72 dpi): enough for body text, and a
// letter-size page stays near 1700 x 2200 pixels.
const RENDER_SCALE = 200 / 72;

// Note: an image smaller than this share of the page's width or height is an icon, a logo or a
// photo inset, seldom text worth reading; a page's images are read up to this count.
const MINIMUM_IMAGE_WIDTH_SHARE = 0.2;
const MINIMUM_IMAGE_HEIGHT_SHARE = 0.08;
const MAXIMUM_IMAGES_PER_PAGE = 6;
// An image with more text items over it than this already has its text in the text layer.
const MAXIMUM_TEXT_ITEMS_OVER_IMAGE = 3;
// Words tesseract is less sure of than this (0-100) are mostly shapes of a chart or photo.
const MINIMUM_WORD_CONFIDENCE = 60;
const MINIMUM_LINE_ALPHANUMERICS = 3;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;
const ALPHANUMERICS = /[\p{L}\p{N}]/gu;
// Note: tesseract has no glyph for a round bullet and reads it as one of these marks (or as "e"
// or "o"); standing alone before the first word of a line, such a mark is the bullet.
const BULLET_MISREADS = /^[•·●¢©®°«»*+eo]$/u;
// Note: a scanned page lies a little askew; its tilt is measured on lines at least this wide
// (pixels, an inch at the rendering scale), whose baselines tesseract fits well.
const MINIMUM_SKEW_LINE_WIDTH = 200;
// Note: tesseract's row height of lines of one font size varies by a few percent (a line without
// descenders is measured shorter); heights this close to a more common one are taken as its size,
// well within the step from body text to a heading (15%).
const SIZE_TOLERANCE = 0.08;
// Note: specks and marks on a scan come out as a letter or two tesseract is unsure of; a real
// short word it mostly reads with confidence (a longer word it misreads is still worth keeping).
const SPECK_CONFIDENCE = 40;
const SPECK_CHARACTERS = 2;
// Note: a mark without letters or digits smaller than a square of this share of its line's height
// each way is a speck; a real one (a dash, an ampersand, a percent sign) is larger.
const SPECK_SIZE = 0.3;
const DASH = /^[-–—]$/u;
// Note: a bold face's strokes are about one and a half times as thick as the regular face's; the
// stroke width measured on a scan varies by a pixel, so somewhat less is asked.
const BOLD_STROKE_RATIO = 1.3;
// Note: a word this long has strokes enough to tell bold by; a shorter one is taken as its line is.
const WORD_BOLD_CHARACTERS = 4;
// Note: a pixel darker than this (0-255) is ink, as for drawn lines.
const INK_LEVEL = 160;

/** The words tesseract read on a whole page. */
export interface OcrPage {
  /** The words as text items, as a text layer would give them: they go through the same layout analysis. */
  items: PdfTextItem[];
  /** The lines drawn on the page (table borders, rules), taken out of the image before OCR. */
  rulings: Rulings;
  /** Tesseract's mean confidence over the page, 0..1. */
  confidence: number;
}

/** OCR of rendered pages with tesseract.js, one worker for the whole document. */
export interface PageReader {
  /** The words of a page without a usable text layer. */
  read(page: PDFPageProxy): Promise<OcrPage>;
  /**
   * The words in the page's sizable images that have no text over them (charts, screenshots,
   * scanned tables), as text items placed where they are on the page.
   */
  readImages(page: PDFPageProxy, images: readonly Region[], items: readonly PdfTextItem[]): Promise<PdfTextItem[]>;
  close(): Promise<void>;
}

/**
 * Start an OCR reader. English language data comes from the `@tesseract.js-data/eng` package on
 * disk, and the worker and wasm core from the installed tesseract.js: nothing is downloaded.
 */
export function createPageReader(): PageReader {
  let worker: Promise<Worker> | undefined;
  const start = async (): Promise<Worker> => {
    const { createWorker, OEM } = await import("tesseract.js");
    const require = createRequire(import.meta.url);
    // Note: LSTM-only recognition reads the "best_int" model, which the package keeps next to the default one.
    const langPath = join(dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
    // Note: `cacheMethod: "none"` stops tesseract.js from writing eng.traineddata into the working directory.
    const created = await createWorker("eng", OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true });
    // Note: tesseract prints diagnostics ("Image too small to scale!!") to stderr, where the CLI
    // prints its warnings; they say nothing a user can act on.
    await created.setParameters({ debug_file: "/dev/null" } as Parameters<Worker["setParameters"]>[0]);
    return created;
  };
  return {
    async read(page) {
      worker ??= start();
      const canvas = await renderPage(page, RENDER_SCALE);
      const context = canvas.getContext("2d");
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
      const drawn = takeOutDrawnLines(pixels, RENDER_SCALE);
      context.putImageData(pixels, 0, 0);
      const { data } = await (await worker).recognize(canvas.toBuffer("image/png"), {}, { blocks: true, text: false });
      const lines = linesOf(data.blocks ?? []).filter((line) => line.words.some((word) => isWordRead(word, line)));
      const tilt = pageTilt(lines);
      return { items: toPageItems(lines, tilt, pixels), rulings: toRulings(drawn, RENDER_SCALE, tilt), confidence: data.confidence / 100 };
    },
    async readImages(page, images, items) {
      const { width, height } = page.getViewport({ scale: 1 });
      const wanted = images
        .filter((image) => image.right - image.left >= width * MINIMUM_IMAGE_WIDTH_SHARE && image.bottom - image.top >= height * MINIMUM_IMAGE_HEIGHT_SHARE)
        .filter((image) => items.filter((item) => isInside(item, image)).length <= MAXIMUM_TEXT_ITEMS_OVER_IMAGE)
        .slice(0, MAXIMUM_IMAGES_PER_PAGE);
      if (wanted.length === 0) return [];
      worker ??= start();
      const rendered = (await renderPage(page, RENDER_SCALE)).toBuffer("image/png");
      const words: PdfTextItem[] = [];
      for (const image of wanted) {
        const rectangle = {
          left: Math.max(0, Math.floor(image.left * RENDER_SCALE)),
          top: Math.max(0, Math.floor(image.top * RENDER_SCALE)),
          width: Math.ceil((Math.min(image.right, width) - Math.max(0, image.left)) * RENDER_SCALE),
          height: Math.ceil((Math.min(image.bottom, height) - Math.max(0, image.top)) * RENDER_SCALE),
        };
        if (rectangle.width <= 0 || rectangle.height <= 0) continue;
        const { data } = await (await worker).recognize(rendered, { rectangle }, { blocks: true });
        words.push(...toItems(data.blocks ?? []).filter((word) => !items.some((item) => overlaps(item, word))));
      }
      return words;
    },
    async close() {
      if (worker) await (await worker).terminate();
    },
  };
}

const isInside = (item: PdfTextItem, region: Region): boolean =>
  item.x >= region.left - 1 && item.right <= region.right + 1 && item.baseline >= region.top && item.baseline <= region.bottom + 1;

const overlaps = (a: PdfTextItem, b: PdfTextItem): boolean =>
  a.x < b.right && b.x < a.right && Math.abs(a.baseline - b.baseline) < Math.max(a.fontSize, b.fontSize) / 2;

type Blocks = NonNullable<Awaited<ReturnType<Worker["recognize"]>>["data"]["blocks"]>;
type Line = Blocks[number]["paragraphs"][number]["lines"][number];

const linesOf = (blocks: Blocks): Line[] => blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines));

// Note: the row height spans ascenders to descenders, about one font size.
const rowHeight = (line: Line): number => Math.max(1, line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0);

type Word = Line["words"][number];

/** A line of words: where its baseline runs and its height (pixels). */
interface ReadLine {
  words: Word[];
  baselineAt: (x: number) => number | undefined;
  height: number;
}

/**
 * All words of a scanned page's lines as text items, in page points: straightened by the page's tilt, so
 * that the cells of a table row share a baseline, and with the font sizes of each line evened out.
 */
function toPageItems(lines: readonly Line[], tilt: number, pixels: PagePixels): PdfTextItem[] {
  const readLines = lines.map(readLine);
  const sizes = evenSizes(readLines);
  const isBold = boldTest(readLines, sizes, pixels);
  return readLines.flatMap((line) => {
    const bold = boldWords(line, isBold);
    return line.words.map((word, index): PdfTextItem => {
      const middle = (word.bbox.x0 + word.bbox.x1) / 2;
      const baseline = line.baselineAt(middle) ?? word.bbox.y1;
      return {
        text: index === 0 && line.words.length > 1 && BULLET_MISREADS.test(word.text) ? "•" : word.text,
        x: (word.bbox.x0 + baseline * tilt) / RENDER_SCALE,
        right: (word.bbox.x1 + baseline * tilt) / RENDER_SCALE,
        baseline: (baseline - middle * tilt) / RENDER_SCALE,
        fontSize: sizes.get(line)! / RENDER_SCALE,
        bold: bold[index]!,
        italic: false,
        monospace: false,
        fromImage: false,
        vertical: false,
        href: undefined,
        spaceBefore: index > 0,
      };
    });
  });
}

/**
 * Whether tesseract's word on a line is text: neither blank nor a speck, which it reads as a
 * letter or two it is unsure of, or as a small mark. A bullet is kept (tesseract is never sure of
 * it), and so is a dash (a table's empty cell).
 */
function isWordRead(word: Word, line: Line): boolean {
  const text = word.text.trim();
  if (text === "" || BULLET_MISREADS.test(text)) return text !== "";
  if (word.confidence < SPECK_CONFIDENCE && text.length <= SPECK_CHARACTERS) return false;
  const area = (word.bbox.x1 - word.bbox.x0) * (word.bbox.y1 - word.bbox.y0);
  return ALPHANUMERIC.test(text) || DASH.test(text) || area >= (SPECK_SIZE * rowHeight(line)) ** 2;
}

/** A tesseract line's words read as text, where its baseline runs and its height. */
function readLine(line: Line): ReadLine {
  return { words: line.words.filter((word) => isWordRead(word, line)), baselineAt: (x) => baselineAt(line, x), height: rowHeight(line) };
}

/**
 * Whether words of a line are set in bold: their strokes are much thicker, for the line's size,
 * than those of most of the page's lines. A stroke's thickness is the length of a run of ink
 * across a row of the words.
 */
function boldTest(readLines: readonly ReadLine[], sizes: ReadonlyMap<ReadLine, number>, pixels: PagePixels): (words: readonly Word[], line: ReadLine) => boolean {
  const weights = new Map(readLines.map((line) => [line, strokeWidth(line.words, pixels) / sizes.get(line)!]));
  const characters = (line: ReadLine): number => line.words.reduce((sum, word) => sum + word.text.length, 0);
  const sorted = readLines.filter((line) => weights.get(line)! > 0).sort((a, b) => weights.get(a)! - weights.get(b)!);
  // Note: the median is taken over characters, so that many short lines do not outweigh the body text.
  const total = sorted.reduce((sum, line) => sum + characters(line), 0);
  let counted = 0;
  const typical = sorted.find((line) => (counted += characters(line)) >= total / 2);
  const body = typical ? weights.get(typical)! : 0;
  return (words, line) => body > 0 && strokeWidth(words, pixels) / sizes.get(line)! >= body * BOLD_STROKE_RATIO;
}

/**
 * Which of a line's words are bold: as the line is, unless it opens with bold words and goes on
 * in regular ones (a label before its value, a run-in heading), told by the strokes of its long
 * words. Note: a lone word whose strokes measure thick amid regular ones is noise of the scan.
 */
function boldWords(line: ReadLine, isBold: (words: readonly Word[], line: ReadLine) => boolean): boolean[] {
  const own = line.words.map((word) => (word.text.length >= WORD_BOLD_CHARACTERS ? isBold([word], line) : undefined));
  const lastBold = own.lastIndexOf(true);
  const firstRegular = own.indexOf(false);
  if (own.find((verdict) => verdict !== undefined) === true && firstRegular > lastBold) return line.words.map((_, index) => index <= lastBold);
  const bold = isBold(line.words, line);
  return line.words.map(() => bold);
}

/** The median length of the runs of ink across the rows of the words' boxes (pixels); 0 for none. */
function strokeWidth(words: readonly Word[], { width, data }: PagePixels): number {
  const runs: number[] = [];
  for (const { x0, y0, x1, y1 } of words.map((word) => word.bbox)) {
    for (let y = y0; y < y1; y++) {
      let run = 0;
      for (let x = x0; x <= x1; x++) {
        const pixel = (y * width + x) * 4;
        if (x < x1 && data[pixel]! + data[pixel + 1]! + data[pixel + 2]! < INK_LEVEL * 3) run++;
        else if (run > 0) {
          runs.push(run);
          run = 0;
        }
      }
    }
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] ?? 0;
}

/** Where the line's baseline runs at `x` (pixels); `undefined` when tesseract found none. */
function baselineAt(line: Line, x: number): number | undefined {
  const { x0, y0, x1, y1 } = line.baseline;
  return x1 > x0 ? y0 + ((x - x0) * (y1 - y0)) / (x1 - x0) : undefined;
}

/** The page's tilt: the median slope of its wide lines' baselines (0 when it has none). */
function pageTilt(lines: readonly Line[]): number {
  const slopes = lines
    .filter((line) => line.baseline.x1 - line.baseline.x0 >= MINIMUM_SKEW_LINE_WIDTH)
    .map(({ baseline }) => (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0))
    .sort((a, b) => a - b);
  return slopes[Math.floor(slopes.length / 2)] ?? 0;
}

/**
 * Each line's font size (pixels): the row height most of the page's text is set in, given to all
 * lines within the tolerance of it, then the most common of the heights left, and so on.
 */
function evenSizes(lines: readonly ReadLine[]): Map<ReadLine, number> {
  const sizes = new Map<ReadLine, number>();
  let left = [...lines];
  while (left.length > 0) {
    const characters = new Map<number, number>();
    for (const line of left) {
      const height = Math.round(line.height);
      characters.set(height, (characters.get(height) ?? 0) + line.words.reduce((sum, word) => sum + word.text.length, 0));
    }
    const common = [...characters].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
    const near = (line: ReadLine): boolean => Math.abs(line.height - common) <= Math.max(common * SIZE_TOLERANCE, 0.5);
    for (const line of left.filter(near)) sizes.set(line, common);
    left = left.filter((line) => !near(line));
  }
  return sizes;
}

/** Tesseract's confident words as text items, in page points (it measures in rendered pixels). */
function toItems(blocks: Blocks): PdfTextItem[] {
  const items: PdfTextItem[] = [];
  for (const line of blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))) {
    // Note: the row height spans ascenders to descenders, about one font size.
    const fontSize = Math.max(1, (line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0)) / RENDER_SCALE;
    // Note: what tesseract reads in a photo is mostly stray letters and marks; a line with fewer
    // letters and digits than a short word is dropped, and so is a word with none.
    const words = line.words.filter((word) => word.confidence >= MINIMUM_WORD_CONFIDENCE && ALPHANUMERIC.test(word.text));
    if (words.reduce((sum, word) => sum + (word.text.match(ALPHANUMERICS)?.length ?? 0), 0) < MINIMUM_LINE_ALPHANUMERICS) continue;
    for (const word of words) {
      items.push({
        text: word.text,
        x: word.bbox.x0 / RENDER_SCALE,
        right: word.bbox.x1 / RENDER_SCALE,
        baseline: (line.baseline ? (line.baseline.y0 + line.baseline.y1) / 2 : word.bbox.y1) / RENDER_SCALE,
        fontSize,
        bold: false,
        italic: false,
        monospace: false,
        fromImage: true,
        vertical: false,
        href: undefined,
      });
    }
  }
  return items;
}
