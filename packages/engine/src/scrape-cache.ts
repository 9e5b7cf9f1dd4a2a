import { createHash, randomUUID } from "node:crypto";
import type { ScrapeRequest } from "./scrape-request.js";
import type { ScrapeData } from "./scrape.js";

/** Where cached scrapes live: a key-value store with expiry, shared by every replica. */
export interface ScrapeCacheStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The server's scrape cache, with Firecrawl's `maxAge` semantics. */
export interface ScrapeCache {
  /** A cached result no older than the request's `maxAge` (or the default), else `undefined`. */
  lookup(request: ScrapeRequest): Promise<ScrapeData | undefined>;
  /** Keep a fresh result, unless the request said `storeInCache: false` or `zeroDataRetention`. */
  store(request: ScrapeRequest, data: ScrapeData): Promise<void>;
  close(): Promise<void>;
}

/** Firecrawl's default `maxAge`: two days. */
const DEFAULT_CACHE_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
/** A cache slower than this is treated as a miss: the cache may speed a scrape up, never hold it. */
const STORE_TIMEOUT_MS = 1000;

interface Entry {
  storedAt: number;
  data: ScrapeData;
}

/**
 * Wrap a store as the scrape cache. A failing or slow store never fails a request: it is a miss
 * (or a skipped write) and one log line.
 */
export function createScrapeCache(
  store: ScrapeCacheStore,
  options: { defaultMaxAgeMs?: number; log: (line: string) => void },
): ScrapeCache {
  const defaultMaxAgeMs = options.defaultMaxAgeMs ?? DEFAULT_CACHE_MAX_AGE_MS;
  const warn = (action: string) => (error: unknown) => {
    options.log(`scrape cache: ${action} failed (${error instanceof Error ? error.message : String(error)}); scraping without it`);
    return undefined;
  };
  return {
    async lookup(request) {
      const maxAgeMs = request.cache.maxAge ?? defaultMaxAgeMs;
      if (maxAgeMs === 0) return undefined;
      const text = await withTimeout(store.get(cacheKey(request))).catch(warn("read"));
      if (!text) return undefined;
      const entry = JSON.parse(text) as Entry;
      if (Date.now() - entry.storedAt > maxAgeMs) return undefined;
      // Note: as Firecrawl does, a cached answer says so and when it was made; each answer still
      // gets its own scrapeId.
      const metadata = { ...entry.data.metadata, scrapeId: randomUUID(), cacheState: "hit", cachedAt: new Date(entry.storedAt).toISOString() };
      return { ...entry.data, metadata };
    },
    async store(request, data) {
      if (!request.cache.store) return;
      const entry: Entry = { storedAt: Date.now(), data };
      await withTimeout(store.set(cacheKey(request), JSON.stringify(entry), defaultMaxAgeMs)).catch(warn("write"));
    },
    close: () => store.close(),
  };
}

/**
 * A Redis store (`redis://` or `rediss://` URL) through the official client. It connects in the
 * background and reconnects with back-off; while it is down, commands fail at once (no offline
 * queue), so a scrape never waits for Redis.
 */
export async function createRedisStore(url: string, log: (line: string) => void): Promise<ScrapeCacheStore> {
  const { createClient } = await import("@redis/client");
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) },
  });
  let lastError = "";
  client.on("error", (error: Error) => {
    // Note: the client emits an error on every failed reconnect; log each distinct one once.
    if (error.message !== lastError) log(`scrape cache: ${redact(url)}: ${error.message}`);
    lastError = error.message;
  });
  client.on("ready", () => {
    lastError = "";
  });
  client.connect().catch(() => undefined);
  return {
    get: async (key) => (await client.get(key)) ?? undefined,
    set: async (key, value, ttlMs) => {
      await client.set(key, value, { expiration: { type: "PX", value: ttlMs } });
    },
    close: async () => {
      if (client.isOpen) await client.close();
      else client.destroy();
    },
  };
}

/** The key: everything in the request that changes the answer. Headers may hold credentials, so only their hash is stored. */
function cacheKey(request: ScrapeRequest): string {
  const { timeout: _timeout, ...options } = request.options;
  const hash = createHash("sha256").update(JSON.stringify({ url: request.url, options })).digest("hex");
  return `docscrape:scrape:v1:${hash}`;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS).unref()),
  ]);
}

/** A Redis URL without its password, for log lines. */
function redact(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return "the Redis URL";
  parsed.password = parsed.password ? "***" : "";
  return parsed.href;
}
