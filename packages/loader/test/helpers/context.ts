import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import type { LoaderContext } from "astro/loaders";
import type { z } from "astro/zod";

/** A logged line. */
export interface LogLine {
  level: "info" | "warn" | "error" | "debug";
  message: string;
}

type StoredEntry = Parameters<LoaderContext["store"]["set"]>[0];

/** A fake loader context: Map-based store and meta, a recording logger, and the given schema. */
export interface FakeContext {
  context: LoaderContext;
  entries: Map<string, StoredEntry>;
  logs: LogLine[];
  /** How many times `store.set` was called. */
  sets: () => number;
}

/**
 * Builds a {@link FakeContext}. Note: astro does not export `MutableDataStore` publicly, so the
 * store is a Map with the same methods the loader uses.
 */
export function createFakeContext(options: { root: string; schema: z.ZodType; collection?: string }): FakeContext {
  const entries = new Map<string, StoredEntry>();
  const meta = new Map<string, string>();
  const logs: LogLine[] = [];
  let setCount = 0;
  const log = (level: LogLine["level"]) => (message: string) => logs.push({ level, message });
  const logger = { info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug"), label: "test" };

  const store = {
    get: (key: string) => entries.get(key),
    entries: () => [...entries.entries()],
    set: (entry: StoredEntry) => {
      setCount += 1;
      entries.set(entry.id, entry);
      return true;
    },
    values: () => [...entries.values()],
    keys: () => [...entries.keys()],
    delete: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
    has: (key: string) => entries.has(key),
    addModuleImport: () => undefined,
  };

  const context = {
    collection: options.collection ?? "documents",
    store,
    meta: {
      get: (key: string) => meta.get(key),
      set: (key: string, value: string) => void meta.set(key, value),
      has: (key: string) => meta.has(key),
      delete: (key: string) => void meta.delete(key),
    },
    logger,
    config: {
      root: pathToFileURL(options.root.endsWith("/") ? options.root : `${options.root}/`),
      cacheDir: pathToFileURL(`${options.root.replace(/\/$/, "")}/node_modules/.astro/`),
    },
    parseData: async ({ data }: { data: Record<string, unknown> }) => options.schema.parse(data),
    renderMarkdown: async () => {
      throw new Error("the loader renders its own Markdown");
    },
    generateDigest: (data: unknown) => createHash("sha1").update(JSON.stringify(data)).digest("hex"),
  } as unknown as LoaderContext;

  return { context, entries, logs, sets: () => setCount };
}
