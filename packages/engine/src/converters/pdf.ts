import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ScrapeError } from "../errors.js";
import type { ConvertOptions, ConvertResult, Converter, PdfOptions } from "../types.js";
import { buildBlocks } from "./pdf/blocks.js";
import type { Block } from "./pdf/blocks.js";
import { findGutter, readingOrder } from "./pdf/columns.js";
import { openPdf, readMetadata } from "./pdf/document.js";
import { extractPageContent } from "./pdf/extract.js";
import { removeFurniture } from "./pdf/furniture.js";
import { measureTypography } from "./pdf/headings.js";
import { buildLines, groupByBaseline } from "./pdf/lines.js";
import type { PageLayout, TextLine } from "./pdf/model.js";
import { createPageReader } from "./pdf/ocr.js";
import type { OcrParagraph, PageReader } from "./pdf/ocr.js";
import { layoutBlocks, physicalPages, placeOcrParagraphs, placeTextBlocks, renderDocument } from "./pdf/output.js";
import type { PlacedBlock } from "./pdf/output.js";
import { ocrReason } from "./pdf/text-quality.js";

const DEFAULT_MAX_PAGES = 10_000;

/**
 * PDF to Markdown from the text layer: lines and runs from pdf.js text items, then reading order
 * (columns), page furniture, headings (font size and weight), lists, tables and paragraphs. Pages
 * without a usable text layer are OCR'd (`mode: "auto"`, the default), or every page (`"ocr"`).
 */
export const pdfConverter: Converter = {
  formats: ["pdf"],
  async convert(bytes, options) {
    const name = options.filename ?? "the PDF";
    if (options.pdf === false) {
      return { markdown: "", metadata: {}, warnings: [`${name} was not parsed because PDF parsing is off; pass parsers: ["pdf"] to convert it.`] };
    }
    const pdfOptions: PdfOptions = options.pdf ?? {};
    const mode = pdfOptions.mode ?? "auto";
    // Note: decoding images makes text extraction about four times slower, so only "ocr" opens the
    // document with them; "auto" opens a second copy for rendering when a page first needs OCR.
    const document = await openPdf(bytes, name, mode === "ocr");
    let rendering: Promise<PDFDocumentProxy> | undefined;
    const renderingDocument = (): Promise<PDFDocumentProxy> => (rendering ??= mode === "ocr" ? Promise.resolve(document) : openPdf(bytes, name, true));
    try {
      return await convertDocument(document, { ...pdfOptions, mode }, options, name, renderingDocument);
    } finally {
      const second = rendering && (await rendering.catch(() => undefined));
      if (second && second !== document) await second.loadingTask.destroy();
      await document.loadingTask.destroy();
    }
  },
};

/** What reading the pages gives: layouts of text-layer pages, OCR'd paragraphs of the others. */
interface ReadPages {
  pages: PageLayout[];
  ocrByPage: Map<number, OcrParagraph[]>;
  warnings: string[];
}

async function readPages(
  document: PDFDocumentProxy,
  pageCount: number,
  mode: NonNullable<PdfOptions["mode"]>,
  renderingDocument: () => Promise<PDFDocumentProxy>,
  options: ConvertOptions,
  name: string,
): Promise<ReadPages> {
  const pages: PageLayout[] = [];
  const ocrByPage = new Map<number, OcrParagraph[]>();
  const warnings: string[] = [];
  const pagesWithoutText: number[] = [];
  const garbledPages: number[] = [];
  const reader = mode === "fast" ? undefined : createPageReader();
  try {
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
      throwIfAborted(options.signal, name);
      const page = await document.getPage(pageIndex + 1);
      try {
        const [, , width, height] = page.getViewport({ scale: 1 }).viewBox as number[];
        const { items, rules, quality } = await extractPageContent(page);
        const reason = mode === "ocr" ? "ocr mode" : ocrReason(quality);
        if (reader && reason) {
          const paragraphs = await ocrPage(reader, await renderingDocument(), pageIndex);
          if (paragraphs.length === 0) warnings.push(`page ${pageIndex + 1} has no text, even with OCR; check that it is not blank.`);
          ocrByPage.set(pageIndex, paragraphs);
          pages.push({ pageIndex, width: width!, height: height!, gutter: undefined, lines: [] });
          continue;
        }
        if (reason === "no text layer") pagesWithoutText.push(pageIndex + 1);
        if (reason === "garbled text layer") garbledPages.push(pageIndex + 1);
        const groups = groupByBaseline(items);
        const gutter = findGutter(groups, width!);
        pages.push({ pageIndex, width: width!, height: height!, gutter, lines: buildLines(items, groups, pageIndex, { gutter, rules }) });
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await reader?.close();
  }
  if (pagesWithoutText.length > 0) warnings.push(pagesWarning(pagesWithoutText, "no text layer"));
  if (garbledPages.length > 0) warnings.push(pagesWarning(garbledPages, "a text layer of unmapped glyphs"));
  return { pages, ocrByPage, warnings };
}

async function ocrPage(reader: PageReader, document: PDFDocumentProxy, pageIndex: number): Promise<OcrParagraph[]> {
  const page = await document.getPage(pageIndex + 1);
  try {
    return await reader.read(page);
  } finally {
    page.cleanup();
  }
}

async function convertDocument(
  document: PDFDocumentProxy,
  pdfOptions: PdfOptions & { mode: NonNullable<PdfOptions["mode"]> },
  options: ConvertOptions,
  name: string,
  renderingDocument: () => Promise<PDFDocumentProxy>,
): Promise<ConvertResult> {
  const metadata = await readMetadata(document);
  const pageCount = Math.min(document.numPages, pdfOptions.maxPages ?? DEFAULT_MAX_PAGES);
  const warnings: string[] = [];
  if (pageCount < document.numPages) {
    warnings.push(`Stopped after ${pageCount} of ${document.numPages} pages of ${name} (pdf.maxPages); ${document.numPages - pageCount} pages were skipped.`);
  }
  const read = await readPages(document, pageCount, pdfOptions.mode, renderingDocument, options, name);
  warnings.push(...read.warnings);
  const pages = options.onlyMainContent !== false ? removeFurniture(read.pages) : read.pages;
  const layout = layOut(pages, read.ocrByPage);
  const placed = layout.documentBlocks();
  const firstHeading = placed.find((entry) => entry.block.kind === "heading")?.block;
  if (metadata.title === undefined && firstHeading?.kind === "heading") metadata.title = firstHeading.plain;
  const rendered = renderDocument(placed, pdfOptions.pageMarkers === true);
  return {
    markdown: rendered.markdown,
    metadata: { ...metadata, numPages: pageCount, totalPages: document.numPages },
    warnings,
    ...(pdfOptions.pages && { pages: physicalPages(pages, layout.pageBlocks) }),
    ...(pdfOptions.blocks && { blocks: layoutBlocks(pages, placed, rendered) }),
  };
}

/**
 * Blocks from the pages: the document's, where a paragraph may run on over a column or page
 * break, and each page's own (for `pages`). Body size and heading sizes are measured over the
 * whole document, not page by page.
 */
function layOut(pages: readonly PageLayout[], ocrByPage: ReadonlyMap<number, OcrParagraph[]>) {
  const linesByPage = pages.map(readingOrder);
  const linesByPageIndex = new Map(pages.map((page, index) => [page.pageIndex, linesByPage[index]!]));
  const typography = measureTypography(linesByPage.flat());
  return {
    documentBlocks(): PlacedBlock[] {
      const placed: PlacedBlock[] = [];
      let pending: TextLine[] = [];
      const flush = (pageIndex: number): void => {
        placed.push(...placeTextBlocks(buildBlocks(pending, typography), pageIndex));
        pending = [];
      };
      pages.forEach((page, index) => {
        const paragraphs = ocrByPage.get(page.pageIndex);
        if (paragraphs === undefined) {
          pending.push(...linesByPage[index]!);
          return;
        }
        flush(page.pageIndex);
        placed.push(...placeOcrParagraphs(page.pageIndex, paragraphs));
      });
      flush(pages.at(-1)?.pageIndex ?? 0);
      return placed;
    },
    pageBlocks(pageIndex: number): Block[] {
      const paragraphs = ocrByPage.get(pageIndex);
      if (paragraphs) return placeOcrParagraphs(pageIndex, paragraphs).map((entry) => entry.block);
      return buildBlocks(linesByPageIndex.get(pageIndex) ?? [], typography);
    },
  };
}

const LISTED_PAGES = 10;

/** One warning for all pages whose text cannot be read (a scan has hundreds), naming the mode that reads them. */
function pagesWarning(pageNumbers: readonly number[], problem: string): string {
  const hint = 'use parsers: [{type:"pdf",mode:"auto"}] to OCR';
  if (pageNumbers.length === 1) return `page ${pageNumbers[0]} has ${problem}; ${hint} it.`;
  const listed = pageNumbers.slice(0, LISTED_PAGES).join(", ");
  const more = pageNumbers.length > LISTED_PAGES ? ` and ${pageNumbers.length - LISTED_PAGES} more` : "";
  return `pages ${listed}${more} have ${problem}; ${hint} them.`;
}

function throwIfAborted(signal: AbortSignal | undefined, name: string): void {
  if (signal?.aborted) {
    throw new ScrapeError("SCRAPE_TIMEOUT", `Converting ${name} was aborted before it finished; allow more time or pass a lower pdf.maxPages.`, {
      cause: signal.reason,
    });
  }
}
