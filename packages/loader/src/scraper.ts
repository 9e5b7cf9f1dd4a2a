import type { PdfParser as EnginePdfParser } from "docscrape";

/** PDF parser settings, as in Firecrawl's `parsers: [{ type: "pdf", ... }]` (the engine's type). */
export type PdfParser = Exclude<EnginePdfParser, "pdf">;

/** The scrape request options the loader passes on, as in Firecrawl's `/v2/scrape` body. */
export interface ScrapeOptions {
  formats?: Array<"markdown" | "html" | "links">;
  onlyMainContent?: boolean;
  parsers?: Array<"pdf" | PdfParser>;
  /** Milliseconds the scraper may spend on one document. */
  timeout?: number;
  /**
   * Milliseconds a service's cached copy may be old. The loader sends `0` when it re-scrapes a
   * document it has a copy of (its validators changed, or DOCSCRAPE_REFRESH=1), so that a service
   * that caches (Firecrawl keeps copies for two days) scrapes the changed document afresh.
   */
  maxAge?: number;
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
  /** Pages parsed (capped by `maxPages`). */
  numPages?: number;
  /** Pages in the document, when the scraper reports it. */
  totalPages?: number;
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
