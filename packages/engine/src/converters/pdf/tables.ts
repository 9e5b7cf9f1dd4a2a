import { dropEmptyRowsAndColumns } from "../gfm-table.js";
import type { Block } from "./blocks.js";
import type { TableFrame } from "./frames.js";
import { makeRun } from "./lines.js";
import { isBareListMarker, isEnumerator, isOutlineMarker } from "./lists.js";
import { SENTENCE_END } from "./model.js";
import type { PdfTextItem, TextLine, TextRun } from "./model.js";
import { characterStarts, itemWords } from "./rule-cuts.js";
import type { HorizontalRule } from "./rules.js";
import { buildRows } from "./table-rows.js";
import type { PlacedLine } from "./table-rows.js";

// Note: rows further apart than this many ems are two tables (or a table and a paragraph).
const MAXIMUM_ROW_GAP_EM = 3;
// A row whose cells start where the row above starts its cells goes on with the table up to this
// many ems under the row above's last line (the empty bottom of a row set taller than its text).
const MAXIMUM_TALL_ROW_GAP_EM = 6;
const MINIMUM_SHARED_CELL_STARTS = 2;
// A one-run line joins a table when it starts within this many points of a column's start.
const COLUMN_ALIGNMENT = 3;
// Cells side by side are at least this many ems apart.
const CELL_GAP_EM = 1;
// A line less than this many ems under the one above is set between two lines, not after them.
const BETWEEN_LINES_EM = 0.8;
// The lines of one cell are at most this many ems apart, in type sizes this share apart at most.
const CELL_LINE_PITCH_EM = 1.5;
const SAME_SIZE = 0.1;
// A header set above a frame's first rule ends at most this many ems over it.
const HEADER_OVER_RULE_EM = 2;
// Rules closer than this many points to a frame's edge are its border, not a column or row divider.
const EDGE = 3;
// Items at least this many ems apart are separate words, where a run may be cut into two cells.
const WORD_SPACE_EM = 0.15;
// A gap between columns cuts a run at a word space at most this many ems outside it.
const CUT_REACH_EM = 0.5;
// A vertical rule divides a frame into columns when it runs down at least this share of its height.
const COLUMN_RULE_SHARE = 0.5;
// A line between rules is prose when it is one run this long, across this share of the width,
// with no space in it as wide as this many ems (the space between two columns).
const PROSE_RUN_CHARACTERS = 50;
const PROSE_WIDTH_SHARE = 0.8;
const COLUMN_SPACE_EM = 0.7;
// A ruled box with a single column is a table when rules divide it into at least this many rows
// (fewer is a framed note or a title bar).
const MINIMUM_SINGLE_COLUMN_ROWS = 3;
// Text after note numbers is notes (not a table column) when its runs average this many characters.
const NOTE_TEXT_CHARACTERS = 30;
// A table header set as one run is recognised over rows of this many cells at least, each name
// this many words at most (prose over a row of two cells is far more common).
const MINIMUM_JOINED_HEADER_COLUMNS = 3;
const HEADER_NAME_WORDS = 4;
// Note: "=" only; a cell may well start with "≤" or "<" (a class of values: "< 110").
const EQUALS_AT_EDGE = /^=(?:\s|$)|\s=$/u;
const EQUATION_NUMBER = /^\(\d+(?:\.\d+)*[a-z]?\)$/;

/** A table found in a sequence of lines: its cells as Markdown, row by row, and where it is. */
export interface TableMatch {
  rows: string[][];
  /** The indices of the lines the table took. */
  taken: number[];
  /** The table's extent on its page, in top-down page coordinates. */
  box: { pageIndex: number; left: number; top: number; right: number; bottom: number };
}

/**
 * Find a table starting at `lines[start]`: the lines inside a ruled frame of the page, or a
 * borderless table (two or more lines of several runs set in shared columns, with one-run lines
 * aligned to a column in between, as labels, sparse rows or wrapped cells).
 */
export function matchTable(lines: readonly TextLine[], start: number, frames: readonly TableFrame[] = []): TableMatch | undefined {
  const first = lines[start];
  if (!first) return undefined;
  const whole = frames.find((candidate) => isInFrame(first, candidate));
  const framed = whole && framedTable(lines, start, whole);
  if (framed) return framed;
  const members = borderlessMembers(lines, start);
  const borderless = members && buildTable(members, undefined);
  // Note: a header set over a frame reads as the start of a borderless table, which ends where a
  // tall row (a wrapped cell) leaves too wide a gap; then the frame's rules tell the rows apart.
  const headed = !whole && frameUnderHeader(lines, start, frames);
  if (headed && !(borderless && members!.at(-1)!.baseline + members!.at(-1)!.fontSize >= headed.bottom)) {
    const table = framedTable(lines, start, headed);
    if (table) return table;
  }
  return borderless && { ...borderless, taken: members!.map((_, offset) => start + offset) };
}

/** The table of the lines inside `whole` (or the section of it around `lines[start]`), if they make one. */
function framedTable(lines: readonly TextLine[], start: number, whole: TableFrame): TableMatch | undefined {
  const first = lines[start]!;
  const frame = sectionAround(whole, first, samePage(lines, start));
  if (!frame) return undefined;
  // Note: a frame takes its lines wherever reading order put them: on a two-column page the
  // halves of a wide table's rows are read with the column they sit in.
  const taken: number[] = [];
  for (let index = start; index < lines.length && lines[index]!.pageIndex === first.pageIndex; index++) {
    if (isInFrame(lines[index]!, frame)) taken.push(index);
  }
  const table = buildTable(joinSplitLines(taken.map((index) => lines[index]!)), frame);
  return table && { ...table, taken };
}

/**
 * A frame whose first rule runs just under a header starting at `lines[start]`, taken up to include
 * it. Note: tables ruled only under their header and between rows (as Word and LibreOffice draw
 * them, or booktabs without a top rule) have the names of their columns over the first rule. The
 * lines count as a header when the first is set in columns, all of them lie within the frame's
 * width one under the other, and the last ends close over the rule.
 */
function frameUnderHeader(lines: readonly TextLine[], start: number, frames: readonly TableFrame[]): TableFrame | undefined {
  const first = lines[start]!;
  if (first.runs.length < 2) return undefined;
  const frame = frames.find((candidate) => {
    if (first.baseline >= candidate.top) return false;
    let last = first;
    for (let index = start; index < lines.length; index++) {
      const line = lines[index]!;
      if (line.pageIndex !== first.pageIndex || line.baseline >= candidate.top) break;
      if (line.x < candidate.left - EDGE || line.right > candidate.right + EDGE) return false;
      if (line !== first && line.baseline - last.baseline > CELL_LINE_PITCH_EM * last.fontSize) return false;
      last = line;
    }
    return candidate.top - last.baseline <= HEADER_OVER_RULE_EM * last.fontSize;
  });
  return frame && { ...frame, top: first.baseline - first.fontSize };
}

/**
 * The part of a frame between the lines that cross it around `first`. Note: rules of one width
 * stacked down a page are one frame, but a line that runs out of the frame on either side (the
 * caption between two tables of one width) is not a cell: the tables above and below it are two.
 */
function sectionAround(frame: TableFrame, first: TextLine, pageLines: readonly TextLine[]): TableFrame | undefined {
  let top = frame.top;
  let bottom = frame.bottom;
  for (const line of pageLines) {
    if (!crossesFrame(line, frame)) continue;
    if (line.baseline < first.baseline) top = Math.max(top, line.baseline);
    else bottom = Math.min(bottom, line.baseline - line.fontSize);
  }
  if (top === frame.top && bottom === frame.bottom) return frame;
  const horizontal = frame.horizontal.filter((rule) => rule.y >= top && rule.y <= bottom);
  const vertical = frame.vertical.filter((rule) => rule.bottom > top && rule.top < bottom);
  if (horizontal.length < 2) return undefined;
  const ys = horizontal.map((rule) => rule.y);
  const section = { ...frame, top: Math.min(...ys), bottom: Math.max(...ys), horizontal, vertical };
  return isInFrame(first, section) ? section : undefined;
}

/** The lines around `lines[index]` that are on its page (reading order keeps a page's lines together). */
function samePage(lines: readonly TextLine[], index: number): readonly TextLine[] {
  const { pageIndex } = lines[index]!;
  let from = index;
  let to = index + 1;
  while (from > 0 && lines[from - 1]!.pageIndex === pageIndex) from--;
  while (to < lines.length && lines[to]!.pageIndex === pageIndex) to++;
  return lines.slice(from, to);
}

/**
 * Whether a line lies across a frame's height and runs out of it sideways by an em or more, as one
 * phrase. Note: a row whose last cell runs a little past the rules is still a row.
 */
function crossesFrame(line: TextLine, frame: TableFrame): boolean {
  if (line.runs.length > 1 || line.baseline < frame.top || line.baseline - line.fontSize / 2 > frame.bottom) return false;
  const overlaps = line.x < frame.right && line.right > frame.left;
  return overlaps && (line.x < frame.left - line.fontSize || line.right > frame.right + line.fontSize);
}

/** Whether a line lies in a ruled frame with a column rule between its first and last run: a row of a ruled table. */
export function isRowOfRuledTable(line: TextLine, frames: readonly TableFrame[]): boolean {
  const first = line.runs[0]!;
  const last = line.runs.at(-1)!;
  return frames.some((frame) => isInFrame(line, frame) && columnDividers(frame).some((x) => x > first.right && x < last.x));
}

/** Lines of one baseline (a table row cut at a column gutter) joined back into one line, top to bottom. */
function joinSplitLines(lines: readonly TextLine[]): TextLine[] {
  const joined: TextLine[] = [];
  for (const line of [...lines].sort((a, b) => a.baseline - b.baseline)) {
    const previous = joined.at(-1);
    if (previous && Math.abs(previous.baseline - line.baseline) < 1) {
      const runs = [...previous.runs, ...line.runs].sort((a, b) => a.x - b.x);
      joined[joined.length - 1] = { ...previous, runs, x: runs[0]!.x, right: Math.max(previous.right, line.right) };
    } else {
      joined.push(line);
    }
  }
  return joined;
}

/**
 * Whether a line lies inside a frame. Note: a line that sticks out of the frame is prose over a
 * box drawn behind it (a chart, a sidebar), not a cell of a ruled table.
 */
export function isInFrame(line: TextLine, frame: TableFrame): boolean {
  if (line.baseline < frame.top || line.baseline - line.fontSize / 2 > frame.bottom) return false;
  return line.x >= frame.left - EDGE && line.right <= frame.right + EDGE;
}

/** The lines of a borderless table starting at `start`, if there is one. */
function borderlessMembers(lines: readonly TextLine[], start: number): TextLine[] | undefined {
  const first = lines[start]!;
  if (first.runs.length < 2 && !isJoinedHeader(first, lines[start + 1])) return undefined;
  const members: TextLine[] = [first];
  const columnStarts = first.runs.map((run) => run.x);
  const gaps = cellGaps(first);
  let lastMultiRun = 0;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!;
    const previous = members.at(-1)!;
    const gap = line.baseline - previous.baseline;
    const tooFar = gap > MAXIMUM_ROW_GAP_EM * previous.fontSize && !isRowUnderTallRow(line, gap, members.at(lastMultiRun)!, columnStarts);
    if (line.pageIndex !== previous.pageIndex || gap <= 0 || tooFar) break;
    // Note: a one-run line belongs to the table when it starts in one of its columns, or when it
    // is set between two lines of the cells beside it: a cell centred beside cells wrapped over
    // an even number of lines (browsers centre cells vertically, and header cells across too).
    const inColumn = columnStarts.some((x) => Math.abs(x - line.x) <= COLUMN_ALIGNMENT);
    const centredBeside = gap < BETWEEN_LINES_EM * line.fontSize;
    if (line.runs.length < 2 && !inColumn && !centredBeside && !isCentredUnderCell(line, previous) && !isLabelUnderStubHeader(line, members, lines[index + 1])) break;
    // Note: a one-run line that runs across the space between two cells is prose (a caption, a
    // note under the table), not a row, unless it is a label over more rows of the table.
    const acrossCells = gaps.some((gap) => line.x <= gap.left && line.right >= gap.right);
    if (line.runs.length < 2 && acrossCells && !isLabelOverRows(line, lines[index + 1], members.at(lastMultiRun)!)) break;
    members.push(line);
    columnStarts.push(...line.runs.map((run) => run.x));
    gaps.push(...cellGaps(line));
    if (line.runs.length >= 2) lastMultiRun = members.length - 1;
  }
  // Note: a borderless table has two lines of cells side by side at least; one-run lines after
  // the last of them are taken only as the rest of its cells.
  if (lastMultiRun === 0) return undefined;
  const tableLines = [...members.slice(0, lastMultiRun + 1), ...wrappedLastCells(members, lastMultiRun)];
  if (isTableOfContents(tableLines) || isMarkedList(tableLines) || isNumberedNotes(tableLines) || isNumberedEquations(tableLines) || isPiecedFormula(tableLines) || isProseInColumns(tableLines) || !sharesColumnGap(tableLines)) {
    return undefined;
  }
  return tableLines;
}

/**
 * Whether a one-run line that runs across the space between two of a table's cells is the label of
 * the rows under it (a group's name set across the first two columns), not a note under the
 * table: it does not end a sentence, and the next line is a row whose cells start where the last
 * row's do, no further under it than rows are apart.
 */
function isLabelOverRows(line: TextLine, next: TextLine | undefined, lastRow: TextLine): boolean {
  if (!next || next.pageIndex !== line.pageIndex || SENTENCE_END.test(line.runs[0]!.text)) return false;
  const gap = next.baseline - line.baseline;
  return gap > 0 && gap <= MAXIMUM_ROW_GAP_EM * line.fontSize && sharedCellStarts(next, lastRow) >= MINIMUM_SHARED_CELL_STARTS;
}

/** How many of a line's runs start where a cell of the row starts. */
const sharedCellStarts = (line: TextLine, row: TextLine): number =>
  line.runs.filter((run) => row.runs.some((cell) => Math.abs(cell.x - run.x) <= COLUMN_ALIGNMENT)).length;

/**
 * Whether a line further under the table than rows are apart is its next row all the same: rows
 * set taller than their text (a spreadsheet's row heights, cells aligned to the top) leave empty
 * space under their last line. The line has cells set apart in the last row's type size, starting
 * in the first column and in another column where the last row has cells, and is no more than
 * twice the usual gap down.
 */
function isRowUnderTallRow(line: TextLine, gap: number, lastRow: TextLine, columnStarts: readonly number[]): boolean {
  if (line.runs.length < 2 || gap > MAXIMUM_TALL_ROW_GAP_EM * lastRow.fontSize || Math.abs(line.x - columnStarts[0]!) > COLUMN_ALIGNMENT) return false;
  if (Math.abs(line.fontSize - lastRow.fontSize) > SAME_SIZE * lastRow.fontSize) return false;
  return sharedCellStarts(line, lastRow) >= MINIMUM_SHARED_CELL_STARTS;
}

/**
 * Whether a one-run line right under a table's first line is the label of the first group of rows
 * under a header with nothing over the first column ("Note  2024  2023" over "Revenue", then
 * "Tax revenue  4  2,415,569  1,130,235"): it lies left of all the header's names, and the next
 * line is a row whose first cell starts where the label does.
 */
function isLabelUnderStubHeader(line: TextLine, members: readonly TextLine[], next: TextLine | undefined): boolean {
  const [header] = members;
  if (members.length !== 1 || !next || next.runs.length < 2 || next.pageIndex !== line.pageIndex) return false;
  const belowLabel = next.baseline - line.baseline;
  if (belowLabel <= 0 || belowLabel > MAXIMUM_ROW_GAP_EM * line.fontSize) return false;
  return line.right + CELL_GAP_EM * line.fontSize <= header!.runs[0]!.x && Math.abs(next.runs[0]!.x - line.x) <= COLUMN_ALIGNMENT && next.runs[0]!.right < header!.runs[0]!.x;
}

/**
 * Whether a one-run line is the second line of a centred cell of the line above: a cell's next
 * line, no wider than the cell and centred under it. Note: header names are often centred over
 * their columns, so a name that wraps ("State funded" / "legal aid") starts at no column's start.
 */
function isCentredUnderCell(line: TextLine, above: TextLine): boolean {
  if (above.runs.length < 2 || line.baseline - above.baseline > CELL_LINE_PITCH_EM * above.fontSize) return false;
  const centre = (line.x + line.right) / 2;
  return above.runs.some(
    (cell) => line.x >= cell.x && line.right <= cell.right && Math.abs(centre - (cell.x + cell.right) / 2) <= COLUMN_ALIGNMENT && Math.abs(line.fontSize - cell.fontSize) <= SAME_SIZE * cell.fontSize,
  );
}

/**
 * The one-run lines after a borderless table's last row that are the rest of its cells (a long
 * description wrapped over several lines): each set in a column of that row, in its type, no
 * further below the line above than a cell's lines are apart. Note: a line in the first column
 * (where a note under the table starts) is taken only when it is closer than the table's rows are
 * to each other, or when it goes on with the cell's sentence (the cell ends mid-sentence and the
 * line starts in lowercase).
 */
function wrappedLastCells(members: readonly TextLine[], lastMultiRun: number): TextLine[] {
  const lastRow = members[lastMultiRun]!;
  // Note: the first line is a row, of several runs or a header joined into one.
  const rows = members.slice(0, lastMultiRun + 1).filter((line, index) => index === 0 || line.runs.length > 1);
  const rowGap = Math.min(...rows.slice(1).map((line, index) => line.baseline - rows[index]!.baseline));
  let firstCellEnd = lastRow.runs[0]!.text;
  const taken: TextLine[] = [];
  let previous = lastRow;
  for (const line of members.slice(lastMultiRun + 1)) {
    const gap = line.baseline - previous.baseline;
    const cell = lastRow.runs.find((run) => Math.abs(run.x - line.x) <= COLUMN_ALIGNMENT);
    if (!cell || Math.abs(line.fontSize - cell.fontSize) > SAME_SIZE * cell.fontSize || gap > CELL_LINE_PITCH_EM * previous.fontSize) break;
    if (cell === lastRow.runs[0]) {
      const text = line.runs[0]!.text;
      // Note: closer by a point at least, as the baselines of lines set at one pitch differ by a fraction of one.
      const closerThanRows = gap <= rowGap - 1;
      if (!closerThanRows && (SENTENCE_END.test(firstCellEnd) || !/^\p{Ll}/u.test(text))) break;
      firstCellEnd = text;
    }
    taken.push(line);
    previous = line;
  }
  return taken;
}

/**
 * Whether a one-run line is the header of a borderless table whose names were set too close
 * together to be runs of their own: right above a row of three or more cells, it breaks between
 * two text pieces in each gap between them, into short names, one over each cell.
 */
function isJoinedHeader(line: TextLine, next: TextLine | undefined): boolean {
  if (!next || next.pageIndex !== line.pageIndex || next.runs.length < MINIMUM_JOINED_HEADER_COLUMNS || line.runs.length !== 1) return false;
  const gap = next.baseline - line.baseline;
  if (gap <= 0 || gap > MAXIMUM_ROW_GAP_EM * line.fontSize) return false;
  const names = cutAtGaps(line.runs[0]!, cellGaps(next));
  if (names.length !== next.runs.length) return false;
  return names.every((name, index) => {
    const cell = next.runs[index]!;
    return name.text.trim().split(/\s+/).length <= HEADER_NAME_WORDS && name.x < cell.right && name.right > cell.x;
  });
}

/**
 * Paragraphs set side by side in three columns or more (the panels of a brochure, a slide's
 * tiles): in most of its lines, the text in most columns runs on from the line above (no sentence
 * ends, the line starts in lowercase). A table's cells wrap so only now and then (a long header).
 */
function isProseInColumns(lines: readonly TextLine[]): boolean {
  const rows = lines.filter((line) => line.runs.length > 1);
  if (rows.length < 2 || Math.max(...rows.map((line) => line.runs.length)) < MINIMUM_PROSE_COLUMNS) return false;
  const flowing = rows.slice(1).filter((line, index) => {
    const above = rows[index]!;
    const runsOn = line.runs.filter((run) => {
      const cellAbove = above.runs.find((candidate) => Math.abs(candidate.x - run.x) <= COLUMN_ALIGNMENT);
      return cellAbove !== undefined && !SENTENCE_END.test(cellAbove.text) && /^\p{Ll}/u.test(run.text);
    });
    return runsOn.length * 2 >= line.runs.length;
  });
  return flowing.length * 2 > rows.length - 1;
}

// Prose in columns: this many columns at least.
const MINIMUM_PROSE_COLUMNS = 3;

/** Notes or points numbered in a hanging indent ("25   Beawes, Lex Mercatoria, 791.", "b.   Budget."): a number, then prose. */
function isNumberedNotes(lines: readonly TextLine[]): boolean {
  const multiRun = lines.filter((line) => line.runs.length > 1);
  if (multiRun.some((line) => line.runs.length > 2 || !isEnumerator(line.runs[0]!.text))) return false;
  const rest = lines.flatMap((line) => line.runs.filter((run) => !isEnumerator(run.text)));
  return rest.reduce((sum, run) => sum + run.text.length, 0) >= NOTE_TEXT_CHARACTERS * rest.length;
}

/** Displayed equations with their numbers at the right margin ("(3.15a)"). */
function isNumberedEquations(lines: readonly TextLine[]): boolean {
  return lines.filter((line) => line.runs.length > 1).every((line) => EQUATION_NUMBER.test(line.runs.at(-1)!.text));
}

/**
 * A displayed formula whose pieces (the left side, a fraction's numerator and denominator, limits)
 * were set apart: a piece ends or starts with an equals sign ("M =", "= 0"), which no cell of a
 * table does.
 */
function isPiecedFormula(lines: readonly TextLine[]): boolean {
  return lines.some((line) => line.runs.length > 1 && line.runs.some((run) => EQUALS_AT_EDGE.test(run.text)));
}

/**
 * Whether two lines of several runs, one after the other, have gaps between runs at the same
 * place, the space between two cells wide: a column border. Note: in justified prose set in a
 * narrow column, wide word spaces part two lines into runs too, but each line's words run across
 * the other's spaces.
 */
function sharesColumnGap(lines: readonly TextLine[]): boolean {
  const multiRun = lines.filter((line) => line.runs.length > 1);
  if (multiRun.length < 2) return true;
  return multiRun.slice(1).some((line, index) => {
    const above = cellGaps(multiRun[index]!);
    const shared = (gap: Extent, other: Extent): number => Math.min(gap.right, other.right) - Math.max(gap.left, other.left);
    return cellGaps(line).some((gap) => above.some((other) => shared(gap, other) >= CELL_GAP_EM * line.fontSize));
  });
}

/** Lines whose runs were cut apart at dot leaders: a table of contents, read as text. */
function isTableOfContents(lines: readonly TextLine[]): boolean {
  const multiRun = lines.filter((line) => line.runs.length > 1);
  const withLeader = multiRun.filter((line) => line.runs.some((run) => run.items?.[0]?.afterLeader));
  return withLeader.length * 2 >= multiRun.length;
}

/**
 * Lines whose first runs are list markers ("•", "1.", "a)") or outline numbers ("2.1") set apart
 * from their text: a list, numbered paragraphs or numbered headings with hanging indents, not a
 * table. Note: outline numbers count only beside list markers ("2.", "•"), as an outline mixes
 * them; alone, "0.5", "1.5" are the values of a table's first column. Where every item goes on
 * into two cells or more (a checklist: a box, a label, a mark under each heading), the lines are
 * rows of a table.
 */
function isMarkedList(lines: readonly TextLine[]): boolean {
  const multiRun = lines.filter((line) => line.runs.length > 1);
  const markers = multiRun.map((line) => line.runs[0]!.text);
  return markers.every(isOutlineMarker) && markers.some(isBareListMarker) && !multiRun.every((line) => line.runs.length >= CHECKLIST_ROW_RUNS);
}

// A checklist row: its marker, its label and marks in at least two columns.
const CHECKLIST_ROW_RUNS = 4;

/** The spaces between neighbouring runs of a line. */
function cellGaps(line: TextLine): Extent[] {
  return line.runs.slice(1).map((run, index) => ({ left: line.runs[index]!.right, right: run.x }));
}

interface Extent {
  left: number;
  right: number;
  /** Set for a gap found inside the text layer's items (two columns it may have joined into one): an item across it is cut at a word space. */
  insideItems?: boolean;
}

/**
 * Build a table's cells from its lines: columns from the frame's vertical rules or, without them,
 * from the text; rows from the frame's horizontal rules and the text's row bands (so that a cell
 * wrapped over several lines stays one cell).
 */
function buildTable(lines: readonly TextLine[], frame: TableFrame | undefined): Omit<TableMatch, "taken"> | undefined {
  // Note: a frame of horizontal rules only (a booktabs table) gets its columns from the text.
  const boxed = frame !== undefined && frame.vertical.length > 0;
  const dividers = frame ? frame.horizontal.filter((rule) => rule.y > frame.top + EDGE && rule.y < frame.bottom - EDGE && !isUnderline(rule, lines)) : [];
  const fullRules = boxed ? innerPositions(columnDividers(frame), frame.left, frame.right) : [];
  // Note: a frame that no rule divides from top to bottom is no grid (a form of boxes); its rules
  // that divide some rows only are not columns.
  const rowRules = boxed && fullRules.length > 0 ? innerPositions(rowColumnDividers(frame, dividers), frame.left, frame.right).filter((x) => !fullRules.some((full) => Math.abs(full - x) <= EDGE)) : [];
  const columnRules = [...fullRules, ...rowRules].sort((a, b) => a - b);
  const rowRuleCount = new Set(dividers.map((rule) => Math.round(rule.y))).size;
  // Note: a box without column rules is a framed note, a page border or a boxed list; the text in
  // it may be a borderless table. It is a one-column table only when rules divide it into rows
  // and none of its lines has columns of its own.
  if (boxed && columnRules.length === 0 && (rowRuleCount < MINIMUM_SINGLE_COLUMN_ROWS - 1 || lines.some((line) => line.runs.length > 1))) return undefined;
  if (frame && !boxed && isProse(lines, frame)) return undefined;
  const textGaps = boxed ? [] : textColumnGaps(lines);
  const cellLines = frame && !boxed && textGaps.length === 0 ? withHeaderOverLabels(lines) : lines;
  const gaps = boxed ? columnRules.map((x) => ({ left: x, right: x })) : cellLines === lines ? textGaps : textColumnGaps(cellLines);
  if (gaps.length === 0 && !boxed) return undefined;
  const boundaries = gaps.map((gap) => (gap.left + gap.right) / 2);
  // Note: a rule that divides some rows only cuts no text in the others, where a cell is merged across it.
  const cutsLine = (line: TextLine, boundary: number): boolean => !rowRules.includes(boundary) || frame!.vertical.some((rule) => Math.abs(rule.x - boundary) <= EDGE && isBeside(line, rule));
  const tableLeft = Math.min(...cellLines.map((line) => line.x));
  const placed: PlacedLine[] = cellLines.map((line) => ({ line, ...placeRuns(line.runs, boundaries, gaps.filter((_, index) => cutsLine(line, boundaries[index]!)), tableLeft) }));
  const rows = dropEmptyRowsAndColumns(buildRows(placed, boundaries.length + 1, dividers, frame !== undefined));
  const width = rows[0]?.length ?? 0;
  const singleColumn = width === 1 && boxed && rows.length >= MINIMUM_SINGLE_COLUMN_ROWS && lines.every((line) => line.runs.length === 1);
  // Note: one row of cells in a grid of rules is a table too (Word's one-row table, or the last row
  // of a long table alone on the next page).
  const ruledRow = rows.length === 1 && fullRules.length > 0 && rows[0]!.filter((cell) => cell.trim() !== "").length >= 2;
  if ((rows.length < 2 && !ruledRow) || width === 0 || (width === 1 && !singleColumn)) return undefined;
  const box = frame ?? {
    left: Math.min(...lines.map((line) => line.x)),
    right: Math.max(...lines.map((line) => line.right)),
    top: lines[0]!.baseline - lines[0]!.fontSize,
    bottom: lines.at(-1)!.baseline,
  };
  return { rows, box: { pageIndex: lines[0]!.pageIndex, left: box.left, top: box.top, right: box.right, bottom: box.bottom } };
}

/**
 * Whether lines between rules are prose (an abstract or a note set off by rules, text between a
 * table and a figure, or the page body between a header rule and a footer rule): one of them is a
 * long run across the whole width with only word spaces in it. Note: a header whose names were
 * set close enough to make one run has wider spaces where the columns are.
 */
function isProse(lines: readonly TextLine[], frame: TableFrame): boolean {
  return lines.some((line) => {
    if (line.runs.length !== 1) return false;
    const [run] = line.runs;
    if (run!.text.length < PROSE_RUN_CHARACTERS || run!.right - run!.x < (frame.right - frame.left) * PROSE_WIDTH_SHARE) return false;
    const items = [...(run!.items ?? [])].sort((a, b) => a.x - b.x);
    return items.every((item, index) => index === 0 || item.x - items[index - 1]!.right < COLUMN_SPACE_EM * item.fontSize);
  });
}

/**
 * Lines between rules that show no columns, with the first cut into names where they are a column
 * space apart when every line below stays left of the second name: a header over a column of
 * labels and empty columns to fill in (a form to record observations in).
 */
function withHeaderOverLabels(lines: readonly TextLine[]): readonly TextLine[] {
  const [first, ...rest] = lines;
  const header = first && splitAtColumnSpaces(first);
  if (!header || header.runs.length < 2 || rest.length === 0 || rest.some((line) => line.right >= header.runs[1]!.x)) return lines;
  return [header, ...rest];
}

/** A line with each run cut where its text pieces are a column space apart. */
function splitAtColumnSpaces(line: TextLine): TextLine {
  const runs = line.runs.flatMap((run) => {
    const items = [...(run.items ?? [])].sort((a, b) => a.x - b.x);
    const groups: (typeof items)[] = [];
    items.forEach((item, index) => {
      if (index === 0 || item.x - items[index - 1]!.right >= COLUMN_SPACE_EM * item.fontSize) groups.push([item]);
      else groups.at(-1)!.push(item);
    });
    return groups.length > 1 ? groups.map(makeRun) : [run];
  });
  return runs.length === line.runs.length ? line : { ...line, runs };
}

/** A rule just under a run of text and about as wide: an underline (a link), not a row divider. */
function isUnderline(rule: HorizontalRule, lines: readonly TextLine[]): boolean {
  return lines.some((line) => {
    const below = rule.y - line.baseline;
    return below >= 0 && below <= line.fontSize * 0.4 && line.runs.some((run) => Math.abs(run.x - rule.left) <= 2 && rule.right <= run.right + 2);
  });
}

/**
 * The x of the vertical rules that divide a frame into columns: those that run down most of its
 * height. Note: a short rule divides one box of a form (a totals box), not the whole frame.
 */
function columnDividers(frame: TableFrame): number[] {
  const height = frame.bottom - frame.top;
  const coverage = new Map<number, number>();
  for (const rule of frame.vertical) {
    const x = [...coverage.keys()].find((other) => Math.abs(other - rule.x) <= EDGE) ?? rule.x;
    coverage.set(x, (coverage.get(x) ?? 0) + rule.bottom - rule.top);
  }
  return [...coverage].filter(([, length]) => length >= height * COLUMN_RULE_SHARE).map(([x]) => x);
}

/**
 * The x of the vertical rules that divide some rows of a frame into columns, not most of its height:
 * where cells of the other rows are merged across the column boundary (a header cell over two
 * columns, a note across the table). Each such rule runs from one rule across the whole frame to
 * another; the rules of a table nested in a cell end at that table's own, narrower rules.
 */
function rowColumnDividers(frame: TableFrame, dividers: readonly HorizontalRule[]): number[] {
  const closesRow = (y: number): boolean =>
    Math.abs(y - frame.top) <= EDGE ||
    Math.abs(y - frame.bottom) <= EDGE ||
    dividers.some((rule) => Math.abs(rule.y - y) <= EDGE && rule.left <= frame.left + EDGE && rule.right >= frame.right - EDGE);
  return frame.vertical.filter((rule) => rule.bottom - rule.top > EDGE && closesRow(rule.top) && closesRow(rule.bottom)).map((rule) => rule.x);
}

/** Whether a vertical rule runs beside a line (the middle of its lowercase letters lies within the rule's height). */
const isBeside = (line: TextLine, rule: { top: number; bottom: number }): boolean => {
  const middle = line.baseline - line.fontSize / 4;
  return middle >= rule.top && middle <= rule.bottom;
};

/** Distinct positions strictly inside `[low, high]`, rules on the same line counted once. */
function innerPositions(positions: readonly number[], low: number, high: number): number[] {
  const sorted = positions.filter((position) => position > low + EDGE && position < high - EDGE).sort((a, b) => a - b);
  return sorted.filter((position, index) => index === 0 || position - sorted[index - 1]! > EDGE);
}

/**
 * The gaps between the columns of a borderless table (a column boundary is a gap's middle): those
 * between the columns of the rows with the most cells. Note: columns come from these rows alone so that a cell spanning two
 * columns (a title, a long label) does not merge them.
 */
function textColumnGaps(lines: readonly TextLine[]): Extent[] {
  const most = Math.max(...lines.map((line) => line.runs.length));
  const fullest = lines.filter((line) => line.runs.length === most);
  const columns = fullest.length >= 3 ? mergeHeaderOnlyColumns(columnExtents(fullest), fullest) : columnExtents(fullest);
  const gaps = columns.slice(1).map((column, index) => ({ left: columns[index]!.right, right: column.left }));
  const splits = columns.flatMap((column) => [...numberColumnSplits(lines, column), ...numberTextSplits(lines, column)]);
  return [...gaps, ...splits].sort((a, b) => a.left - b.left);
}

const NUMBER = /^[-+−–(]?[$€£]?\d[\d,.\s]*%?\)?$/u;
// Note: a group of three digits after a space goes on with the number before it ("12 345,67").
const DIGIT_GROUP = /^\d{3}(?:[.,]\d{1,2})?%?\)?$/u;

/** Whether text is two numbers or more, a space apart ("2,656 $787,817"), not one number with spaces. */
function isJoinedNumbers(text: string): boolean {
  const words = text.trim().split(/\s+/);
  return words.length > 1 && words.every((word) => NUMBER.test(word)) && !words.slice(1).some((word) => DIGIT_GROUP.test(word));
}

/**
 * Boundaries inside a column between two columns of numbers set so close that the text layer
 * joined them into one run: a vertical strip that no text item of any line covers, with numbers
 * on both sides of it in at least two lines.
 */
function numberColumnSplits(lines: readonly TextLine[], column: Extent): Extent[] {
  // Note: numbers the text layer joined into one item are looked at word by word.
  const lineParts = (line: TextLine): PdfTextItem[] =>
    line.runs
      .filter((run) => run.x >= column.left - 1 && run.right <= column.right + 1)
      .flatMap((run) => run.items ?? [])
      .flatMap((item) => (isJoinedNumbers(item.text) ? itemWords(item) : [item]));
  const covered = lines.flatMap(lineParts).sort((a, b) => a.x - b.x);
  const splits: Extent[] = [];
  let reach = covered[0]?.right ?? 0;
  for (const item of covered.slice(1)) {
    if (item.x - reach >= WORD_SPACE_EM * item.fontSize) {
      const boundary = (reach + item.x) / 2;
      const numericPairs = lines.filter((line) => {
        const parts = lineParts(line);
        const side = (left: boolean): string => parts.filter((part) => (part.right <= boundary) === left).map((part) => part.text).join(" ").trim();
        return NUMBER.test(side(true)) && NUMBER.test(side(false));
      }).length;
      if (numericPairs >= 2) splits.push({ left: reach, right: item.x, insideItems: true });
    }
    reach = Math.max(reach, item.right);
  }
  return splits;
}

// A number and the text after it in one piece: "$25,022.81 Shelf B".
const NUMBER_THEN_TEXT = /^(\S+) (?=\p{L})/u;
// Note: a column of right-aligned numbers joined to a column of left-aligned text is told by this
// many lines at least, the numbers' ends and the text's starts each within this many ems (the
// spaces are estimated), and the numbers' starts at least this many ems apart.
const MINIMUM_NUMBER_TEXT_LINES = 3;
const ALIGNED_EM = 0.4;
const RAGGED_EM = 0.5;

/**
 * A boundary inside a column between a column of right-aligned numbers and a column of
 * left-aligned text printed so close together (a spreadsheet's cells, either side of an unprinted
 * border) that the text layer joined each number and the text after it into one piece: the
 * numbers end at one x, the text starts at one x, and the numbers start at different x (so they
 * are not the first words of left-aligned cells, "12 months", "6 months").
 */
function numberTextSplits(lines: readonly TextLine[], column: Extent): Extent[] {
  const pairs = lines.flatMap((line) =>
    line.runs.flatMap((run) => (run.x >= column.left - 1 && run.right <= column.right + 1 ? (run.items ?? []) : [])).flatMap((item) => {
      const number = NUMBER_THEN_TEXT.exec(item.text)?.[1];
      if (!number || !NUMBER.test(number)) return [];
      const starts = characterStarts(item);
      return [{ start: item.x, end: starts[number.length]!, text: starts[number.length + 1]!, em: item.fontSize }];
    }),
  );
  if (pairs.length < MINIMUM_NUMBER_TEXT_LINES) return [];
  const spread = (values: number[]): number => Math.max(...values) - Math.min(...values);
  const em = Math.min(...pairs.map((pair) => pair.em));
  const aligned = spread(pairs.map((pair) => pair.end)) <= ALIGNED_EM * em && spread(pairs.map((pair) => pair.text)) <= ALIGNED_EM * em;
  if (!aligned || spread(pairs.map((pair) => pair.start)) < RAGGED_EM * em) return [];
  const left = Math.max(...pairs.map((pair) => pair.end));
  const right = Math.min(...pairs.map((pair) => pair.text));
  return [{ left: Math.min(left, right), right: Math.max(left, right), insideItems: true }];
}

/** Whether text is a number and words after it. */
const startsWithNumber = (text: string): boolean => NUMBER.test(NUMBER_THEN_TEXT.exec(text)?.[1] ?? "");

interface Column extends Extent {
  /** The lines with text in the column. */
  lines: Set<TextLine>;
}

function columnExtents(lines: readonly TextLine[]): Column[] {
  const runs = lines.flatMap((line) => line.runs.map((run) => ({ run, line }))).sort((a, b) => a.run.x - b.run.x);
  const columns: Column[] = [];
  for (const { run, line } of runs) {
    const last = columns.at(-1);
    if (last && run.x <= last.right) {
      last.right = Math.max(last.right, run.right);
      last.lines.add(line);
    } else {
      columns.push({ left: run.x, right: run.right, lines: new Set([line]) });
    }
  }
  return columns;
}

/**
 * Join a column that only one row has text in to its nearer neighbour: a header set off its
 * column (centred over numbers, or indented) is not a column of its own.
 */
function mergeHeaderOnlyColumns(columns: Column[], lines: readonly TextLine[]): Column[] {
  const merged = [...columns];
  for (let index = 0; index < merged.length && merged.length > 2; index++) {
    const column = merged[index]!;
    if (column.lines.size > 1 || column.lines.size === lines.length) continue;
    const [line] = column.lines;
    const left = merged[index - 1];
    const right = merged[index + 1];
    const candidates = [left, right].filter((other): other is Column => other !== undefined && !other.lines.has(line!));
    const nearest = candidates.sort((a, b) => distance(a, column) - distance(b, column))[0];
    if (!nearest) continue;
    nearest.left = Math.min(nearest.left, column.left);
    nearest.right = Math.max(nearest.right, column.right);
    nearest.lines.add(line!);
    merged.splice(index--, 1);
  }
  return merged;
}

const distance = (a: Extent, b: Extent): number => Math.max(a.left - b.right, b.left - a.right);

/**
 * A line's runs by column, as Markdown and as text pieces. A run across a boundary is cut there
 * when its pieces allow (two numbers set close together); otherwise it spans, and is written once,
 * in the column that holds most of it. Note: a line of one piece that starts at the table's left
 * edge (a label across the first columns) is in the first column, however far it runs.
 */
function placeRuns(runs: readonly TextRun[], boundaries: readonly number[], gaps: readonly Extent[], tableLeft: number): Omit<PlacedLine, "line"> {
  const pieces = Array.from({ length: boundaries.length + 1 }, () => [] as TextRun[]);
  const cut = runs.flatMap((run) => cutAtGaps(run, gaps));
  for (const piece of cut) {
    const label = cut.length === 1 && Math.abs(piece.x - tableLeft) <= COLUMN_ALIGNMENT;
    pieces[label ? 0 : columnOf(piece, boundaries)]!.push(piece);
  }
  return { cells: pieces.map((column) => column.map((piece) => piece.markdown)), pieces };
}

/** The column that holds most of a piece of text; a piece centred over two columns goes to the first. */
function columnOf(piece: TextRun, boundaries: readonly number[]): number {
  let best = 0;
  let bestWidth = -Infinity;
  for (let column = 0; column <= boundaries.length; column++) {
    const left = Math.max(piece.x, boundaries[column - 1] ?? -Infinity);
    const right = Math.min(piece.right, boundaries[column] ?? Infinity);
    if (right - left > bestWidth + 1) {
      best = column;
      bestWidth = right - left;
    }
  }
  return best;
}

function cutAtGaps(run: TextRun, gaps: readonly Extent[]): TextRun[] {
  const crossed = gaps.filter((gap) => run.x < gap.left && run.right > gap.right);
  // Note: an item across a gap found inside items, one of numbers alone ("1,471,922 (1,735,388)"
  // in a bold totals row, set wider than the rows above) or a number and words ("$7,250 Pending"),
  // is cells the text layer joined; its words are where the run may be cut.
  const joinsCells = (item: PdfTextItem): boolean =>
    crossed.some((gap) => item.x < gap.left && item.right > gap.right && (gap.insideItems || isJoinedNumbers(item.text) || startsWithNumber(item.text)));
  const items = [...(run.items ?? [])].sort((a, b) => a.x - b.x).flatMap((item) => (joinsCells(item) ? itemWords(item) : [item]));
  if (crossed.length === 0 || items.length < 2) return [run];
  // Note: each column gap cuts the run at a word space that lies in it (or within half an em of
  // it, or around its middle); a run with no space there is a cell spanning columns and stays whole.
  const cuts = new Set<number>();
  for (const gap of crossed) {
    const middle = (gap.left + gap.right) / 2;
    let nearest: { index: number; distance: number } | undefined;
    items.slice(1).forEach((item, at) => {
      const previous = items[at]!;
      const reach = CUT_REACH_EM * item.fontSize;
      const aroundMiddle = previous.right <= middle && item.x >= middle;
      if (item.x - previous.right < WORD_SPACE_EM * item.fontSize || (!aroundMiddle && (previous.right < gap.left - reach || item.x > gap.right + reach))) return;
      const distance = Math.abs((previous.right + item.x) / 2 - middle);
      if (!nearest || distance < nearest.distance) nearest = { index: at + 1, distance };
    });
    if (nearest) cuts.add(nearest.index);
  }
  if (cuts.size === 0) return [run];
  const groups: (typeof items)[] = [];
  items.forEach((item, index) => {
    if (index === 0 || cuts.has(index)) groups.push([item]);
    else groups.at(-1)!.push(item);
  });
  return groups.map(makeRun);
}

/**
 * Whether the first row of a table's part on a new page is the rest of the row the page broke (Word
 * lets a row break across pages): some of its cells are empty, and each of the others goes on with a
 * lowercase word, mid-sentence.
 */
function continuesRow(row: readonly string[]): boolean {
  const filled = row.filter((cell) => cell.trim() !== "");
  return filled.length > 0 && filled.length < row.length && filled.every((cell) => /^\p{Ll}/u.test(cell.trim()));
}

const joinCell = (cell: string, rest: string): string => (rest.trim() === "" ? cell : cell.trim() === "" ? rest : `${cell} ${rest}`);

/**
 * Join a table that goes on at the top of the next page to its first part: the blocks follow each
 * other, the pages too, and the columns are the same. A header row the next page repeats is
 * dropped, so the table keeps it once, and a row the page broke is joined back into one. The
 * joined table keeps the box of its first part.
 */
export function joinContinuedTables(blocks: readonly Block[]): Block[] {
  const joined: Block[] = [];
  // Note: the page the last part of the table being joined is on.
  let lastPage = -1;
  for (const block of blocks) {
    const previous = joined.at(-1);
    if (block.kind === "table" && previous?.kind === "table" && block.box.pageIndex === lastPage + 1 && block.rows[0]?.length === previous.rows[0]?.length) {
      const [header = []] = previous.rows;
      const repeatsHeader = block.rows[0]!.every((cell, index) => cell === header[index]);
      const [first, ...rest] = block.rows.slice(repeatsHeader ? 1 : 0);
      const broken = first !== undefined && previous.rows.length > 1 && continuesRow(first);
      const rows = broken
        ? [...previous.rows.slice(0, -1), previous.rows.at(-1)!.map((cell, index) => joinCell(cell, first[index]!)), ...rest]
        : [...previous.rows, ...block.rows.slice(repeatsHeader ? 1 : 0)];
      joined[joined.length - 1] = { ...previous, rows };
    } else {
      joined.push(block);
    }
    if (block.kind === "table") lastPage = block.box.pageIndex;
  }
  return joined;
}
