import type { DocumentFormat } from "./formats.js";
import type { DocumentImage, ImageLimits } from "./images.js";

/** The document formats the engine recognises (the table is in `formats.ts`). */
export type { DocumentFormat } from "./formats.js";

/** What is known about a document before its bytes are parsed. */
export interface StreamInfo {
  /** File name or last URL path segment, used for the extension. */
  filename?: string;
  /** The `Content-Type` the source sent (parameters such as `charset` included). */
  contentType?: string;
  /** The document's URL: relative links in an HTML document are made absolute against it. */
  url?: string;
}

/** PDF parsing options, as in Firecrawl's `parsers: [{ type: "pdf", ... }]`. */
export interface PdfOptions {
  /**
   * `fast`: text layer only. `auto`: OCR only the pages that need it (no text layer, or one that
   * decodes to garbage). `ocr`: OCR every page without a usable text layer whole, and also read
   * the text in each page's images (charts, screenshots, scanned tables), in reading order among
   * the text layer.
   * @default "auto"
   */
  mode?: "fast" | "auto" | "ocr";
  /** Stop after this many pages (1..10000). @default 10000 */
  maxPages?: number;
  /** Add each physical page's Markdown as `pages`. @default false */
  pages?: boolean;
  /** Join pages in `markdown` with `\n\n---\n\n<!-- page N -->\n\n` (none before page 1). @default false */
  pageMarkers?: boolean;
  /** Add typed layout blocks with normalised bounding boxes and Markdown spans as `blocks`. @default false */
  blocks?: boolean;
}

/** One physical page's Markdown, as in Firecrawl's `data.pages`. */
export interface PdfPage {
  /** 1-based. */
  pageNumber: number;
  markdown: string;
}

/** One layout block of a page, as in Firecrawl's `data.blocks[].items`. */
export interface PdfBlockItem {
  /** `p<page>.b<index>`, unique in the document. */
  id: string;
  /** `"title"`, `"text"`, `"list"` or `"table"`. */
  type: string;
  /** The finer kind: `"doc_title"` (level 1 heading), `"paragraph_title"`, `"list_item"`; `null` when `type` says it all. */
  label: string | null;
  /** `[left, top, right, bottom]` as fractions (0..1) of the page's width and height, origin top left. */
  bbox: [number, number, number, number] | null;
  /** The Markdown the block produced. */
  content: string;
  /** `[start, end)` offsets of `content` in the document's `markdown` (UTF-16 code units, as `String.slice`). */
  markdownSpan: [number, number] | null;
  /** The block's position in the page's reading order, from 0. */
  readingOrder: number;
  /** `"native_text"` (the PDF's text layer) or `"ocr"`. */
  source: "native_text" | "ocr";
  /** `ocr`: tesseract's mean word confidence (0..1) for OCR'd blocks. No layout model, so `layout` is null. */
  confidence: { layout: number | null; ocr: number | null };
}

/** A page's layout blocks, as in Firecrawl's `data.blocks`. */
export interface PdfPageBlocks {
  /** 1-based. */
  pageNumber: number;
  /** Page width in PDF points (1/72 inch). */
  width: number;
  /** Page height in PDF points. */
  height: number;
  status: "ok";
  items: PdfBlockItem[];
}

/** Options every converter receives. */
export interface ConvertOptions extends StreamInfo {
  /** Drop running headers and footers, page numbers and similar page furniture. @default true */
  onlyMainContent?: boolean;
  /** PDF options; `false` returns a PDF unparsed (empty Markdown plus a warning). @default {} */
  pdf?: PdfOptions | false;
  /** Aborts a conversion that runs past its time limit. */
  signal?: AbortSignal;
  /**
   * Return the document's pictures in `images` and reference them in the Markdown as
   * `![alt](name)`; `true` uses the default limits. Off, each picture is its alt text.
   * @default false
   */
  images?: boolean | ImageLimits;
}

/** Document metadata, in the shape of Firecrawl's `data.metadata`. */
export interface DocumentMetadata {
  title?: string;
  description?: string;
  language?: string;
  author?: string;
  /** MIME type of the detected format. */
  contentType?: string;
  format?: DocumentFormat;
  /** Pages parsed (capped by `pdf.maxPages`). */
  numPages?: number;
  /** Pages in the document; more than `numPages` when `maxPages` cut it. */
  totalPages?: number;
  sheetNames?: string[];
}

/** A converter's output. A lossy conversion still succeeds and says what it lost in `warnings`. */
export interface ConvertResult {
  markdown: string;
  metadata: DocumentMetadata;
  warnings: string[];
  /** PDF only, with `pdf.pages`. */
  pages?: PdfPage[];
  /** PDF only, with `pdf.blocks`. */
  blocks?: PdfPageBlocks[];
  /** The pictures the Markdown references, when `images` was asked for. */
  images?: DocumentImage[];
}

/**
 * One converter per format, as markitdown's `DocumentConverter`: pure, bytes in and Markdown out,
 * no network or file system.
 */
export interface Converter {
  /** The formats this converter handles. */
  readonly formats: readonly DocumentFormat[];
  convert(bytes: Uint8Array, options: ConvertOptions & { format: DocumentFormat }): Promise<ConvertResult>;
}
