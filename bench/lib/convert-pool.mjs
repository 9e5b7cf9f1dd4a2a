import { Worker } from "node:worker_threads";

const WORKER = new URL("./convert-worker.mjs", import.meta.url);

/**
 * Converts `paths` on `size` worker threads, each taking the next file when it finishes one:
 * what a user converting many documents on a multi-core machine would write, since the engine
 * itself converts one document at a time.
 *
 * @param {number} size
 */
export function createConvertPool(size) {
  const workers = Array.from({ length: size }, () => new Worker(WORKER));
  return {
    /**
     * @param {string[]} paths
     * @returns {Promise<void>} when every file is converted
     */
    convertAll(paths) {
      const queue = [...paths];
      return new Promise((resolve, reject) => {
        let pending = paths.length;
        const feed = (worker) => {
          const next = queue.shift();
          if (next !== undefined) worker.postMessage(next);
        };
        for (const worker of workers) {
          worker.removeAllListeners("message").removeAllListeners("error");
          worker.on("error", reject);
          worker.on("message", () => {
            if (--pending === 0) resolve();
            else feed(worker);
          });
          feed(worker);
        }
      });
    },
    close: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}
