import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ScrapeError } from "../errors.js";
import type { ConvertOptions, ConvertResult, Converter, PdfOptions } from "../types.js";
import { buildBlocks } from "./pdf/blocks.js";
import type { Block } from "./pdf/blocks.js";
import { findGutter, readingOrder } from "./pdf/columns.js";
import { openPdf, readMetadata } from "./pdf/document.js";
import { extractPageContent } from "./pdf/extract.js";
import { findTableFrames } from "./pdf/frames.js";
import { removeFurniture } from "./pdf/furniture.js";
import { measureTypography } from "./pdf/headings.js";
import { buildLines, groupByBaseline } from "./pdf/lines.js";
import { renderMarkdown } from "./pdf/markdown.js";
import type { PageLayout, TextLine } from "./pdf/model.js";
import { createPageReader } from "./pdf/ocr.js";

const DEFAULT_MAX_PAGES = 10_000;

/**
 * PDF to Markdown from the text layer: lines and runs from pdf.js text items, then reading order
 * (columns), page furniture, headings (font size and weight), lists, tables and paragraphs.
 */
export const pdfConverter: Converter = {
  formats: ["pdf"],
  async convert(bytes, options) {
    const name = options.filename ?? "the PDF";
    if (options.pdf === false) {
      return { markdown: "", metadata: {}, warnings: [`${name} was not parsed because PDF parsing is off; pass parsers: ["pdf"] to convert it.`] };
    }
    const pdfOptions: PdfOptions = options.pdf ?? {};
    const document = await openPdf(bytes, name, (pdfOptions.mode ?? "fast") !== "fast");
    try {
      return await convertDocument(document, pdfOptions, options, name);
    } finally {
      await document.loadingTask.destroy();
    }
  },
};

async function convertDocument(
  document: PDFDocumentProxy,
  pdfOptions: PdfOptions,
  options: ConvertOptions,
  name: string,
): Promise<ConvertResult> {
  const warnings: string[] = [];
  const metadata = await readMetadata(document);
  const mode = pdfOptions.mode ?? "fast";
  const pageCount = Math.min(document.numPages, pdfOptions.maxPages ?? DEFAULT_MAX_PAGES);
  if (pageCount < document.numPages) {
    warnings.push(`Stopped after ${pageCount} of ${document.numPages} pages of ${name} (pdf.maxPages); ${document.numPages - pageCount} pages were skipped.`);
  }
  let pages: PageLayout[] = [];
  const ocrTextByPage = new Map<number, string>();
  const pagesWithoutText: number[] = [];
  const reader = mode === "fast" ? undefined : createPageReader();
  try {
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
      throwIfAborted(options.signal, name);
      const page = await document.getPage(pageIndex + 1);
      try {
        const [, , width, height] = page.getViewport({ scale: 1 }).viewBox as number[];
        const { items, rulings } = await extractPageContent(page);
        if (reader && (mode === "ocr" || items.length === 0)) {
          const text = await reader.read(page);
          if (text === "") warnings.push(`page ${pageIndex + 1} has no text, even with OCR; check that it is not blank.`);
          ocrTextByPage.set(pageIndex, text);
          pages.push({ pageIndex, width: width!, height: height!, gutter: undefined, lines: [], rulings });
          continue;
        }
        if (items.length === 0) pagesWithoutText.push(pageIndex + 1);
        const groups = groupByBaseline(items);
        const gutter = findGutter(groups, width!);
        pages.push({ pageIndex, width: width!, height: height!, gutter, rulings, lines: buildLines(items, groups, pageIndex, { gutter, rules: rulings.vertical }) });
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await reader?.close();
  }
  if (pagesWithoutText.length > 0) warnings.push(noTextLayerWarning(pagesWithoutText));
  if (options.onlyMainContent !== false) pages = removeFurniture(pages);
  const blocks = pagesToBlocks(pages, ocrTextByPage);
  const firstHeading = blocks.find((block) => block.kind === "heading");
  if (metadata.title === undefined && firstHeading) metadata.title = firstHeading.plain;
  return { markdown: renderMarkdown(blocks), metadata, warnings };
}

/** Blocks of all pages in order: text-layer pages through layout analysis, OCR'd pages as paragraphs. */
function pagesToBlocks(pages: readonly PageLayout[], ocrTextByPage: ReadonlyMap<number, string>): Block[] {
  const linesByPage = pages.map(readingOrder);
  // Note: body size and heading sizes are measured over the whole document, not page by page.
  const typography = measureTypography(linesByPage.flat());
  const framesByPage = new Map(pages.map((page) => [page.pageIndex, findTableFrames(page.rulings)]));
  const blocks: Block[] = [];
  let pending: TextLine[] = [];
  pages.forEach((page, index) => {
    const ocrText = ocrTextByPage.get(page.pageIndex);
    if (ocrText === undefined) {
      pending.push(...linesByPage[index]!);
      return;
    }
    blocks.push(...buildBlocks(pending, typography, framesByPage));
    pending = [];
    for (const paragraph of ocrText.split("\n\n")) if (paragraph) blocks.push({ kind: "paragraph", text: paragraph });
  });
  blocks.push(...buildBlocks(pending, typography, framesByPage));
  return blocks;
}

const LISTED_PAGES = 10;

/** One warning for all pages without a text layer (a scan has hundreds), naming the mode that reads them. */
function noTextLayerWarning(pageNumbers: readonly number[]): string {
  const hint = 'use parsers: [{type:"pdf",mode:"auto"}] to OCR it.';
  if (pageNumbers.length === 1) return `page ${pageNumbers[0]} has no text layer; ${hint}`;
  const listed = pageNumbers.slice(0, LISTED_PAGES).join(", ");
  const more = pageNumbers.length > LISTED_PAGES ? ` and ${pageNumbers.length - LISTED_PAGES} more` : "";
  return `pages ${listed}${more} have no text layer; ${hint.replace("OCR it", "OCR them")}`;
}

function throwIfAborted(signal: AbortSignal | undefined, name: string): void {
  if (signal?.aborted) {
    throw new ScrapeError("SCRAPE_TIMEOUT", `Converting ${name} was aborted before it finished; allow more time or pass a lower pdf.maxPages.`, {
      cause: signal.reason,
    });
  }
}
