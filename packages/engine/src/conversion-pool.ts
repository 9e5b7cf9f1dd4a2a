import type { ConvertOptions, ConvertResult } from "./types.js";
import { createWorkerPool } from "./worker-pool.js";
import type { WorkerPoolOptions } from "./worker-pool.js";

/** Options of {@link createConversionPool}. */
export type ConversionPoolOptions = WorkerPoolOptions;

/** Worker threads that convert documents, each with its own heap limit. */
export interface ConversionPool {
  /**
   * Convert a document in a worker, as {@link convert} does. The bytes are moved to the worker
   * (the caller's copy is detached). When `options.signal` aborts, the worker is killed, however
   * busy, and the promise rejects with the signal's reason.
   */
  convert(bytes: Uint8Array, options: ConvertOptions): Promise<ConvertResult>;
  /** Kill every worker. */
  close(): Promise<void>;
}

/** What the pool sends a worker: the options without the signal, which cannot cross threads. */
export interface ConversionJob {
  bytes: Uint8Array;
  options: Omit<ConvertOptions, "signal">;
}

// Note: run from source (vitest) the worker is the .ts file beside this one.
const WORKER_URL = new URL(`./conversion-worker.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);

/**
 * Create a pool of conversion workers: the server's, so that a stranger's document can exhaust
 * neither the server's memory nor its thread.
 *
 * @throws {TypeError} when `size` or `maxHeapMb` is not a positive integer.
 */
export function createConversionPool(options: ConversionPoolOptions = {}): ConversionPool {
  const pool = createWorkerPool<ConversionJob, ConvertResult>(WORKER_URL, options);
  return {
    convert(bytes, { signal, ...cloneable }) {
      const movable = movableCopy(bytes);
      return pool.run(
        { bytes: movable, options: cloneable },
        { name: cloneable.filename ?? "the document", signal, transfer: [movable.buffer as ArrayBuffer] },
      );
    },
    close: () => pool.close(),
  };
}

/** Bytes whose buffer can be transferred: the caller's own if they span all of it, else a copy. */
const movableCopy = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
