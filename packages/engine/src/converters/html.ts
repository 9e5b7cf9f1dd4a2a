import type { Converter } from "../types.js";
import { hastToMarkdown } from "./docx/html-to-markdown.js";
import { decodeHtml } from "./html/decode.js";
import { parseShallowHtml } from "./html/depth.js";
import { mainContent } from "./html/main-content.js";
import { captionsBeforeTables, mathAsLatex } from "./html/math-and-captions.js";
import { pageMetadata } from "./html/metadata.js";
import { normaliseNotes } from "./html/notes.js";
import { keepWhatTheSanitiserDrops } from "./html/sanitised-away.js";
import { baseUrlOf, sanitizePage } from "./html/sanitize.js";
import { dropDrawnListLabels, wordListsToLists } from "./html/office-lists.js";

/**
 * HTML documents (`.html .htm .xhtml`) to GFM: the page's main content (see `mainContent`),
 * sanitised with the same schema as every scrape's HTML output, links made absolute against
 * the document's URL, then the HTML→GFM path the DOCX converter uses. Images keep their alt text.
 */
export const htmlConverter: Converter = {
  formats: ["html"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    // Note: parse5 (through hast-util-from-html) parses XHTML served as HTML the way browsers do.
    const page = parseShallowHtml(decodeHtml(bytes), name);
    const metadata = pageMetadata(page);
    // Before mainContent, which leaves out MathML as it leaves out SVG.
    mathAsLatex(page);
    const main = mainContent(page, options.onlyMainContent !== false);
    wordListsToLists(main);
    dropDrawnListLabels(main);
    normaliseNotes(main);
    captionsBeforeTables(main);
    keepWhatTheSanitiserDrops(main);
    const content = sanitizePage(main, baseUrlOf(page, options.url));
    const { markdown, firstHeading, imageCount } = hastToMarkdown(content);
    const warnings = imageCount > 0 ? [`${imageCount} image(s) were replaced by their alt text.`] : [];
    return { markdown, metadata: { ...metadata, title: metadata.title ?? firstHeading }, warnings };
  },
};
