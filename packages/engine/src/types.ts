/** The document formats the engine recognises. */
export type DocumentFormat =
  | "pdf"
  | "docx"
  | "doc"
  | "xlsx"
  | "xls"
  | "ods"
  | "csv"
  | "markdown"
  | "text";

/** What is known about a document before its bytes are parsed. */
export interface StreamInfo {
  /** File name or last URL path segment, used for the extension. */
  filename?: string;
  /** The `Content-Type` the source sent (parameters such as `charset` included). */
  contentType?: string;
}

/** PDF parsing options, as in Firecrawl's `parsers: [{ type: "pdf", ... }]`. */
export interface PdfOptions {
  /**
   * `fast`: text layer only. `auto`: OCR pages that have no text layer. `ocr`: also read the text
   * in each page's images (charts, screenshots, scanned tables) by OCR, in reading order among
   * the text layer; pages without a text layer are OCR'd whole.
   * @default "fast"
   */
  mode?: "fast" | "auto" | "ocr";
  /** Stop after this many pages (1..10000). @default 10000 */
  maxPages?: number;
}

/** Options every converter receives. */
export interface ConvertOptions extends StreamInfo {
  /** Drop running headers and footers, page numbers and similar page furniture. @default true */
  onlyMainContent?: boolean;
  /** PDF options; `false` returns a PDF unparsed (empty Markdown plus a warning). @default {} */
  pdf?: PdfOptions | false;
  /** Aborts a conversion that runs past its time limit. */
  signal?: AbortSignal;
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
  numPages?: number;
  sheetNames?: string[];
}

/** A converter's output. A lossy conversion still succeeds and says what it lost in `warnings`. */
export interface ConvertResult {
  markdown: string;
  metadata: DocumentMetadata;
  warnings: string[];
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
