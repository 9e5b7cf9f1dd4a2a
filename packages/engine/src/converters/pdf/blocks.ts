import type { TableFrame } from "./frames.js";
import type { Typography } from "./headings.js";
import { isEnumerator, parseListMarker } from "./lists.js";
import { lineText } from "./model.js";
import type { TextLine } from "./model.js";
import { joinContinuedTables, matchTable } from "./tables.js";
import type { TableMatch } from "./tables.js";

/** A unit of the Markdown output. Text is Markdown already (escaped, links applied). */
export type Block =
  | { kind: "heading"; level: number; text: string; plain: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list-item"; marker: string; text: string }
  | { kind: "table"; rows: string[][]; box: TableMatch["box"] };

// Note: a paragraph goes on while the next baseline is within this many body pitches.
const PARAGRAPH_PITCH = 1.3;
// A heading may wrap over a few lines; longer bold or large text is prose.
const MAXIMUM_HEADING_LINES = 3;

/** The block being built, with the last line added and the heading level its lines share, if any. */
type OpenBlock = { block: Exclude<Block, { kind: "table" }>; last: TextLine; lines: number; textX: number; headingLevel?: number };

/**
 * Turn lines in reading order into headings, paragraphs, list items and tables; `framesByPage`
 * holds each page's ruled boxes, where tables are looked for first.
 */
export function buildBlocks(lines: readonly TextLine[], typography: Typography, framesByPage: ReadonlyMap<number, readonly TableFrame[]> = new Map()): Block[] {
  const blocks: Block[] = [];
  let open: OpenBlock | undefined;
  const close = (): void => {
    if (open) blocks.push(open.block);
    open = undefined;
  };
  const taken = new Set<number>();
  for (let index = 0; index < lines.length; index++) {
    if (taken.has(index)) continue;
    const table = matchTable(lines, index, framesByPage.get(lines[index]!.pageIndex));
    if (table) {
      close();
      blocks.push({ kind: "table", rows: table.rows, box: table.box });
      for (const line of table.taken) taken.add(line);
      continue;
    }
    // Note: a line of several runs that is not part of a table is read run by run.
    for (const line of splitRuns(lines[index]!)) open = addLine(open, line, typography, close);
  }
  close();
  return joinContinuedTables(blocks);
}

function splitRuns(line: TextLine): TextLine[] {
  // Note: a list marker or note number set apart from its text ("•     Item") stays with it, and
  // an entry of a table of contents with its page number.
  if (line.runs.length < 2 || (line.runs.length === 2 && isEnumerator(line.runs[0]!.text))) return [line];
  if (isContentsEntry(line)) return [line];
  return line.runs.map((run) => ({ ...line, runs: [run], x: run.x, right: run.right, fontSize: run.fontSize, bold: run.bold, italic: run.italic }));
}

const markdownOf = (line: TextLine): string => line.runs.map((run) => run.markdown).join(" ");

function addLine(open: OpenBlock | undefined, line: TextLine, typography: Typography, close: () => void): OpenBlock | undefined {
  const plain = lineText(line);
  // Note: an entry of a table of contents is a line of its own, never a heading (whatever its type).
  if (isContentsEntry(line)) {
    close();
    return { block: { kind: "paragraph", text: markdownOf(line) }, last: line, lines: 1, textX: line.x };
  }
  const level = typography.headingLevel(line);
  if (level !== undefined) {
    const sameHeading = open?.headingLevel === level && continues(open.last, line, typography);
    if (open && sameHeading && open.block.kind === "heading" && open.lines < MAXIMUM_HEADING_LINES) {
      open.block.text += ` ${markdownOf(line)}`;
      open.block.plain += ` ${plain}`;
      return { ...open, last: line, lines: open.lines + 1 };
    }
    // Note: more lines in a heading's style than a heading takes are a paragraph set in bold or large type.
    if (open && sameHeading) {
      open.block = { kind: "paragraph", text: joinLines(open.block.text, markdownOf(line)) };
      return { ...open, last: line, lines: open.lines + 1 };
    }
    close();
    return { block: { kind: "heading", level, text: markdownOf(line), plain }, last: line, lines: 1, textX: line.x, headingLevel: level };
  }
  // Note: the runs of one line that is not a table row stay in one paragraph.
  if (open && open.block.kind !== "heading" && Math.abs(line.baseline - open.last.baseline) < 0.5 && line.x >= open.last.right) {
    open.block.text += ` ${markdownOf(line)}`;
    return { ...open, last: line };
  }
  const marker = parseListMarker(plain);
  if (marker) {
    close();
    const text = parseListMarker(markdownOf(line))?.rest ?? marker.rest;
    // Note: continuation lines of an item are indented past the marker.
    const textX = line.runs.length > 1 ? line.runs[1]!.x : line.x + typography.bodySize;
    return { block: { kind: "list-item", marker: marker.marker, text }, last: line, lines: 1, textX };
  }
  if (open && open.block.kind !== "heading" && continues(open.last, line, typography) && fitsBlock(open, line)) {
    open.block.text = joinLines(open.block.text, markdownOf(line));
    return { ...open, last: line, lines: open.lines + 1 };
  }
  close();
  return { block: { kind: "paragraph", text: markdownOf(line) }, last: line, lines: 1, textX: line.x };
}

/** Whether `line` follows `previous` closely enough, in the same style, to be the same block. */
function continues(previous: TextLine, line: TextLine, typography: Typography): boolean {
  if (Math.abs(line.fontSize - previous.fontSize) > 0.15 * previous.fontSize) return false;
  if (flowsToNextColumn(previous, line)) return !endsSentence(previous);
  const gap = line.baseline - previous.baseline;
  const scale = Math.max(line.fontSize, previous.fontSize) / typography.bodySize;
  return gap > 0 && gap <= typography.bodyPitch * PARAGRAPH_PITCH * scale;
}

/** A line that starts the next column or page after `previous` ended the last one. */
const flowsToNextColumn = (previous: TextLine, line: TextLine): boolean =>
  line.pageIndex === previous.pageIndex + 1 || (line.pageIndex === previous.pageIndex && line.baseline < previous.baseline && line.x > previous.right);

const endsSentence = (line: TextLine): boolean => /[.!?:]["”’)]?$/.test(lineText(line));

/** A line with a run after a dot leader: an entry of a table of contents. */
const isContentsEntry = (line: TextLine): boolean => line.runs.some((run) => run.items?.[0]?.afterLeader);

function fitsBlock(open: OpenBlock, line: TextLine): boolean {
  const previous = open.last;
  if (isContentsEntry(previous)) return false;
  // Note: a paragraph cut by a column or page break goes on wherever the next column starts.
  if (flowsToNextColumn(previous, line)) return true;
  if (open.block.kind === "list-item") return line.x >= open.textX - 2;
  // Note: a line that ends a sentence well short of the next line's end closes its paragraph, and
  // an indented line after a sentence opens a new one.
  const em = previous.fontSize;
  if (endsSentence(previous) && previous.right < line.right - 4 * em) return false;
  if (endsSentence(previous) && line.x > previous.x + em) return false;
  return Math.abs(line.x - previous.x) < 20 * em;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;

/** Join two lines of one paragraph: undo end-of-line hyphenation, and no space between CJK characters. */
export function joinLines(text: string, next: string): string {
  if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  if (CJK.test(text.at(-1) ?? "") && CJK.test(next[0] ?? "")) return text + next;
  return `${text} ${next}`;
}
