import { enableCompileCache } from "node:module";
import { parentPort } from "node:worker_threads";
import { ScrapeError } from "./errors.js";
import type { ScrapeErrorCode } from "./errors.js";

/** What a worker answers. A `code` means a ScrapeError; without one the error was unexpected. */
export type WorkerReply<Result> =
  | { ok: true; result: Result }
  | { ok: false; code?: ScrapeErrorCode; message: string; details?: Record<string, unknown> };

/**
 * The worker side of {@link createWorkerPool}: runs `handle` on each job the pool sends, one at a
 * time, and answers with its result or its error's code and message (an error cannot cross the
 * thread as it is). Call it once, at the top level of the worker module.
 */
export function serveWorkerJobs<Job, Result>(handle: (job: Job) => Promise<Result>): void {
  if (!parentPort) throw new Error("serveWorkerJobs() runs in a worker thread started by createWorkerPool().");
  // Note: each worker compiles the converters it loads on its first job (pdf.js alone is ~2 MB of
  // JavaScript). V8's on-disk code cache (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE;
  // NODE_DISABLE_COMPILE_CACHE=1 turns it off) lets later workers and later builds skip that
  // (about 0.4 s of CPU per worker on the corpus, dbg bench). It is per thread, so each worker
  // enables it itself; it never throws and does nothing if the directory is not writable.
  enableCompileCache();
  const port = parentPort;
  const reply = (message: WorkerReply<Result>): void => port.postMessage(message);
  port.on("message", (job: Job) => {
    void handle(job).then(
      (result): void => reply({ ok: true, result }),
      (error: unknown): void => {
        const scrapeError = ScrapeError.is(error);
        reply({
          ok: false,
          code: scrapeError ? error.code : "INTERNAL",
          message: error instanceof Error ? error.message : String(error),
          ...(scrapeError && error.details && { details: error.details }),
        });
      },
    );
  });
}
