import { copyFile, mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalCorpusFiles } from "../lib/corpus.mjs";
import { figure, skipped } from "../lib/figures.mjs";
import { createFixtureSite } from "../lib/fixture-site.mjs";
import { runProcess } from "../lib/processes.mjs";

const CONVERT_CHILD = fileURLToPath(new URL("../lib/convert-child.mjs", import.meta.url));

/**
 * Figure 5: a cold `astro build` of a site whose documents are the shared corpus's normal files,
 * as local files converted by the embedded engine, against the same files converted one after
 * another in one process. The sync's cost is the cold build minus the warm build (everything
 * cached), so Astro's own work cancels out. Measured with the default pool (one worker per core)
 * and with one worker, which shows how the sync scales with cores.
 *
 * @param {{ scale: { corpusDocuments: number, corpusScaling: boolean } }} context
 */
export async function corpusBuild({ scale }) {
  const files = (await normalCorpusFiles()).slice(0, scale.corpusDocuments);
  const name = (workers) => `cold sync of ${files.length} corpus documents (local files), ${workers} worker${workers === 1 ? "" : "s"}: sync cost / sequential conversion`;
  const cores = availableParallelism();
  if (files.length === 0) return [skipped(name(cores), "×", "no corpus found")];

  const sequential = await runProcess(process.execPath, [CONVERT_CHILD, ...files], { keepStdout: true });
  const report = sequential.stdout.match(/^BENCH (.+)$/m);
  if (sequential.code !== 0 || !report) throw new Error(`converting the corpus in a child process failed (exit ${sequential.code})`);
  const { ms: sequentialMs, cpuMs: sequentialCpuMs } = JSON.parse(report[1]);

  const byWorkers = new Map();
  for (const workers of scale.corpusScaling && cores > 1 ? [cores, 1] : [cores]) byWorkers.set(workers, await syncCost(files, workers));

  const seconds = (ms) => (ms / 1000).toFixed(2);
  return [...byWorkers].map(([workers, { cold, warm }], index) =>
    figure({
      name: name(workers),
      value: (cold.ms - warm.ms) / sequentialMs,
      unit: "×",
      target: index === 0 ? ["<=", 0.6] : undefined,
      note:
        `astro build cold ${seconds(cold.ms)} s, warm ${seconds(warm.ms)} s; sequential in one process ${seconds(sequentialMs)} s ` +
        `(${seconds(sequentialCpuMs)} s of CPU: ${(sequentialCpuMs / sequentialMs).toFixed(1)} cores busy)` +
        (index === 0 ? "" : `; ${((cold.ms - warm.ms) / (byWorkers.get(cores).cold.ms - byWorkers.get(cores).warm.ms)).toFixed(2)}× the sync cost with ${cores} workers`),
    }),
  );
}

/** A fresh site of `files` built cold, then warm; its peak RSS is in the measures. */
async function syncCost(files, workers) {
  const site = await createFixtureSite({ name: `corpus-${workers}`, source: "loader", incrementalBuild: false });
  try {
    await mkdir(join(site.root, "documents"));
    await Promise.all(files.map((file) => copyFile(file, join(site.root, "documents", basename(file)))));
    await site.configureLoader({
      // Note: explicit ids, since the corpus holds md_test.docx and md_test.pdf.
      documents: files.map((file) => ({ id: basename(file).replaceAll(".", "-"), url: `./documents/${basename(file)}` })),
      cache: { dir: ".cache/docscrape", ttl: "1d" },
      workers,
      // Note: what the sequential conversion does too: text layers only, no pictures.
      parsers: [{ type: "pdf", mode: "fast" }],
      images: false,
    });
    const cold = await site.build();
    const warm = await site.build();
    return { cold, warm };
  } finally {
    await site.remove();
  }
}
