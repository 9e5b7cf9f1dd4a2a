import { generatedDocument } from "./documents.mjs";
import { createFixtureSite } from "./fixture-site.mjs";
import { startLoopbackService } from "./loopback-service.mjs";

/** @typedef {import("./fixture-site.mjs").BuildMeasure} BuildMeasure */

/** The API key the loader sends to the loopback service (which accepts anything). */
const API_KEY = "fc-bench-key";

/**
 * The N generated documents of a site, served by `service` as `/docs/<id>.pdf` when given one.
 * @param {number} n
 * @param {Awaited<ReturnType<typeof startLoopbackService>>} [service]
 */
export function siteDocuments(n, service) {
  const documents = Array.from({ length: n }, (_, index) => generatedDocument(index));
  for (const { id, title, markdown } of documents) service?.documents.set(`/docs/${id}.pdf`, { title, markdown, etag: `"${id}-1"` });
  return documents;
}

/**
 * `documentLoader()` options for `documents` scraped through `service`.
 * @param {Awaited<ReturnType<typeof startLoopbackService>>} service
 * @param {Array<{ id: string }>} documents
 * @param {string | number} ttl
 */
export function loaderOptions(service, documents, ttl) {
  return {
    documents: documents.map(({ id }) => ({ id, url: `${service.origin}/docs/${id}.pdf` })),
    apiUrl: service.origin,
    apiKey: API_KEY,
    cache: { dir: ".cache/docscrape", ttl },
  };
}

const measured = new Map();

/**
 * Builds a generated N-document site twice over — with the loader (scraping from the loopback
 * API) and with Astro's `glob()` over the same Markdown — first cold, then `warmRuns` times warm
 * (everything cached), and measures every build. Memoized: figures that need the same sites
 * share one measurement.
 *
 * @param {object} options
 * @param {number} options.n
 * @param {boolean} options.incrementalBuild
 * @param {number} options.warmRuns The warm figure is the fastest of this many builds; 0 for none.
 * @returns {Promise<{ loader: SiteMeasure, glob: SiteMeasure, warmScrapes: number }>}
 */
export function measureSitePair(options) {
  const key = `${options.n}-${options.incrementalBuild ? "incremental" : "full"}`;
  const known = measured.get(key);
  if (known && known.warmRuns >= options.warmRuns) return known.result;
  const result = buildPair(options, key);
  measured.set(key, { warmRuns: options.warmRuns, result });
  return result;
}

/** @typedef {{ cold: BuildMeasure, warm: BuildMeasure | undefined }} SiteMeasure */

async function buildPair({ n, incrementalBuild, warmRuns }, name) {
  const service = await startLoopbackService();
  const documents = siteDocuments(n, service);
  const loaderSite = await createFixtureSite({ name: `loader-${name}`, source: "loader", incrementalBuild });
  const globSite = await createFixtureSite({ name: `glob-${name}`, source: "glob", incrementalBuild, documents });
  try {
    await loaderSite.configureLoader(loaderOptions(service, documents, "1d"));
    const loader = { cold: await loaderSite.build(), warm: undefined };
    const glob = { cold: await globSite.build(), warm: undefined };
    service.resetRequests();
    // Note: warm builds alternate between the sites, so a change in the machine's load hits both alike.
    const faster = (best, next) => (best && best.ms <= next.ms ? best : next);
    for (let run = 0; run < warmRuns; run++) {
      loader.warm = faster(loader.warm, await loaderSite.build());
      glob.warm = faster(glob.warm, await globSite.build());
    }
    return { loader, glob, warmScrapes: service.count((request) => request.kind === "scrape") };
  } finally {
    await Promise.all([loaderSite.remove(), globSite.remove()]);
    await service.close();
  }
}
