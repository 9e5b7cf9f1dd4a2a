import { fileURLToPath } from "node:url";
import { cacheKey } from "./cache.js";
import type { CachedDocument, DocumentCache, RenderedPage } from "./cache.js";
import { asDocumentLoaderError } from "./errors.js";
import type { DocumentLoaderError } from "./errors.js";
import { fileStamp, isUnchangedAtSource, probeValidators } from "./freshness.js";
import type { ImageStore } from "./image-store.js";
import type { ScrapeData, ScrapeOptions, Scraper } from "./scraper.js";

/** How a document's content was obtained. */
export type ScrapeOutcome = "cached" | "revalidated" | "scraped" | "stale";

/** A document's content and how it was obtained. */
export interface ScrapeWithCacheResult extends CachedDocument {
  outcome: ScrapeOutcome;
  /** For `"stale"`: why the fresh scrape failed. */
  error?: DocumentLoaderError;
}

/** Options of {@link scrapeWithCache}. */
export interface ScrapeWithCacheOptions {
  /** Absolute http(s) or `file:` URL. */
  url: string;
  scraper: Scraper;
  scrapeOptions: ScrapeOptions;
  /** `undefined` when caching is off. */
  cache: DocumentCache | undefined;
  /** Ignore cached copies (they still serve as stale-if-error fallbacks). */
  refresh: boolean;
  /** Where pictures are written; a cached scrape whose picture files are gone is scraped again. @default undefined (pictures dropped) */
  images?: ImageStore | undefined;
  /**
   * Runs each request to the document's source or scraper (a scrape, a conditional GET), e.g.
   * within a concurrency limit; cache reads and rendering run outside it. @default run at once
   */
  limit?: (<T>(request: () => Promise<T>) => Promise<T>) | undefined;
  /** Renders a fresh scrape's page, which is kept in the cache entry with it. @default no page kept */
  render?: ((data: ScrapeData) => Promise<RenderedPage | undefined>) | undefined;
}

// Note: re-exported for loader.ts, which wraps whatever a (possibly user-written) scraper threw.
export { asDocumentLoaderError };

/**
 * Returns a document's scrape from the cache when it is still good, else scrapes it:
 * a local file is reused while its mtime and size match; a remote one within the ttl, and past
 * it when a conditional request answers 304. A failed scrape falls back to the cached copy
 * (stale-if-error); with no copy it rejects with a {@link DocumentLoaderError}.
 */
export async function scrapeWithCache(options: ScrapeWithCacheOptions): Promise<ScrapeWithCacheResult> {
  const { url, cache } = options;
  const limit = options.limit ?? ((request) => request());
  const local = url.startsWith("file:");
  const key = cacheKey({ url, options: options.scrapeOptions, scraperId: options.scraper.id });
  const cached = cache ? await cache.get(key) : undefined;
  const stamp = local ? await fileStamp(fileURLToPath(url)) : undefined;

  // Note: the picture files live beside the cache (or were cleaned away with Astro's cache dir).
  const usable = cached && (!options.images || (await options.images.hasAll(cached.data)));
  if (cached && cache && !options.refresh && usable) {
    // Note: a local file is checked on every build, whatever the ttl: a stat costs nothing and an edit should show.
    if (local ? stamp !== undefined && cached.validators.fileStamp === stamp : cache.isFresh(cached)) {
      return { ...cached, outcome: "cached" };
    }
    if (!local && (await limit(() => isUnchangedAtSource(url, cached.validators)))) {
      const revalidated = { ...cached, fetchedAt: Date.now() };
      await cache.set(key, revalidated);
      return { ...revalidated, outcome: "revalidated" };
    }
  }

  try {
    // Note: a re-scrape the loader decided on (the copy it has is out of date, or a forced
    // refresh) must not be answered from the service's own cache: Firecrawl keeps copies two days.
    const forceFresh = cached !== undefined || options.refresh;
    const { data, validators } = await limit(async () => {
      const scraped = await options.scraper.scrape(url, forceFresh ? { ...options.scrapeOptions, maxAge: 0 } : options.scrapeOptions);
      const data = options.images ? await options.images.save(scraped) : scraped;
      const { etag, lastModified } = data.metadata;
      const validators =
        local || etag || lastModified || !cache ? { etag, lastModified, fileStamp: stamp } : await probeValidators(url);
      return { data, validators };
    });
    const fresh: CachedDocument = { data, fetchedAt: Date.now(), validators, rendered: await options.render?.(data) };
    await cache?.set(key, fresh);
    return { ...fresh, outcome: "scraped" };
  } catch (error) {
    if (cached) return { ...cached, outcome: "stale", error: asDocumentLoaderError(error, url) };
    throw asDocumentLoaderError(error, url);
  }
}
