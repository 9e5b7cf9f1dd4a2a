import type { Root } from "hast";
import { decodeHtml } from "./decode.js";
import { parseShallowHtml } from "./depth.js";
import { dropPermalinksAndLineNumbers } from "./code-and-anchors.js";
import { labelTabPanels } from "./tabs.js";
import { unwrapLayoutTables } from "./layout-tables.js";
import { mainContent } from "./main-content.js";
import { captionsBeforeTables, mathAsLatex } from "./math-and-captions.js";
import { normaliseNotes } from "./notes.js";
import { dropDrawnListLabels, wordListsToLists } from "./office-lists.js";
import { keepWhatTheSanitiserDrops } from "./sanitised-away.js";
import { baseUrlOf, sanitizePage } from "./sanitize.js";

/** An HTML page read for conversion: the whole parsed page, and its content made ready for the HTML→GFM path. */
export interface ReadablePage {
  page: Root;
  content: Root;
}

/**
 * Read HTML bytes as the HTML converter does: decoded by their declared charset, the main content
 * (or the whole body when `onlyMainContent` is off), equations as LaTeX, Office lists and notes
 * made plain HTML, permalinks and line numbers dropped, tab panels labelled, layout tables unwrapped, captions before their tables, then sanitised with links made absolute against
 * `url`. Shared by HTML documents and the HTML a DOCX embeds (alt-chunks).
 */
export function readablePage(bytes: Uint8Array, name: string, options: { onlyMainContent: boolean; url?: string | undefined }): ReadablePage {
  // Note: parse5 (through hast-util-from-html) parses XHTML served as HTML the way browsers do.
  const page = parseShallowHtml(decodeHtml(bytes), name);
  // Before mainContent, which leaves out MathML as it leaves out SVG.
  mathAsLatex(page);
  const main = mainContent(page, options.onlyMainContent);
  dropPermalinksAndLineNumbers(main);
  labelTabPanels(main);
  unwrapLayoutTables(main);
  wordListsToLists(main);
  dropDrawnListLabels(main);
  normaliseNotes(main);
  captionsBeforeTables(main);
  keepWhatTheSanitiserDrops(main);
  return { page, content: sanitizePage(main, baseUrlOf(page, options.url)) };
}
