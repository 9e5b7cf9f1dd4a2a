// The `docscrape/client` entry point: the HTTP client of Firecrawl-compatible APIs and its retry
// policy, without the converters. Note: a second entry point so that the Astro loader can import
// it at config time, on every build, without loading the engine (pdf.js, undici, the server).
export { ScrapeClientError, isScrapeClientError } from "./client-error.js";
export type { ScrapeClientErrorCode, ScrapeClientErrorOptions } from "./client-error.js";
export { errorForStatus, parseRetryAfter, parseRetryAfterText, resolveRetryOptions, withRetry } from "./retry.js";
export type { ResolvedRetryOptions, RetryListener, RetryOptions, StatusFailure, WithRetryOptions } from "./retry.js";
export { createScrapeClient } from "./scrape-client.js";
export type { ScrapeClient, ScrapeClientOptions, ScrapeClientRequest, ScrapeClientResult } from "./scrape-client.js";
