import { readFile, readdir } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The shared test corpus's files: the corpus is `../shared/corpus` beside the repository, unless `DOCSCRAPE_CORPUS` (as for the tests) says otherwise. */
export const CORPUS_DIR = join(process.env.DOCSCRAPE_CORPUS ?? fileURLToPath(new URL("../../../shared/corpus", import.meta.url)), "files");

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

/**
 * The corpus's normal documents as its manifest lists them (category "normal": every file but the
 * deliberately malformed ones), optionally of one type; none when the corpus is absent.
 * @param {string} [type] e.g. "pdf"
 * @returns {Promise<string[]>}
 */
export async function normalCorpusFiles(type) {
  const manifestPath = join(dirname(CORPUS_DIR), "manifest.json");
  const manifest = await readFile(manifestPath, "utf8").then(JSON.parse, () => []);
  return manifest
    .filter((entry) => entry.category === "normal" && (type === undefined || entry.type === type))
    .map((entry) => join(dirname(CORPUS_DIR), entry.file));
}
