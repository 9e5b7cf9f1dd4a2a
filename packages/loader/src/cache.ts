import { createHash } from "node:crypto";
import Keyv from "keyv";
import type { KeyvBridgeStore, KeyvStorageAdapter } from "keyv";
import { FileStore } from "./file-store.js";
import type { MarkdownResult } from "./markdown.js";
import type { ScrapeData, ScrapeOptions } from "./scraper.js";

/**
 * Bump when the shape of {@link CachedDocument} or of the scrape data changes: old entries then
 * miss instead of being misread.
 */
const CACHE_FORMAT_VERSION = 1;

/** What tells whether the source changed since it was scraped. */
export interface SourceValidators {
  /** The source's `ETag`. */
  etag?: string | undefined;
  /** The source's `Last-Modified`. */
  lastModified?: string | undefined;
  /** For a local file: `<mtimeMs>:<size>`. */
  fileStamp?: string | undefined;
}

/** A document's page as rendered from its Markdown by the built-in renderer (no user plugins). */
export interface RenderedPage extends MarkdownResult {
  /** The renderer's version (`entry.ts`); a page from another version is rendered again. */
  renderer: number;
}

/** One cached scrape. */
export interface CachedDocument {
  data: ScrapeData;
  /** When the document was last scraped or revalidated, in ms since epoch. */
  fetchedAt: number;
  validators: SourceValidators;
  /** Its page, kept with it so that a build without Astro's data store need not render it again. */
  rendered?: RenderedPage | undefined;
}

/** A keyv store: a keyv storage adapter (e.g. `@keyv/redis`), an async Map-like store such as {@link FileStore}, or a Map. */
export type CacheStore = KeyvStorageAdapter | KeyvBridgeStore | Map<unknown, unknown>;

/** Options of {@link createCache}. */
export interface CacheOptions {
  /** Directory of the default on-disk store (ignored when `store` is given). */
  dir: string;
  /** Milliseconds a cached document is used without asking its source whether it changed. */
  ttlMs: number;
  /** Any keyv store instead of the default one-file-per-entry store in `dir`. @default a FileStore in `dir` */
  store?: CacheStore | undefined;
  /** Receives problems the cache recovers from (an unreadable entry is dropped, never fatal). */
  onWarning: (message: string) => void;
}

/** The scrape cache the loader uses. */
export interface DocumentCache {
  get(key: string): Promise<CachedDocument | undefined>;
  set(key: string, value: CachedDocument): Promise<void>;
  /** True while `entry` is younger than the ttl. */
  isFresh(entry: Pick<CachedDocument, "fetchedAt">, now?: number): boolean;
}

/** The parts of a scrape that decide its result. Never includes the API key. */
export interface CacheKeyParts {
  url: string;
  options: ScrapeOptions;
  scraperId: string;
}

/** sha256 of the URL, the scrape options, the scraper's id and the cache format version. */
export function cacheKey(parts: CacheKeyParts): string {
  const material = JSON.stringify([CACHE_FORMAT_VERSION, parts.url, parts.scraperId, parts.options]);
  return createHash("sha256").update(material).digest("hex");
}

const TTL_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * Parses a ttl such as `"1d"`, `"6h"`, `"30m"` or a number of milliseconds; `undefined` for anything else.
 * Note: our own 6 lines because `ms@2` ships no types and `ms@3` is still a canary.
 */
export function parseTtl(ttl: string | number): number | undefined {
  if (typeof ttl === "number") return Number.isFinite(ttl) && ttl >= 0 ? ttl : undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)$/.exec(ttl.trim());
  const unit = match?.[2] === undefined ? undefined : TTL_UNITS[match[2]];
  return unit === undefined ? undefined : Number(match?.[1]) * unit;
}

function isCachedDocument(value: unknown): value is CachedDocument {
  const entry = value as Partial<CachedDocument> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.fetchedAt === "number" &&
    typeof entry.data?.markdown === "string" &&
    typeof entry.data.metadata === "object" &&
    typeof entry.validators === "object"
  );
}

/**
 * The scrape cache: keyv over one JSON file per entry in `dir` (see {@link FileStore}), or over
 * the store the user passes. Entries never expire in the store: past the ttl they are
 * revalidated, and a failed scrape falls back to them (stale-if-error).
 *
 * Note: the default store was picked by measuring writes, reads and killed writers against
 * cacache, keyv-file and @keyv/sqlite (figures in the README's "Measured by hand"): FileStore
 * was the fastest writer and never lost an entry, since it writes a temporary file and renames
 * it; `test/cache.test.ts` fails if the store writes in place.
 */
export function createCache(options: CacheOptions): DocumentCache {
  const store =
    options.store ??
    new FileStore({
      dir: options.dir,
      onCorruptEntry: (file) => options.onWarning(`Dropped an unreadable cache entry (${file}); it will be scraped again.`),
    });
  const keyv = new Keyv<unknown>({ store, namespace: "docscrape" });
  // Note: with a listener keyv reports store errors instead of throwing; a broken cache must not break the build.
  keyv.on("error", (error: unknown) => options.onWarning(`Cache store error: ${String(error)}`));

  return {
    async get(key) {
      let value: unknown;
      try {
        value = await keyv.get(key);
      } catch (error) {
        options.onWarning(`Dropped an unreadable cache entry (${String(error)}); it will be scraped again.`);
        await keyv.delete(key).catch(() => false);
        return undefined;
      }
      if (value === undefined) return undefined;
      if (!isCachedDocument(value)) {
        options.onWarning("Dropped a cache entry of an unknown shape; it will be scraped again.");
        await keyv.delete(key);
        return undefined;
      }
      return value;
    },
    async set(key, value) {
      try {
        await keyv.set(key, value);
      } catch (error) {
        options.onWarning(`Could not write the cache (${String(error)}); the next build will scrape again.`);
      }
    },
    isFresh(entry, now = Date.now()) {
      return now - entry.fetchedAt < options.ttlMs;
    },
  };
}
