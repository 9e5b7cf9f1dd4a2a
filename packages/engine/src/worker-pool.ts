import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ScrapeError } from "./errors.js";
import type { WorkerReply } from "./worker-jobs.js";

/** Options of {@link createWorkerPool}. */
export interface WorkerPoolOptions {
  /** Worker threads, each running one job at a time; more jobs wait their turn. @default os.availableParallelism() */
  size?: number;
  /**
   * Memory limit of each worker in MiB: its V8 heap, and its heap plus ArrayBuffers (which the
   * heap limit does not count). A job that needs more fails with `DOCUMENT_TOO_LARGE`.
   * @default 512
   */
  maxHeapMb?: number;
}

/** How one job runs. */
export interface WorkerJobOptions {
  /** What the job works on (e.g. the document's file name), for error messages. */
  name: string;
  /** When it aborts, the worker is killed, however busy, and the job rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Buffers moved to the worker rather than copied (the caller's copies are detached). */
  transfer?: ArrayBuffer[] | undefined;
}

/** Worker threads running a module's jobs, each with its own heap limit. */
export interface WorkerPool<Job, Result> {
  /** Run `job` in a worker; rejects with a {@link ScrapeError} when the job fails, dies or runs out of memory. */
  run(job: Job, options: WorkerJobOptions): Promise<Result>;
  /** Kill every worker. */
  close(): Promise<void>;
}

/**
 * Create a pool of worker threads that run `workerUrl`, a module that calls {@link serveWorkerJobs}.
 * Workers start on demand and are reused; one killed for its time or memory is replaced by the
 * next job that needs it. An idle worker does not keep the process alive, so a build or a CLI
 * run ends when its work does, without closing the pool.
 *
 * @throws {TypeError} when `size` or `maxHeapMb` is not a positive integer.
 */
export function createWorkerPool<Job, Result>(workerUrl: URL, options: WorkerPoolOptions = {}): WorkerPool<Job, Result> {
  const size = positiveInteger(options.size ?? availableParallelism(), "size");
  const maxHeapMb = positiveInteger(options.maxHeapMb ?? 512, "maxHeapMb");
  const execArgv = workerExecArgv(workerUrl);
  const idle: Worker[] = [];
  const live = new Set<Worker>();
  const waiting: Array<() => void> = [];
  let busy = 0;
  let closed = false;

  function spawn(): Worker {
    const worker = new Worker(workerUrl, { execArgv, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    live.add(worker);
    worker.once("exit", () => retire(worker));
    // Note: an 'error' event without a listener would throw in the pool's thread; a busy
    // worker's job reports the error, an idle one simply leaves the pool.
    worker.on("error", () => {});
    return worker;
  }

  function retire(worker: Worker): void {
    live.delete(worker);
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
  }

  /** Wait for a free slot; rejects with the signal's reason if it aborts first. */
  function takeSlot(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (busy < size) {
      busy++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const index = waiting.indexOf(granted);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal!.reason);
      };
      const granted = (): void => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      waiting.push(granted);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  function releaseSlot(): void {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }

  return {
    async run(job, jobOptions) {
      if (closed) throw new Error("The worker pool is closed.");
      await takeSlot(jobOptions.signal);
      const worker = idle.pop() ?? spawn();
      // Note: an idle worker does not keep the process alive; a busy one does, until it answers.
      worker.ref();
      try {
        return await runJob<Result>(worker, job, { ...jobOptions, maxHeapMb, retire: () => retire(worker) });
      } finally {
        if (live.has(worker) && !closed) {
          worker.unref();
          idle.push(worker);
        }
        releaseSlot();
      }
    },
    async close() {
      closed = true;
      await Promise.all([...live].map((worker) => worker.terminate()));
    },
  };
}

/** How often a busy worker's memory is checked. */
const MEMORY_CHECK_MS = 100;

/**
 * Run one job on a worker. A worker that died, or that was killed because the signal aborted or
 * its memory passed the limit, is retired: it is never handed another job.
 */
function runJob<Result>(
  worker: Worker,
  job: unknown,
  { name, signal, transfer, maxHeapMb, retire }: WorkerJobOptions & { maxHeapMb: number; retire: () => void },
): Promise<Result> {
  const tooLarge = (cause?: unknown): ScrapeError =>
    new ScrapeError("DOCUMENT_TOO_LARGE", `${name} needs more than ${maxHeapMb} MiB of memory to convert; split it into smaller documents.`, {
      details: { maxHeapMb },
      cause,
    });
  let settled = false;
  let cleanUp = (): void => {};
  return new Promise<Result>((resolve, reject) => {
    const onMessage = (reply: WorkerReply<Result>): void => {
      settled = true;
      if (reply.ok) resolve(reply.result);
      else reject(reply.code ? new ScrapeError(reply.code, reply.message, { ...(reply.details && { details: reply.details }) }) : new Error(reply.message));
    };
    const onError = (error: Error & { code?: string }): void => {
      retire();
      reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooLarge(error) : crashed(name, error.message));
    };
    const onExit = (code: number): void => {
      retire();
      reject(crashed(name, `exit code ${code}`));
    };
    const kill = (reason: unknown): void => {
      retire();
      void worker.terminate();
      reject(reason);
    };
    const onAbort = (): void => kill(signal!.reason);
    // Note: pdf.js and SheetJS decode into ArrayBuffers, which live outside the V8 heap and its
    // limit (a PDF stream can inflate to gigabytes), so the worker's heap and buffers are also
    // watched from here; the statistics arrive even while the worker runs a long synchronous loop.
    const memoryLimit = maxHeapMb * 1024 * 1024;
    const watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (stats) => {
          // Note: statistics asked for before the job ended may arrive after it; the worker may then be on another job.
          if (!settled && stats.used_heap_size + stats.external_memory > memoryLimit) kill(tooLarge());
        },
        () => {}, // The worker has exited; its exit is handled above.
      );
    }, MEMORY_CHECK_MS);
    cleanUp = () => {
      settled = true;
      clearInterval(watch);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      signal?.removeEventListener("abort", onAbort);
    };
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.postMessage(job, transfer ?? []);
  }).finally(() => cleanUp());
}

const crashed = (name: string, reason: string): ScrapeError =>
  new ScrapeError("DOCUMENT_UNREADABLE", `Converting ${name} crashed the converter (${reason}); check that the document is not corrupt.`);

/**
 * Run from source (vitest, `tsx src/cli.ts`) a worker is a .ts file that needs tsx's loader (a
 * devDependency, resolved from here rather than from the cwd); built packages run compiled .js
 * workers with no loader.
 */
function workerExecArgv(workerUrl: URL): string[] {
  if (!workerUrl.pathname.endsWith(".ts")) return [];
  return ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href];
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`Expected \`${name}\` to be a positive integer, got ${value}.`);
  return value;
}
