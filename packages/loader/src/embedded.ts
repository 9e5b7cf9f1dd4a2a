import { createRequire } from "node:module";
import { DocumentLoaderError } from "./errors.js";
import { loaderWorkers } from "./loader-workers.js";
import { errorForStatus, resolveRetryOptions, withRetry } from "./retry.js";
import type { RetryListener, RetryOptions } from "./retry.js";
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

  async function attempt(url: string, scrapeOptions: ScrapeOptions, signal: AbortSignal): Promise<ScrapeData> {
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
      // Note: INTERNAL is an unexpected error in the worker (a bug), which a retry would only repeat.
      if (isScrapeError(error) && error.code !== "INTERNAL") {
        throw errorForStatus({ url, status: error.status, serverCode: error.code, serverMessage: error.message, cause: error });
      }
      if (signal.aborted) {
        throw new DocumentLoaderError(
          "SCRAPE_TIMEOUT",
          `Scraping ${url} took longer than \`retry.attemptTimeout\` (${retry.attemptTimeout} ms); raise it or try again later.`,
          { url, retryable: true, cause: error },
        );
      }
      throw new DocumentLoaderError("SCRAPE_FAILED", `Scraping ${url} failed: ${String(error)}.`, { url, cause: error });
    }
  }

  return {
    id: `embedded:docscrape@${engineVersion}`,
    scrape: (url, scrapeOptions) => withRetry((signal) => attempt(url, scrapeOptions, signal), retry, options.onRetry),
  };
}
