import type { Block } from "./blocks.js";
import { renderGfmTable } from "../gfm-table.js";
import { escapeLineStart } from "./escape.js";

/** Render blocks as Markdown: blank lines between blocks, consecutive list items kept together. */
export function renderMarkdown(blocks: readonly Block[]): string {
  let markdown = "";
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (previous) markdown += previous.kind === "list-item" && block.kind === "list-item" ? "\n" : "\n\n";
    markdown += renderBlock(block);
  });
  return markdown ? `${markdown}\n` : "";
}

function renderBlock(block: Block): string {
  switch (block.kind) {
    case "heading":
      return `${"#".repeat(block.level)} ${block.text}`;
    case "paragraph":
      return escapeLineStart(block.text);
    case "list-item":
      return `${block.marker} ${escapeLineStart(block.text)}`;
    case "table":
      // Note: a PDF cell's line breaks are where the PDF wrapped its text, so they become spaces.
      return renderGfmTable(block.rows.map((row) => row.map((cell) => cell.replace(/\n/g, " "))));
  }
}
