import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { Dispatcher } from "undici";
import { ScrapeError } from "./errors.js";
import { pinnedLookup, resolveAllowedAddresses } from "./network-guard.js";
import type { HostResolver } from "./network-guard.js";

/** A document's bytes and what its source said about them. */
export interface FetchedDocument {
  bytes: Uint8Array;
  /** The URL the bytes came from, after redirects. */
  url: string;
  statusCode: number;
  contentType?: string;
  /** From `Content-Disposition`, else the last path segment. */
  filename?: string;
  etag?: string;
  lastModified?: string;
}

/** Options of {@link fetchDocument}. */
export interface FetchDocumentOptions {
  /** Refuse documents larger than this many bytes (`DOCUMENT_TOO_LARGE`). */
  maxBytes: number;
  /** Sent with every request (not forwarded to another origin after a redirect when they carry credentials). */
  headers?: Record<string, string>;
  /** Aborts the download; the caller decides what the abort means. */
  signal?: AbortSignal;
  /** Let loopback, private and link-local addresses through. @default false */
  allowPrivateNetworks?: boolean;
  /** Resolves host names; tests pass a stub. @default system DNS */
  resolveHost?: HostResolver;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

/**
 * Fetch a document from an `http:`, `https:` or `file:` URL (the caller decides whether
 * `file:` is allowed). Redirects, and a `.pdf` URL's HTML viewer page, are followed by hand so
 * that every hop passes the network guard, and each connection is pinned to the addresses the
 * guard checked.
 *
 * @throws {ScrapeError} `URL_BLOCKED`, `DOCUMENT_NOT_FOUND`, `DOCUMENT_TOO_LARGE` or
 *   `DOCUMENT_FETCH_FAILED`; an abort rejects with the signal's reason.
 */
export async function fetchDocument(url: URL, options: FetchDocumentOptions): Promise<FetchedDocument> {
  return url.protocol === "file:" ? readLocalDocument(url, options) : fetchRemoteDocument(url, options);
}

async function fetchRemoteDocument(start: URL, options: FetchDocumentOptions): Promise<FetchedDocument> {
  // Note: the HTTP client and the HTML parser load on the first remote fetch, so a build or a CLI
  // run that converts local files never loads them (a fifth of a second in each worker thread).
  const [{ Agent, request }, { findEmbeddedPdf, mayBeViewerPage }] = await Promise.all([import("undici"), import("./viewer-page.js")]);
  let url = start;
  let headers: Record<string, string> = { "user-agent": "docscrape", accept: "*/*", ...lowerCaseKeys(options.headers ?? {}) };
  let viewerFollowed = false;
  const follow = (next: URL): void => {
    // Note: as browsers do, credentials meant for one origin are not handed to another.
    if (next.origin !== url.origin) headers = withoutCredentials(headers);
    url = next;
  };
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const addresses = await resolveAllowedAddresses(url, options);
    const agent = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    try {
      const response = await request(url, { dispatcher: agent, headers, signal: options.signal ?? null });
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === "string") {
        await response.body.dump();
        follow(new URL(location, url));
        continue;
      }
      const document = await readResponse(url, response, options);
      // Note: a `.pdf` link that answers with an HTML viewer page is followed (once) to the PDF it
      // embeds, as one more hop: the same network guard, pinning and credential rules as a redirect.
      const embedded =
        !viewerFollowed && mayBeViewerPage(start, document.contentType, document.bytes)
          ? findEmbeddedPdf(new TextDecoder().decode(document.bytes), url)
          : undefined;
      if (!embedded) return document;
      viewerFollowed = true;
      follow(embedded);
    } catch (error) {
      throw options.signal?.aborted ? options.signal.reason : asFetchError(error, url);
    } finally {
      void agent.destroy();
    }
  }
  throw new ScrapeError(
    "DOCUMENT_FETCH_FAILED",
    `${start.href} redirected more than ${MAX_REDIRECTS} times; link to the document's final address instead.`,
    { url: start.href },
  );
}

async function readResponse(url: URL, response: Dispatcher.ResponseData, options: FetchDocumentOptions): Promise<FetchedDocument> {
  const { statusCode, headers } = response;
  if (statusCode < 200 || statusCode > 299) {
    await response.body.dump();
    throw statusError(url, statusCode);
  }
  const declaredLength = Number(header(headers, "content-length"));
  if (declaredLength > options.maxBytes) {
    await response.body.dump();
    throw tooLarge(url, options.maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > options.maxBytes) {
      response.body.destroy();
      throw tooLarge(url, options.maxBytes);
    }
    chunks.push(chunk);
  }
  return {
    bytes: plainBytes(Buffer.concat(chunks, total)),
    url: url.href,
    statusCode,
    contentType: header(headers, "content-type"),
    filename: filenameFromDisposition(header(headers, "content-disposition")) ?? lastPathSegment(url),
    etag: header(headers, "etag"),
    lastModified: header(headers, "last-modified"),
  };
}

async function readLocalDocument(url: URL, options: FetchDocumentOptions): Promise<FetchedDocument> {
  const path = fileURLToPath(url);
  try {
    const stats = await stat(path);
    if (stats.isDirectory()) {
      throw new ScrapeError("UNSUPPORTED_DOCUMENT", `${path} is a directory; pass the path of a document inside it.`, { url: url.href });
    }
    if (stats.size > options.maxBytes) throw tooLarge(url, options.maxBytes);
    const bytes = plainBytes(await readFile(path, options.signal ? { signal: options.signal } : {}));
    return { bytes, url: url.href, statusCode: 200, filename: basename(path), lastModified: stats.mtime.toUTCString() };
  } catch (error) {
    if (ScrapeError.is(error)) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new ScrapeError("DOCUMENT_NOT_FOUND", `${path} does not exist; check the path.`, { url: url.href, cause: error });
    }
    throw new ScrapeError("DOCUMENT_FETCH_FAILED", `${path} could not be read (${code ?? String(error)}); check its permissions.`, {
      url: url.href,
      cause: error,
    });
  }
}

function statusError(url: URL, status: number): ScrapeError {
  if (status === 404 || status === 410) {
    return new ScrapeError("DOCUMENT_NOT_FOUND", `${url.href} answered ${status}; check that the document still exists at this URL.`, {
      url: url.href,
      details: { status },
    });
  }
  const hint = status === 401 || status === 403 ? "pass the credentials it needs in `headers`" : "try again later";
  return new ScrapeError("DOCUMENT_FETCH_FAILED", `${url.href} answered ${status}; ${hint}.`, {
    url: url.href,
    details: { status },
  });
}

function asFetchError(error: unknown, url: URL): unknown {
  if (ScrapeError.is(error)) return error;
  const reason = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
  return new ScrapeError("DOCUMENT_FETCH_FAILED", `${url.href} could not be downloaded (${reason}); try again later.`, {
    url: url.href,
    cause: error,
  });
}

const tooLarge = (url: URL, maxBytes: number): ScrapeError =>
  new ScrapeError(
    "DOCUMENT_TOO_LARGE",
    `${url.href} is larger than the ${formatBytes(maxBytes)} limit; split the document or raise \`maxBytes\`.`,
    { url: url.href, details: { maxBytes } },
  );

/**
 * The bytes as a plain `Uint8Array` over a buffer of their own. Note: pdf.js refuses Node
 * Buffers, and small Buffers share a pooled ArrayBuffer that a converter must not see.
 */
const plainBytes = (buffer: Buffer): Uint8Array =>
  buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength
    ? new Uint8Array(buffer.buffer, 0, buffer.byteLength)
    : new Uint8Array(buffer);

/** A byte count for a message: "50 MiB", or bytes below one MiB. */
export const formatBytes = (bytes: number): string =>
  bytes >= 1 << 20 ? `${+(bytes / (1 << 20)).toFixed(1)} MiB` : `${bytes} bytes`;

const header = (headers: Dispatcher.ResponseData["headers"], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const lowerCaseKeys = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const withoutCredentials = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name)));

/**
 * The file name a `Content-Disposition` header gives, preferring the RFC 5987 `filename*` form.
 * Note: a regex suffices here; only the name's extension matters for type detection.
 */
export function filenameFromDisposition(disposition: string | undefined): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain form.
    }
  }
  return /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition)?.slice(1).find(Boolean)?.trim() || undefined;
}

function lastPathSegment(url: URL): string | undefined {
  const segment = url.pathname.split("/").pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
