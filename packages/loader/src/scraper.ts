import type {
  DocumentImage,
  PdfParser as EnginePdfParser,
  ScrapeData as EngineScrapeData,
  ScrapeMetadata as EngineScrapeMetadata,
  ScrapeOptions as EngineScrapeOptions,
} from "docscrape";

/** PDF parser settings, as in Firecrawl's `parsers: [{ type: "pdf", ... }]` (the engine's type). */
export type PdfParser = Exclude<EnginePdfParser, "pdf">;

/**
 * The scrape options the loader passes to every scraper: the part of the engine's options that
 * Firecrawl's `/v2/scrape` body also has, so the same object goes to the engine or over HTTP.
 */
export type ScrapeOptions = Pick<EngineScrapeOptions, "formats" | "onlyMainContent" | "parsers" | "timeout"> & {
  /** `false` asks for the document's pictures (inline `data:` URIs over HTTP, `images` in-process). */
  removeBase64Images?: boolean;
  /**
   * Milliseconds a service's cached copy may be old. The loader sends `0` when it re-scrapes a
   * document it has a copy of (its validators changed, or DOCSCRAPE_REFRESH=1), so that a service
   * that caches (Firecrawl keeps copies for two days) scrapes the changed document afresh.
   */
  maxAge?: number;
};

/**
 * `data.metadata` as any Firecrawl-compatible service sends it: the engine's fields, none of
 * them guaranteed (Firecrawl omits some), plus fields the loader does not know, which are kept.
 */
export type ScrapeMetadata = Partial<EngineScrapeMetadata> & { [key: string]: unknown };

/** `data` of a successful scrape, once the loader has checked that it has Markdown. */
export type ScrapeData = Omit<EngineScrapeData, "markdown" | "metadata" | "images"> & {
  markdown: string;
  metadata: ScrapeMetadata;
  /** The pictures the Markdown references as `![alt](name)`, as the embedded engine returns them. */
  images?: ScrapedImage[];
};

/**
 * A picture of a document (the engine's `DocumentImage`; one taken from a `data:` URI knows only
 * its name and type). Once stored (`image-store.ts`) it is kept without its bytes, which live in
 * a file named `name`.
 */
export type ScrapedImage = Pick<DocumentImage, "name" | "contentType"> & Partial<Omit<DocumentImage, "name" | "contentType">>;

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
