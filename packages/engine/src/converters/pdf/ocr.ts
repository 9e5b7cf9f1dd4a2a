import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Worker } from "tesseract.js";
import { escapeMarkdown } from "./escape.js";

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
      const image = await renderPage(page);
      const { data } = await (await worker).recognize(image);
      return toParagraphs(data.text);
    },
    async close() {
      if (worker) await (await worker).terminate();
    },
  };
}

async function renderPage(page: PDFPageProxy): Promise<Buffer> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const viewport = page.getViewport({ scale: RENDER_SCALE });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  // Note: scans are often transparent images; tesseract reads black on white.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  const parameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<PDFPageProxy["render"]>[0];
  await page.render(parameters).promise;
  return canvas.toBuffer("image/png");
}

/** Tesseract's text as Markdown paragraphs: lines of a block joined, blocks apart. */
function toParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => escapeMarkdown(block.replace(/-\n(?=\p{Ll})/gu, "").replace(/\s*\n\s*/g, " ").trim()))
    .filter((block) => block !== "")
    .join("\n\n");
}
