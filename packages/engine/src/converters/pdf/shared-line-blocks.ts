import { withRuns } from "./column-sides.js";
import type { TextLine } from "./model.js";
import { COLUMN_ALIGNMENT } from "./table-columns.js";

// Two blocks of short lines set level with each other on shared baselines, such as a letter's
// recipient address with its reference and date block set beside it on the right: each block is
// read whole, the left one first, rather than as the rows of a two-column table.

// Note: the blocks share at least this many lines, and one goes on past the other by this many at least.
const MINIMUM_SHARED_LINES = 2;
const MINIMUM_LINES_GOING_ON = 1;
// Note: lines set at one pitch are this many points apart at most (rounding of baselines).
const ONE_PITCH = 1;
// Note: the lines of a block are at most this many ems apart; rows of a table are often further.
const BLOCK_PITCH_EM = 1.5;
// A label ends with a colon: a form's labels with their values beside them, and a label with an
// empty value under them, are a table's rows.
const LABEL = /:$/;
// A line starting in lowercase goes on from the line above (a wrapped cell), not a block's next line.
const STARTS_LOWERCASE = /^\p{Ll}/u;

interface SharedStretch {
  /** Index of the first line whose runs belong to both blocks. */
  first: number;
  /** Index after the last line of the longer block. */
  end: number;
}

/**
 * The lines with every stretch of two blocks on shared baselines read block by block: the left
 * block (with its lines going on under the right one), then the right block.
 */
export function sharedLineBlocksOrder(lines: readonly TextLine[]): TextLine[] {
  const ordered: TextLine[] = [];
  for (let index = 0; index < lines.length; ) {
    const stretch = sharedStretchAt(lines, index);
    if (!stretch) {
      ordered.push(lines[index]!);
      index++;
      continue;
    }
    ordered.push(...blocksOf(lines.slice(stretch.first, stretch.end)));
    index = stretch.end;
  }
  return ordered;
}

/**
 * A stretch starting at `lines[start]` of lines of two runs each (one a block) at one pitch, the
 * left runs starting together and the right ones starting or ending together, followed at that
 * pitch by one-run lines of one block alone going on, none of them a label or a wrapped cell.
 */
function sharedStretchAt(lines: readonly TextLine[], start: number): SharedStretch | undefined {
  const first = lines[start]!;
  if (!isPairLine(first)) return undefined;
  const [left, right] = first.runs as [TextLine["runs"][0], TextLine["runs"][0]];
  const pitch = (lines[start + 1]?.baseline ?? Infinity) - first.baseline;
  if (pitch > BLOCK_PITCH_EM * first.fontSize) return undefined;
  const atPitch = (line: TextLine | undefined, above: TextLine): line is TextLine =>
    line !== undefined && line.pageIndex === above.pageIndex && Math.abs(line.baseline - above.baseline - pitch) <= ONE_PITCH;
  const leftOf = (line: TextLine): boolean => Math.abs(line.runs[0]!.x - left.x) <= COLUMN_ALIGNMENT;
  const rightOf = (line: TextLine): boolean => {
    const run = line.runs.at(-1)!;
    return Math.abs(run.x - right.x) <= COLUMN_ALIGNMENT || Math.abs(run.right - right.right) <= COLUMN_ALIGNMENT;
  };
  let end = start + 1;
  while (atPitch(lines[end], lines[end - 1]!) && isPairLine(lines[end]!) && leftOf(lines[end]!) && rightOf(lines[end]!)) end++;
  if (end - start < MINIMUM_SHARED_LINES) return undefined;
  const goesOn = (line: TextLine): boolean => line.runs.length === 1 && !STARTS_LOWERCASE.test(line.runs[0]!.text) && (isLeftSide(line, right.x) ? leftOf(line) : rightOf(line));
  const shared = end;
  const side = lines[end] && isLeftSide(lines[end]!, right.x);
  while (atPitch(lines[end], lines[end - 1]!) && goesOn(lines[end]!) && isLeftSide(lines[end]!, right.x) === side) end++;
  if (end - shared < MINIMUM_LINES_GOING_ON) return undefined;
  const stretch = lines.slice(start, end);
  return stretch.some((line) => line.runs.some((run) => LABEL.test(run.text.trim()))) ? undefined : { first: start, end };
}

/** Whether a line is two runs apart by more than the wider of them: two blocks far apart, not neighbouring cells. */
function isPairLine(line: TextLine): boolean {
  if (line.runs.length !== 2) return false;
  const [left, right] = line.runs as [TextLine["runs"][0], TextLine["runs"][0]];
  // Note: a reference block beside an address is set across the page from it; a table's two
  // columns (a label and its value, an item and its price) are set within reach of each other.
  return right.x - left.right > Math.max(left.right - left.x, right.right - right.x);
}

/** Whether a line lies left of the right block's start. */
const isLeftSide = (line: TextLine, rightX: number): boolean => line.right < rightX - COLUMN_ALIGNMENT;

/** The lines of a stretch as two blocks: the left runs (and left lines) first, then the right ones, each starting a block. */
function blocksOf(stretch: readonly TextLine[]): TextLine[] {
  const rightX = stretch[0]!.runs[1]!.x;
  const side = (left: boolean): TextLine[] =>
    stretch
      .map((line) => ({ line, runs: line.runs.filter((run) => (run.right < rightX - COLUMN_ALIGNMENT) === left) }))
      .filter(({ runs }) => runs.length > 0)
      .map(({ line, runs }) => withRuns(line, runs))
      .map((line, index) => (index === 0 ? { ...line, startsBlock: true } : line));
  return [...side(true), ...side(false)];
}
