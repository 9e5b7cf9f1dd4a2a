import { convert } from "docscrape";
import { figure } from "../lib/figures.mjs";
import { generatedPdf, scannedPdf } from "../lib/generate-files.mjs";
import { fastestOf, timed } from "../lib/timer.mjs";

/**
 * Figure 6: what OCR costs per page. A generated PDF is converted from its text layer (what a page
 * with a good text layer costs in the default `"auto"`), and the same pages scanned at 200 dpi
 * (images without a text layer) are converted in `"auto"`, which OCRs each of them.
 * Note: the OCR time includes rendering the page at 200 dpi and starting tesseract's worker once
 * per document, as a conversion does.
 *
 * @param {{ scale: { ocrReports: number, ocrRuns: number } }} context
 */
export async function ocrCost({ scale }) {
  const bytes = new Uint8Array(await generatedPdf(scale.ocrReports));
  const scanned = new Uint8Array(await scannedPdf(bytes));
  const fast = await convert(bytes, { filename: "generated.pdf", pdf: { mode: "fast" } });
  const pages = fast.metadata.numPages ?? 1;
  // Note: the first conversion above also warmed pdf.js; each keeps its fastest run.
  const textLayer = await fastestOf(scale.ocrRuns, () => timed(() => convert(bytes, { filename: "generated.pdf", pdf: { mode: "fast" } })));
  const ocr = await fastestOf(scale.ocrRuns, () => timed(() => convert(scanned, { filename: "scanned.pdf", pdf: { mode: "auto" } })));
  // Note: a figure of pages that were not OCR'd would say nothing; the scan's words must come back.
  const firstWords = fast.markdown.match(/[A-Za-z]{6,}/g)?.slice(0, 20) ?? [];
  const found = firstWords.filter((word) => ocr.value.markdown.includes(word)).length;
  if (found < firstWords.length / 2) throw new Error(`OCR of the scanned pages found ${found} of ${firstWords.length} words of the text layer`);
  const textSeconds = textLayer.ms / 1000 / pages;
  const ocrSeconds = ocr.ms / 1000 / pages;
  const note = `${pages} generated pages, fastest of ${scale.ocrRuns} run(s); one thread`;
  return [
    figure({ name: "PDF text layer (mode fast): seconds per page", value: textSeconds, unit: "s/page", note }),
    figure({ name: "PDF OCR (a scan, mode auto): seconds per page", value: ocrSeconds, unit: "s/page", note: `${note}; 200 dpi render + tesseract.js (eng, LSTM)` }),
    figure({ name: "PDF OCR / text layer, per page (time)", value: ocrSeconds / textSeconds, unit: "×", note: "what each page that needs OCR costs in mode auto" }),
  ];
}
