import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SCRAPE_TIMEOUT_MS, hasUrlScheme } from "docscrape/defaults";
import { slug } from "github-slugger";
import type { z } from "astro/zod";
import type { PluggableList } from "unified";
import type { CacheStore } from "./cache.js";
import { parseTtl } from "./cache.js";
import { fileNameOf } from "./entry.js";
import { DocumentLoaderConfigError } from "./errors.js";
import { resolveRetryOptions } from "docscrape/client";
import type { ResolvedRetryOptions, RetryOptions } from "docscrape/client";
import type { PdfParser, ScrapeOptions, Scraper } from "./scraper.js";

/** One document: a URL (http(s), `file:`, or a path relative to the Astro project root), or an object. */
export type DocumentInput =
  | string
  | {
      /** The entry id. @default a slug of the file name */
      id?: string;
      /** http(s) URL, `file:` URL, or a path relative to the Astro project root. */
      url: string;
      /** Extra fields merged into the entry's `data` (extend `documentSchema` to validate them). @default {} */
      data?: Record<string, unknown>;
    };

/** The scrape cache settings. */
export interface DocumentCacheOptions {
  /** Directory of the on-disk cache, relative to the Astro project root. @default ".cache/docscrape" */
  dir?: string;
  /** How long a scrape is used without asking the source whether it changed: `"1d"`, `"6h"`, `"30m"` or ms. @default "1d" */
  ttl?: string | number;
  /** Any keyv store instead of the on-disk one. @default a one-file-per-entry store in `dir` */
  store?: CacheStore;
}

/** Options of `documentLoader()`. */
export interface DocumentLoaderOptions {
  /** The documents to load, one entry each. */
  documents: DocumentInput[];
  /** Base URL of a Firecrawl-compatible API (ours or Firecrawl's). @default process.env.FIRECRAWL_API_URL, else the embedded engine */
  apiUrl?: string;
  /** The API key, sent as a bearer token. @default process.env.FIRECRAWL_API_KEY */
  apiKey?: string;
  /** A scraper of your own; replaces the API client and the embedded engine for remote URLs. @default undefined */
  scraper?: Scraper;
  /** Scrape formats; `"markdown"` is always added. @default ["markdown"] */
  formats?: Array<"markdown" | "html" | "links">;
  /** Drop running headers, footers and page numbers. @default true */
  onlyMainContent?: boolean;
  /** PDF parsers, as in Firecrawl's `parsers`. @default ["pdf"] (the scraper's default) */
  parsers?: Array<"pdf" | PdfParser>;
  /** Milliseconds the scraper may spend on one document (1000..300000). @default 60000 (the scraper's default) */
  timeout?: number;
  /**
   * Show the documents' pictures on their pages, optimised by Astro's image pipeline; `false`
   * keeps each picture as its alt text. Asks the scraper with Firecrawl's `removeBase64Images: false`.
   * @default true
   */
  images?: boolean;
  /** The scrape cache, or `false` to scrape on every build. @default { dir: ".cache/docscrape", ttl: "1d" } */
  cache?: DocumentCacheOptions | false;
  /** Retries of transient failures. @default { retries: 5, minTimeout: 1000, maxTimeout: 60000, attemptTimeout: 90000 } */
  retry?: RetryOptions;
  /** Documents scraped at once, shared by every collection that uses this loader. @default 4 */
  concurrency?: number;
  /**
   * Worker threads that convert documents with the embedded engine and render Markdown, each
   * with a 512 MiB memory limit, shared by every collection; local documents convert this many
   * at once. @default os.availableParallelism()
   */
  workers?: number;
  /** `"fail"`: the sync throws one error listing every failed document. `"skip"`: warn and go on. @default "fail" */
  onError?: "fail" | "skip";
  /** remark plugins run on each document's Markdown. @default [] */
  remarkPlugins?: PluggableList;
  /** rehype plugins run on each document's HTML, before it is sanitised. @default [] */
  rehypePlugins?: PluggableList;
  /** Extra fields of `data`, merged into `documentSchema`. @default undefined */
  schema?: z.ZodObject;
}

/** A document after validation. */
export interface ResolvedDocument {
  id: string;
  /** The URL as configured, or the path as written. */
  input: string;
  /** A local path (relative or absolute), or a `file:` URL: always scraped by the embedded engine. */
  local: boolean;
  data: Record<string, unknown>;
}

/** Every option after validation, defaults filled in. */
export interface ResolvedOptions {
  documents: ResolvedDocument[];
  apiUrl: string | undefined;
  apiKey: string | undefined;
  scraper: Scraper | undefined;
  scrapeOptions: ScrapeOptions;
  cache: { dir: string; ttlMs: number; store: CacheStore | undefined } | false;
  retry: ResolvedRetryOptions;
  concurrency: number;
  workers: number;
  onError: "fail" | "skip";
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  schema: z.ZodObject | undefined;
}

const KNOWN_OPTIONS = new Set<string>([
  "documents", "apiUrl", "apiKey", "scraper", "formats", "onlyMainContent", "parsers", "timeout", "images",
  "cache", "retry", "concurrency", "workers", "onError", "remarkPlugins", "rehypePlugins", "schema",
]);
const KNOWN_CACHE_OPTIONS = new Set(["dir", "ttl", "store"]);
const KNOWN_RETRY_OPTIONS = new Set(["retries", "minTimeout", "maxTimeout", "attemptTimeout"]);
const FIRECRAWL_CLOUD = "https://api.firecrawl.dev";

function fail(message: string): never {
  throw new DocumentLoaderConfigError(message);
}

function checkKeys(value: object, known: Set<string>, where: string): void {
  const unknown = Object.keys(value).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    fail(`Unknown ${where} option(s) ${unknown.map((key) => `\`${key}\``).join(", ")}; the known ones are ${[...known].join(", ")}.`);
  }
}

/** Checks one document entry and says which one is wrong and how to fix it. */
function resolveDocument(input: DocumentInput, index: number): Omit<ResolvedDocument, "id"> & { id?: string } {
  const entry = typeof input === "string" ? { url: input } : input;
  const label = `\`documents[${index}]\``;
  if (typeof entry !== "object" || entry === null || typeof entry.url !== "string" || entry.url.trim() === "") {
    return fail(`${label} needs a \`url\`: an http(s) URL, a file: URL or a path relative to the project root.`);
  }
  checkKeys(entry, new Set(["id", "url", "data"]), `${label}`);
  if (entry.id !== undefined && (typeof entry.id !== "string" || entry.id.trim() === "")) {
    fail(`${label}.id must be a non-empty string; remove it to use a slug of the file name.`);
  }
  if (entry.data !== undefined && (typeof entry.data !== "object" || entry.data === null || Array.isArray(entry.data))) {
    fail(`${label}.data must be an object of extra entry fields.`);
  }
  const url = entry.url.trim();
  let local = !hasUrlScheme(url);
  if (!local) {
    if (!URL.canParse(url)) fail(`${label} has an invalid URL \`${url}\`; write an absolute http(s) URL or a relative path.`);
    const protocol = new URL(url).protocol;
    if (protocol === "file:") local = true;
    else if (protocol !== "http:" && protocol !== "https:") {
      fail(`${label} uses \`${protocol}\`; only http:, https:, file: URLs and local paths can be scraped.`);
    }
  }
  // Note: relative paths are checked in load(), once Astro's `config.root` is known.
  const absolutePath = url.startsWith("file:") ? fileURLToPath(url) : local && isAbsolute(url) ? url : undefined;
  if (absolutePath !== undefined && !existsSync(absolutePath)) {
    fail(`${label}: the file ${absolutePath} does not exist; fix the path or remove the entry.`);
  }
  return { id: entry.id?.trim(), input: url, local, data: entry.data ?? {} };
}

/**
 * The default id of each document: a slug of its file name (`budget-2026` for budget-2026.xlsx),
 * with the extension too (`handbook-pdf`, `handbook-docx`) when names differ only by extension.
 * Note: the stateless `slug`, so two files with the same name and extension (in two folders)
 * are reported rather than numbered silently.
 */
function defaultIdsOf(documents: ReadonlyArray<Pick<ResolvedDocument, "input" | "local">>): string[] {
  const names = documents.map((document) => {
    const url = documentUrl(document, "/");
    const extension = /\.([^./]+)$/.exec(new URL(url).pathname)?.[1] ?? "";
    return { base: slug(fileNameOf(url)), extension };
  });
  const extensionsByBase = new Map<string, Set<string>>();
  for (const { base, extension } of names) extensionsByBase.set(base, (extensionsByBase.get(base) ?? new Set()).add(extension));
  return names.map(({ base, extension }) => (extensionsByBase.get(base)!.size > 1 && extension ? slug(`${base} ${extension}`) : base));
}

/** The absolute URL of a document: http(s) as is, local paths as `file:` URLs under `root`. */
export function documentUrl(document: Pick<ResolvedDocument, "input" | "local">, root: string): string {
  if (!document.local || document.input.startsWith("file:")) return document.input;
  return pathToFileURL(resolve(root, document.input)).href;
}

function checkPositiveInteger(value: unknown, name: string, minimum = 0): void {
  if (value !== undefined && (typeof value !== "number" || !Number.isInteger(value) || value < minimum)) {
    fail(`\`${name}\` must be an integer of at least ${minimum}.`);
  }
}

/**
 * Validates the loader options and fills in defaults; throws a `DocumentLoaderConfigError`
 * naming the option and the fix. Makes no request.
 */
export function resolveOptions(options: DocumentLoaderOptions, env: NodeJS.ProcessEnv = process.env): ResolvedOptions {
  if (typeof options !== "object" || options === null) fail("`documentLoader()` needs an options object with `documents`.");
  checkKeys(options, KNOWN_OPTIONS, "`documentLoader()`");
  if (!Array.isArray(options.documents)) fail("`documents` must be an array of URLs, paths or `{ id, url, data }` objects.");

  const seen = new Map<string, number>();
  const resolved = options.documents.map(resolveDocument);
  const defaultIds = defaultIdsOf(resolved);
  const documents = resolved.map((document, index) => {
    const id = document.id ?? defaultIds[index]!;
    const previous = seen.get(id);
    if (previous !== undefined) {
      fail(`\`documents[${index}]\` has the id "${id}", like \`documents[${previous}]\`; give one of them an explicit \`id\`.`);
    }
    seen.set(id, index);
    return { ...document, id };
  });

  const apiUrl = options.apiUrl ?? (env.FIRECRAWL_API_URL || undefined);
  const apiKey = options.apiKey ?? (env.FIRECRAWL_API_KEY || undefined);
  if (apiUrl !== undefined && (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol))) {
    fail("`apiUrl` (or FIRECRAWL_API_URL) must be an http(s) URL such as https://api.firecrawl.dev.");
  }
  if (options.scraper !== undefined && (typeof options.scraper.scrape !== "function" || typeof options.scraper.id !== "string")) {
    fail("`scraper` must be an object with an `id` string and a `scrape(url, options)` function.");
  }

  const { min, max } = SCRAPE_TIMEOUT_MS;
  if (options.timeout !== undefined && (typeof options.timeout !== "number" || options.timeout < min || options.timeout > max)) {
    fail(`\`timeout\` must be a number of milliseconds from ${min} to ${max}.`);
  }
  if (options.onError !== undefined && options.onError !== "fail" && options.onError !== "skip") {
    fail('`onError` must be "fail" or "skip".');
  }
  checkPositiveInteger(options.concurrency, "concurrency", 1);
  checkPositiveInteger(options.workers, "workers", 1);
  if (options.retry !== undefined) {
    checkKeys(options.retry, KNOWN_RETRY_OPTIONS, "`retry`");
    for (const key of KNOWN_RETRY_OPTIONS) checkPositiveInteger(options.retry[key as keyof RetryOptions], `retry.${key}`);
  }

  let cache: ResolvedOptions["cache"] = false;
  if (options.cache !== false) {
    const cacheOptions = options.cache ?? {};
    checkKeys(cacheOptions, KNOWN_CACHE_OPTIONS, "`cache`");
    const ttlMs = parseTtl(cacheOptions.ttl ?? "1d");
    if (ttlMs === undefined) fail('`cache.ttl` must be milliseconds or a duration such as "1d", "6h" or "30m".');
    cache = { dir: cacheOptions.dir ?? ".cache/docscrape", ttlMs, store: cacheOptions.store };
  }

  const formats = [...new Set(["markdown" as const, ...(options.formats ?? [])])];
  const scrapeOptions: ScrapeOptions = { formats };
  if (options.onlyMainContent !== undefined) scrapeOptions.onlyMainContent = options.onlyMainContent;
  if (options.parsers !== undefined) scrapeOptions.parsers = options.parsers;
  if (options.timeout !== undefined) scrapeOptions.timeout = options.timeout;
  if (options.images !== undefined && typeof options.images !== "boolean") fail("`images` must be true or false.");
  if (options.images !== false) scrapeOptions.removeBase64Images = false;

  return {
    documents,
    apiUrl: apiUrl ?? (apiKey ? FIRECRAWL_CLOUD : undefined),
    apiKey,
    scraper: options.scraper,
    scrapeOptions,
    cache,
    retry: resolveRetryOptions(options.retry),
    concurrency: options.concurrency ?? 4,
    workers: options.workers ?? availableParallelism(),
    onError: options.onError ?? "fail",
    remarkPlugins: options.remarkPlugins ?? [],
    rehypePlugins: options.rehypePlugins ?? [],
    schema: options.schema,
  };
}
