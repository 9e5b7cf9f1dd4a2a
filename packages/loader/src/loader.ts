import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Loader, LoaderContext } from "astro/loaders";
import { createCache } from "./cache.js";
import type { DocumentCache } from "./cache.js";
import { createScrapeClient } from "./client.js";
import { createEmbeddedScraper } from "./embedded.js";
import { digestInput, entryData, fileNameOf } from "./entry.js";
import { DocumentLoaderConfigError, DocumentSyncError } from "./errors.js";
import { createImageStore } from "./image-store.js";
import type { ImageStore } from "./image-store.js";
import type { DocumentFailure } from "./errors.js";
import { LOADER_NAME, isForcedRefresh } from "./refresh.js";
import { documentUrl, resolveOptions } from "./options.js";
import type { DocumentLoaderOptions, ResolvedDocument, ResolvedOptions } from "./options.js";
import type { RetryListener } from "docscrape/client";
import { asDocumentLoaderError, scrapeWithCache } from "./scrape-with-cache.js";
import type { ScrapeOutcome, ScrapeWithCacheResult } from "./scrape-with-cache.js";
import type { Scraper } from "./scraper.js";
import { documentSchema } from "./schema.js";
import { acquireSharedLimit } from "./shared-limit.js";

interface Scrapers {
  /** For http(s) documents: the user's scraper, the API client, or the embedded engine. */
  remote: Scraper;
  /** For local files, which a remote API cannot read. */
  local: Scraper;
}

function createScrapers(options: ResolvedOptions, root: string, onRetry: RetryListener): Scrapers {
  const embedded = createEmbeddedScraper({ baseDir: root, retry: options.retry, onRetry });
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

/** Renders a document and stores it, unless the store already holds the same digest. */
async function storeDocument(
  context: LoaderContext,
  options: ResolvedOptions,
  document: ResolvedDocument,
  url: string,
  result: ScrapeWithCacheResult,
  images: ImageStore | undefined,
): Promise<void> {
  const digest = context.generateDigest(digestInput(result.data, document.data));
  if (context.store.get(document.id)?.digest === digest) return;
  // Note: loaded on first use, so a rebuild whose documents are all unchanged never loads unified.
  const { processMarkdown } = await import("./markdown.js");
  const content = await processMarkdown(result.data.markdown, {
    url,
    metadataTitle: result.data.metadata.title,
    metadataDescription: result.data.metadata.description,
    fallbackTitle: fileNameOf(url),
    remarkPlugins: options.remarkPlugins,
    rehypePlugins: options.rehypePlugins,
    images: new Set(images ? (result.data.images ?? []).map((image) => image.name) : []),
  });
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
        // Note: only the scrape holds one of the shared slots; rendering and storing run outside
        // them, so the slots stay busy with requests (bench: cold build efficiency).
        const result = await limit(() => {
          documentStarted = performance.now();
          return scrapeWithCache({ url, scraper, scrapeOptions: options.scrapeOptions, cache, refresh, images });
        });
        if (result.error) {
          logger.warn(`${document.id}: ${result.error.message} Using the copy from ${new Date(result.fetchedAt).toISOString()}.`);
        }
        if (result.data.warning) logger.warn(`${document.id}: ${result.data.warning}`);
        await storeDocument(context, options, document, url, result, images);
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
    for (const id of context.store.keys()) if (!wanted.has(id)) context.store.delete(id);
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
