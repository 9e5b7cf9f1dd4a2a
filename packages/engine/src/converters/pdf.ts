import type { Canvas } from "@napi-rs/canvas";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ScrapeError } from "../errors.js";
import { imageCollectorFor, imageMarkdown } from "../images.js";
import type { ImageCollector } from "../images.js";
import type { ConvertOptions, ConvertResult, Converter, PdfOptions } from "../types.js";
import { buildBlocks } from "./pdf/blocks.js";
import type { Block } from "./pdf/blocks.js";
import { findGutter, readingOrder } from "./pdf/columns.js";
import { looksTruncated, openPdf, readMetadata } from "./pdf/document.js";
import { extractPageContent } from "./pdf/extract.js";
import { findTableFrames } from "./pdf/frames.js";
import { isHeadingUnderline } from "./pdf/heading-rules.js";
import { removeFurniture } from "./pdf/furniture.js";
import { measureTypography } from "./pdf/headings.js";
import { captionOf, isPageImage, placeImages } from "./pdf/image-placement.js";
import type { PageImage } from "./pdf/images.js";
import { documentWords } from "./pdf/join-lines.js";
import { buildLines, groupByBaseline } from "./pdf/lines.js";
import type { Gutter, PageLayout, PdfTextItem, TextLine } from "./pdf/model.js";
import type { Rulings } from "./pdf/rules.js";
import { mirrorPage, readsRightToLeft } from "./pdf/mirror.js";
import { createPageReader } from "./pdf/ocr.js";
import { renderPage } from "./pdf/render.js";
import { reviseHeadings } from "./pdf/revise-headings.js";
import { rankTitlePageFirst } from "./pdf/title-page.js";
import { keepTableMarkNotes } from "./pdf/table-notes.js";
import { splitTablesSideBySide } from "./pdf/tables.js";
import type { OcrPage, PageReader } from "./pdf/ocr.js";
import { layoutBlocks, physicalPages, placeTextBlocks, renderDocument } from "./pdf/output.js";
import type { PlacedBlock } from "./pdf/output.js";
import { ocrReason } from "./pdf/text-quality.js";

const DEFAULT_MAX_PAGES = 10_000;

/**
 * PDF to Markdown from the text layer: lines and runs from pdf.js text items, then reading order
 * (columns), page furniture, headings (font size and weight), lists, tables, code and paragraphs.
 * Pages without a usable text layer are OCR'd (`mode: "auto"`, the default); `"ocr"` also reads
 * the text inside each page's images. With `options.images`, pictures are placed in reading order.
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
    const images = await imageCollectorFor(options);
    // Note: pdf.js decodes no picture larger than `maxImageSize` pixels, and decoding makes text
    // extraction about four times slower: a text-only conversion decodes none (1), one with
    // pictures stops at the image limit (so a bomb never decodes), and "ocr" decodes all (-1) to
    // render pages. "auto" opens a second copy for rendering when a page first needs OCR.
    const maxImageSize = images ? images.limits.maxPixels : mode === "ocr" ? -1 : 1;
    // Note: "ocr" renders the pages it reads; otherwise pages are drawn only to OCR one without
    // text or to crop a figure, from a second copy opened when the first such page comes.
    const document = await openPdf(bytes, name, { maxImageSize, drawn: mode === "ocr" });
    const drawnCopies = new Map<number, Promise<PDFDocumentProxy>>(mode === "ocr" ? [[maxImageSize, Promise.resolve(document)]] : []);
    const drawnDocument: DrawnDocument = (copyMaxImageSize) => {
      let copy = drawnCopies.get(copyMaxImageSize);
      if (!copy) drawnCopies.set(copyMaxImageSize, (copy = openPdf(bytes, name, { maxImageSize: copyMaxImageSize, drawn: true })));
      return copy;
    };
    try {
      const result = await convertDocument(document, { ...pdfOptions, mode }, options, name, drawnDocument, images);
      if (looksTruncated(bytes)) result.warnings.unshift(`${name} looks truncated (it does not end with %%EOF), so pages may be missing; check that the file is complete.`);
      return result;
    } finally {
      for (const copy of drawnCopies.values()) {
        const opened = await copy.catch(() => undefined);
        if (opened && opened !== document) await opened.loadingTask.destroy();
      }
      await document.loadingTask.destroy();
    }
  },
};

/** The document opened for drawing, decoding images up to `maxImageSize` pixels (-1: all); opened once per limit. */
type DrawnDocument = (maxImageSize: number) => Promise<PDFDocumentProxy>;

/** What reading the pages gives: layouts of the pages (from the text layer or OCR), pictures. */
interface ReadPages {
  pages: PageLayout[];
  imagesByPage: Map<number, PageImage[]>;
  warnings: string[];
}

async function readPages(
  document: PDFDocumentProxy,
  pageCount: number,
  mode: NonNullable<PdfOptions["mode"]>,
  drawnDocument: DrawnDocument,
  options: ConvertOptions,
  name: string,
  maxImageSize: number | undefined,
): Promise<ReadPages> {
  const pages: PageLayout[] = [];
  const imagesByPage = new Map<number, PageImage[]>();
  // Note: the picture modules (and Skia) load only when pictures are asked for.
  const pictures = maxImageSize !== undefined ? await import("./pdf/images.js") : undefined;
  const findVectorFigures = maxImageSize !== undefined ? (await import("./pdf/vector-figures.js")).createVectorFigureFinder() : undefined;
  const warnings: string[] = [];
  const pagesWithoutText: number[] = [];
  const garbledPages: number[] = [];
  const reader = mode === "fast" ? undefined : createPageReader();
  try {
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
      throwIfAborted(options.signal, name);
      const page = await document.getPage(pageIndex + 1);
      try {
        const { items, rulings, images, quality, turn, width, height } = await extractPageContent(page);
        const reason = ocrReason(quality);
        // Note: in "ocr" mode a page with a usable text layer keeps it (and so its headings), and
        // the text in its images is read and placed among it.
        if (reader && mode === "ocr" && !reason) items.push(...(await reader.readImages(page, images, items)));
        // Note: the words OCR reads on a page without a usable text layer take the text layer's
        // place, and go through the same layout analysis (headings, lists, tables, columns).
        if (reader && reason) {
          const read = await ocrPage(reader, await drawnDocument(-1), pageIndex);
          if (read.items.length === 0) warnings.push(`page ${pageIndex + 1} has no text, even with OCR; check that it is not blank.`);
          pages.push({ ...pageLayout({ pageIndex, width: width!, height: height! }, read.items, read.rulings), ocrConfidence: read.confidence });
          continue;
        }
        if (reason === "no text layer") pagesWithoutText.push(pageIndex + 1);
        if (reason === "garbled text layer") garbledPages.push(pageIndex + 1);
        let pageImages: PageImage[] = [];
        if (pictures && findVectorFigures && maxImageSize !== undefined) {
          const rasters = await pictures.extractPageImages(page, pageIndex, turn);
          const draw = (scale: number) => drawPage(drawnDocument(maxImageSize), pageIndex, scale, turn);
          pageImages = [...rasters, ...(await findVectorFigures(page, pageIndex, items, rasters, draw, turn))];
        }
        const read = readsRightToLeft(items) ? mirrorPage(width!, { items, rulings, images: pageImages }) : { items, rulings, images: pageImages };
        if (pictures) imagesByPage.set(pageIndex, read.images);
        pages.push(pageLayout({ pageIndex, width: width!, height: height! }, read.items, read.rulings, pages.at(-1)?.gutter));
      } finally {
        page.cleanup();
      }
    }
  } finally {
    await reader?.close();
  }
  if (pagesWithoutText.length > 0) warnings.push(pagesWarning(pagesWithoutText, "no text layer"));
  if (garbledPages.length > 0) warnings.push(pagesWarning(garbledPages, "a text layer of unmapped glyphs"));
  return { pages, imagesByPage, warnings };
}

/**
 * A page's text items made into lines, cut at the gutters of its columns (or those of the page
 * before, `previous`, where they go on) and at its drawn rules.
 */
function pageLayout(page: { pageIndex: number; width: number; height: number }, items: readonly PdfTextItem[], rulings: Rulings, previous?: Gutter): PageLayout {
  const groups = groupByBaseline(items);
  const gutter = findGutter(groups, page.width, previous);
  return { ...page, gutter, rulings, lines: buildLines(items, groups, page, { gutter, rules: rulings.vertical }) };
}

/** A page of a drawn copy rendered at `scale`, turned `turn` degrees beyond its own rotation. */
async function drawPage(document: Promise<PDFDocumentProxy>, pageIndex: number, scale: number, turn: number): Promise<Canvas> {
  const page = await (await document).getPage(pageIndex + 1);
  try {
    return await renderPage(page, scale, turn);
  } finally {
    page.cleanup();
  }
}

async function ocrPage(reader: PageReader, document: PDFDocumentProxy, pageIndex: number): Promise<OcrPage> {
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
  drawnDocument: DrawnDocument,
  images: ImageCollector | undefined,
): Promise<ConvertResult> {
  const metadata = await readMetadata(document);
  const pageCount = Math.min(document.numPages, pdfOptions.maxPages ?? DEFAULT_MAX_PAGES);
  const warnings: string[] = [];
  if (pageCount < document.numPages) {
    warnings.push(`Stopped after ${pageCount} of ${document.numPages} pages of ${name} (pdf.maxPages); ${document.numPages - pageCount} pages were skipped.`);
  }
  const read = await readPages(document, pageCount, pdfOptions.mode, drawnDocument, options, name, images?.limits.maxPixels);
  warnings.push(...read.warnings);
  const mainContent = options.onlyMainContent !== false;
  const pages = mainContent ? removeFurniture(read.pages) : read.pages;
  const pictures = images && (await import("./pdf/images.js"));
  const imagesByPage = mainContent && pictures ? pictures.dropRepeatedImages(read.imagesByPage) : read.imagesByPage;
  // Note: each picture is named once, however often the layout is asked for (the document, and each page).
  const markdownByImage = new Map<PageImage, string | undefined>();
  const addImage = (image: PageImage, caption: string | undefined): string | undefined => {
    if (!markdownByImage.has(image)) {
      const imageName = images?.add(image.bytes, { alt: caption, page: image.pageIndex + 1 });
      markdownByImage.set(image, imageName && imageMarkdown(caption ?? "", imageName));
    }
    return markdownByImage.get(image);
  };
  const layout = layOut(pages, imagesByPage, addImage);
  const placed = rankTitlePageFirst(layout.documentBlocks());
  const firstHeading = placed.find((entry) => entry.block.kind === "heading")?.block;
  if (metadata.title === undefined && firstHeading?.kind === "heading") metadata.title = firstHeading.plain;
  const rendered = renderDocument(placed, pdfOptions.pageMarkers === true);
  const pageOutput = pdfOptions.pages ? physicalPages(pages, layout.pageBlocks) : undefined;
  const collected = await images?.finish();
  if (collected) warnings.push(...collected.warnings);
  return {
    markdown: rendered.markdown,
    metadata: { ...metadata, numPages: pageCount, totalPages: document.numPages },
    warnings,
    ...(pageOutput && { pages: pageOutput }),
    ...(pdfOptions.blocks && { blocks: layoutBlocks(pages, placed, rendered) }),
    ...(collected && { images: collected.images }),
  };
}

/**
 * Blocks from the pages: the document's, where a paragraph may run on over a column or page
 * break, and each page's own (for `pages`). Body size and heading sizes are measured over the
 * whole document, not page by page. Pictures stand where they sit in the reading order, each a
 * paragraph of its own holding its `![alt](name)` (`addImage` names it, or answers `undefined`
 * to leave it out).
 */
function layOut(
  pages: readonly PageLayout[],
  imagesByPage: ReadonlyMap<number, PageImage[]>,
  addImage: (image: PageImage, caption: string | undefined) => string | undefined,
) {
  const linesByPage = pages.map(readingOrder);
  const typography = measureTypography(linesByPage.flat());
  const words = documentWords(linesByPage.flat());
  const framesByPage = new Map(
    pages.map((page, index) => [page.pageIndex, findTableFrames(page.rulings, page.lines, (rule) => isHeadingUnderline(rule, linesByPage[index]!, typography))]),
  );
  const fillsByPage = new Map(pages.map((page) => [page.pageIndex, page.rulings.fills]));
  const ocrConfidenceByPage = new Map(pages.flatMap((page) => (page.ocrConfidence === undefined ? [] : [[page.pageIndex, page.ocrConfidence]])));
  const ocrConfidence = (pageIndex: number): number | undefined => ocrConfidenceByPage.get(pageIndex);
  /** Pages in a row: their lines through layout analysis, with the pictures between them. */
  const textBlocks = (indexes: readonly number[]): PlacedBlock[] => {
    const placed: PlacedBlock[] = [];
    let pending: TextLine[] = [];
    const flush = (pageIndex: number): void => {
      placed.push(...placeTextBlocks(reviseHeadings(keepTableMarkNotes(splitTablesSideBySide(buildBlocks(pending, typography, framesByPage, fillsByPage, words))), typography), pageIndex, ocrConfidence));
      pending = [];
    };
    for (const index of indexes) {
      const { pageIndex } = pages[index]!;
      const items = placeImages(linesByPage[index]!, imagesByPage.get(pageIndex) ?? []);
      items.forEach((item, at) => {
        if (!isPageImage(item)) return void pending.push(item);
        const markdown = addImage(item, captionOf(items, at, linesByPage[index + 1]?.[0]));
        if (markdown === undefined) return;
        flush(pageIndex);
        placed.push({ block: { kind: "paragraph", text: markdown }, pageIndex, box: item, source: "native_text", ocrConfidence: null });
      });
    }
    flush(pages[indexes.at(-1) ?? 0]?.pageIndex ?? 0);
    return placed;
  };
  return {
    documentBlocks: (): PlacedBlock[] => textBlocks(pages.map((_, index) => index)),
    pageBlocks(pageIndex: number): Block[] {
      const index = pages.findIndex((page) => page.pageIndex === pageIndex);
      return index < 0 ? [] : textBlocks([index]).map((entry) => entry.block);
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
