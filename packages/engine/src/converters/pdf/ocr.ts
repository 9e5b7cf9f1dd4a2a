import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Paragraph, Worker } from "tesseract.js";
import { escapeMarkdown } from "./escape.js";
import type { Region } from "./image-regions.js";
import type { PdfTextItem } from "./model.js";
import { renderPage } from "./render.js";

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

/** One paragraph tesseract found on a page. */
export interface OcrParagraph {
  /** Markdown (escaped), lines joined and end-of-line hyphenation undone. */
  text: string;
  /** In top-down page coordinates (points). */
  box: { left: number; top: number; right: number; bottom: number };
  /** Tesseract's confidence, 0..1. */
  confidence: number;
}

/** OCR of rendered pages with tesseract.js, one worker for the whole document. */
export interface PageReader {
  /** The page's paragraphs in reading order. */
  read(page: PDFPageProxy): Promise<OcrParagraph[]>;
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
      const image = (await renderPage(page, RENDER_SCALE)).toBuffer("image/png");
      const { data } = await (await worker).recognize(image, {}, { blocks: true, text: false });
      return (data.blocks ?? []).flatMap((block) => block.paragraphs).flatMap(toParagraph);
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

/** A tesseract paragraph as Markdown with its box in points; none when it holds no text. */
function toParagraph(paragraph: Paragraph): OcrParagraph[] {
  const text = escapeMarkdown(paragraph.text.replace(/-\n(?=\p{Ll})/gu, "").replace(/\s*\n\s*/g, " ").trim());
  if (text === "") return [];
  const { x0, y0, x1, y1 } = paragraph.bbox;
  return [{
    text,
    box: { left: x0 / RENDER_SCALE, top: y0 / RENDER_SCALE, right: x1 / RENDER_SCALE, bottom: y1 / RENDER_SCALE },
    confidence: paragraph.confidence / 100,
  }];
}
