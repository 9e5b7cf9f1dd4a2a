import { stat } from "node:fs/promises";
import type { SourceValidators } from "./cache.js";

/** A local file's validator, `<mtimeMs>:<size>`; `undefined` when the file cannot be read. */
export async function fileStamp(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    return `${info.mtimeMs}:${info.size}`;
  } catch {
    return undefined;
  }
}

/**
 * Reads a remote document's `ETag` and `Last-Modified` with a HEAD request, for scrapers that do
 * not report them (Firecrawl's API does not): without them the document could never be
 * revalidated and would be scraped again, spending credits, each time its ttl runs out.
 * Empty when the source sends neither or cannot be reached.
 */
export async function probeValidators(url: string, options: RevalidateOptions = {}): Promise<SourceValidators> {
  try {
    const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    if (!response.ok) return {};
    return {
      etag: response.headers.get("etag") ?? undefined,
      lastModified: response.headers.get("last-modified") ?? undefined,
    };
  } catch {
    return {};
  }
}

/** Options of {@link isUnchangedAtSource} and {@link probeValidators}. */
export interface RevalidateOptions {
  /** Milliseconds to wait for the source's answer. @default 5000 */
  timeoutMs?: number;
}

/**
 * Asks the document's own server whether it changed, with a conditional GET (`If-None-Match`,
 * `If-Modified-Since`). True only on `304 Not Modified`; with no validators, on any other answer,
 * or on a network error the document counts as changed and is scraped again.
 * Note: a GET rather than HEAD because some servers answer HEAD without validators; the body
 * of a 200 is cancelled unread.
 */
export async function isUnchangedAtSource(
  url: string,
  validators: SourceValidators,
  options: RevalidateOptions = {},
): Promise<boolean> {
  const headers: Record<string, string> = {};
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  if (Object.keys(headers).length === 0) return false;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
    await response.body?.cancel();
    return response.status === 304;
  } catch {
    return false;
  }
}
