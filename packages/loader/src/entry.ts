import { formatFromContentType, formatFromFilename } from "docscrape/formats";
import type { MarkdownResult } from "./markdown.js";
import type { DocumentFormatName } from "./schema.js";
import type { ScrapeData } from "./scraper.js";

/**
 * The document's format: from its content type, else from its URL's extension (the engine's own
 * table, so every format it reads is named here too), else `"unknown"`.
 */
export function formatOf(contentType: string | undefined, url: string): DocumentFormatName {
  return formatFromContentType(contentType) ?? formatFromFilename(new URL(url).pathname) ?? "unknown";
}

/** The last path segment of a URL without its extension, e.g. `budget-2026` — the last title fallback. */
export function fileNameOf(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).pop() ?? "");
  return last.replace(/\.[^.]+$/, "") || new URL(url).hostname;
}

/** Bump when `markdown.ts` renders differently, so every entry is rendered again once. */
export const RENDERER_VERSION = 3;

/**
 * What an entry's digest is computed from: everything the page shows — Markdown, title and the
 * metadata that reaches `data`, and the user's `data` — and nothing that changes on every scrape
 * (`fetchedAt`, `scrapeId`, `creditsUsed`, validators), so an unchanged document is not re-rendered.
 */
export function digestInput(scrape: ScrapeData, userData: Record<string, unknown>): Record<string, unknown> {
  const { title, description, language, contentType, numPages, sheetNames } = scrape.metadata;
  return {
    renderer: RENDERER_VERSION,
    markdown: scrape.markdown,
    metadata: { title, description, language, contentType, numPages, sheetNames },
    userData,
  };
}

/** The facts {@link entryData} combines. */
export interface EntryDataParts {
  /** The document as configured (a URL, or a local path as written). */
  sourceUrl: string;
  /** The absolute http(s) or `file:` URL. */
  url: string;
  scrape: ScrapeData;
  content: MarkdownResult;
  fetchedAt: number;
  userData: Record<string, unknown>;
}

/** The raw (not yet validated) `data` of an entry; the user's `data` is spread last and wins. */
export function entryData(parts: EntryDataParts): Record<string, unknown> {
  const { metadata } = parts.scrape;
  return {
    title: parts.content.title,
    description: parts.content.description,
    sourceUrl: parts.sourceUrl,
    contentType: metadata.contentType,
    format: formatOf(metadata.contentType, parts.url),
    pages: metadata.numPages,
    sheets: metadata.sheetNames,
    language: metadata.language,
    headings: parts.content.headings,
    wordCount: parts.content.wordCount,
    fetchedAt: new Date(parts.fetchedAt),
    ...parts.userData,
  };
}
