import type { Converter } from "../types.js";
import { hastToMarkdown } from "./docx/html-to-markdown.js";
import { pageMetadata } from "./html/metadata.js";
import { readablePage } from "./html/readable-page.js";

/**
 * HTML documents (`.html .htm .xhtml`) to GFM: the page's main content (see `mainContent`),
 * sanitised with the same schema as every scrape's HTML output, links made absolute against
 * the document's URL, then the HTML→GFM path the DOCX converter uses. Images keep their alt text.
 */
export const htmlConverter: Converter = {
  formats: ["html"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    const { page, content } = readablePage(bytes, name, { onlyMainContent: options.onlyMainContent !== false, url: options.url });
    const metadata = pageMetadata(page);
    const { markdown, firstHeading, imageCount } = hastToMarkdown(content);
    const warnings = imageCount > 0 ? [`${imageCount} image(s) were replaced by their alt text.`] : [];
    return { markdown, metadata: { ...metadata, title: metadata.title ?? firstHeading }, warnings };
  },
};
