/** PDF parser settings, as in Firecrawl's `parsers: [{ type: "pdf", ... }]`. */
export interface PdfParser {
  type: "pdf";
  mode?: "fast" | "auto" | "ocr";
  maxPages?: number;
}

/** The scrape request options the loader passes on, as in Firecrawl's `/v2/scrape` body. */
export interface ScrapeOptions {
  formats?: Array<"markdown" | "html" | "links">;
  onlyMainContent?: boolean;
  parsers?: Array<"pdf" | PdfParser>;
  /** Milliseconds the scraper may spend on one document. */
  timeout?: number;
  /** `false` asks for the document's pictures (inline `data:` URIs over HTTP, `images` in-process). */
  removeBase64Images?: boolean;
}

/** `data.metadata` of a scrape result. Unknown fields are kept. */
export interface ScrapeMetadata {
  title?: string;
  description?: string;
  language?: string;
  /** The URL as requested. */
  sourceURL?: string;
  /** The final URL after redirects. */
  url?: string;
  /** The status the document's own server answered with; `>= 400` means the document failed. */
  statusCode?: number;
  contentType?: string;
  numPages?: number;
  sheetNames?: string[];
  /** The source's `ETag`, when the embedded engine saw one. */
  etag?: string;
  /** The source's `Last-Modified`, when the embedded engine saw one. */
  lastModified?: string;
  [key: string]: unknown;
}

/** `data` of a successful `/v2/scrape` response. */
export interface ScrapeData {
  markdown: string;
  html?: string;
  links?: string[];
  metadata: ScrapeMetadata;
  /** A lossy spot the scraper reports, e.g. a PDF page without a text layer. */
  warning?: string;
  /** The pictures the Markdown references as `![alt](name)`, as the embedded engine returns them. */
  images?: ScrapedImage[];
}

/**
 * A picture of a document (the engine's `DocumentImage`). Once stored (`image-store.ts`) it is
 * kept without its bytes, which live in a file named `name`.
 */
export interface ScrapedImage {
  /** A relative file name such as `image-3f2a9c1b0d4e5f60.png`. */
  name: string;
  contentType: string;
  bytes?: Uint8Array;
  alt?: string;
  width?: number;
  height?: number;
  page?: number;
}

/**
 * Anything that turns a document URL into Markdown: the HTTP client (`client.ts`), the embedded
 * engine (`embedded.ts`) or a user's own. Failures reject with a `DocumentLoaderError`.
 */
export interface Scraper {
  /**
   * Identifies what produces the Markdown (e.g. `"api:https://api.firecrawl.dev"`); part of the
   * cache key, so switching scrapers re-scrapes. Never contains a secret.
   */
  readonly id: string;
  scrape(url: string, options: ScrapeOptions): Promise<ScrapeData>;
}
