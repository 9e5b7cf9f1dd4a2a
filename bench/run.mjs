// `pnpm bench [--quick] [--only <figure>]`: measures the figures below, prints them as a Markdown
// table and writes bench/results.json. Every figure is a ratio or a count taken in this one run
// on this one machine, so the machine's speed cancels out; absolute times are in the notes.
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { machine, markdownTable } from "./lib/figures.mjs";

const SCALES = {
  full: {
    rebuildSizes: [200, 1000],
    warmRuns: 3,
    concurrencyDocuments: 200,
    revalidationDocuments: 200,
    generatedSize: 1,
    measureMs: 3000,
    filesPerType: Infinity,
    processFiles: 5,
    comparisonFiles: Infinity,
    processRounds: 3,
    growthSizes: [100, 1000],
    ocrReports: 6,
    ocrRuns: 2,
    corpusDocuments: Infinity,
    corpusScaling: true,
  },
  // Note: --quick runs on CI as a smoke test; it must finish in well under two minutes.
  quick: {
    rebuildSizes: [50],
    warmRuns: 1,
    concurrencyDocuments: 40,
    revalidationDocuments: 50,
    generatedSize: 0.1,
    measureMs: 200,
    filesPerType: 3,
    processFiles: 1,
    comparisonFiles: 2,
    processRounds: 1,
    growthSizes: [20, 50],
    ocrReports: 1,
    ocrRuns: 1,
    corpusDocuments: 4,
    corpusScaling: false,
  },
};

/** Figure modules, in the order they run and print; each is loaded only when it runs. */
const FIGURES = {
  "warm-rebuild": async () => (await import("./figures/warm-rebuild.mjs")).warmRebuild,
  "cold-concurrency": async () => (await import("./figures/cold-concurrency.mjs")).coldConcurrency,
  revalidation: async () => (await import("./figures/revalidation.mjs")).revalidation,
  "engine-throughput": async () => (await import("./figures/engine-throughput.mjs")).engineThroughput,
  "ocr-cost": async () => (await import("./figures/ocr-cost.mjs")).ocrCost,
  "memory-growth": async () => (await import("./figures/memory-growth.mjs")).memoryGrowth,
  "corpus-build": async () => (await import("./figures/corpus-build.mjs")).corpusBuild,
};

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, only: { type: "string", multiple: true } } });
const selected = values.only ?? Object.keys(FIGURES);
const unknown = selected.filter((name) => !(name in FIGURES));
if (unknown.length > 0) throw new Error(`Unknown figure ${unknown.join(", ")}; pick from ${Object.keys(FIGURES).join(", ")}.`);

const scale = values.quick ? SCALES.quick : SCALES.full;
const started = performance.now();
const figures = [];
const errors = [];
for (const name of selected) {
  process.stderr.write(`bench: ${name}...\n`);
  try {
    const measure = await FIGURES[name]();
    figures.push(...(await measure({ scale })));
  } catch (error) {
    // Note: one broken figure should not hide the others; it is reported and fails the run.
    errors.push({ figure: name, error: error instanceof Error ? error.message : String(error) });
    process.stderr.write(`bench: ${name} failed: ${error instanceof Error ? error.stack : error}\n`);
  }
}

const results = {
  date: new Date().toISOString(),
  mode: values.quick ? "quick" : "full",
  durationSeconds: Math.round((performance.now() - started) / 1000),
  machine: machine(),
  figures,
  errors,
};
await writeFile(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
const { cores, memoryGb, node, cpu } = results.machine;
process.stdout.write(`\n${markdownTable(figures)}\n\n${cores} cores (${cpu}), ${memoryGb} GB, Node ${node}, ${results.mode} run in ${results.durationSeconds} s, ${results.date}\n`);
if (errors.length > 0) {
  process.stdout.write(`\nFailed: ${errors.map((e) => `${e.figure} (${e.error.split("\n")[0]})`).join("; ")}\n`);
  process.exitCode = 1;
}
