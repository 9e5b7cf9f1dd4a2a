import { fileURLToPath } from "node:url";
import type { LoaderContext } from "astro/loaders";
import type { DocumentCache } from "./cache.js";
import { RENDERER_VERSION } from "./entry.js";
import { fileStamp } from "./freshness.js";
import type { ResolvedDocument } from "./options.js";

/**
 * What the loader remembers in Astro's `meta` about an entry it stored: enough to tell, on the
 * next build, that the entry is still good without reading its cache entry.
 */
export interface EntryRecord {
  /** Digest of what the entry was made from: its cache key, the user's `data`, the renderer. */
  source: string;
  /** When its scrape was fetched or revalidated, in ms since epoch. */
  fetchedAt: number;
  /** For a local file: `<mtimeMs>:<size>` when it was scraped. */
  fileStamp?: string | undefined;
  /** The stored entry's digest. */
  digest: string;
}

/** What decides whether a stored entry is still good, as it is now. */
export interface EntryCheck {
  id: string;
  /** The document's cache key (`cache.ts`). */
  cacheKey: string;
  userData: Record<string, unknown>;
  /** For a local file: its current stamp (`undefined` when it cannot be read). */
  fileStamp?: string | undefined;
}

const metaKey = (id: string): string => `entry:${id}`;

/**
 * Records of stored entries in the collection's `meta` (Astro keeps it with the data store).
 * Note: a warm rebuild of 1000 cached documents spent about 1 ms per document reading and parsing
 * cache entries only to find them unchanged (bench: warm rebuild, N=1000); a record is a few
 * dozen bytes already in memory.
 */
export function createEntryRecords(context: Pick<LoaderContext, "meta" | "store" | "generateDigest">, cache: Pick<DocumentCache, "isFresh">) {
  const sourceOf = (check: EntryCheck): string => context.generateDigest(JSON.stringify([check.cacheKey, check.userData, RENDERER_VERSION]));
  return {
    /** The check of `document` (at `url`, under `cacheKey`) as it is now: a local file is stat'ed. */
    async checkOf(document: ResolvedDocument, url: string, cacheKey: string): Promise<EntryCheck> {
      const stamp = document.local ? await fileStamp(fileURLToPath(url)) : undefined;
      return { id: document.id, cacheKey, userData: document.data, fileStamp: stamp };
    },
    /**
     * True when the store holds the entry exactly as last made from the same source, and that
     * source needs no new scrape: a local file whose stamp did not change, or a remote document
     * within its ttl.
     */
    isCurrent(check: EntryCheck): boolean {
      const raw = context.meta.get(metaKey(check.id));
      if (raw === undefined) return false;
      let record: Partial<EntryRecord>;
      try {
        record = JSON.parse(raw) as Partial<EntryRecord>;
      } catch {
        return false;
      }
      if (record.digest === undefined || context.store.get(check.id)?.digest !== record.digest) return false;
      if (record.source !== sourceOf(check)) return false;
      if (record.fileStamp !== undefined || check.fileStamp !== undefined) return record.fileStamp === check.fileStamp;
      return typeof record.fetchedAt === "number" && cache.isFresh({ fetchedAt: record.fetchedAt });
    },
    /** Remember how the stored entry `check.id` was made. */
    remember(check: EntryCheck, made: { fetchedAt: number; fileStamp?: string | undefined; digest: string }): void {
      const record: EntryRecord = { source: sourceOf(check), ...made };
      context.meta.set(metaKey(check.id), JSON.stringify(record));
    },
    /** Forget an entry's record (its document left the config). */
    forget(id: string): void {
      context.meta.delete(metaKey(id));
    },
  };
}
