/**
 * Where a reader can open a document's original: remote documents at their URL, local ones from
 * `public/`, which Astro copies into the site as they are.
 */
export function sourceHref(sourceUrl: string): string {
  return sourceUrl.startsWith("./public/") ? sourceUrl.slice("./public".length) : sourceUrl;
}

/** A date as YYYY-MM-DD. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
