import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { convert } from "./convert.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, SCRAPE_TIMEOUT_MS, hasUrlScheme } from "./defaults.js";
import { ScrapeError } from "./errors.js";
import { fetchDocument } from "./fetch-document.js";
import type { DocumentImage } from "./images.js";
import type { HostResolver } from "./network-guard.js";
import type { ConvertOptions, ConvertResult, DocumentMetadata, PdfOptions, PdfPage, PdfPageBlocks } from "./types.js";

/** The output formats a scrape can return. */
export type ScrapeFormat = "markdown" | "html" | "links";

/** A PDF parser entry, as in Firecrawl's `parsers`. */
export type PdfParser = "pdf" | ({ type: "pdf" } & PdfOptions);

/** Options of {@link scrape}; the same names as the `/v2/scrape` body where they overlap. */
export interface ScrapeOptions {
  /** What to return. @default ["markdown"] */
  formats?: ScrapeFormat[];
  /** Drop running headers and footers, page numbers and similar page furniture. @default true */
  onlyMainContent?: boolean;
  /** With no pdf parser a PDF is returned unparsed (empty Markdown plus a warning). @default ["pdf"] */
  parsers?: PdfParser[];
  /** Milliseconds for the whole scrape, download and conversion; past it → `SCRAPE_TIMEOUT`. @default 60000 */
  timeout?: number;
  /** Sent when fetching the document (for private documents). */
  headers?: Record<string, string>;
  /**
   * Firecrawl's option, read for documents: `false` returns the document's pictures in
   * `data.images` and references them from the Markdown as `![alt](name)` (over HTTP they travel
   * inline, as `data:` URIs). By default each picture is its alt text, as from Firecrawl.
   * @default true
   */
  removeBase64Images?: boolean;
  /** Resolves relative paths. @default process.cwd() */
  baseDir?: string;
  /**
   * Let URLs reach loopback, private and link-local addresses. In-process the site author
   * chooses the URLs, so this is allowed; the server turns it off.
   * @default true
   */
  allowPrivateNetworks?: boolean;
  /** Accept `file:` URLs and local paths. The server turns it off. @default true */
  allowLocalFiles?: boolean;
  /** Refuse documents larger than this many bytes (`DOCUMENT_TOO_LARGE`). @default 52428800 (50 MiB) */
  maxBytes?: number;
  /** Cancels the scrape; it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Resolves host names; tests pass a stub. @default system DNS */
  resolveHost?: HostResolver;
}

/** `data.metadata` of a scrape, in Firecrawl's shape. */
export interface ScrapeMetadata {
  title?: string;
  description?: string;
  language?: string;
  /** The URL as requested. */
  sourceURL: string;
  /** The URL the document came from, after redirects. */
  url: string;
  statusCode: number;
  /** MIME type of the detected format. */
  contentType?: string;
  /** Pages parsed (capped by `maxPages`). */
  numPages?: number;
  /** Pages in the document; more than `numPages` when `maxPages` cut it. */
  totalPages?: number;
  sheetNames?: string[];
  scrapeId: string;
  creditsUsed: number;
  /** The source's `ETag`, for revalidation. */
  etag?: string;
  /** The source's `Last-Modified`, for revalidation. */
  lastModified?: string;
}

/** The `data` of a successful `/v2/scrape` response. */
export interface ScrapeData {
  markdown?: string;
  html?: string;
  links?: string[];
  metadata: ScrapeMetadata;
  /** The converter's warnings, joined: what the conversion lost. */
  warning?: string;
  /** Each PDF page's Markdown, with `parsers: [{ type: "pdf", pages: true }]`. */
  pages?: PdfPage[];
  /** Each PDF page's layout blocks, with `parsers: [{ type: "pdf", blocks: true }]`. */
  blocks?: PdfPageBlocks[];
  /** The pictures the Markdown references, with `removeBase64Images: false`. */
  images?: DocumentImage[];
}

/** `data.metadata` of a `/v2/parse` response: the upload's name instead of URLs and a status. */
export type ParseMetadata = Omit<ScrapeMetadata, "sourceURL" | "url" | "statusCode" | "etag" | "lastModified"> & {
  /** The uploaded file's name. */
  sourceFile: string;
};

/** The `data` of a successful `/v2/parse` response. */
export type ParseData = Omit<ScrapeData, "metadata"> & { metadata: ParseMetadata };

/** A file to convert, as uploaded to `/v2/parse`. */
export interface Upload {
  bytes: Uint8Array;
  filename: string;
  /** The part's `Content-Type`, if it had one. */
  contentType?: string;
}

/** Options of {@link parseWith}: the scrape options that apply to bytes in hand. */
export type ParseOptions = Pick<ScrapeOptions, "formats" | "onlyMainContent" | "parsers" | "timeout" | "signal">;

const DEFAULTS = {
  formats: ["markdown"] as ScrapeFormat[],
  onlyMainContent: true,
  parsers: ["pdf"] as PdfParser[],
  timeout: SCRAPE_TIMEOUT_MS.default,
  allowPrivateNetworks: true,
  allowLocalFiles: true,
  maxBytes: DEFAULT_MAX_DOCUMENT_BYTES,
};

/**
 * Fetch a document (http(s) URL, `file:` URL or local path) and convert it to Markdown, plus
 * HTML and links when asked for: the `data` of a `/v2/scrape` response.
 *
 * @throws {ScrapeError} with a code from SPEC.md's table and a message that names the URL.
 */
export function scrape(url: string, options: ScrapeOptions = {}): Promise<ScrapeData> {
  // Note: in-process the conversion runs in this thread, with no heap limit of its own: the
  // Astro loader's caller chose the documents, and a build is already a process of its own. The
  // server, which converts strangers' documents, passes its worker pool instead.
  return scrapeWith(convert, url, options);
}

/** Converts a fetched document's bytes, as {@link convert} does. */
type ConvertDocument = (bytes: Uint8Array, options: ConvertOptions) => Promise<ConvertResult>;

/** {@link scrape} with another converter, such as a worker pool's; the timeout covers it too. */
export async function scrapeWith(convertDocument: ConvertDocument, url: string, options: ScrapeOptions = {}): Promise<ScrapeData> {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) };
  const target = resolveTarget(url, settings);
  return withinTimeout(settings, `Scraping ${url}`, url, (signal) => scrapeTarget(convertDocument, url, target, { ...settings, signal }));
}

/**
 * Convert bytes the caller holds, as `/v2/parse` does: the same conversion and response as
 * {@link scrapeWith} with no fetch at all, and `metadata.sourceFile` naming the upload.
 */
export async function parseWith(convertDocument: ConvertDocument, upload: Upload, options: ParseOptions = {}): Promise<ParseData> {
  const settings = { ...DEFAULTS, ...withoutUndefined(options) };
  return withinTimeout(settings, `Converting ${upload.filename}`, undefined, async (signal) => {
    const result = await convertDocument(upload.bytes, {
      filename: upload.filename,
      contentType: upload.contentType,
      ...conversionOptions(settings),
      signal,
    });
    // Note: an upload has no address, so relative links stay out of `links`; absolute ones are kept.
    const { metadata, ...data } = await responseData(result, settings.formats, "file:///");
    return { ...data, metadata: { ...documentMetadata(metadata), sourceFile: upload.filename } };
  });
}

/**
 * Run `work` with the settings' timeout and the caller's signal; past the timeout it rejects with
 * `SCRAPE_TIMEOUT` whatever the aborted work throws.
 */
async function withinTimeout<T>(
  settings: { timeout: number; signal?: AbortSignal | undefined },
  what: string,
  url: string | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(settings.timeout);
  const signal = settings.signal ? AbortSignal.any([settings.signal, timeout]) : timeout;
  // Whatever the aborted download or conversion throws, running out of time is the story.
  const failure = (error: unknown): never => {
    throw timeout.aborted ? timedOut(what, url, settings.timeout) : error;
  };
  const running = work(signal).catch(failure);
  // Note: a converter may not check the signal, so the work races it rather than trusting it.
  const aborted = new Promise<never>((_, reject) => {
    const fail = (): void => reject(signal.reason);
    if (signal.aborted) fail();
    else signal.addEventListener("abort", fail, { once: true });
  }).catch(failure);
  return Promise.race([running, aborted]);
}

type Settings = typeof DEFAULTS & ScrapeOptions & { signal: AbortSignal };

async function scrapeTarget(convertDocument: ConvertDocument, sourceURL: string, target: URL, settings: Settings): Promise<ScrapeData> {
  const document = await fetchDocument(target, settings);
  const result = await convertDocument(document.bytes, {
    filename: document.filename ?? document.url,
    contentType: document.contentType,
    url: document.url,
    ...conversionOptions(settings),
    signal: settings.signal,
  });
  const { metadata, ...data } = await responseData(result, settings.formats, document.url);
  return {
    ...data,
    metadata: withoutUndefined({
      ...documentMetadata(metadata),
      sourceURL,
      url: document.url,
      statusCode: document.statusCode,
      etag: document.etag,
      lastModified: document.lastModified,
    }) as ScrapeMetadata,
  };
}

const conversionOptions = (settings: {
  onlyMainContent: boolean;
  parsers: readonly PdfParser[];
  removeBase64Images?: boolean | undefined;
}): Pick<ConvertOptions, "onlyMainContent" | "pdf" | "images"> => ({
  onlyMainContent: settings.onlyMainContent,
  pdf: pdfOptions(settings.parsers),
  // Note: `removeBase64Images: false` asks for the document's pictures (inline over HTTP).
  ...(settings.removeBase64Images === false && { images: true }),
});

/** The response `data` of a conversion, in the formats asked for; metadata still the converter's. */
async function responseData(result: ConvertResult, formats: readonly ScrapeFormat[], baseUrl: string) {
  // Note: unified loads only when a format needs it; most scrapes ask for Markdown alone.
  const html = formats.includes("html") || formats.includes("links") ? await import("./render-html.js") : undefined;
  return withoutUndefined({
    markdown: formats.includes("markdown") ? result.markdown : undefined,
    html: formats.includes("html") ? html!.renderHtml(result.markdown) : undefined,
    links: formats.includes("links") ? html!.extractLinks(result.markdown, baseUrl) : undefined,
    metadata: result.metadata,
    warning: result.warnings.length > 0 ? result.warnings.join(" ") : undefined,
    pages: result.pages,
    blocks: result.blocks,
    images: result.images,
  });
}

/** The metadata every response carries, whatever the document came from. */
function documentMetadata(converted: DocumentMetadata) {
  return withoutUndefined({
    title: converted.title,
    description: converted.description,
    language: converted.language,
    contentType: converted.contentType,
    numPages: converted.numPages,
    totalPages: converted.totalPages,
    sheetNames: converted.sheetNames,
    scrapeId: randomUUID(),
    creditsUsed: 1,
  });
}

/** The first pdf parser's options, or `false` when no parser asks for PDFs. */
function pdfOptions(parsers: readonly PdfParser[]): PdfOptions | false {
  const parser = parsers.find((entry) => entry === "pdf" || entry.type === "pdf");
  if (parser === undefined) return false;
  if (parser === "pdf") return {};
  const { type: _type, ...options } = parser;
  return options;
}

/** Turn what the caller passed into the URL to fetch, refusing the kinds it does not allow. */
function resolveTarget(url: string, settings: { allowLocalFiles: boolean; baseDir?: string }): URL {
  const parsed = hasUrlScheme(url) ? URL.parse(url) : null;
  if (parsed?.protocol === "http:" || parsed?.protocol === "https:") return parsed;
  const local = parsed?.protocol === "file:" ? parsed : parsed ? null : pathToFileURL(resolve(settings.baseDir ?? process.cwd(), url));
  if (!local) {
    throw new ScrapeError("BAD_REQUEST", `${url} is not an http(s) URL; pass an absolute http:// or https:// URL.`, { url });
  }
  if (!settings.allowLocalFiles) {
    throw new ScrapeError("BAD_REQUEST", `${url} is a local file; this service only fetches absolute http:// or https:// URLs.`, { url });
  }
  return local;
}

const timedOut = (what: string, url: string | undefined, timeout: number): ScrapeError =>
  new ScrapeError("SCRAPE_TIMEOUT", `${what} took longer than ${timeout} ms; retry later or raise \`timeout\`.`, {
    ...(url && { url }),
    details: { timeout },
  });

/** A copy of `value` without its `undefined` entries, so that JSON and `toEqual` see only what is set. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
