import { availableParallelism } from "node:os";

/** What the server's conversion pool may use: its worker count and each worker's heap limit. */
export interface PoolBudget {
  size: number;
  maxHeapMb: number;
}

const MiB = 1024 * 1024;
/** The server thread itself, its code and the documents it is downloading. */
const SERVER_BASE_MB = 150;
/** What a worker needs beyond its heap limit: code, stacks, and the watcher's overshoot. */
const WORKER_OVERHEAD_MB = 100;
const DEFAULT_HEAP_MB = 512;
const FLOOR_HEAP_MB = 128;
// Note: cgroup v1 reports "no limit" as a huge number near 2^63 rather than 0.
const UNCONSTRAINED_BYTES = 2 ** 50;

/**
 * The pool's defaults for the memory this process may use. In a container with a memory limit
 * (`docker run -m 1g`, a Kubernetes limit) the limit comes from the cgroup, as Node reports it in
 * `process.constrainedMemory()`, and the workers are sized to fit under it — fewer workers first,
 * then, down to one, a smaller heap — so that a document too large for the container gets a 413 rather than the
 * kernel's OOM killer taking every request in flight with it. Without a limit: one worker per core
 * with 512 MiB each, as before.
 */
export function poolBudget(limitBytes: number = process.constrainedMemory(), cores: number = availableParallelism()): PoolBudget {
  if (!(limitBytes > 0) || limitBytes >= UNCONSTRAINED_BYTES) return { size: cores, maxHeapMb: DEFAULT_HEAP_MB };
  // A quarter of what remains is left for downloads in flight and the allocator's slack.
  const forWorkersMb = Math.max(0, (limitBytes / MiB - SERVER_BASE_MB) * 0.75);
  const size = Math.max(1, Math.min(cores, Math.floor(forWorkersMb / (DEFAULT_HEAP_MB + WORKER_OVERHEAD_MB))));
  const maxHeapMb = Math.max(FLOOR_HEAP_MB, Math.min(DEFAULT_HEAP_MB, Math.floor(forWorkersMb / size - WORKER_OVERHEAD_MB)));
  return { size, maxHeapMb };
}
