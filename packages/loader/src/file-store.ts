import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Options of {@link FileStore}. */
export interface FileStoreOptions {
  /** Directory that holds one file per entry; created on the first write. */
  dir: string;
  /** Called when an entry file cannot be read back; the entry is then dropped. @default undefined */
  onCorruptEntry?: ((file: string, error: unknown) => void) | undefined;
}

interface EntryFile {
  key: string;
  value: unknown;
  /** Absolute expiry in ms since epoch, or null for none. */
  expires: number | null;
}

const ENTRY_SUFFIX = ".json";
const TEMP_SUFFIX = ".tmp";

/**
 * A keyv store that keeps one JSON file per key, written to a temporary file and renamed into
 * place: a process killed mid-write leaves the previous file (or none), never half of one.
 * Keyv wraps it as an "async map" store (get/set/delete/clear).
 *
 * Note: we wrote this after measuring the alternatives (figures in the README's "Measured by
 * hand"): keyv-file keeps every entry in one file that each save rewrites in place with
 * `fs.writeFile` (not atomic) after a `writeDelay`, which makes awaited writes very slow; cacache
 * was slower than this store on both writes and reads; @keyv/sqlite needs a native sqlite3 build
 * that this project's machines cannot download.
 * Note: no fsync: the rename makes the entry atomic against a killed process, which is what a
 * build cache has to survive; after a power loss the worst case is a cache miss.
 */
export class FileStore {
  readonly #dir: string;
  readonly #onCorruptEntry: FileStoreOptions["onCorruptEntry"];

  constructor(options: FileStoreOptions) {
    this.#dir = options.dir;
    this.#onCorruptEntry = options.onCorruptEntry;
  }

  #fileFor(key: string): string {
    const hash = createHash("sha256").update(key).digest("hex");
    return join(this.#dir, `${hash}${ENTRY_SUFFIX}`);
  }

  async #read(file: string): Promise<EntryFile | undefined> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      const entry = JSON.parse(text) as EntryFile;
      if (typeof entry !== "object" || entry === null || typeof entry.key !== "string") throw new Error("not an entry");
      return entry;
    } catch (error) {
      this.#onCorruptEntry?.(file, error);
      await rm(file, { force: true });
      return undefined;
    }
  }

  /** Reads a value; expired and unreadable entries read as `undefined` (and are removed). */
  async get(key: string): Promise<unknown> {
    const file = this.#fileFor(key);
    const entry = await this.#read(file);
    if (entry === undefined) return undefined;
    if (entry.expires !== null && entry.expires <= Date.now()) {
      await rm(file, { force: true });
      return undefined;
    }
    return entry.value;
  }

  /** Writes a value atomically (temporary file, then rename); `ttl` is in milliseconds. */
  async set(key: string, value: unknown, ttl?: number): Promise<boolean> {
    const file = this.#fileFor(key);
    const entry: EntryFile = {
      key,
      value,
      expires: typeof ttl === "number" && ttl > 0 ? Date.now() + ttl : null,
    };
    await mkdir(this.#dir, { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`;
    try {
      await writeFile(temp, JSON.stringify(entry));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return true;
  }

  /** True when the key holds an unexpired value. */
  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }

  /** Removes a key; true when it existed. */
  async delete(key: string): Promise<boolean> {
    const existed = await this.has(key);
    await rm(this.#fileFor(key), { force: true });
    return existed;
  }

  /**
   * Removes every entry, and temporary files left by killed writers.
   * Note: Keyv calls this only without a namespace; with one it deletes the keys that
   * {@link FileStore.iterator} yields under its prefix, so other namespaces survive.
   */
  async clear(): Promise<void> {
    for (const name of await this.#names()) {
      if (name.endsWith(ENTRY_SUFFIX) || name.endsWith(TEMP_SUFFIX)) await rm(join(this.#dir, name), { force: true });
    }
  }

  /** Yields `[key, value]` for every unexpired entry; Keyv keeps the keys of its namespace. */
  async *iterator(): AsyncGenerator<[string, unknown]> {
    for (const name of await this.#names()) {
      if (!name.endsWith(ENTRY_SUFFIX)) continue;
      const entry = await this.#read(join(this.#dir, name));
      if (!entry) continue;
      if (entry.expires !== null && entry.expires <= Date.now()) continue;
      yield [entry.key, entry.value];
    }
  }

  async #names(): Promise<string[]> {
    try {
      return await readdir(this.#dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }
}
