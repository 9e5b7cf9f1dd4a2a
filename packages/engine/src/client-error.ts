/** Stable codes of the errors {@link createScrapeClient}'s scrapes reject with. */
export type ScrapeClientErrorCode =
  /** The API could not turn the document into Markdown, or failed (5xx) on every attempt. */
  | "SCRAPE_FAILED"
  /** The API is at capacity and retries ran out. */
  | "RATE_LIMITED"
  /** The API refused the key (401/403) or has no credits left (402). */
  | "AUTH_FAILED"
  /** The document does not exist at its URL. */
  | "DOCUMENT_NOT_FOUND"
  /** The scrape ran past its time limit. */
  | "SCRAPE_TIMEOUT"
  /** The API answered something that is not a scrape result (HTML page, truncated JSON, no Markdown). */
  | "INVALID_RESPONSE";

/** Options of a {@link ScrapeClientError}. */
export interface ScrapeClientErrorOptions {
  /** The document the error is about. */
  url?: string | undefined;
  /** The HTTP status the API (or the engine) answered with. */
  status?: number | undefined;
  /** The `code` the API sent in its JSON error body, e.g. `"DOCUMENT_UNREADABLE"`. */
  serverCode?: string | undefined;
  /** Whether trying again may succeed (network errors, 408, 429, 5xx). @default false */
  retryable?: boolean | undefined;
  /** How long the server asked to wait before trying again, in milliseconds. */
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/**
 * A scrape through a Firecrawl-compatible API (or the in-process engine, retried the same way)
 * that failed: `message` is one sentence that says what to do, `code` is stable, `retryable`
 * says whether it is worth another attempt. `Code` lets a subclass add codes of its own.
 */
export class ScrapeClientError<Code extends string = ScrapeClientErrorCode> extends Error {
  readonly code: Code;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly serverCode: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(code: Code, message: string, options: ScrapeClientErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Note: a subclass (the Astro loader's DocumentLoaderError) is named after itself.
    this.name = new.target.name;
    this.code = code;
    this.url = options.url;
    this.status = options.status;
    this.serverCode = options.serverCode;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True for a ScrapeClientError from any copy of this package (works across realms and bundles). */
  static is(value: unknown): value is ScrapeClientError<string> {
    return value instanceof ScrapeClientError || (value instanceof Error && value.name === "ScrapeClientError" && typeof (value as { retryable?: unknown }).retryable === "boolean");
  }
}

/** Type guard for {@link ScrapeClientError}. */
export const isScrapeClientError = (value: unknown): value is ScrapeClientError => ScrapeClientError.is(value);
