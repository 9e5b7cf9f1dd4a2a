import { figure } from "../lib/figures.mjs";
import { measureSitePair } from "../lib/site-builds.mjs";

/**
 * Figure 1: a warm rebuild with the loader (every document cached) against the same Markdown
 * through Astro's own `glob()` loader, same pages and layout, with and without
 * `experimental.incrementalBuild`.
 *
 * @param {{ scale: { rebuildSizes: number[], warmRuns: number } }} context
 */
export async function warmRebuild({ scale }) {
  const figures = [];
  const seconds = (ms) => (ms / 1000).toFixed(2);
  for (const n of scale.rebuildSizes) {
    const pairs = {};
    for (const incrementalBuild of [false, true]) {
      const { loader, glob, warmScrapes } = await measureSitePair({ n, incrementalBuild, warmRuns: scale.warmRuns });
      pairs[incrementalBuild] = { loader, glob };
      figures.push(
        figure({
          name: `warm rebuild, N=${n}, incrementalBuild ${incrementalBuild ? "on" : "off"}: loader / glob()`,
          value: loader.warm.ms / glob.warm.ms,
          unit: "×",
          target: ["<=", 1.15],
          note: `astro build: loader ${seconds(loader.warm.ms)} s (${warmScrapes} scrapes), glob() ${seconds(glob.warm.ms)} s`,
        }),
      );
    }
    const onOverOff = (source) => pairs[true][source].warm.ms / pairs[false][source].warm.ms;
    figures.push(
      figure({
        name: `warm rebuild, N=${n}, loader: incrementalBuild on / off`,
        value: onOverOff("loader"),
        unit: "×",
        note: `glob(): ${onOverOff("glob").toFixed(2)}×`,
      }),
    );
  }
  return figures;
}
