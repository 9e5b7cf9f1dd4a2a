import type { Block } from "./blocks.js";
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
    case "code":
      return renderCode(block.text);
    case "table":
      return renderTable(block.rows);
  }
}

/** A fenced code block, its fence longer than any run of backticks inside. */
function renderCode(text: string): string {
  const fence = "`".repeat(Math.max(3, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return `${fence}\n${text}\n${fence}`;
}

function renderTable(rows: readonly string[][]): string {
  const [header = [], ...body] = rows;
  const line = (cells: readonly string[]): string => `| ${cells.map((cell) => cell.replace(/\n/g, " ")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...body.map(line)].join("\n");
}
