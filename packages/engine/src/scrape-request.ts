import { z } from "zod";
import { SCRAPE_TIMEOUT_MS } from "./defaults.js";
import { ScrapeError } from "./errors.js";
import { withoutUndefined } from "./scrape.js";
import type { PdfParser, ScrapeFormat, ScrapeOptions } from "./scrape.js";

/** The options of a request that matter for documents, validated. */
export type DocumentRequestOptions = Required<Pick<ScrapeOptions, "formats" | "onlyMainContent" | "parsers">> &
  Pick<ScrapeOptions, "timeout" | "headers" | "removeBase64Images">;

/** A validated `/v2/scrape` body: the URL and the options that matter for documents. */
export interface ScrapeRequest {
  url: string;
  options: DocumentRequestOptions;
  /** What the server's scrape cache may do: Firecrawl's `maxAge` (ms), and whether to keep this result. */
  cache: { maxAge?: number; store: boolean };
}

const SUPPORTED_FORMATS: readonly ScrapeFormat[] = ["markdown", "html", "links"];

const pdfParser = z.strictObject({
  type: z.literal("pdf"),
  mode: z.enum(["fast", "auto", "ocr"]).optional(),
  maxPages: z.int().min(1).max(10_000).optional(),
  pages: z.boolean().optional(),
  // Note: Firecrawl's deprecated name of `pages`, still accepted as an alias.
  pageMarkdown: z.boolean().optional(),
  blocks: z.boolean().optional(),
  pageMarkers: z.boolean().optional(),
  __firePdfAsync: z.boolean().optional(),
});

const object = z.record(z.string(), z.unknown());

/**
 * Every key of Firecrawl's v2 scrape body (its server schema and the JS SDK's `ScrapeOptions`),
 * so that real clients pass. Note: keys that mean nothing for documents are checked by type
 * only and then ignored; the `.strict` object rejects any other key, as Firecrawl does.
 */
const scrapeBody = z.strictObject({
  url: z.string(),
  formats: z.array(z.union([z.string(), z.looseObject({ type: z.string() })])).optional(),
  onlyMainContent: z.boolean().optional(),
  parsers: z.array(z.union([z.literal("pdf"), z.literal("image"), pdfParser, z.strictObject({ type: z.literal("image") })])).optional(),
  timeout: z.int().min(SCRAPE_TIMEOUT_MS.min).max(SCRAPE_TIMEOUT_MS.max).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  // `false` asks for the document's pictures, inline in the Markdown.
  removeBase64Images: z.boolean().optional(),
  // Accepted and ignored: browser, proxy and account options.
  includeTags: z.array(z.string()).optional(),
  excludeTags: z.array(z.string()).optional(),
  onlyCleanContent: z.boolean().optional(),
  waitFor: z.int().min(0).max(60_000).optional(),
  mobile: z.boolean().optional(),
  actions: z.array(object).optional(),
  location: z.strictObject({ country: z.string().optional(), languages: z.array(z.string()).optional() }).optional(),
  skipTlsVerification: z.boolean().optional(),
  fastMode: z.boolean().optional(),
  useMock: z.string().optional(),
  blockAds: z.boolean().optional(),
  proxy: z.enum(["basic", "stealth", "enhanced", "auto"]).optional(),
  // Honoured by the server's scrape cache (DOCSCRAPE_CACHE_URL), with storeInCache and zeroDataRetention.
  maxAge: z.int().min(0).optional(),
  minAge: z.int().min(0).optional(),
  storeInCache: z.boolean().optional(),
  lockdown: z.boolean().optional(),
  safeMode: z.boolean().optional(),
  redactPII: z.union([z.boolean(), object]).optional(),
  threatProtection: object.optional(),
  auditMetadata: object.optional(),
  profile: z.looseObject({ name: z.string() }).optional(),
  domainTools: z.boolean().optional(),
  toolDetail: z.enum(["compact", "summary", "full"]).optional(),
  origin: z.string().optional(),
  integration: z.string().nullable().optional(),
  zeroDataRetention: z.boolean().optional(),
  __agentInterop: object.optional(),
  __searchPreviewToken: z.string().optional(),
  __experimental_omce: z.boolean().optional(),
  __experimental_omceDomain: z.string().optional(),
  __experimental_engpicker: z.boolean().optional(),
  __forceFirePDF: z.boolean().optional(),
});

/**
 * Validate a parsed `/v2/scrape` JSON body.
 *
 * @throws {ScrapeError} `BAD_REQUEST` naming the unknown keys, the unsupported formats or the
 *   first invalid field.
 */
export function parseScrapeRequest(body: unknown): ScrapeRequest {
  const parsed = scrapeBody.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, "the v2 scrape API");
  const { url, maxAge, storeInCache, zeroDataRetention } = parsed.data;
  const target = URL.parse(url);
  if (target?.protocol !== "http:" && target?.protocol !== "https:") {
    throw new ScrapeError("BAD_REQUEST", `\`url\` must be an absolute http:// or https:// URL, got "${url}".`, {
      details: { field: "url" },
    });
  }
  return {
    url,
    options: documentOptions(parsed.data),
    cache: { ...(maxAge !== undefined && { maxAge }), store: storeInCache !== false && zeroDataRetention !== true },
  };
}

/**
 * The `options` part of a `/v2/parse` upload: the scrape body without `url`, nor the browser
 * options that the SDK's `parse()` refuses too (`actions`, `waitFor`, `mobile`, `location`) nor the
 * cache ones (an upload is never cached).
 */
const parseOptions = scrapeBody.omit({
  url: true,
  actions: true,
  waitFor: true,
  mobile: true,
  location: true,
  maxAge: true,
  minAge: true,
  storeInCache: true,
});

/**
 * Validate the parsed JSON of a `/v2/parse` `options` part (`undefined` when there is none).
 *
 * @throws {ScrapeError} `BAD_REQUEST` naming the unknown keys, the unsupported formats or the
 *   first invalid field.
 */
export function parseParseOptions(options: unknown): DocumentRequestOptions {
  const parsed = parseOptions.safeParse(options ?? {});
  if (!parsed.success) throw invalid(parsed.error, "the v2 parse API");
  return documentOptions(parsed.data);
}

function documentOptions(body: z.infer<typeof parseOptions>): DocumentRequestOptions {
  const { formats, onlyMainContent, parsers, timeout, headers, removeBase64Images } = body;
  return {
    formats: outputFormats(formats ?? ["markdown"]),
    onlyMainContent: onlyMainContent ?? true,
    // Note: the image parser (OCR of image URLs) is accepted for compatibility; images are not documents here.
    parsers: (parsers ?? ["pdf"]).flatMap((parser): PdfParser[] => {
      if (parser === "pdf") return ["pdf"];
      if (parser === "image" || parser.type === "image") return [];
      const { type, mode, maxPages, pageMarkdown, pages = pageMarkdown, pageMarkers, blocks } = parser;
      return [withoutUndefined({ type, mode, maxPages, pages, pageMarkers, blocks })];
    }),
    ...(timeout !== undefined && { timeout }),
    ...(headers && { headers }),
    // Note: only `false` changes anything: the document's pictures then travel inline in the Markdown.
    ...(removeBase64Images === false && { removeBase64Images }),
  };
}


function outputFormats(formats: ReadonlyArray<string | { type: string }>): ScrapeFormat[] {
  const names = formats.map((format) => (typeof format === "string" ? format : format.type));
  const unsupported = names.filter((name) => !(SUPPORTED_FORMATS as readonly string[]).includes(name));
  if (unsupported.length > 0) {
    throw new ScrapeError(
      "BAD_REQUEST",
      `Format ${unsupported.map((name) => `"${name}"`).join(", ")} is not supported for documents; use ${SUPPORTED_FORMATS.join(", ")}.`,
      { details: { unsupportedFormats: unsupported } },
    );
  }
  return [...new Set(names)] as ScrapeFormat[];
}

function invalid(error: z.ZodError, api: string): ScrapeError {
  const unknownKeys = error.issues.flatMap((issue) => (issue.code === "unrecognized_keys" && issue.path.length === 0 ? issue.keys : []));
  if (unknownKeys.length > 0) {
    return new ScrapeError(
      "BAD_REQUEST",
      `Unrecognized key${unknownKeys.length > 1 ? "s" : ""} in body: ${unknownKeys.map((key) => `"${key}"`).join(", ")}; remove ${unknownKeys.length > 1 ? "them" : "it"} (see ${api}).`,
      { details: { unrecognizedKeys: unknownKeys } },
    );
  }
  const issues = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  const first = issues[0];
  const where = first?.path ? `\`${first.path}\`` : "The body";
  return new ScrapeError("BAD_REQUEST", `${where} is invalid: ${first?.message ?? "unknown problem"}; fix the request body.`, {
    details: { issues },
  });
}
