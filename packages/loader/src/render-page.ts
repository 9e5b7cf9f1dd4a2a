import type { PluggableList } from "unified";
import type { RenderedPage } from "./cache.js";
import { RENDERER_VERSION, fileNameOf } from "./entry.js";
import type { LoaderWorkers } from "./loader-workers.js";
import type { MarkdownResult } from "./markdown.js";
import type { ScrapeData } from "./scraper.js";

/** Options of {@link renderPage}. */
export interface RenderPageOptions {
  /** The document's absolute URL. */
  url: string;
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
  workers: LoaderWorkers;
}

/**
 * A document's page: the one kept in its cache entry when the built-in renderer made it, else
 * rendered now. `page` is set when the page can be kept in the cache entry.
 * Note: rendering (about 9 ms per document) runs in a worker thread, so the build's main thread
 * stays free to schedule scrapes; the user's remark and rehype plugins are functions, which cannot
 * cross threads, so with plugins the page is rendered here and never cached.
 */
export async function renderPage(
  scrape: ScrapeData,
  cached: RenderedPage | undefined,
  options: RenderPageOptions,
): Promise<{ content: MarkdownResult; page: RenderedPage | undefined }> {
  const withPlugins = options.remarkPlugins.length > 0 || options.rehypePlugins.length > 0;
  if (!withPlugins && cached?.renderer === RENDERER_VERSION) return { content: cached, page: cached };
  const markdownOptions = {
    url: options.url,
    metadataTitle: scrape.metadata.title,
    metadataDescription: scrape.metadata.description,
    fallbackTitle: fileNameOf(options.url),
  };
  if (withPlugins) {
    const { processMarkdown } = await import("./markdown.js");
    const content = await processMarkdown(scrape.markdown, { ...markdownOptions, remarkPlugins: options.remarkPlugins, rehypePlugins: options.rehypePlugins });
    return { content, page: undefined };
  }
  const content = await options.workers.render(scrape.markdown, markdownOptions);
  return { content, page: { ...content, renderer: RENDERER_VERSION } };
}
