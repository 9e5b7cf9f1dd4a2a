export { convert } from "./convert.js";
export { detectFormat } from "./detect.js";
export { ScrapeError, isScrapeError, STATUS_BY_CODE } from "./errors.js";
export { DEFAULT_IMAGE_LIMITS } from "./images.js";
export type { DocumentImage, ImageLimits } from "./images.js";
export type { ScrapeErrorCode, ScrapeErrorOptions } from "./errors.js";
export { scrape } from "./scrape.js";
export type { PdfParser, ScrapeData, ScrapeFormat, ScrapeMetadata, ScrapeOptions } from "./scrape.js";
export { createRedisStore, createScrapeCache } from "./scrape-cache.js";
export type { ScrapeCache, ScrapeCacheStore } from "./scrape-cache.js";
export type { ParseData, ParseMetadata } from "./scrape.js";
export { createServer } from "./server.js";
export { createWorkerPool } from "./worker-pool.js";
export type { WorkerJobOptions, WorkerPool, WorkerPoolOptions } from "./worker-pool.js";
export { serveWorkerJobs } from "./worker-jobs.js";
export type { WorkerReply } from "./worker-jobs.js";
export type { ScrapeServer, ServerOptions } from "./server.js";
export type {
  ConvertOptions,
  ConvertResult,
  DocumentFormat,
  DocumentMetadata,
  PdfBlockItem,
  PdfOptions,
  PdfPage,
  PdfPageBlocks,
  StreamInfo,
} from "./types.js";
