import { figure } from "../lib/figures.mjs";
import { createFixtureSite } from "../lib/fixture-site.mjs";
import { startLoopbackService } from "../lib/loopback-service.mjs";
import { loaderOptions, siteDocuments } from "../lib/site-builds.mjs";
import { fastestOf } from "../lib/timer.mjs";

/**
 * Figure 3: N unchanged documents past their ttl (`ttl: 0`). The loader should ask the source
 * whether each changed (a conditional GET, answered 304) and scrape none of them.
 *
 * @param {{ scale: { revalidationDocuments: number, warmRuns: number } }} context
 */
export async function revalidation({ scale }) {
  const n = scale.revalidationDocuments;
  const service = await startLoopbackService();
  const site = await createFixtureSite({ name: "revalidation", source: "loader", incrementalBuild: false });
  try {
    const documents = siteDocuments(n, service);
    await site.configureLoader(loaderOptions(service, documents, "1d"));
    await site.build();
    const warm = await fastestOf(scale.warmRuns, () => site.build());

    await site.configureLoader(loaderOptions(service, documents, 0));
    service.resetRequests();
    const revalidated = await site.build();
    const scrapes = service.count((request) => request.kind === "scrape");
    const conditional = service.count((request) => request.kind === "fetch" && request.conditional);
    const unconditional = service.count((request) => request.kind === "fetch" && !request.conditional);

    return [
      figure({ name: `revalidation, N=${n} unchanged past ttl: scrape requests`, value: scrapes, unit: "requests", target: ["==", 0] }),
      figure({
        name: `revalidation, N=${n} unchanged past ttl: conditional requests`,
        value: conditional,
        unit: "requests",
        target: ["==", n],
        note: `plus ${unconditional} unconditional fetches`,
      }),
      figure({
        name: `revalidation, N=${n}: build time / warm build`,
        value: revalidated.ms / warm.ms,
        unit: "×",
        note: `astro build: ${(revalidated.ms / 1000).toFixed(2)} s against ${(warm.ms / 1000).toFixed(2)} s warm`,
      }),
    ];
  } finally {
    await site.remove();
    await service.close();
  }
}
