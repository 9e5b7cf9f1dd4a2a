import { setTimeout as sleep } from "node:timers/promises";
import pRetry from "p-retry";
import { ScrapeClientError, isScrapeClientError } from "./client-error.js";
import type { ScrapeClientErrorCode } from "./client-error.js";

/** How a failing scrape is retried. */
export interface RetryOptions {
  /** Retries after the first attempt; only transient failures (network, 408, 429, 5xx) are retried. @default 5 */
  retries?: number;
  /** Milliseconds before the first retry; doubles on each retry, with jitter. @default 1000 */
  minTimeout?: number;
  /** The longest wait between two attempts, a server's `Retry-After` included. @default 60000 */
  maxTimeout?: number;
  /** Milliseconds one attempt may take before it is abandoned and retried. @default 90000 */
  attemptTimeout?: number;
}

/** Every {@link RetryOptions} field, defaults filled in. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** Fills in the {@link RetryOptions} defaults. */
export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  return {
    retries: options.retries ?? 5,
    minTimeout: options.minTimeout ?? 1000,
    maxTimeout: options.maxTimeout ?? 60_000,
    // Note: above the engine's and Firecrawl's own 60 s default `timeout`, so the server gives up first and says why.
    attemptTimeout: options.attemptTimeout ?? 90_000,
  };
}

const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** What a server's status means for the document, and what the user should do about it. */
function describeStatus(status: number, serverCode: string | undefined): { code: ScrapeClientErrorCode; fix: string } {
  if (status === 401 || (status === 403 && serverCode !== "URL_BLOCKED")) {
    return { code: "AUTH_FAILED", fix: "check `apiKey` (or FIRECRAWL_API_KEY)" };
  }
  if (status === 402) return { code: "AUTH_FAILED", fix: "add credits to the scrape API account" };
  if (status === 404 || status === 410) return { code: "DOCUMENT_NOT_FOUND", fix: "check the URL" };
  if (status === 408) return { code: "SCRAPE_TIMEOUT", fix: "raise `timeout` or try again later" };
  if (status === 429) return { code: "RATE_LIMITED", fix: "lower `concurrency` or raise `retry.retries`" };
  return { code: "SCRAPE_FAILED", fix: status >= 500 ? "try again later" : "check the file and the scrape options" };
}

/** The facts of a failed scrape that {@link errorForStatus} turns into an error. */
export interface StatusFailure {
  url: string;
  status: number;
  /** The server's `code`, e.g. `"DOCUMENT_UNREADABLE"`. */
  serverCode?: string | undefined;
  /** The server's one-sentence `error`. */
  serverMessage?: string | undefined;
  retryAfterMs?: number | undefined;
  cause?: unknown;
}

/** Builds the error for a scrape that ended with an HTTP status, deciding whether it is worth retrying. */
export function errorForStatus(failure: StatusFailure): ScrapeClientError {
  const { code, fix } = describeStatus(failure.status, failure.serverCode);
  const server = [failure.serverCode, failure.serverMessage].filter(Boolean).join(": ");
  return new ScrapeClientError(
    code,
    `Scraping ${failure.url} failed with status ${failure.status}${server ? ` (${server})` : ""}; ${fix}.`,
    {
      url: failure.url,
      status: failure.status,
      serverCode: failure.serverCode,
      retryable: TRANSIENT_STATUSES.has(failure.status),
      retryAfterMs: failure.retryAfterMs,
      cause: failure.cause,
    },
  );
}

/**
 * Parses a `Retry-After` header (delay in seconds or an HTTP date) into milliseconds from `now`.
 * Returns `undefined` when the header is missing or unreadable.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Reads Firecrawl's "... please retry after 12s, resets at ..." from an error text, in milliseconds. */
export function parseRetryAfterText(text: string | undefined): number | undefined {
  const match = text?.match(/retry after (\d+(?:\.\d+)?)\s*s\b/i);
  return match?.[1] === undefined ? undefined : Math.round(Number(match[1]) * 1000);
}

/** Called before each retry, e.g. to log it. */
export type RetryListener = (error: ScrapeClientError, attemptNumber: number, delayMs: number) => void;

/** Options of {@link withRetry} besides the policy. */
export interface WithRetryOptions {
  /** Called before each retry. */
  onRetry?: RetryListener | undefined;
  /** Stops the retries (and the attempt running) when it aborts. */
  signal?: AbortSignal | undefined;
}

/**
 * Runs `attempt` until it succeeds, a permanent failure occurs, or retries run out. Each attempt
 * gets a signal that aborts after `attemptTimeout` (or with `signal`). Only transient failures
 * are retried: `ScrapeClientError`s with `retryable: true`; anything else fails at once. Waits at
 * least as long as the server's `Retry-After` (capped at `maxTimeout`), otherwise exponential
 * backoff with jitter.
 */
export async function withRetry<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  options: ResolvedRetryOptions,
  { onRetry, signal }: WithRetryOptions = {},
): Promise<T> {
  const attemptSignal = (): AbortSignal => {
    const timeout = AbortSignal.timeout(options.attemptTimeout);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  };
  return pRetry(() => attempt(attemptSignal()), {
    retries: options.retries,
    minTimeout: options.minTimeout,
    maxTimeout: options.maxTimeout,
    randomize: true,
    signal,
    shouldRetry: async ({ error, attemptNumber, retryDelay }) => {
      if (!isScrapeClientError(error) || !error.retryable) return false;
      // Note: p-retry waits `retryDelay` once this resolves; the rest of what the server asked for is waited here.
      const extra = Math.max(0, Math.min(error.retryAfterMs ?? 0, options.maxTimeout) - retryDelay);
      onRetry?.(error, attemptNumber, retryDelay + extra);
      if (extra > 0) await sleep(extra, undefined, signal ? { signal } : {});
      return true;
    },
  });
}
