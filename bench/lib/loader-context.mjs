import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";

/**
 * A minimal Astro `LoaderContext` for calling `documentLoader(...).load(context)` outside a build,
 * so a figure measures the loader's sync alone: Map-backed store and meta, a silent logger,
 * `parseData` passing data through and a sha1 `generateDigest`.
 *
 * @param {string} root The site root: relative cache dirs resolve against it.
 */
export function createLoaderContext(root) {
  const entries = new Map();
  const meta = new Map();
  const rootUrl = pathToFileURL(root.endsWith("/") ? root : `${root}/`);
  const warnings = [];
  return {
    collection: "documents",
    store: {
      get: (id) => entries.get(id),
      has: (id) => entries.has(id),
      set: (entry) => {
        const existing = entries.get(entry.id);
        // Note: like Astro's store, an entry whose digest did not change is not written again.
        if (existing?.digest !== undefined && existing.digest === entry.digest) return false;
        entries.set(entry.id, entry);
        return true;
      },
      delete: (id) => void entries.delete(id),
      clear: () => entries.clear(),
      keys: () => [...entries.keys()],
      values: () => [...entries.values()],
      entries: () => [...entries.entries()],
      addModuleImport: () => {},
      addAssetImport: () => {},
      addAssetImports: () => {},
    },
    meta: {
      get: (key) => meta.get(key),
      set: (key, value) => void meta.set(key, value),
      has: (key) => meta.has(key),
      delete: (key) => void meta.delete(key),
    },
    logger: {
      label: "bench",
      info: () => {},
      debug: () => {},
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
      fork() {
        return this;
      },
    },
    config: { root: rootUrl, srcDir: new URL("src/", rootUrl), cacheDir: new URL("node_modules/.astro/", rootUrl), outDir: new URL("dist/", rootUrl), base: "/" },
    parseData: async ({ data }) => data,
    generateDigest: (data) => createHash("sha1").update(typeof data === "string" ? data : JSON.stringify(data)).digest("hex"),
    /** What the loader logged as warnings or errors (a figure fails loudly if it sees any). */
    warnings,
    /** How many entries the store holds. */
    size: () => entries.size,
  };
}
