export { documentLoader } from "./loader.js";
export type { DocumentCacheOptions, DocumentInput, DocumentLoaderOptions } from "./options.js";
export { documentFormats, documentSchema, headingSchema } from "./schema.js";
export type { DocumentData, DocumentFormatName } from "./schema.js";
export { createScrapeClient } from "./client.js";
export type { ScrapeClientOptions } from "./client.js";
export { createEmbeddedScraper } from "./embedded.js";
export type { EmbeddedScraperOptions } from "./embedded.js";
export type { PdfParser, ScrapeData, ScrapeMetadata, ScrapeOptions, Scraper } from "./scraper.js";
export type { RetryOptions } from "docscrape/client";
export { FileStore } from "./file-store.js";
export type { FileStoreOptions } from "./file-store.js";
export type { CacheStore } from "./cache.js";
export type { DocumentHeading } from "./markdown.js";
export {
  DocumentLoaderConfigError,
  DocumentLoaderError,
  DocumentSyncError,
  isDocumentLoaderError,
} from "./errors.js";
export type { DocumentFailure, DocumentLoaderErrorCode, DocumentLoaderErrorOptions } from "./errors.js";
export { docscrape } from "./integration.js";
export type { DocscrapeIntegrationOptions } from "./integration.js";
