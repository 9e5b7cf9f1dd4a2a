import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Paragraph, Worker } from "tesseract.js";
import { escapeMarkdown } from "./escape.js";
import { renderPage } from "./render.js";

// Note: pages are rendered at 200 dpi (PDF space is 72 dpi): enough for body text, and a
// letter-size page stays near 1700 x 2200 pixels.
const RENDER_SCALE = 200 / 72;

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
    async close() {
      if (worker) await (await worker).terminate();
    },
  };
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
