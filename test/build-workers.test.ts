import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hugeStreamPdf } from "../packages/engine/test/hardening/hostile-documents.js";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";

const MiB = 1024 * 1024;
const PEAK_RSS = fileURLToPath(new URL("./helpers/peak-rss.mjs", import.meta.url));
const WORKERS = 2;
const WORKER_HEAP_MB = 512;
/**
 * Astro's own build of a small site (measured: about 300 MiB) plus, per worker, its heap limit
 * and 100 MiB of code and overshoot, as the engine's server documents for its pool.
 */
const BUILD_BOUND_MB = 400 + WORKERS * (WORKER_HEAP_MB + 100);

// Real `astro build`s of test/fixtures/basic-site whose documents are local files, converted by
// the embedded engine in the build's worker threads.
describe("astro build of local documents in worker threads", () => {
  let site: FixtureSite;

  beforeAll(async () => {
    site = await copyFixture("basic-site");
    await mkdir(join(site.root, "documents"), { recursive: true });
    await writeFile(join(site.root, "documents", "budget.csv"), "Team,Budget\nPeople,1200\nFinance,800\n");
    await writeFile(join(site.root, "documents", "huge-stream.pdf"), hugeStreamPdf(300 * MiB));
  });

  afterAll(() => site?.remove());

  it("fails a PDF whose stream inflates to 300 MiB with a clear error, builds the rest, and stays under its memory bound", async () => {
    await site.configure({
      loader: {
        documents: [
          { id: "budget", url: "./documents/budget.csv" },
          { id: "huge", url: "./documents/huge-stream.pdf" },
        ],
        workers: WORKERS,
        onError: "skip",
        retry: { retries: 0 },
      },
    });
    const result = await site.build({ NODE_OPTIONS: `--import ${PEAK_RSS}` });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/huge: failed .*huge-stream\.pdf needs more than 512 MiB of memory to convert; split it into smaller documents/);
    expect(await site.read("dist/docs/budget/index.html")).toContain("Finance");
    expect(await site.exists("dist/docs/huge/index.html")).toBe(false);
    const peakRssMb = Number(/PEAK_RSS_MB (\d+)/.exec(result.output)?.[1]);
    console.log(`astro build with ${WORKERS} workers of ${WORKER_HEAP_MB} MiB, refusing huge-stream.pdf: peak RSS ${peakRssMb} MiB (bound ${BUILD_BOUND_MB} MiB)`);
    expect(peakRssMb).toBeGreaterThan(0);
    expect(peakRssMb).toBeLessThan(BUILD_BOUND_MB);
  });
});
