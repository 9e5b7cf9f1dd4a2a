import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Worker } from "tesseract.js";
import { escapeMarkdown } from "./escape.js";
import { renderPage } from "./render.js";

// Note: pages are rendered at 200 dpi (PDF space is 72 dpi): enough for body text, and a
// letter-size page stays near 1700 x 2200 pixels.
const RENDER_SCALE = 200 / 72;

/** OCR of rendered pages with tesseract.js, one worker for the whole document. */
export interface PageReader {
  /** The page's text, paragraphs separated by blank lines. */
  read(page: PDFPageProxy): Promise<string>;
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
    return createWorker("eng", OEM.LSTM_ONLY, { langPath, cacheMethod: "none", gzip: true });
  };
  return {
    async read(page) {
      worker ??= start();
      const image = (await renderPage(page, RENDER_SCALE)).toBuffer("image/png");
      const { data } = await (await worker).recognize(image);
      return toParagraphs(data.text);
    },
    async close() {
      if (worker) await (await worker).terminate();
    },
  };
}

/** Tesseract's text as Markdown paragraphs: lines of a block joined, blocks apart. */
function toParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => escapeMarkdown(block.replace(/-\n(?=\p{Ll})/gu, "").replace(/\s*\n\s*/g, " ").trim()))
    .filter((block) => block !== "")
    .join("\n\n");
}
