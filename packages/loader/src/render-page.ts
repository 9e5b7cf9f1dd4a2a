import type { PluggableList } from "unified";
import type { RenderedPage } from "./cache.js";
import { RENDERER_VERSION, fileNameOf } from "./entry.js";
import type { LoaderWorkers } from "./loader-workers.js";
import type { MarkdownResult } from "./markdown.js";
import type { ScrapeData } from "./scraper.js";

/** How documents' pages are rendered. */
export interface PageRendering {
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  workers: LoaderWorkers;
  /** Whether pictures are stored: the Markdown's references to them become Astro image imports. */
  images: boolean;
}

/**
 * Whether pages are rendered by the built-in renderer alone, in a worker thread, and so can be
 * kept in the cache. Note: the user's remark and rehype plugins are functions, which cannot cross
 * threads, and whose output no cache key covers; with plugins, pages are rendered on the main
 * thread at every sync that needs them.
 */
export const cachesPages = (rendering: PageRendering): boolean =>
  rendering.remarkPlugins.length === 0 && rendering.rehypePlugins.length === 0;

const markdownOptions = (scrape: ScrapeData, url: string, rendering: PageRendering) => ({
  url,
  metadataTitle: scrape.metadata.title,
  metadataDescription: scrape.metadata.description,
  fallbackTitle: fileNameOf(url),
  images: new Set(rendering.images ? (scrape.images ?? []).map((image) => image.name) : []),
});

/**
 * Renders a document's page with the built-in renderer in a worker thread (about 9 ms per
 * document that no longer share the build's main thread), ready to be kept in its cache entry.
 */
export async function renderPage(scrape: ScrapeData, url: string, rendering: PageRendering): Promise<RenderedPage> {
  return { ...(await rendering.workers.render(scrape.markdown, markdownOptions(scrape, url, rendering))), renderer: RENDERER_VERSION };
}

/** A document's page: the one kept with its scrape when still valid, else rendered now. */
export async function pageContent(
  scrape: ScrapeData,
  cached: RenderedPage | undefined,
  url: string,
  rendering: PageRendering,
): Promise<MarkdownResult> {
  if (!cachesPages(rendering)) {
    // Note: loaded on first use, so a rebuild whose documents are all unchanged never loads unified.
    const { processMarkdown } = await import("./markdown.js");
    const { remarkPlugins, rehypePlugins } = rendering;
    return processMarkdown(scrape.markdown, { ...markdownOptions(scrape, url, rendering), remarkPlugins, rehypePlugins });
  }
  return cached?.renderer === RENDERER_VERSION ? cached : renderPage(scrape, url, rendering);
}
