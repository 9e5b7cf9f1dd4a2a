import { ScrapeClientError, isScrapeClientError } from "docscrape/client";
import type { ScrapeClientErrorOptions } from "docscrape/client";

/** Stable codes of every error the loader throws. */
export type DocumentLoaderErrorCode =
  /** The loader options are wrong; the message names the option and the fix. */
  | "CONFIG_INVALID"
  /** The scraper could not turn the document into Markdown. */
  | "SCRAPE_FAILED"
  /** The scrape API is at capacity and retries ran out. */
  | "RATE_LIMITED"
  /** The scrape API refused the key (401/403) or has no credits left (402). */
  | "AUTH_FAILED"
  /** The document does not exist at its URL. */
  | "DOCUMENT_NOT_FOUND"
  /** The scrape ran past its time limit. */
  | "SCRAPE_TIMEOUT"
  /** The scrape API answered something that is not a scrape result (HTML page, truncated JSON, no Markdown). */
  | "INVALID_RESPONSE"
  /** One or more documents failed during a sync with `onError: "fail"`. */
  | "SYNC_FAILED";

/** Options of a {@link DocumentLoaderError}: the URL, statuses and retry facts, as the engine's client error has them. */
export type DocumentLoaderErrorOptions = ScrapeClientErrorOptions;

/**
 * The loader's one base error: `message` is one sentence that says what to do, `code` is stable.
 * Note: the API key is never part of a message; `client.ts` redacts it from server text too.
 */
export class DocumentLoaderError extends ScrapeClientError<DocumentLoaderErrorCode> {
  constructor(code: DocumentLoaderErrorCode, message: string, options: DocumentLoaderErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for a DocumentLoaderError from any copy of this package (works across realms and bundles). */
  static override is(value: unknown): value is DocumentLoaderError {
    return (
      value instanceof DocumentLoaderError ||
      (value instanceof Error &&
        typeof (value as { code?: unknown }).code === "string" &&
        typeof (value as { retryable?: unknown }).retryable === "boolean")
    );
  }
}

/** The loader options are invalid. Thrown by `documentLoader()` itself, before any request. */
export class DocumentLoaderConfigError extends DocumentLoaderError {
  constructor(message: string) {
    super("CONFIG_INVALID", message);
  }
}

/** One document that failed during a sync, and why. */
export interface DocumentFailure {
  id: string;
  url: string;
  error: DocumentLoaderError;
}

/** Thrown once at the end of a sync with `onError: "fail"`, listing every document that failed. */
export class DocumentSyncError extends DocumentLoaderError {
  readonly failures: readonly DocumentFailure[];

  constructor(failures: readonly DocumentFailure[]) {
    const lines = failures.map((failure) => `  - ${failure.url} (${failure.id}): ${failure.error.message}`);
    // Note: Astro prints a "Browser APIs are not available" hint for any error whose text has the
    // word "document" in it, so this summary avoids it.
    super("SYNC_FAILED", `${failures.length} URL(s) could not be scraped; fix or remove them, or set \`onError: "skip"\`:\n${lines.join("\n")}`);
    this.failures = failures;
    // The list says everything; Astro would print our stack trace under it, which helps nobody.
    this.stack = "";
  }
}

/**
 * Any failure of a scrape as a {@link DocumentLoaderError}: the client's and the retry policy's
 * `ScrapeClientError`s keep their code, status and retry facts; anything else is `SCRAPE_FAILED`.
 */
export function asDocumentLoaderError(error: unknown, url: string): DocumentLoaderError {
  if (error instanceof DocumentLoaderError) return error;
  if (isScrapeClientError(error)) {
    const { code, status, serverCode, retryable, retryAfterMs } = error;
    return new DocumentLoaderError(code, error.message, { url: error.url ?? url, status, serverCode, retryable, retryAfterMs, cause: error });
  }
  if (DocumentLoaderError.is(error)) return error;
  return new DocumentLoaderError("SCRAPE_FAILED", `Scraping ${url} failed: ${String(error)}.`, { url, cause: error });
}

/** Type guard for {@link DocumentLoaderError} and its subclasses. */
export const isDocumentLoaderError = (value: unknown): value is DocumentLoaderError => DocumentLoaderError.is(value);
