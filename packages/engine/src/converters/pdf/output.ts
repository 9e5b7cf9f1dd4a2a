import type { PdfBlockItem, PdfPage, PdfPageBlocks } from "../../types.js";
import type { Block } from "./blocks.js";
import { renderBlocks, renderMarkdown } from "./markdown.js";
import type { RenderedBlocks } from "./markdown.js";
import type { TextLine } from "./model.js";

/** A rectangle in top-down page coordinates (points). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A block of the document's Markdown and the place on a page it came from. */
export interface PlacedBlock {
  block: Block;
  /** The page the block starts on (0-based); a paragraph that runs on to the next page belongs to its first. */
  pageIndex: number;
  /** Around the block's lines on that page; `undefined` when nothing says where it is. */
  box: Box | undefined;
  source: "native_text" | "ocr";
  /** Tesseract's confidence for OCR'd blocks, 0..1. */
  ocrConfidence: number | null;
}

/** A page's size in points, and its number among the parsed pages. */
export interface PageSize {
  pageIndex: number;
  width: number;
  height: number;
}

// Note: a text line's box from its baseline and font size: ascenders reach about one em above
// the baseline, descenders about a quarter em below it.
const ASCENT = 1;
const DESCENT = 0.25;

function lineBox(line: TextLine): Box {
  return { left: line.x, top: line.baseline - ASCENT * line.fontSize, right: line.right, bottom: line.baseline + DESCENT * line.fontSize };
}

function union(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  return {
    left: Math.min(...boxes.map((box) => box.left)),
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

/**
 * Place blocks built from lines: on the page of their first line, boxed around their lines there;
 * `ocrConfidence` tells the pages read by OCR, and how sure it was.
 */
export function placeTextBlocks(blocks: readonly Block[], fallbackPageIndex: number, ocrConfidence: (pageIndex: number) => number | undefined): PlacedBlock[] {
  return blocks.map((block) => {
    const pageIndex = block.lines?.[0]?.pageIndex ?? fallbackPageIndex;
    const box = union((block.lines ?? []).filter((line) => line.pageIndex === pageIndex).map(lineBox));
    const confidence = ocrConfidence(pageIndex);
    return { block, pageIndex, box, source: confidence === undefined ? "native_text" : "ocr", ocrConfidence: confidence ?? null };
  });
}

/**
 * The document's Markdown; with `pageMarkers`, a marker before the first block of each page but
 * the first. A page on which no block starts (its text all continues a paragraph of the page
 * before) gets no marker, as with Firecrawl's cross-page stitching.
 */
export function renderDocument(placed: readonly PlacedBlock[], pageMarkers: boolean): RenderedBlocks {
  const markerBefore = (index: number): number | undefined => {
    const page = placed[index]!.pageIndex;
    return page > placed[index - 1]!.pageIndex ? page + 1 : undefined;
  };
  return renderBlocks(
    placed.map((entry) => entry.block),
    pageMarkers ? markerBefore : undefined,
  );
}

/** Each parsed page's own Markdown, in page order, blank pages included. */
export function physicalPages(pages: readonly PageSize[], blocksOfPage: (pageIndex: number) => readonly Block[]): PdfPage[] {
  return pages.map(({ pageIndex }) => ({ pageNumber: pageIndex + 1, markdown: renderMarkdown(blocksOfPage(pageIndex)).trimEnd() }));
}

const LABELS: Readonly<Record<Block["kind"], { type: string; label: (block: Block) => string | null }>> = {
  heading: { type: "title", label: (block) => (block.kind === "heading" && block.level === 1 ? "doc_title" : "paragraph_title") },
  paragraph: { type: "text", label: () => null },
  "list-item": { type: "list", label: () => "list_item" },
  code: { type: "code", label: () => null },
  table: { type: "table", label: () => null },
};

/** Firecrawl's `blocks`: per page, each block's type, normalised box, Markdown and where it is in `markdown`. */
export function layoutBlocks(pages: readonly PageSize[], placed: readonly PlacedBlock[], rendered: RenderedBlocks): PdfPageBlocks[] {
  const itemsByPage = new Map<number, PdfBlockItem[]>(pages.map((page) => [page.pageIndex, []]));
  const sizeByPage = new Map(pages.map((page) => [page.pageIndex, page]));
  placed.forEach((entry, index) => {
    const items = itemsByPage.get(entry.pageIndex);
    const size = sizeByPage.get(entry.pageIndex);
    if (!items || !size) return;
    const span = rendered.spans[index]!;
    const kind = LABELS[entry.block.kind];
    items.push({
      id: `p${entry.pageIndex + 1}.b${items.length}`,
      type: kind.type,
      label: kind.label(entry.block),
      bbox: entry.box ? normalise(entry.box, size) : null,
      content: rendered.markdown.slice(span[0], span[1]),
      markdownSpan: span,
      readingOrder: items.length,
      source: entry.source,
      confidence: { layout: null, ocr: entry.ocrConfidence },
    });
  });
  return pages.map(({ pageIndex, width, height }) => ({
    pageNumber: pageIndex + 1,
    width: round(width, 2),
    height: round(height, 2),
    status: "ok",
    items: itemsByPage.get(pageIndex)!,
  }));
}

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;
const fraction = (value: number, whole: number): number => round(Math.min(1, Math.max(0, value / whole)), 4);

function normalise(box: Box, size: PageSize): [number, number, number, number] {
  return [fraction(box.left, size.width), fraction(box.top, size.height), fraction(box.right, size.width), fraction(box.bottom, size.height)];
}
