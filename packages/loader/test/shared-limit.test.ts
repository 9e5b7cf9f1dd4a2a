import { describe, expect, it } from "vitest";
import { acquireSharedLimit } from "../src/shared-limit.js";

/** Run `count` tasks through the limit and report how many ran at once at most. */
async function peakConcurrency(limit: ReturnType<typeof acquireSharedLimit>["limit"], count: number): Promise<number> {
  let running = 0;
  let peak = 0;
  await Promise.all(
    Array.from({ length: count }, () =>
      limit(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      }),
    ),
  );
  return peak;
}

describe("acquireSharedLimit", () => {
  it("applies the smallest concurrency while syncs overlap", async () => {
    const wide = acquireSharedLimit(6);
    const narrow = acquireSharedLimit(2);
    expect(await peakConcurrency(wide.limit, 8)).toBe(2);
    narrow.release();
    expect(await peakConcurrency(wide.limit, 8)).toBe(6);
    wide.release();
  });

  it("lets a later sync raise the limit again once earlier ones have ended", async () => {
    const first = acquireSharedLimit(1);
    expect(await peakConcurrency(first.limit, 4)).toBe(1);
    first.release();
    const second = acquireSharedLimit(3);
    expect(await peakConcurrency(second.limit, 6)).toBe(3);
    second.release();
    second.release();
  });
});
