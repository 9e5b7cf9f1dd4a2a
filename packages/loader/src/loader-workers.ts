import type { ScrapeData as EngineScrapeData, WorkerPool } from "docscrape";
import type { LoaderWorkerJob } from "./loader-worker.js";
import type { MarkdownResult } from "./markdown.js";

/** Jobs that run off the build's main thread, in worker threads with a heap limit. */
export interface LoaderWorkers {
  /** Fetch and convert a document with the embedded engine; the signal kills the worker running it. */
  scrape(url: string, options: Extract<LoaderWorkerJob, { kind: "scrape" }>["options"], signal: AbortSignal): Promise<EngineScrapeData>;
  /** Render a document's Markdown to the page's HTML, headings and summary. */
  render(markdown: string, options: Extract<LoaderWorkerJob, { kind: "render" }>["options"]): Promise<MarkdownResult>;
}

/** Memory per worker, as the engine's server gives its conversion workers. */
const MAX_HEAP_MB = 512;
// Note: run from source (vitest) the worker is the .ts file beside this one.
const WORKER_URL = new URL(`./loader-worker.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);

let sharedPool: Promise<WorkerPool<LoaderWorkerJob, unknown>> | undefined;

/**
 * The worker threads of this process, shared by every collection and scraper: a build converts
 * and renders on every core while its main thread only schedules. The pool is created on the
 * first job (a rebuild served from the cache never starts a thread, nor loads the engine), its
 * size is that of the first caller, and its idle workers do not keep the build alive.
 *
 * @param size Worker threads. @default os.availableParallelism()
 */
export function loaderWorkers(size?: number): LoaderWorkers {
  const pool = (): Promise<WorkerPool<LoaderWorkerJob, unknown>> =>
    (sharedPool ??= import("docscrape").then(({ createWorkerPool }) => createWorkerPool(WORKER_URL, { size, maxHeapMb: MAX_HEAP_MB })));
  return {
    scrape: async (url, options, signal) =>
      (await pool()).run({ kind: "scrape", url, options }, { name: url, signal }) as Promise<EngineScrapeData>,
    render: async (markdown, options) =>
      (await pool()).run({ kind: "render", markdown, options }, { name: options.url }) as Promise<MarkdownResult>,
  };
}
