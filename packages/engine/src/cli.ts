#!/usr/bin/env node
import { createRequire, enableCompileCache } from "node:module";
import { parseArgs } from "node:util";
import type { ParseArgsConfig } from "node:util";
import { DEFAULT_PORT } from "./defaults.js";
import type { PdfParser, ScrapeData, ScrapeFormat } from "./scrape.js";

const USAGE = `Usage:
  docscrape convert <path|url> [--format markdown|html|json] [--no-main-content]
                               [--pdf-mode fast|auto|ocr] [--max-pages N] [--page-markers]
                               [--pages] [--blocks]   (these two with --format json)
                               [--images-dir DIR]
  docscrape scrape <url> [--api-url URL] [--api-key KEY] [--retries N] [same options as convert]
  docscrape serve [--port N] [--host H] [--no-auth] [--allow-private-networks]
                  [--max-concurrency N] [--pool-size N] [--max-heap-mb N]
                  [--max-document-bytes N] [--cache-max-age MS]
  docscrape --help | --version

convert   converts a local file or URL in this process and prints it; with --images-dir,
          writes its pictures there and references them as DIR/<name>
scrape    asks a Firecrawl-compatible API (FIRECRAWL_API_URL, FIRECRAWL_API_KEY), retrying
          transient failures as the Astro loader does (--retries, default 5)
serve     runs POST /v2/scrape (PORT, HOST, DOCSCRAPE_API_KEYS, DOCSCRAPE_MAX_CONCURRENCY,
          DOCSCRAPE_POOL_SIZE, DOCSCRAPE_MAX_HEAP_MB, DOCSCRAPE_MAX_DOCUMENT_BYTES,
          DOCSCRAPE_ALLOW_PRIVATE_NETWORKS=1, DOCSCRAPE_CACHE_URL=redis://…,
          DOCSCRAPE_CACHE_MAX_AGE)`;

/** A mistake in the command line: exit code 2. */
class UsageError extends Error {}

const OUTPUT_OPTIONS = {
  format: { type: "string", default: "markdown" },
  "no-main-content": { type: "boolean", default: false },
  "pdf-mode": { type: "string" },
  "max-pages": { type: "string" },
  pages: { type: "boolean", default: false },
  "page-markers": { type: "boolean", default: false },
  blocks: { type: "boolean", default: false },
} as const satisfies ParseArgsConfig["options"];

type OutputValues = {
  format: string;
  "no-main-content": boolean;
  "pdf-mode"?: string;
  "max-pages"?: string;
  pages: boolean;
  "page-markers": boolean;
  blocks: boolean;
};

const OUTPUT_FORMATS: Readonly<Record<string, ScrapeFormat[]>> = {
  markdown: ["markdown"],
  html: ["html"],
  json: ["markdown", "html", "links"],
};

// Note: the engine runs on Node 22 APIs (pdf.js 6 uses Promise.withResolvers); on an older Node a
// PDF failed as if it were damaged, so the CLI says what is wrong before it starts.
const MINIMUM_NODE = { major: 22, minor: 12 };

function checkNodeVersion(): void {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major > MINIMUM_NODE.major || (major === MINIMUM_NODE.major && minor >= MINIMUM_NODE.minor)) return;
  throw new Error(`needs Node.js ${MINIMUM_NODE.major}.${MINIMUM_NODE.minor} or later, and this is ${process.version}; run it with a newer Node.js.`);
}

async function main(argv: string[]): Promise<void> {
  checkNodeVersion();
  const [command, ...args] = argv;
  if (args.includes("--help") || args.includes("-h")) return main(["--help"]);
  switch (command) {
    case "convert":
      return convertCommand(args);
    case "scrape":
      return scrapeCommand(args);
    case "serve":
      return serveCommand(args);
    case "--version":
    case "-v":
      process.stdout.write(`${(createRequire(import.meta.url)("../package.json") as { version: string }).version}\n`);
      return;
    case "--help":
    case "-h":
    case "help":
      process.stdout.write(`${USAGE}\n`);
      return;
    case undefined:
      throw new UsageError("a command is needed (convert, scrape or serve); see `docscrape --help`");
    default:
      throw new UsageError(`unknown command "${command}"; see \`docscrape --help\``);
  }
}

async function convertCommand(args: string[]): Promise<void> {
  const { target, values } = parseTargetCommand(args, { "images-dir": { type: "string" } });
  const options = scrapeOptions(values);
  const imagesDir = values["images-dir"];
  const baseDir = process.env.INIT_CWD ?? process.cwd();
  // Note: the engine (pdf.js, SheetJS, ...) is loaded on demand, so --help and usage errors answer at once.
  const { scrape } = await import("./scrape.js");
  const data = await scrape(target, { ...options, baseDir, ...(imagesDir !== undefined && { removeBase64Images: false }) });
  print(imagesDir === undefined ? data : await writeImages(data, imagesDir, baseDir), values.format);
}

/** Write the scrape's pictures into `dir` (relative to `baseDir`) and reference them there, as pandoc's --extract-media does. */
async function writeImages(data: ScrapeData, dir: string, baseDir: string): Promise<ScrapeData> {
  const [{ mkdir, writeFile }, { join, resolve }, { rewriteImageReferences }] = await Promise.all([
    import("node:fs/promises"),
    import("node:path"),
    import("./inline-images.js"),
  ]);
  const target = resolve(baseDir, dir);
  await mkdir(target, { recursive: true });
  await Promise.all((data.images ?? []).map((image) => writeFile(join(target, image.name), image.bytes)));
  const prefix = dir.replace(/\\/g, "/").replace(/\/+$/, "");
  return rewriteImageReferences(data, (image) => `${prefix}/${image.name}`);
}

async function scrapeCommand(args: string[]): Promise<void> {
  const { target, values } = parseTargetCommand(args, {
    "api-url": { type: "string" },
    "api-key": { type: "string" },
    retries: { type: "string" },
  });
  const apiUrl = values["api-url"] ?? process.env.FIRECRAWL_API_URL ?? "https://api.firecrawl.dev";
  if (!URL.canParse(apiUrl)) throw new UsageError(`--api-url must be an http(s) URL, not "${apiUrl}"`);
  // Note: the Astro loader's client, so that the CLI retries, waits for Retry-After and treats
  // Firecrawl's 200-with-an-error answers exactly as a site build would.
  const { createScrapeClient } = await import("./scrape-client.js");
  const client = createScrapeClient({
    apiUrl,
    apiKey: values["api-key"] ?? process.env.FIRECRAWL_API_KEY,
    retry: values.retries === undefined ? undefined : { retries: integer(values.retries, "--retries") },
    onRetry: (error, attempt, delayMs) =>
      process.stderr.write(`docscrape: attempt ${attempt} failed (${error.message}); retrying in ${Math.round(delayMs)} ms\n`),
  });
  print(await client.scrape(target, scrapeOptions(values)), values.format);
}

async function serveCommand(args: string[]): Promise<void> {
  const { values } = parse(args, {
    port: { type: "string" },
    host: { type: "string" },
    "no-auth": { type: "boolean", default: false },
    "allow-private-networks": { type: "boolean", default: false },
    "max-concurrency": { type: "string" },
    "pool-size": { type: "string" },
    "max-heap-mb": { type: "string" },
    "max-document-bytes": { type: "string" },
    "cache-max-age": { type: "string" },
  });
  const setting = (flag: keyof typeof values & string, variable: string): number | undefined => {
    const value = values[flag] ?? process.env[variable];
    return typeof value === "string" ? integer(value, values[flag] === undefined ? variable : `--${flag}`) : undefined;
  };
  const port = setting("port", "PORT") ?? DEFAULT_PORT;
  const [{ createServer }, { poolBudget }] = await Promise.all([import("./server.js"), import("./memory-budget.js")]);
  // Note: resolved here rather than left to the server's defaults, so that the start-up line
  // shows an operator what the container's memory limit left for conversions.
  const budget = poolBudget();
  const poolSize = setting("pool-size", "DOCSCRAPE_POOL_SIZE") ?? budget.size;
  const maxHeapMb = setting("max-heap-mb", "DOCSCRAPE_MAX_HEAP_MB") ?? budget.maxHeapMb;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const service = createServer({
    noAuth: values["no-auth"],
    allowPrivateNetworks: values["allow-private-networks"] || process.env.DOCSCRAPE_ALLOW_PRIVATE_NETWORKS === "1",
    cache: await scrapeCache(process.env.DOCSCRAPE_CACHE_URL, setting("cache-max-age", "DOCSCRAPE_CACHE_MAX_AGE"), log),
    log,
    maxConcurrency: setting("max-concurrency", "DOCSCRAPE_MAX_CONCURRENCY"),
    poolSize,
    maxHeapMb,
    maxDocumentBytes: setting("max-document-bytes", "DOCSCRAPE_MAX_DOCUMENT_BYTES"),
  });
  const { url } = await service.listen(port, values.host ?? process.env.HOST);
  process.stdout.write(`docscrape listening on ${url} (${poolSize} conversion worker${poolSize === 1 ? "" : "s"} of ${maxHeapMb} MiB)\n`);
  const shutdown = (signal: string): void => {
    process.stderr.write(`docscrape: ${signal} received, finishing requests in flight\n`);
    // A second signal means "now".
    process.once(signal, () => process.exit(1));
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        fail(error);
        process.exit();
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

/** The shared scrape cache, when `DOCSCRAPE_CACHE_URL` names a Redis. */
async function scrapeCache(url: string | undefined, defaultMaxAgeMs: number | undefined, log: (line: string) => void) {
  if (!url) return undefined;
  if (!/^rediss?:\/\//.test(url)) throw new UsageError(`DOCSCRAPE_CACHE_URL must be a redis:// or rediss:// URL`);
  const { createRedisStore, createScrapeCache } = await import("./scrape-cache.js");
  return createScrapeCache(await createRedisStore(url, log), { defaultMaxAgeMs, log });
}

function parseTargetCommand(args: string[], extra: NonNullable<ParseArgsConfig["options"]>) {
  const { values, positionals } = parse(args, { ...OUTPUT_OPTIONS, ...extra }, true);
  const options = values as OutputValues & Record<string, string | undefined>;
  const [target, ...surplus] = positionals;
  if (!target) throw new UsageError("a path or URL is needed; see `docscrape --help`");
  if (surplus.length > 0) throw new UsageError(`one document at a time; unexpected "${surplus.join(" ")}"`);
  if (!(options.format in OUTPUT_FORMATS)) throw new UsageError(`--format must be markdown, html or json, not "${options.format}"`);
  if ((options.pages || options.blocks) && options.format !== "json") {
    throw new UsageError("--pages and --blocks add fields to the JSON output; add --format json");
  }
  return { target, values: options };
}

function parse<Options extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: Options, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function scrapeOptions(values: OutputValues) {
  const mode = values["pdf-mode"];
  if (mode !== undefined && !["fast", "auto", "ocr"].includes(mode)) {
    throw new UsageError(`--pdf-mode must be fast, auto or ocr, not "${mode}"`);
  }
  const parser: PdfParser = {
    type: "pdf",
    ...(mode && { mode: mode as "fast" | "auto" | "ocr" }),
    ...(values["max-pages"] !== undefined && { maxPages: integer(values["max-pages"], "--max-pages") }),
    ...(values.pages && { pages: true }),
    ...(values["page-markers"] && { pageMarkers: true }),
    ...(values.blocks && { blocks: true }),
  };
  return { formats: OUTPUT_FORMATS[values.format]!, onlyMainContent: !values["no-main-content"], parsers: [parser] };
}

function integer(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} must be a whole number, not "${value}"`);
  return Number(value);
}

function print(data: Pick<ScrapeData, "markdown" | "html" | "warning">, format: string): void {
  const output = format === "json" ? JSON.stringify(data, null, 2) : format === "html" ? data.html : data.markdown;
  process.stdout.write(`${(output ?? "").trimEnd()}\n`);
  if (data.warning && format !== "json") process.stderr.write(`docscrape: warning: ${data.warning}\n`);
}

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  // Note: one line, never a stack trace; multi-line messages are folded.
  process.stderr.write(`docscrape: ${message.replace(/\s*\n\s*/g, " ")}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}

// Note: a converter is compiled afresh by every process that loads it; with V8's on-disk code
// cache (see serveWorkerJobs) a second `docscrape convert` reuses the first one's compiled code.
enableCompileCache();
main(process.argv.slice(2)).catch(fail);
