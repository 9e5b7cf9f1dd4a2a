import { createRequire } from "node:module";
import { ScrapeClientError, errorForStatus, resolveRetryOptions, withRetry } from "docscrape/client";
import type { RetryListener, RetryOptions } from "docscrape/client";
import { asDocumentLoaderError } from "./errors.js";
import { loaderWorkers } from "./loader-workers.js";
import type { ScrapeData, ScrapeOptions, Scraper } from "./scraper.js";

/** Options of {@link createEmbeddedScraper}. */
export interface EmbeddedScraperOptions {
  /** Directory that relative document paths are resolved against (the Astro project root). @default process.cwd() */
  baseDir?: string | undefined;
  /** Retry policy for transient failures (a remote document's server failing). @default {retries: 5, ...} */
  retry?: RetryOptions | undefined;
  /** Called before each retry, e.g. to log it. @default undefined */
  onRetry?: RetryListener | undefined;
  /**
   * Worker threads that convert documents, each with a 512 MiB memory limit; shared by every
   * scraper and collection of the build, so the first one to convert sets it.
   * @default os.availableParallelism()
   */
  workers?: number | undefined;
}

const engineVersion = (createRequire(import.meta.url)("docscrape/package.json") as { version: string }).version;

// Note: the engine (pdf.js, mammoth, SheetJS, unified, undici) loads on the first scrape, so a
// rebuild served wholly from the cache never pays for it.
const loadEngine = () => import("docscrape");

/**
 * A {@link Scraper} that runs the docscrape engine in this process, in worker threads with the
 * same memory limit as the engine's server: no API, no key, and the only scraper that can read
 * local files. A document that needs more memory, or more than `retry.attemptTimeout`, fails
 * alone; the build goes on.
 */
export function createEmbeddedScraper(options: EmbeddedScraperOptions = {}): Scraper {
  const retry = resolveRetryOptions(options.retry);
  const workers = loaderWorkers(options.workers);

  async function attempt(url: string, { maxAge: _cacheOnly, ...scrapeOptions }: ScrapeOptions, signal: AbortSignal): Promise<ScrapeData> {
    const { isScrapeError } = await loadEngine();
    try {
      const data = await workers.scrape(
        url,
        {
          ...scrapeOptions,
          baseDir: options.baseDir,
          // Note: in-process the site author picks the URLs, so documents on the local network are fine.
          allowPrivateNetworks: true,
        },
        signal,
      );
      return { ...data, markdown: data.markdown ?? "", metadata: { ...data.metadata } };
    } catch (error) {
      // Note: only the source failing is transient. A conversion past its time limit (the engine's
      // 408, or this attempt's) would take as long again, so it fails at once rather than six times.
      if (signal.aborted || (isScrapeError(error) && error.code === "SCRAPE_TIMEOUT")) {
        const limit = signal.aborted ? `\`retry.attemptTimeout\` (${retry.attemptTimeout} ms)` : "`timeout`";
        throw new ScrapeClientError("SCRAPE_TIMEOUT", `Scraping ${url} took longer than ${limit}; raise it, or pass a lower \`maxPages\` for a long PDF.`, {
          url,
          status: 408,
          cause: error,
        });
      }
      // Note: INTERNAL is an unexpected error in the worker (a bug), which a retry would only repeat.
      if (isScrapeError(error) && error.code !== "INTERNAL") {
        throw errorForStatus({ url, status: error.status, serverCode: error.code, serverMessage: error.message, cause: error });
      }
      throw new ScrapeClientError("SCRAPE_FAILED", `Scraping ${url} failed: ${error instanceof Error ? error.message : String(error)}.`, { url, cause: error });
    }
  }

  return {
    id: `embedded:docscrape@${engineVersion}`,
    scrape: (url, scrapeOptions) =>
      withRetry((signal) => attempt(url, scrapeOptions, signal), retry, { onRetry: options.onRetry }).catch((error: unknown) => {
        throw asDocumentLoaderError(error, url);
      }),
  };
}
