import type { Block } from "./blocks.js";
import { escapeMarkdown } from "./escape.js";
import { lineText } from "./model.js";

// The notes under a table that say what the marks in its cells mean ("* Provisional.", "— Not
// available."): a note starts with its mark and a space, as a bulleted list item does.

// A line that starts with one mark (a sign, not a letter or digit) and a space.
const MARK_AT_START = /^([^\p{L}\p{N}\s])\s/u;
// A mark after a figure or a word in a cell, as footnote marks are set ("1,310*").
const MARK_AT_END = /\S([^\p{L}\p{N}\s])$/u;

/**
 * The blocks with the list items right under a table whose marks its cells carry (a cell that is
 * the mark alone, or ends with it after a figure) written as notes: paragraphs that keep their
 * mark. Note: read as a list, "* Provisional figures." lost the mark that ties it to the cells.
 */
export function keepTableMarkNotes(blocks: readonly Block[]): Block[] {
  let marks = new Set<string>();
  return blocks.map((block) => {
    if (block.kind === "table") {
      marks = cellMarks(block.rows);
      return block;
    }
    const mark = block.kind === "list-item" && block.lines?.[0] ? MARK_AT_START.exec(lineText(block.lines[0]))?.[1] : undefined;
    if (block.kind !== "list-item" || mark === undefined || !marks.has(mark)) {
      marks = new Set();
      return block;
    }
    return { kind: "paragraph", text: `${escapedMark(mark)} ${block.text}`, lines: block.lines };
  });
}

/** The marks a table's cells carry: a cell that is one sign, or a sign after a figure or word. */
function cellMarks(rows: readonly string[][]): Set<string> {
  const marks = new Set<string>();
  for (const cell of rows.flat()) {
    const text = cell.replace(/\\(.)/g, "$1").trim();
    const mark = [...text].length === 1 && MARK_AT_START.test(`${text} `) ? text : MARK_AT_END.exec(text)?.[1];
    if (mark !== undefined) marks.add(mark);
  }
  return marks;
}

/** A mark escaped where it would start a Markdown list ("*", "-"). */
const escapedMark = (mark: string): string => (mark === "-" ? "\\-" : escapeMarkdown(mark));
