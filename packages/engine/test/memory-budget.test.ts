import { describe, expect, it } from "vitest";
import { poolBudget } from "../src/memory-budget.js";

const MiB = 1024 * 1024;

describe("poolBudget: the conversion pool fits the container's memory limit", () => {
  it("uses one 512 MiB worker per core when the process has no limit", () => {
    expect(poolBudget(0, 4)).toEqual({ size: 4, maxHeapMb: 512 });
    // cgroup v1 reports "unlimited" as a number near 2^63.
    expect(poolBudget(2 ** 63, 2)).toEqual({ size: 2, maxHeapMb: 512 });
  });

  it("drops workers before heap as the limit shrinks, and keeps the sum under the limit", () => {
    for (const limitMb of [384, 512, 768, 1024, 2048, 4096]) {
      const { size, maxHeapMb } = poolBudget(limitMb * MiB, 8);
      expect(size).toBeGreaterThanOrEqual(1);
      expect(maxHeapMb).toBeGreaterThanOrEqual(128);
      expect(150 + size * (maxHeapMb + 100)).toBeLessThanOrEqual(Math.max(limitMb, 150 + 228));
    }
    expect(poolBudget(1024 * MiB, 8)).toEqual({ size: 1, maxHeapMb: 512 });
    expect(poolBudget(4096 * MiB, 8)).toEqual({ size: 4, maxHeapMb: 512 });
    expect(poolBudget(512 * MiB, 8)).toEqual({ size: 1, maxHeapMb: 171 });
  });
});
