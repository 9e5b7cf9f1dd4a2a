import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CONVERSION_TIER_FLAG, DEFAULT_TIER_FLAG, createTierGate } from "../src/compile-tiers.js";

const settle = <T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void } => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe("compile tiers while documents convert", () => {
  it("caps V8's tiers once for overlapping jobs and lifts the cap when the last one ends", async () => {
    const flags: string[] = [];
    const gate = createTierGate((flag) => flags.push(flag), []);
    const first = settle<string>();
    const second = settle<string>();
    const both = [gate(() => first.promise), gate(() => second.promise)];
    expect(flags).toEqual([CONVERSION_TIER_FLAG]);
    first.resolve("a");
    await both[0];
    expect(flags).toEqual([CONVERSION_TIER_FLAG]);
    second.resolve("b");
    await expect(both[1]).resolves.toBe("b");
    expect(flags).toEqual([CONVERSION_TIER_FLAG, DEFAULT_TIER_FLAG]);
  });

  it("lifts the cap when a job fails", async () => {
    const flags: string[] = [];
    const gate = createTierGate((flag) => flags.push(flag), []);
    await expect(gate(() => Promise.reject(new Error("unreadable")))).rejects.toThrow("unreadable");
    expect(flags).toEqual([CONVERSION_TIER_FLAG, DEFAULT_TIER_FLAG]);
  });

  it("leaves the tiers alone when the process was started with its own --max-opt", async () => {
    const flags: string[] = [];
    const gate = createTierGate((flag) => flags.push(flag), ["--max-opt=3"]);
    await expect(gate(async () => 1)).resolves.toBe(1);
    expect(flags).toEqual([]);
  });

  it("uses flags this Node's V8 knows (it ignores unknown ones at run time, but refuses them on the command line)", () => {
    for (const flag of [CONVERSION_TIER_FLAG, DEFAULT_TIER_FLAG]) {
      const run = spawnSync(process.execPath, [flag, "-e", ""], { encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
    }
  });
});
