/** The loader's name, as Astro's `refreshContent({ loaders })` selects it. */
export const LOADER_NAME = "docscrape-loader";

/** The dev server route that re-syncs documents without a restart (added by `docscrape()`). */
export const REFRESH_PATH = "/_docscrape/refresh";

/** Set in `refreshContextData` to make a sync scrape every document again, ignoring the cache. */
export const REFRESH_CONTEXT_KEY = "docscrapeRefresh";

/** Whether this sync must bypass the cache: `DOCSCRAPE_REFRESH=1`, or a refresh from the dev route. */
export function isForcedRefresh(refreshContextData: Record<string, unknown> | undefined): boolean {
  return process.env.DOCSCRAPE_REFRESH === "1" || refreshContextData?.[REFRESH_CONTEXT_KEY] === true;
}
