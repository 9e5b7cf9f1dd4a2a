import { createHash, timingSafeEqual } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import { createConversionPool } from "./conversion-pool.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_PORT } from "./defaults.js";
import { poolBudget } from "./memory-budget.js";
import type { ScrapeCache } from "./scrape-cache.js";
import type { ConversionPool } from "./conversion-pool.js";
import { ScrapeError, STATUS_BY_CODE } from "./errors.js";
import type { ScrapeErrorCode } from "./errors.js";
import { parseParseOptions, parseScrapeRequest } from "./scrape-request.js";
import type { ScrapeRequest } from "./scrape-request.js";
import { inlineImages } from "./inline-images.js";
import { parseWith, scrapeWith } from "./scrape.js";
import type { ParseData, ScrapeData } from "./scrape.js";
import { readUpload } from "./upload.js";

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Accepted bearer tokens. @default the comma-separated `DOCSCRAPE_API_KEYS` */
  apiKeys?: readonly string[];
  /** Serve without authentication; the server then listens on 127.0.0.1 only. @default false */
  noAuth?: boolean;
  /** Let scrapes reach loopback, private and link-local addresses (local testing). @default false */
  allowPrivateNetworks?: boolean;
  /** Scrapes at once; past it requests get 429 `RATE_LIMITED`. @default 2 × CPU cores */
  maxConcurrency?: number;
  /** Largest request body in bytes. @default 1048576 (1 MiB) */
  maxBodyBytes?: number;
  /** Largest document in bytes; a larger download or upload stops with 413 `DOCUMENT_TOO_LARGE`. @default 52428800 (50 MiB) */
  maxDocumentBytes?: number;
  /**
   * Conversion worker threads; scrapes past it wait for a free worker.
   * @default CPU cores, fewer when a container memory limit would not hold them (see poolBudget)
   */
  poolSize?: number;
  /**
   * Heap limit of each conversion worker in MiB; a document that needs more gets 413.
   * @default 512, less when a container memory limit would not hold it
   */
  maxHeapMb?: number;
  /** A scrape cache shared by replicas (`DOCSCRAPE_CACHE_URL`), honouring `maxAge`. @default none */
  cache?: ScrapeCache;
  /** Receives one line per request (method, path, status, duration, code). @default stderr */
  log?: (line: string) => void;
}

/** A `/v2/scrape` server that has not started listening yet. */
export interface ScrapeServer {
  /** The underlying `node:http` server. */
  readonly server: Server;
  /** Start listening; resolves with the address actually bound (port 0 picks a free port). */
  listen(port?: number, host?: string): Promise<{ url: string; host: string; port: number }>;
  /** Stop accepting connections, let in-flight requests finish, then resolve. */
  close(): Promise<void>;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The error code, for the log line. */
  code?: string;
  /** What went wrong in an unexpected failure, for the log line only (never sent). */
  cause?: string;
}

const RETRY_AFTER_SECONDS: Partial<Record<number, number>> = { 408: 10, 429: 5 };
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/**
 * Create the Firecrawl-compatible scrape server: `POST /v2/scrape`, `POST /v2/parse` (uploads)
 * and `GET /health`. It does
 * not listen until {@link ScrapeServer.listen} is called.
 *
 * Documents are downloaded in the server's thread and converted in a pool of worker threads,
 * each with a heap limit; a worker past the request's `timeout` is killed (408), one that runs
 * out of heap dies alone (413), and the server goes on serving.
 *
 * Note: memory. Each worker's V8 heap, and its heap plus ArrayBuffers (watched every 100 ms), are
 * capped at `maxHeapMb`, so the server process stays under roughly
 * `150 MiB + poolSize × (maxHeapMb + ~100 MiB of code and overshoot)`, plus the documents being
 * downloaded (`maxConcurrency × maxDocumentBytes` at worst). Measured peaks: the README's
 * "Measured by hand".
 *
 * @throws {Error} when no API key is configured and `noAuth` is not set.
 */
export function createServer(options: ServerOptions = {}): ScrapeServer {
  const apiKeys = options.apiKeys ?? parseApiKeys(process.env.DOCSCRAPE_API_KEYS);
  if (!options.noAuth && apiKeys.length === 0) {
    throw new Error("No API key configured: set DOCSCRAPE_API_KEYS to comma-separated tokens, or pass --no-auth to serve on 127.0.0.1 only.");
  }
  const settings = {
    keyDigests: apiKeys.map(digest),
    noAuth: options.noAuth ?? false,
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    maxConcurrency: options.maxConcurrency ?? 2 * availableParallelism(),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    maxDocumentBytes: options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
    pool: createConversionPool(withBudget(options)),
    cache: options.cache,
    log: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
  };
  let activeScrapes = 0;
  let closing = false;

  /** A scrape answered from the shared cache when it holds a fresh enough copy, else converted and kept there. */
  async function scrapeThroughCache(request: ScrapeRequest, signal: AbortSignal): Promise<ScrapeData> {
    const cached = await settings.cache?.lookup(request);
    if (cached) return cached;
    const data = await runConversion(request, { ...settings, signal });
    await settings.cache?.store(request, data);
    return data;
  }

  /** The document endpoints: each reads its request and converts, in the worker pool. */
  const endpoints: Readonly<Record<string, (req: IncomingMessage, signal: AbortSignal) => Promise<ScrapeData | ParseData>>> = {
    "/v2/scrape": async (req, signal) => scrapeThroughCache(parseScrapeRequest(await readJson(req, settings.maxBodyBytes)), signal),
    // Note: no fetch at all, so nothing for the network guard to check: the bytes come with the request.
    "/v2/parse": async (req, signal) => {
      const { upload, options } = await readUpload(req, { maxFileBytes: settings.maxDocumentBytes, maxOptionsBytes: settings.maxBodyBytes });
      return inlineImages(await parseWith(settings.pool.convert, upload, { ...parseParseOptions(options), signal }));
    },
  };

  async function route(req: IncomingMessage, res: ServerResponse, path: string): Promise<Reply> {
    if (path === "/health" && req.method === "GET") return { status: 200, body: { status: "ok" } };
    const endpoint = req.method === "POST" ? endpoints[path] : undefined;
    if (!endpoint) {
      return errorReply("NOT_FOUND", `No route for ${req.method} ${path}; use POST /v2/scrape, POST /v2/parse or GET /health.`);
    }
    const denied = settings.noAuth ? undefined : authorize(req.headers.authorization, settings.keyDigests);
    if (denied) return denied;
    if (activeScrapes >= settings.maxConcurrency) {
      return toReply(new ScrapeError("RATE_LIMITED", `The server is at capacity; retry in ${RETRY_AFTER_SECONDS[429]} seconds.`));
    }
    activeScrapes++;
    const disconnected = new AbortController();
    res.once("close", () => disconnected.abort(new Error("client disconnected")));
    try {
      return { status: 200, body: { success: true, data: await endpoint(req, disconnected.signal) } };
    } finally {
      activeScrapes--;
    }
  }

  const server = createHttpServer(async (req, res) => {
    const started = performance.now();
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const reply = await route(req, res, path).catch(toReply);
    if (!res.destroyed) {
      // Note: the connection is closed during shutdown, so that close() can finish, and after a
      // body we stopped reading (too large), which would otherwise hold the socket.
      const closeConnection = closing || !req.complete;
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers, ...(closeConnection && { connection: "close" }) });
      res.end(JSON.stringify(reply.body));
    }
    const ms = Math.round(performance.now() - started);
    settings.log(`${req.method} ${path} ${reply.status} ${ms}ms ${reply.code ?? "-"}${reply.cause ? ` (${reply.cause})` : ""}`);
  });

  return {
    server,
    listen(port = DEFAULT_PORT, host = settings.noAuth ? "127.0.0.1" : "0.0.0.0") {
      if (settings.noAuth && !LOOPBACK_HOSTS.has(host)) {
        return Promise.reject(new Error(`--no-auth only listens on 127.0.0.1; set DOCSCRAPE_API_KEYS to listen on ${host}.`));
      }
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const address = server.address() as AddressInfo;
          const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
          resolve({ url: `http://${shownHost}:${address.port}`, host: address.address, port: address.port });
        });
      });
    },
    close() {
      closing = true;
      const stopped = new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
      return stopped.finally(async () => {
        await Promise.all([settings.pool.close(), settings.cache?.close()]);
      });
    },
  };
}

/**
 * Fetch one validated request's document in this thread and convert it in the worker pool.
 * Note: the download stays here because it is I/O bound and already bounded (size, time, network
 * guard); only the parsing, where a document can eat memory or time, is isolated. Pictures, when
 * asked for, travel inline in the Markdown (`removeBase64Images: false`).
 */
async function runConversion(
  request: ScrapeRequest,
  limits: { allowPrivateNetworks: boolean; maxDocumentBytes: number; pool: ConversionPool; signal?: AbortSignal },
): Promise<ScrapeData> {
  const data = await scrapeWith(limits.pool.convert, request.url, {
    ...request.options,
    allowLocalFiles: false,
    allowPrivateNetworks: limits.allowPrivateNetworks,
    maxBytes: limits.maxDocumentBytes,
    ...(limits.signal && { signal: limits.signal }),
  });
  return inlineImages(data);
}

/** The pool's size and heap limit: as given, else what the process's memory limit holds. */
function withBudget(options: ServerOptions): { size: number; maxHeapMb: number } {
  const budget = poolBudget();
  return { size: options.poolSize ?? budget.size, maxHeapMb: options.maxHeapMb ?? budget.maxHeapMb };
}

/** Split `DOCSCRAPE_API_KEYS`-style text into tokens. */
function parseApiKeys(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
}

const digest = (token: string): Buffer => createHash("sha256").update(token).digest();

function authorize(header: string | undefined, keyDigests: readonly Buffer[]): Reply | undefined {
  if (!header) return errorReply("UNAUTHORIZED", "Unauthorized");
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? "";
  // Note: digests have equal lengths, so timingSafeEqual never throws, and every key is compared
  // so the time taken does not tell which key came close.
  const presented = digest(token);
  const valid = keyDigests.reduce((found, key) => timingSafeEqual(presented, key) || found, false);
  return valid ? undefined : errorReply("UNAUTHORIZED", "Unauthorized: Invalid token");
}

async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      throw new ScrapeError("BAD_REQUEST", `The request body is larger than ${maxBytes} bytes; send only the scrape options.`);
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ScrapeError("BAD_REQUEST_INVALID_JSON", "The request body is not valid JSON; send a JSON object with a `url`.");
  }
}

function toReply(error: unknown): Reply {
  if (!ScrapeError.is(error)) {
    const reply = errorReply("INTERNAL", "The server failed unexpectedly; retry in a little while, and report it if it persists.");
    return { ...reply, cause: error instanceof Error ? error.message : String(error) };
  }
  const reply = errorReply(error.code, error.message, error.details);
  const retryAfter = RETRY_AFTER_SECONDS[reply.status];
  if (retryAfter !== undefined) reply.headers = { "retry-after": String(retryAfter) };
  return reply;
}

/** A JSON error reply; its status is always the code's, from {@link STATUS_BY_CODE}. */
function errorReply(code: ScrapeErrorCode, message: string, details?: Record<string, unknown>): Reply {
  return { status: STATUS_BY_CODE[code], code, body: { success: false, code, error: message, ...(details && { details }) } };
}
