import { createScrapeClient as createEngineScrapeClient } from "docscrape/client";
import type { ScrapeClientOptions } from "docscrape/client";
import { asDocumentLoaderError } from "./errors.js";
import type { Scraper } from "./scraper.js";

export type { ScrapeClientOptions } from "docscrape/client";

/**
 * A {@link Scraper} over a Firecrawl-compatible API: the engine's HTTP client (shared with the
 * `docscrape scrape` CLI: retries, `Retry-After`, Firecrawl's 200-with-an-error answers), with its
 * failures as `DocumentLoaderError`s.
 */
export function createScrapeClient(options: ScrapeClientOptions): Scraper {
  const client = createEngineScrapeClient(options);
  return {
    id: client.id,
    scrape: (url, scrapeOptions) =>
      client.scrape(url, scrapeOptions).catch((error: unknown) => {
        throw asDocumentLoaderError(error, url);
      }),
  };
}
