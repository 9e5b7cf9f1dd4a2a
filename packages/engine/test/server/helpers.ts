import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createServer as createScrapeServer } from "../../src/server.js";
import type { ServerOptions } from "../../src/server.js";

/** The shared test corpus (read-only), in `../shared` beside the repository unless `DOCSCRAPE_CORPUS` says otherwise. */
export const CORPUS_DIR = process.env.DOCSCRAPE_CORPUS ?? fileURLToPath(new URL("../../../../../shared/corpus", import.meta.url));
export const corpusFile = (name: string): string => join(CORPUS_DIR, "files", name);

interface ManifestEntry {
  file: string;
  vectors: Array<{ kind: string; value?: string }>;
}

/** The corpus's own expected text and heading strings for a file. */
export async function expectedStrings(name: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(CORPUS_DIR, "manifest.json"), "utf8")) as ManifestEntry[];
  const entry = manifest.find((candidate) => candidate.file === `files/${name}`);
  if (!entry) throw new Error(`${name} is not in the corpus manifest`);
  return entry.vectors.flatMap((vector) => ((vector.kind === "text" || vector.kind === "heading") && vector.value ? [vector.value] : []));
}

/** The corpus scorer's normalisation: emphasis and code markers and escapes removed, whitespace collapsed. */
export const normalise = (text: string): string =>
  text.normalize("NFC").replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, "$1").replace(/[*_`~]/g, "").replace(/\s+/g, " ");

/** A loopback server that plays the document source, with routes for each failure mode. */
export interface SourceServer {
  url: string;
  close(): Promise<void>;
}

const MARKDOWN = "# Handbook\n\nRead the [guide](guide.md) and [the spec](https://example.org/spec).\n";

/**
 * Routes: `/files/<corpus name>` (with ETag and Last-Modified), `/hang` (never answers),
 * `/slow.md` (answers after 400 ms), `/status/<code>`, `/redirect/<n>` (n hops, then
 * `/handbook.md`), `/handbook.md`, `/download` (Markdown named by Content-Disposition),
 * `/stream/<bytes>` (text streamed without a Content-Length), `/binary.bin` (not a document),
 * `/to?url=<url>` (redirects anywhere), `/headers.md` (echoes the Authorization it received).
 */
export async function startSourceServer(): Promise<SourceServer> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const [, route, argument = ""] = /^\/([^/]+)\/?(.*)$/.exec(path) ?? [];
    if (route === "files") {
      try {
        const bytes = await readFile(corpusFile(decodeURIComponent(argument)));
        res.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-length": bytes.length,
          etag: `"${bytes.length}"`,
          "last-modified": "Mon, 02 Nov 2026 10:00:00 GMT",
        });
        res.end(bytes);
      } catch {
        res.writeHead(404).end();
      }
    } else if (route === "hang") {
      // Never answers; the connection is cut when the server closes.
    } else if (route === "slow.md") {
      setTimeout(() => res.writeHead(200, { "content-type": "text/markdown" }).end(MARKDOWN), 400);
    } else if (route === "status") {
      res.writeHead(Number(argument)).end("source says no");
    } else if (route === "redirect") {
      const left = Number(argument);
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : "/handbook.md" }).end();
    } else if (route === "handbook.md") {
      res.writeHead(200, { "content-type": "text/markdown; charset=utf-8" }).end(MARKDOWN);
    } else if (route === "download") {
      res.writeHead(200, { "content-disposition": `attachment; filename="notes.md"` }).end(MARKDOWN);
    } else if (route === "stream") {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(16 * 1024, "a");
      for (let sent = 0; sent < Number(argument); sent += chunk.length) res.write(chunk);
      res.end();
    } else if (route === "to") {
      res.writeHead(302, { location: new URL(req.url ?? "/", "http://localhost").searchParams.get("url") ?? "/" }).end();
    } else if (route === "headers.md") {
      res.writeHead(200, { "content-type": "text/markdown" }).end(`# Headers\n\nauthorization: ${req.headers.authorization ?? "none"}\n`);
    } else if (route === "binary.bin") {
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.from([0, 1, 2, 3, 0, 0, 0xff, 0xfe, 0, 7]));
    } else {
      res.writeHead(404).end();
    }
  });
  return listenOnLoopback(server);
}

/** Our scrape server on 127.0.0.1, port 0, with its log lines collected. */
export async function startScrapeServer(options: ServerOptions = {}): Promise<SourceServer & { logs: string[] }> {
  const logs: string[] = [];
  const service = createScrapeServer({ log: (line) => logs.push(line), ...options });
  const { url } = await service.listen(0, "127.0.0.1");
  return {
    url,
    logs,
    close: () => service.close(),
  };
}

/** Listen on 127.0.0.1, port 0; `close` also cuts the connections still open. */
export async function listenOnLoopback(server: ReturnType<typeof createServer>): Promise<SourceServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** POST a body (an object, or raw text) to `/v2/scrape` and read the JSON answer. */
export async function postScrape(
  baseUrl: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/v2/scrape`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** The engine package folder. */
export const ENGINE_DIR = join(import.meta.dirname, "../..");
const CLI = join(ENGINE_DIR, "src/cli.ts");

/** The CLI as a user runs it, from source through tsx, with a clean environment. */
export function startCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  const { DOCSCRAPE_API_KEYS: _keys, FIRECRAWL_API_KEY: _key, FIRECRAWL_API_URL: _url, INIT_CWD: _cwd, ...inherited } = process.env;
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ENGINE_DIR, env: { ...inherited, ...env } });
}

/** Run the CLI to the end; its exit code and output. */
export async function runCli(args: string[], env?: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = startCli(args, env);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}
