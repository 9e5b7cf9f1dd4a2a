import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { convert } from "./convert.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, SCRAPE_TIMEOUT_MS, hasUrlScheme } from "./defaults.js";
import { ScrapeError } from "./errors.js";
import { fetchDocument } from "./fetch-document.js";
import type { FetchedDocument } from "./fetch-document.js";
import type { HostResolver } from "./network-guard.js";
import type { ConvertOptions, ConvertResult, DocumentMetadata, PdfOptions } from "./types.js";

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
  numPages?: number;
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
}

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
  const timeout = AbortSignal.timeout(settings.timeout);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  // Whatever the aborted download or conversion throws, running out of time is the story.
  const failure = (error: unknown): never => {
    throw timeout.aborted ? timedOut(url, settings.timeout) : error;
  };
  const work = scrapeTarget(convertDocument, url, target, { ...settings, signal }).catch(failure);
  // Note: a converter may not check the signal, so the scrape races it rather than trusting it.
  const aborted = new Promise<never>((_, reject) => {
    const fail = (): void => reject(signal.reason);
    if (signal.aborted) fail();
    else signal.addEventListener("abort", fail, { once: true });
  }).catch(failure);
  return Promise.race([work, aborted]);
}

type Settings = typeof DEFAULTS & ScrapeOptions & { signal: AbortSignal };

async function scrapeTarget(convertDocument: ConvertDocument, sourceURL: string, target: URL, settings: Settings): Promise<ScrapeData> {
  const document = await fetchDocument(target, settings);
  const result = await convertDocument(document.bytes, {
    filename: document.filename ?? document.url,
    contentType: document.contentType,
    onlyMainContent: settings.onlyMainContent,
    pdf: pdfOptions(settings.parsers),
    signal: settings.signal,
  });
  const { formats } = settings;
  // Note: unified loads only when a format needs it; most scrapes ask for Markdown alone.
  const html = formats.includes("html") || formats.includes("links") ? await import("./render-html.js") : undefined;
  return withoutUndefined({
    markdown: formats.includes("markdown") ? result.markdown : undefined,
    html: formats.includes("html") ? html!.renderHtml(result.markdown) : undefined,
    links: formats.includes("links") ? html!.extractLinks(result.markdown, document.url) : undefined,
    metadata: metadataOf(sourceURL, document, result.metadata),
    warning: result.warnings.length > 0 ? result.warnings.join(" ") : undefined,
  }) as ScrapeData;
}

function metadataOf(sourceURL: string, document: FetchedDocument, converted: DocumentMetadata): ScrapeMetadata {
  return withoutUndefined({
    title: converted.title,
    description: converted.description,
    language: converted.language,
    sourceURL,
    url: document.url,
    statusCode: document.statusCode,
    contentType: converted.contentType,
    numPages: converted.numPages,
    sheetNames: converted.sheetNames,
    scrapeId: randomUUID(),
    creditsUsed: 1,
    etag: document.etag,
    lastModified: document.lastModified,
  }) as ScrapeMetadata;
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

const timedOut = (url: string, timeout: number): ScrapeError =>
  new ScrapeError("SCRAPE_TIMEOUT", `Scraping ${url} took longer than ${timeout} ms; retry later or raise \`timeout\`.`, {
    url,
    details: { timeout },
  });

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
