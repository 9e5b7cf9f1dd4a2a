import { ScrapeClientError } from "./client-error.js";
import { errorForStatus, parseRetryAfter, parseRetryAfterText, resolveRetryOptions, withRetry } from "./retry.js";
import type { RetryListener, RetryOptions } from "./retry.js";
import type { ScrapeData, ScrapeMetadata, ScrapeOptions } from "./scrape.js";

/** Options of {@link createScrapeClient}. */
export interface ScrapeClientOptions {
  /** Base URL of a Firecrawl-compatible API; `/v2/scrape` is appended. */
  apiUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; omitted when empty (a self-hosted API without auth). @default undefined */
  apiKey?: string | undefined;
  /** Retry policy for transient failures. @default {retries: 5, minTimeout: 1000, maxTimeout: 60000, attemptTimeout: 90000} */
  retry?: RetryOptions | undefined;
  /** Called before each retry, e.g. to log it. @default undefined */
  onRetry?: RetryListener | undefined;
}

/** The body options the client sends, as Firecrawl's `/v2/scrape` defines them. */
export type ScrapeClientRequest = Pick<ScrapeOptions, "formats" | "onlyMainContent" | "parsers" | "timeout" | "headers"> & {
  /** Milliseconds a cached copy may be old; `0` makes a caching service (Firecrawl: two days by default) scrape afresh. */
  maxAge?: number;
};

/**
 * What a successful scrape gives: `data` of the response, Markdown always there. Note: the
 * metadata is what the service sent; Firecrawl's has fields ours has not, and may miss some.
 */
export type ScrapeClientResult = Omit<ScrapeData, "markdown" | "metadata"> & {
  markdown: string;
  metadata: Partial<ScrapeMetadata> & Record<string, unknown>;
};

/** A client of one Firecrawl-compatible API. */
export interface ScrapeClient {
  /** `api:<endpoint>`: what produced the Markdown, for cache keys. Never contains the key. */
  readonly id: string;
  /** Scrape one document, retrying transient failures; rejects with a {@link ScrapeClientError}. */
  scrape(url: string, options: ScrapeClientRequest, signal?: AbortSignal): Promise<ScrapeClientResult>;
}

interface ScrapeResponseBody {
  success?: unknown;
  code?: unknown;
  error?: unknown;
  data?: { markdown?: unknown; metadata?: { statusCode?: unknown } };
}

const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * A client of `POST {apiUrl}/v2/scrape`, retried with p-retry on network errors, 408, 429 and
 * 5xx, honouring `Retry-After` and Firecrawl's "retry after Ns" text. Firecrawl's quirks count as
 * failures: a 200 with `success: false`, and a 200 whose `metadata.statusCode` is 404.
 * Note: it lives in the engine, not the loader, so that the CLI's `scrape` and the loader share it
 * (the loader depends on the engine, never the reverse); `docscrape/client` loads it alone.
 */
export function createScrapeClient(options: ScrapeClientOptions): ScrapeClient {
  const endpoint = new URL("v2/scrape", options.apiUrl.endsWith("/") ? options.apiUrl : `${options.apiUrl}/`);
  const retry = resolveRetryOptions(options.retry);
  const apiKey = options.apiKey || undefined;
  // Note: a server may echo what it received; the key must never reach a message, a log or the cache.
  const redact = (text: string): string => (apiKey ? text.replaceAll(apiKey, "[redacted]") : text);

  async function attempt(url: string, scrapeOptions: ScrapeClientRequest, signal: AbortSignal): Promise<ScrapeClientResult> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({ url, ...scrapeOptions }),
        signal,
      });
      text = await response.text();
    } catch (error) {
      const timedOut = signal.aborted;
      throw new ScrapeClientError(
        timedOut ? "SCRAPE_TIMEOUT" : "SCRAPE_FAILED",
        timedOut
          ? `Scraping ${url} took longer than \`retry.attemptTimeout\` (${retry.attemptTimeout} ms); raise it or try again later.`
          : `Could not reach the scrape API at ${endpoint.origin} for ${url} (${redact(String((error as Error).cause ?? error))}); check \`apiUrl\`.`,
        { url, retryable: true, cause: error },
      );
    }

    let body: ScrapeResponseBody | undefined;
    try {
      body = JSON.parse(text) as ScrapeResponseBody;
    } catch {
      body = undefined;
    }
    const serverMessage = body ? asString(body.error) : undefined;
    const retryAfterMs =
      parseRetryAfter(response.headers.get("retry-after")) ?? parseRetryAfterText(serverMessage ?? text.slice(0, 500));

    if (!response.ok) {
      throw errorForStatus({
        url,
        status: response.status,
        serverCode: body ? asString(body.code) : undefined,
        serverMessage: serverMessage === undefined ? undefined : redact(serverMessage),
        retryAfterMs,
      });
    }
    if (!body || typeof body !== "object") {
      throw new ScrapeClientError(
        "INVALID_RESPONSE",
        `The scrape API answered ${url} with a body that is not JSON (truncated or an HTML page); it will be retried.`,
        { url, status: response.status, retryable: true },
      );
    }
    if (body.success !== true) {
      // Note: Firecrawl answers some failures (e.g. SCRAPE_DNS_RESOLUTION_ERROR) with 200 and `success: false`.
      const serverCode = asString(body.code);
      throw new ScrapeClientError(
        "SCRAPE_FAILED",
        `Scraping ${url} failed${serverCode ? ` (${serverCode})` : ""}: ${redact(serverMessage ?? "the API reported no success")}; check the URL.`,
        { url, status: response.status, serverCode },
      );
    }
    const data = body.data;
    const sourceStatus = data?.metadata?.statusCode;
    if (typeof sourceStatus === "number" && sourceStatus >= 400) {
      // Note: Firecrawl reports a missing document as 200 with markdown "Not Found"; never store that as a page.
      throw errorForStatus({ url, status: sourceStatus, serverMessage: "the source server answered with an error" });
    }
    if (!data || typeof data.markdown !== "string" || typeof data.metadata !== "object") {
      throw new ScrapeClientError(
        "INVALID_RESPONSE",
        `The scrape API answered ${url} without \`data.markdown\`; it will be retried.`,
        { url, status: response.status, retryable: true },
      );
    }
    return data as ScrapeClientResult;
  }

  return {
    id: `api:${endpoint.href}`,
    scrape: (url, scrapeOptions, signal) => withRetry((attemptSignal) => attempt(url, scrapeOptions, attemptSignal), retry, { onRetry: options.onRetry, signal }),
  };
}
