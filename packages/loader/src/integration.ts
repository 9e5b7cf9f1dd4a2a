import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { DocumentLoaderConfigError } from "./errors.js";
import { LOADER_NAME, REFRESH_CONTEXT_KEY, REFRESH_PATH } from "./refresh.js";

/** Options of {@link docscrape}. */
export interface DocscrapeIntegrationOptions {
  /**
   * Name of the content collection (loaded with `documentLoader`) whose entries get pages.
   * @default "documents"
   */
  collection?: string | undefined;
  /**
   * URL path under which the pages are injected: `/<prefix>/` lists the documents and
   * `/<prefix>/<id>/` shows one. May contain slashes (`"docs/library"`).
   * @default "documents"
   */
  prefix?: string | undefined;
  /**
   * A layout of your own, as a path relative to the project root (`"./src/layouts/Doc.astro"`)
   * or a package specifier. It receives the props `title`, `siteTitle`, `headings` and
   * `document` (the entry, absent on the index page) and renders the page into its default slot.
   * @default the package's own layout, `astro-docscrape/layouts/DocumentLayout.astro`
   */
  layout?: string | undefined;
  /**
   * Heading of the index page, and the suffix of every page's `<title>`.
   * @default "Documents"
   */
  title?: string | undefined;
}

/** What the injected pages read from the virtual module `virtual:astro-docscrape/config`. */
interface InjectedPagesConfig {
  collection: string;
  prefix: string;
  title: string;
}

const CONFIG_MODULE = "virtual:astro-docscrape/config";
const DEFAULT_LAYOUT = "astro-docscrape/layouts/DocumentLayout.astro";
const PREFIX_PATTERN = /^[\w.~-]+(\/[\w.~-]+)*$/;

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, "");
  if (!PREFIX_PATTERN.test(trimmed)) {
    throw new DocumentLoaderConfigError(
      `The docscrape() option \`prefix\` must be a URL path such as "documents" or "docs/library", got ${JSON.stringify(prefix)}.`,
    );
  }
  return trimmed;
}

/**
 * An Astro integration that adds an index page and one page per document of a collection
 * loaded with `documentLoader`, so publishing documents takes one line in `astro.config`:
 *
 * @example
 * ```js
 * // astro.config.mjs
 * import { docscrape } from "astro-docscrape";
 * export default defineConfig({ integrations: [docscrape({ prefix: "library" })] });
 * ```
 *
 * The document pages return `cacheKey: entry.digest` from `getStaticPaths()`, so with
 * `experimental.incrementalBuild` Astro re-renders only documents whose content changed.
 */
export function docscrape(options: DocscrapeIntegrationOptions = {}): AstroIntegration {
  const config: InjectedPagesConfig = {
    collection: options.collection ?? "documents",
    prefix: normalisePrefix(options.prefix ?? "documents"),
    title: options.title ?? "Documents",
  };
  if (config.collection.trim() === "") {
    throw new DocumentLoaderConfigError("The docscrape() option `collection` must name the content collection that uses documentLoader().");
  }

  return {
    name: "astro-docscrape",
    hooks: {
      "astro:config:setup": ({ config: astroConfig, injectRoute, updateConfig }) => {
        // Note: a relative layout path is the user's file, so it is resolved against the project
        // root here; Vite would otherwise resolve it against this package's virtual module.
        const layout = options.layout?.startsWith(".")
          ? fileURLToPath(new URL(options.layout, astroConfig.root))
          : (options.layout ?? DEFAULT_LAYOUT);
        const resolvedId = `\0${CONFIG_MODULE}`;
        // Note: a virtual module is how Astro's docs pass integration options to injected pages
        // (Starlight does the same); it also lets the pages import the chosen layout statically.
        updateConfig({
          vite: {
            plugins: [
              {
                name: "astro-docscrape:config",
                resolveId: (id: string) => (id === CONFIG_MODULE ? resolvedId : undefined),
                load: (id: string) =>
                  id === resolvedId
                    ? `export default ${JSON.stringify(config)};\nexport { default as Layout } from ${JSON.stringify(layout)};\n`
                    : undefined,
              },
            ],
          },
        });
        injectRoute({ pattern: `/${config.prefix}`, entrypoint: "astro-docscrape/pages/index.astro" });
        injectRoute({ pattern: `/${config.prefix}/[id]`, entrypoint: "astro-docscrape/pages/document.astro" });
      },
      // In `astro dev`, `POST /_docscrape/refresh` scrapes every document again without a restart
      // (local documents re-sync on their own when they change on disk).
      "astro:server:setup": ({ server, refreshContent, logger }) => {
        if (!refreshContent) return;
        server.middlewares.use(REFRESH_PATH, (request, response, next) => {
          if (request.method !== "POST") return next();
          logger.info("Refreshing documents on request.");
          const answer = (status: number, body: unknown) =>
            response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
          refreshContent({ loaders: [LOADER_NAME], context: { [REFRESH_CONTEXT_KEY]: true } }).then(
            () => answer(200, { refreshed: true }),
            (error: unknown) => answer(500, { refreshed: false, error: error instanceof Error ? error.message : String(error) }),
          );
        });
      },
    },
  };
}
