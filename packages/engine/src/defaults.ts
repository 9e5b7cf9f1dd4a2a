/**
 * The defaults and limits that more than one place needs: the engine, the server, the CLI and
 * the Astro loader. Note: this module imports nothing, so the loader can read it through
 * `docscrape/defaults` without loading the engine (pdf.js, undici, ...), which costs most of a
 * second at every build that scrapes through an API.
 */

/** The port `docscrape serve` and `ScrapeServer.listen()` use, Firecrawl's self-hosted port. */
export const DEFAULT_PORT = 3002;

/** The largest document a scrape downloads, in bytes (50 MiB); past it → `DOCUMENT_TOO_LARGE`. */
export const DEFAULT_MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** A scrape's `timeout` in milliseconds: its default and the range Firecrawl's API accepts. */
export const SCRAPE_TIMEOUT_MS: { readonly default: number; readonly min: number; readonly max: number } = {
  default: 60_000,
  min: 1000,
  max: 300_000,
};

// Note: two letters or more, so that a Windows drive (`C:\...`, `C:/...`) is a path, not a scheme.
const URL_SCHEME = /^[a-z][a-z0-9+.-]+:/i;

/**
 * Whether a document target is a URL (`https://...`, `file:...`, `ftp://...`) rather than a
 * local path (`docs/a.pdf`, `/srv/a.pdf`, `C:\a.pdf`). The one rule the engine's `scrape()` and
 * the loader's options both follow; what a URL's scheme is allowed to be is theirs to say.
 */
export function hasUrlScheme(target: string): boolean {
  return URL_SCHEME.test(target);
}
