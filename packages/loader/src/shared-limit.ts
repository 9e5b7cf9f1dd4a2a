import pLimit from "p-limit";
import type { LimitFunction } from "p-limit";

/** One sync's hold on the shared limit; release it when the sync ends. */
export interface SharedLimitLease {
  limit: LimitFunction;
  release(): void;
}

const limit = pLimit(1);
const requested: number[] = [];

/**
 * The one concurrency limit every collection using this loader shares, so three collections of
 * four documents do not open twelve scrapes at once.
 *
 * Note: while syncs overlap, the smallest `concurrency` they asked for wins; when they have all
 * ended, the next sync's own value applies again. A limit that only ever shrank would keep a
 * lowered `concurrency` for the rest of an `astro dev` session after the config raised it.
 */
export function acquireSharedLimit(concurrency: number): SharedLimitLease {
  requested.push(concurrency);
  limit.concurrency = Math.min(...requested);
  let released = false;
  return {
    limit,
    release() {
      if (released) return;
      released = true;
      requested.splice(requested.indexOf(concurrency), 1);
      if (requested.length > 0) limit.concurrency = Math.min(...requested);
    },
  };
}
