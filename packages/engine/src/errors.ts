/** Stable error codes, shared by the engine, the server's JSON errors and the CLI. */
export type ScrapeErrorCode =
  | "BAD_REQUEST"
  | "BAD_REQUEST_INVALID_JSON"
  | "UNAUTHORIZED"
  | "URL_BLOCKED"
  | "DOCUMENT_NOT_FOUND"
  | "NOT_FOUND"
  | "SCRAPE_TIMEOUT"
  | "DOCUMENT_TOO_LARGE"
  | "UNSUPPORTED_DOCUMENT"
  | "DOCUMENT_UNREADABLE"
  | "RATE_LIMITED"
  | "DOCUMENT_FETCH_FAILED"
  | "INTERNAL";

/** The HTTP status each code is answered with (SPEC.md's table). */
export const STATUS_BY_CODE: Readonly<Record<ScrapeErrorCode, number>> = {
  BAD_REQUEST: 400,
  BAD_REQUEST_INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  URL_BLOCKED: 403,
  DOCUMENT_NOT_FOUND: 404,
  // The server has no such route (the document's own 404 is DOCUMENT_NOT_FOUND).
  NOT_FOUND: 404,
  SCRAPE_TIMEOUT: 408,
  DOCUMENT_TOO_LARGE: 413,
  UNSUPPORTED_DOCUMENT: 415,
  DOCUMENT_UNREADABLE: 422,
  RATE_LIMITED: 429,
  DOCUMENT_FETCH_FAILED: 502,
  INTERNAL: 500,
};

/** Options of a {@link ScrapeError}. */
export interface ScrapeErrorOptions {
  /** The document the error is about, named in the message. */
  url?: string;
  /** Extra machine-readable facts, sent as `details` in the server's JSON error. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The engine's one error class. `message` is one human sentence that names the document and
 * says what to do; `code` is stable and maps to an HTTP status.
 */
export class ScrapeError extends Error {
  readonly code: ScrapeErrorCode;
  readonly url: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ScrapeErrorCode, message: string, options: ScrapeErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ScrapeError";
    this.code = code;
    this.url = options.url;
    this.details = options.details;
  }

  /** The HTTP status for this error's code. */
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  /** True for a ScrapeError from any copy of this package (works across realms and bundles). */
  static is(value: unknown): value is ScrapeError {
    return (
      value instanceof ScrapeError ||
      (value instanceof Error && value.name === "ScrapeError" && typeof (value as { code?: unknown }).code === "string")
    );
  }
}

/** Type guard for {@link ScrapeError}. */
export const isScrapeError = (value: unknown): value is ScrapeError => ScrapeError.is(value);
