import { stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { corpusFiles } from "../lib/corpus.mjs";
import { figure, skipped } from "../lib/figures.mjs";
import { runProcess } from "../lib/processes.mjs";
import { measureSitePair } from "../lib/site-builds.mjs";

const CONVERT_CHILD = fileURLToPath(new URL("../lib/convert-child.mjs", import.meta.url));

/**
 * Figure 5: peak RSS of the largest build and of converting the largest corpus PDF, and how build
 * time and memory grow from the smallest to the largest N: the exponent k in cost ∝ N^k.
 * Note: the builds are cold loader builds, shared with figure 1 where the sizes match; they
 * include Astro's fixed start-up cost, which a smaller N feels more, so k is flattered.
 *
 * @param {{ scale: { growthSizes: [number, number] } }} context
 */
export async function memoryGrowth({ scale }) {
  const [small, large] = scale.growthSizes;
  const build = (n) => measureSitePair({ n, incrementalBuild: false, warmRuns: 0 });
  const smallBuild = (await build(small)).loader.cold;
  const { loader, glob } = await build(large);
  const largeBuild = loader.cold;
  const exponent = (smallValue, largeValue) => Math.log(largeValue / smallValue) / Math.log(large / small);

  const figures = [
    figure({
      name: `peak RSS, cold build of N=${large} (loader)`,
      value: largeBuild.maxRssMb,
      unit: "MB",
      note: `glob() build of the same Markdown: ${glob.cold.maxRssMb.toFixed(0)} MB`,
    }),
    figure({
      name: `growth N=${small}→${large}: build time exponent`,
      value: exponent(smallBuild.ms, largeBuild.ms),
      unit: "",
      target: ["<=", 1],
      note: `cold loader builds: ${(smallBuild.ms / 1000).toFixed(2)} s → ${(largeBuild.ms / 1000).toFixed(2)} s, ${((largeBuild.ms - smallBuild.ms) / (large - small)).toFixed(1)} ms per added document (Astro's fixed start-up flatters k)`,
    }),
    figure({
      name: `growth N=${small}→${large}: peak RSS exponent`,
      value: exponent(smallBuild.maxRssMb, largeBuild.maxRssMb),
      unit: "",
      target: ["<=", 1],
      note: `${smallBuild.maxRssMb.toFixed(0)} MB → ${largeBuild.maxRssMb.toFixed(0)} MB`,
    }),
  ];

  const largestPdf = await largest(await corpusFiles("pdf"));
  if (!largestPdf) return [...figures, skipped("peak RSS, converting the largest corpus PDF", "MB", "no corpus found")];
  const child = await runProcess(process.execPath, [CONVERT_CHILD, largestPdf.path], { keepStdout: true });
  const report = child.stdout.match(/^BENCH (.+)$/m);
  if (child.code !== 0 || !report) throw new Error(`converting ${largestPdf.path} in a child process failed (exit ${child.code})`);
  const { maxRssMb, ms } = JSON.parse(report[1]);
  figures.push(
    figure({
      name: "peak RSS, converting the largest corpus PDF",
      value: maxRssMb,
      unit: "MB",
      note: `${largestPdf.path.split("/").pop()}, ${(largestPdf.size / 1e6).toFixed(2)} MB, converted in ${(ms / 1000).toFixed(2)} s in a fresh process`,
    }),
  );
  return figures;
}

async function largest(paths) {
  const sized = await Promise.all(paths.map(async (path) => ({ path, size: (await stat(path)).size })));
  return sized.sort((a, b) => b.size - a.size)[0];
}
