import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Loader, LoaderContext } from "astro/loaders";
import type { RetryListener } from "docscrape/client";
import pLimit from "p-limit";
import type { LimitFunction } from "p-limit";
import { cacheKey, createCache } from "./cache.js";
import type { DocumentCache } from "./cache.js";
import { createScrapeClient } from "./client.js";
import { createEmbeddedScraper } from "./embedded.js";
import { digestInput, entryData } from "./entry.js";
import { createEntryRecords } from "./entry-records.js";
import { DocumentLoaderConfigError, DocumentSyncError } from "./errors.js";
import type { DocumentFailure } from "./errors.js";
import { createImageStore } from "./image-store.js";
import type { ImageStore } from "./image-store.js";
import { loaderWorkers } from "./loader-workers.js";
import { LOADER_NAME, isForcedRefresh } from "./refresh.js";
import { cachesPages, pageContent, renderPage } from "./render-page.js";
import type { PageRendering } from "./render-page.js";
import { documentUrl, resolveOptions } from "./options.js";
import type { DocumentLoaderOptions, ResolvedDocument, ResolvedOptions } from "./options.js";
import { asDocumentLoaderError, scrapeWithCache } from "./scrape-with-cache.js";
import type { ScrapeOutcome, ScrapeWithCacheResult } from "./scrape-with-cache.js";
import type { Scraper } from "./scraper.js";
import { documentSchema } from "./schema.js";
import { acquireSharedLimit } from "./shared-limit.js";

let sharedLocalLimit: LimitFunction | undefined;

/**
 * The limit on local documents in conversion at once: one per worker thread. Note: local files
 * need no politeness towards a server, but a document waiting for a busy worker would spend its
 * `retry.attemptTimeout` waiting.
 */
function localLimiter(workers: number): LimitFunction {
  sharedLocalLimit ??= pLimit(workers);
  return sharedLocalLimit;
}

interface Scrapers {
  /** For http(s) documents: the user's scraper, the API client, or the embedded engine. */
  remote: Scraper;
  /** For local files, which a remote API cannot read. */
  local: Scraper;
}

function createScrapers(options: ResolvedOptions, root: string, onRetry: RetryListener): Scrapers {
  const embedded = createEmbeddedScraper({ baseDir: root, retry: options.retry, onRetry, workers: options.workers });
  const remote =
    options.scraper ??
    (options.apiUrl === undefined
      ? embedded
      : createScrapeClient({ apiUrl: options.apiUrl, apiKey: options.apiKey, retry: options.retry, onRetry }));
  return { remote, local: embedded };
}

/** Checks that relative local documents exist under the project root, before any request. */
function checkLocalFiles(documents: readonly ResolvedDocument[], root: string): void {
  for (const document of documents) {
    if (!document.local) continue;
    const path = fileURLToPath(documentUrl(document, root));
    if (!existsSync(path)) {
      throw new DocumentLoaderConfigError(
        `Document "${document.id}": the file ${path} does not exist; paths are relative to the Astro project root.`,
      );
    }
  }
}

/** Renders a document and stores it, unless the store already holds the same digest. Returns the entry's digest. */
async function storeDocument(
  context: LoaderContext,
  document: ResolvedDocument,
  url: string,
  result: ScrapeWithCacheResult,
  rendering: PageRendering,
  images: ImageStore | undefined,
): Promise<string> {
  const digest = context.generateDigest(digestInput(result.data, document.data));
  if (context.store.get(document.id)?.digest === digest) return digest;
  const content = await pageContent(result.data, result.rendered, url, rendering);
  const raw = entryData({
    sourceUrl: document.input,
    url,
    scrape: result.data,
    content,
    fetchedAt: result.fetchedAt,
    userData: document.data,
  });
  const data = await context.parseData({ id: document.id, data: raw });
  const withImages = images !== undefined && content.imagePaths.length > 0;
  context.store.set({
    id: document.id,
    data,
    body: content.markdown,
    rendered: { html: content.html, metadata: { headings: content.headings, ...(withImages && { imagePaths: content.imagePaths }) } },
    digest,
    // Note: Astro resolves pictures relative to the entry's file; this one names no real file,
    // only the directory the pictures are in (the same for every entry).
    ...(withImages && { filePath: relative(fileURLToPath(context.config.root), join(images.dir, "document.md")), assetImports: content.imagePaths }),
  });
  return digest;
}

/** One sync: every document through the cache or a scraper into the store, then the summary. */
async function syncDocuments(options: ResolvedOptions, context: LoaderContext): Promise<void> {
  const { logger } = context;
  const root = fileURLToPath(context.config.root);
  checkLocalFiles(options.documents, root);

  const onRetry: RetryListener = (error, attempt, delayMs) =>
    logger.warn(`${error.url ?? "document"}: attempt ${attempt} failed (${error.message}); retrying in ${delayMs} ms.`);
  const scrapers = createScrapers(options, root, onRetry);
  const localCount = options.documents.filter((document) => document.local).length;
  if (scrapers.remote !== scrapers.local && localCount > 0) {
    logger.info(`${localCount} local document(s) go to the embedded engine: a remote scrape API cannot read this machine's files.`);
  }
  const cache: DocumentCache | undefined = options.cache
    ? createCache({
        dir: resolve(root, options.cache.dir),
        ttlMs: options.cache.ttlMs,
        store: options.cache.store,
        onWarning: (message) => logger.warn(message),
      })
    : undefined;
  const refresh = isForcedRefresh(context.refreshContextData);
  // Note: pictures live beside the scrape cache, so a cached rebuild has them; without a cache, in Astro's cache dir.
  const images =
    options.scrapeOptions.removeBase64Images === false
      ? createImageStore(options.cache ? join(resolve(root, options.cache.dir), "images") : join(fileURLToPath(context.config.cacheDir), "docscrape-images"))
      : undefined;
  const { limit, release } = acquireSharedLimit(options.concurrency);
  const workers = loaderWorkers(options.workers);
  const localLimit = localLimiter(options.workers);
  const records = cache ? createEntryRecords(context, cache) : undefined;
  const rendering: PageRendering = { remarkPlugins: options.remarkPlugins, rehypePlugins: options.rehypePlugins, workers, images: images !== undefined };
  const counts: Record<ScrapeOutcome | "failed", number> = { cached: 0, revalidated: 0, scraped: 0, stale: 0, failed: 0 };
  const failures: DocumentFailure[] = [];
  const started = performance.now();
  logger.info(`Loading ${options.documents.length} document(s).`);

  await Promise.all(
    options.documents.map(async (document) => {
      const url = documentUrl(document, root);
      let documentStarted = performance.now();
      const elapsed = () => `${Math.round(performance.now() - documentStarted)} ms`;
      try {
        const scraper = document.local ? scrapers.local : scrapers.remote;
        const key = cacheKey({ url, options: options.scrapeOptions, scraperId: scraper.id });
        const check = await records?.checkOf(document, url, key);
        if (check && !refresh && records?.isCurrent(check)) {
          counts.cached += 1;
          logger.info(`${document.id}: cached (${elapsed()})`);
          return;
        }
        const slots = document.local ? localLimit : limit;
        const result = await scrapeWithCache({
          url,
          scraper,
          scrapeOptions: options.scrapeOptions,
          cache,
          refresh,
          images,
          // Note: only requests hold one of the shared slots; cache reads, rendering and storing run
          // outside them, so the slots stay busy with requests (bench: cold build efficiency).
          limit: (request) =>
            slots(() => {
              documentStarted = performance.now();
              return request();
            }),
          render: cache && cachesPages(rendering) ? (data) => renderPage(data, url, rendering) : undefined,
        });
        if (result.error) {
          logger.warn(`${document.id}: ${result.error.message} Using the copy from ${new Date(result.fetchedAt).toISOString()}.`);
        }
        if (result.data.warning) logger.warn(`${document.id}: ${result.data.warning}`);
        const digest = await storeDocument(context, document, url, result, rendering, images);
        if (check) records?.remember(check, { fetchedAt: result.fetchedAt, fileStamp: result.validators.fileStamp, digest });
        counts[result.outcome] += 1;
        logger.info(`${document.id}: ${result.outcome} (${elapsed()})`);
      } catch (error) {
        const failure = asDocumentLoaderError(error, document.input);
        failures.push({ id: document.id, url: document.input, error: failure });
        counts.failed += 1;
        logger[options.onError === "skip" ? "warn" : "error"](`${document.id}: failed (${elapsed()}): ${failure.message}`);
      }
    }),
  ).finally(release);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  logger.info(
    `${options.documents.length} documents: ${counts.cached} cached, ${counts.revalidated} revalidated, ` +
      `${counts.scraped} scraped, ${counts.stale} stale, ${counts.failed} failed in ${seconds}s`,
  );

  if (failures.length === 0) {
    // Remove entries whose documents left the config; never after a failed sync, which may have lost some.
    const wanted = new Set(options.documents.map((document) => document.id));
    for (const id of context.store.keys()) {
      if (wanted.has(id)) continue;
      context.store.delete(id);
      records?.forget(id);
    }
  } else if (options.onError === "fail") {
    throw new DocumentSyncError(failures);
  }
}

/**
 * In `astro dev`, re-syncs when a local document changes on disk; unchanged documents come
 * from the cache, so only the edited one is scraped again. Registers once per watcher.
 */
function watchLocalDocuments(
  options: ResolvedOptions,
  context: LoaderContext,
  watched: WeakSet<object>,
  resync: () => Promise<void>,
): void {
  const { watcher, logger } = context;
  if (!watcher || watched.has(watcher)) return;
  const root = fileURLToPath(context.config.root);
  const paths = new Set(
    options.documents.filter((document) => document.local).map((document) => fileURLToPath(documentUrl(document, root))),
  );
  if (paths.size === 0) return;
  watched.add(watcher);
  watcher.add([...paths]);
  watcher.on("change", (changed: string) => {
    if (!paths.has(changed)) return;
    logger.info(`${changed} changed; reloading documents.`);
    resync().catch((error: unknown) => logger.error(`Reloading documents failed: ${(error as Error).message}`));
  });
}

/**
 * An Astro content loader that scrapes PDF, Word, Excel and CSV documents into entries: through
 * the embedded docscrape engine, or a Firecrawl-compatible API when `apiUrl`/`apiKey` (or
 * FIRECRAWL_API_URL / FIRECRAWL_API_KEY) are set; with retries and an on-disk cache.
 * Options are checked here, before any request: a mistake throws a `DocumentLoaderConfigError`.
 */
export function documentLoader(options: DocumentLoaderOptions): Loader {
  const resolved = resolveOptions(options);
  const watched = new WeakSet<object>();
  return {
    name: LOADER_NAME,
    schema: resolved.schema ? documentSchema.extend(resolved.schema.shape) : documentSchema,
    load: async (context) => {
      await syncDocuments(resolved, context);
      watchLocalDocuments(resolved, context, watched, () => syncDocuments(resolved, context));
    },
  } satisfies Loader;
}
