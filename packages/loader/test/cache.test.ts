import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cacheKey, createCache, parseTtl } from "../src/cache.js";
import type { CachedDocument } from "../src/cache.js";

const root = await mkdtemp(join(tmpdir(), "docscrape-cache-"));
afterAll(() => rm(root, { recursive: true, force: true }));

const entry = (markdown: string, fetchedAt = Date.now()): CachedDocument => ({
  data: { markdown, metadata: { title: "T" } },
  fetchedAt,
  validators: { etag: '"v1"' },
});

function cacheIn(dir: string, ttlMs = 60_000) {
  const warnings: string[] = [];
  return { cache: createCache({ dir: join(root, dir), ttlMs, onWarning: (message) => warnings.push(message) }), warnings };
}

describe("cacheKey", () => {
  it("changes with the URL, the options and the scraper, and never holds a secret", () => {
    const base = { url: "https://a.example/x.pdf", options: { formats: ["markdown" as const] }, scraperId: "api:https://api.example/v2/scrape" };
    const key = cacheKey(base);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey({ ...base })).toBe(key);
    expect(cacheKey({ ...base, url: "https://a.example/y.pdf" })).not.toBe(key);
    expect(cacheKey({ ...base, options: { ...base.options, onlyMainContent: false } })).not.toBe(key);
    expect(cacheKey({ ...base, scraperId: "embedded:docscrape@0.1.0" })).not.toBe(key);
  });
});

describe("parseTtl", () => {
  it("reads durations and milliseconds, and rejects the rest", () => {
    expect(parseTtl("1d")).toBe(86_400_000);
    expect(parseTtl("6h")).toBe(21_600_000);
    expect(parseTtl("30m")).toBe(1_800_000);
    expect(parseTtl("1.5s")).toBe(1500);
    expect(parseTtl(2500)).toBe(2500);
    expect(parseTtl("tomorrow")).toBeUndefined();
    expect(parseTtl(-1)).toBeUndefined();
  });
});

describe("createCache", () => {
  it("returns what was stored, and misses unknown keys", async () => {
    const { cache } = cacheIn("hit");
    await cache.set("k", entry("# Cached"));
    expect((await cache.get("k"))?.data.markdown).toBe("# Cached");
    expect(await cache.get("other")).toBeUndefined();
  });

  it("keeps entries on disk for the next build", async () => {
    await cacheIn("reopen").cache.set("k", entry("# Persisted"));
    expect((await cacheIn("reopen").cache.get("k"))?.data.markdown).toBe("# Persisted");
  });

  it("is fresh within the ttl and stale after it", () => {
    const { cache } = cacheIn("ttl", 1000);
    const now = Date.now();
    expect(cache.isFresh(entry("x", now - 999), now)).toBe(true);
    expect(cache.isFresh(entry("x", now - 1000), now)).toBe(false);
  });

  it("drops a corrupted entry with a warning, and then misses cleanly", async () => {
    const { cache, warnings } = cacheIn("corrupt");
    await cache.set("k", entry("# Fine"));
    const dir = join(root, "corrupt");
    const [name] = await readdir(dir);
    await writeFile(join(dir, name!), "\u0000\u0001garbage{");
    expect(await cache.get("k")).toBeUndefined();
    expect(warnings.join("\n")).toMatch(/unreadable cache entry/);
    expect(await readdir(dir)).toEqual([]);
  });

  it("drops an entry of an unknown shape with a warning", async () => {
    const { cache, warnings } = cacheIn("shape");
    await cache.set("k", { nonsense: true } as unknown as CachedDocument);
    expect(await cache.get("k")).toBeUndefined();
    expect(warnings.join("\n")).toMatch(/unknown shape/);
  });

  it("survives a writer killed with SIGKILL mid-write: the old value or a whole new one, never a crash", async () => {
    const writer = fileURLToPath(new URL("./fixtures/cache-writer.mjs", import.meta.url));
    for (let trial = 0; trial < 4; trial++) {
      const dir = join(root, `killed-${trial}`);
      const { cache, warnings } = cacheIn(`killed-${trial}`);
      await cache.set("doc", entry("# Before", 0));
      const child = spawn(process.execPath, ["--experimental-strip-types", "--no-warnings", writer, dir], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 40 + trial * 60));
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      const after = await cacheIn(`killed-${trial}`).cache.get("doc");
      expect(after).toBeDefined();
      expect(after!.data.markdown).toMatch(after!.fetchedAt === 0 ? /^# Before$/ : new RegExp(`^# Round ${after!.fetchedAt}\\n`));
      expect(warnings).toEqual([]);
    }
  });
});
