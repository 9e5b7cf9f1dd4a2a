import type { Block } from "./blocks.js";
import { renderGfmTable } from "../gfm-table.js";
import { escapeLineStart, joinSplitLinks } from "./escape.js";

/** Render blocks as Markdown: blank lines between blocks, consecutive list items kept together. */
export function renderMarkdown(blocks: readonly Block[]): string {
  return renderBlocks(blocks).markdown;
}

/** Markdown and, for each block, the `[start, end)` offsets of what it produced. */
export interface RenderedBlocks {
  markdown: string;
  spans: Array<[number, number]>;
}

/**
 * {@link renderMarkdown} that also says where each block landed. `pageMarkerBefore(index)` gives
 * the page number whose marker (`---` and `<!-- page N -->`, as Firecrawl's `pageMarkers`) goes
 * before block `index`; never before the first block.
 */
export function renderBlocks(blocks: readonly Block[], pageMarkerBefore?: (index: number) => number | undefined): RenderedBlocks {
  let markdown = "";
  const spans: Array<[number, number]> = [];
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    const page = previous ? pageMarkerBefore?.(index) : undefined;
    if (page !== undefined) markdown += `\n\n---\n\n<!-- page ${page} -->\n\n`;
    else if (previous) markdown += previous.kind === "list-item" && block.kind === "list-item" ? "\n" : "\n\n";
    const start = markdown.length;
    markdown += renderBlock(block);
    spans.push([start, markdown.length]);
  });
  return { markdown: markdown ? `${markdown}\n` : "", spans };
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case "heading":
      return `${"#".repeat(block.level)} ${joinSplitLinks(block.text)}`;
    case "paragraph":
      // Note: an item's next paragraph is indented line by line (a line broken by hand too).
      return escapeLineStart(joinSplitLinks(block.text)).replace(/^/gm, " ".repeat(block.indent ?? 0));
    case "list-item":
      return `${" ".repeat(block.indent ?? 0)}${block.marker} ${escapeLineStart(joinSplitLinks(block.text))}`;
    case "code":
      return renderCode(block.text);
    case "table":
      // Note: a PDF cell's line breaks are where the PDF wrapped its text, so they become spaces.
      return renderGfmTable(block.rows.map((row) => row.map((cell) => cell.replace(/\n/g, " "))));
  }
}

/** A fenced code block, its fence longer than any run of backticks inside. */
function renderCode(text: string): string {
  const fence = "`".repeat(Math.max(3, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return `${fence}\n${text}\n${fence}`;
}
