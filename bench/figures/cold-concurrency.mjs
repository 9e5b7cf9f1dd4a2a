import { join } from "node:path";
import Firecrawl from "@mendable/firecrawl-js";
import { documentLoader } from "astro-docscrape";
import { figure } from "../lib/figures.mjs";
import { createLoaderContext } from "../lib/loader-context.mjs";
import { startLoopbackService } from "../lib/loopback-service.mjs";
import { scratchDir } from "../lib/scratch.mjs";
import { loaderOptions, siteDocuments } from "../lib/site-builds.mjs";
import { timed } from "../lib/timer.mjs";

const SCRAPE_LATENCY_MS = 100;
/** The loader's documented default `concurrency`. */
const DEFAULT_CONCURRENCY = 4;

/**
 * Figure 2: a cold sync of N documents from a service that takes 100 ms per scrape, against the
 * ideal N × latency / concurrency, and against the loop a user would write with the official SDK.
 * Note: this calls `documentLoader(...).load(context)` with a fake context rather than running
 * `astro build`, so Astro's own fixed cost does not blur the loader's scheduling.
 *
 * @param {{ scale: { concurrencyDocuments: number } }} context
 */
export async function coldConcurrency({ scale }) {
  const n = scale.concurrencyDocuments;
  const scratch = await scratchDir("cold-concurrency");
  const coldSync = async (service, name) => {
    const documents = siteDocuments(n, service);
    const options = { ...loaderOptions(service, documents, "1d"), cache: { dir: join(scratch.dir, name), ttl: "1d" } };
    const loaderContext = createLoaderContext(scratch.dir);
    const { ms } = await timed(() => documentLoader(options).load(loaderContext));
    if (loaderContext.size() !== n) {
      throw new Error(`the loader stored ${loaderContext.size()} of ${n} entries: ${loaderContext.warnings.slice(0, 3).join("; ")}`);
    }
    return { ms, options };
  };
  // Note: the same sync against an instant service first gives the loader's own CPU time (the floor under
  // the figure) and warms the JIT, so the figure measures scheduling rather than start-up.
  const instantService = await startLoopbackService();
  const service = await startLoopbackService({ scrapeDelayMs: SCRAPE_LATENCY_MS });
  try {
    const instant = await coldSync(instantService, "instant");
    const loader = await coldSync(service, "slow");
    const { options } = loader;
    const scrapes = service.count((request) => request.kind === "scrape");

    const client = new Firecrawl({ apiKey: options.apiKey, apiUrl: service.origin });
    const sdkLoop = await timed(async () => {
      for (const { url } of options.documents) await client.scrape(url, { formats: ["markdown"] });
    });

    const ideal = (n * SCRAPE_LATENCY_MS) / DEFAULT_CONCURRENCY;
    const seconds = (ms) => (ms / 1000).toFixed(2);
    return [
      figure({
        name: `cold sync, N=${n} at ${SCRAPE_LATENCY_MS} ms/scrape: efficiency (ideal / actual)`,
        value: ideal / loader.ms,
        unit: "",
        target: [">=", 0.9],
        note: `loader.load() with a fake context: ${seconds(loader.ms)} s for ${scrapes} scrapes; ideal ${seconds(ideal)} s at concurrency ${DEFAULT_CONCURRENCY}`,
      }),
      figure({
        name: `cold sync, N=${n} at 0 ms/scrape: loader CPU time per document`,
        value: instant.ms / n,
        unit: "ms",
        note: "wall time per document against an instant service: scheduling and cache writes on the main thread, rendering in worker threads (their start-up included)",
      }),
      figure({
        name: `cold sync, N=${n}: sequential @mendable/firecrawl-js loop / loader`,
        value: sdkLoop.ms / loader.ms,
        unit: "×",
        note: `a for-await loop of client.scrape(): ${seconds(sdkLoop.ms)} s`,
      }),
    ];
  } finally {
    await scratch.remove();
    await Promise.all([service.close(), instantService.close()]);
  }
}
