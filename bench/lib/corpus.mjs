import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";

/** The shared test corpus; `DOCSCRAPE_CORPUS` points elsewhere (e.g. on CI). */
export const CORPUS_DIR = process.env.DOCSCRAPE_CORPUS ?? "/work/shared/corpus/files";

/**
 * The corpus files of one type (by extension), without the deliberately malformed `mal_*` ones.
 * An absent corpus gives no files, so the bench still runs on generated documents alone.
 * @param {string} type e.g. "pdf"
 */
export async function corpusFiles(type) {
  const names = await readdir(CORPUS_DIR).catch(() => []);
  return names
    .filter((name) => extname(name) === `.${type}` && !name.startsWith("mal_"))
    .sort()
    .map((name) => join(CORPUS_DIR, name));
}
