import { LARGER_THAN_BODY, isCaption } from "./headings.js";
import { isBareListMarker, isEnumerator, isOutlineMarker, parseListMarker } from "./lists.js";
import { SENTENCE_END } from "./model.js";
import type { TextLine, TextRun } from "./model.js";
import { COLUMN_ALIGNMENT, type Extent, cellGaps, cutAtGaps } from "./table-columns.js";

// Borderless tables: which lines after a first line of cells set apart make a table with it, and
// which such runs of lines are something else set in columns (prose, notes, equations, a table of
// contents, a list).

// Note: rows further apart than this many ems are two tables (or a table and a paragraph).
const MAXIMUM_ROW_GAP_EM = 3;
// A row whose cells start where the row above starts its cells goes on with the table up to this
// many ems under the row above's last line (the empty bottom of a row set taller than its text).
const MAXIMUM_TALL_ROW_GAP_EM = 6;
const MINIMUM_SHARED_CELL_STARTS = 2;
// Cells side by side are at least this many ems apart.
const CELL_GAP_EM = 1;
// A line less than this many ems under the one above is set between two lines, not after them.
const BETWEEN_LINES_EM = 0.8;
// The lines of one cell are at most this many ems apart, in type sizes this share apart at most.
export const CELL_LINE_PITCH_EM = 1.5;
const SAME_SIZE = 0.1;
// Text after note numbers is notes (not a table column) when its runs average this many characters.
const NOTE_TEXT_CHARACTERS = 30;
// A table header set as one run is recognised over rows of this many cells at least, each name
// this many words at most (prose over a row of two cells is far more common).
const MINIMUM_JOINED_HEADER_COLUMNS = 3;
const HEADER_NAME_WORDS = 4;
// Note: cells aligned to the bottom of their rows are told by this many rows at least whose cell
// on the row's line goes on from the line above, this many times more than go on below it.
const MINIMUM_BOTTOM_ALIGNED_CELLS = 2;
const BOTTOM_ALIGNED_MARGIN = 3;
// Note: lines set at one pitch are this many points apart at most (rounding of baselines).
const ONE_PITCH = 1;
// Note: "=" only; a cell may well start with "≤" or "<" (a class of values: "< 110").
const EQUALS_AT_EDGE = /^=(?:\s|$)|\s=$/u;
const EQUATION_NUMBER = /^\(\d+(?:\.\d+)*[a-z]?\)$/;
// An amount of money: a currency sign, or two decimals (pence, cents); page numbers have neither.
const PRICE = /^(?:[$€£¥]\s?\d[\d,]*(?:\.\d{2})?|\d[\d,]*[.,]\d{2}\s?[$€£¥]?)$/u;

/** The lines of a borderless table starting at `start`, if there is one. */
export function borderlessMembers(lines: readonly TextLine[], start: number): TextLine[] | undefined {
  const first = lines[start]!;
  if (first.runs.length < 2 && !isJoinedHeader(first, lines[start + 1])) return withWrappedCellOverFirstRow(lines, start) ?? withSpanningHeaderOverFirstRow(lines, start);
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
    // Note: a one-run line set larger than the rows above is a heading over what follows (a menu's
    // next course), not a label of the table's rows.
    if (line.runs.length < 2 && line.fontSize >= LARGER_THAN_BODY * members.at(lastMultiRun)!.fontSize) break;
    // Note: a one-run line that reads as a caption ("Table B. Tenure") names the next table (or
    // figure), however it is aligned: the table above ends over it.
    if (line.runs.length < 2 && isCaption(line.runs[0]!.text)) break;
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
  if (isJustifiedProse(tableLines, lines[start - 1]) || isTableOfContents(tableLines) || isMarkedList(tableLines) || isListAboveTable(tableLines) || isNumberedNotes(tableLines) || isNumberedEquations(tableLines) || isPiecedFormula(tableLines) || isProseInColumns(tableLines) || isHeadingsOverProse(tableLines) || !sharesColumnGap(tableLines)) {
    return undefined;
  }
  return tableLines;
}

/**
 * A borderless table whose cells are aligned to the bottom of their rows (as spreadsheets print
 * them), when `lines[start]` is the first of the upper lines of its first row's wrapped cell: one-run
 * lines one under the other at the pitch of the table's lines, starting where the row's cell in a
 * column after the first does, in its type, the cell going on from them in lowercase; and the
 * table's later rows end their cells in that column on their own lines too. Note: the table is
 * otherwise found from the row's own line, the first with every cell, and the lines above it read
 * as a paragraph.
 */
function withWrappedCellOverFirstRow(lines: readonly TextLine[], start: number): TextLine[] | undefined {
  const first = lines[start]!;
  const near = (line: TextLine | undefined, above: TextLine): boolean =>
    line !== undefined && line.pageIndex === above.pageIndex && line.baseline > above.baseline && line.baseline - above.baseline <= MAXIMUM_ROW_GAP_EM * above.fontSize;
  let rowIndex = start + 1;
  while (near(lines[rowIndex], lines[rowIndex - 1]!) && startsAt(lines[rowIndex]!, first.x)) rowIndex++;
  const row = lines[rowIndex];
  if (!row || row.runs.length < 2 || !near(row, lines[rowIndex - 1]!)) return undefined;
  const cell = row.runs.slice(1).find((run) => Math.abs(run.x - first.x) <= COLUMN_ALIGNMENT);
  if (!cell || !startsLowercase(cell.text) || Math.abs(cell.fontSize - first.fontSize) > SAME_SIZE * cell.fontSize) return undefined;
  const members = borderlessMembers(lines, rowIndex);
  const above = lines.slice(start, rowIndex + 1);
  // Note: the cell's upper lines are set at the pitch of the table's closest lines (a cell's).
  const atCellPitch = members !== undefined && Math.max(...gapsBetween(above)) <= Math.min(...gapsBetween(members)) + ONE_PITCH;
  return atCellPitch && endsCellsOnRowLines(members, first.x) ? [...lines.slice(start, rowIndex), ...members] : undefined;
}

/**
 * A borderless table whose header has a cell spanning columns ("Visits" over "Adults" and
 * "Children") and, beside it, cells spanning the header's rows ("Branch", set between the two
 * lines), when `lines[start]` is the first of those one-run lines over the header's last line (a
 * line of cells): at most `SPANNING_HEADER_LINES` of them, each less than a cell's line pitch under
 * the one above; one of them at least is centred over two or more of the cells under it, after the
 * table's first column (a group's name), and the others start in one of the table's columns. Note: the table is
 * otherwise found from the header's last line, and the spanning cells read as a paragraph over it.
 */
function withSpanningHeaderOverFirstRow(lines: readonly TextLine[], start: number): TextLine[] | undefined {
  let rowIndex = start;
  while (rowIndex - start < SPANNING_HEADER_LINES && lines[rowIndex]?.runs.length === 1 && isCloseUnder(lines[rowIndex + 1], lines[rowIndex]!)) rowIndex++;
  const row = lines[rowIndex];
  if (rowIndex === start || !row || row.runs.length < 2) return undefined;
  const members = borderlessMembers(lines, rowIndex);
  if (!members) return undefined;
  const above = lines.slice(start, rowIndex);
  // Note: the cells a name spans may be on the line under the header's first line of cells, set
  // beside the cells spanning the header's rows ("Branch" and "Total" over "Adults" and "Children").
  const named = [row, members[1]].filter((line): line is TextLine => line !== undefined && line.runs.length >= 2);
  const stubRight = firstColumnRight(members);
  const cells = members.flatMap((line) => line.runs);
  // Note: a group's name leaves the header's first column, beside it, to another cell (a caption
  // centred over the whole table leaves none).
  const besideFirstColumn = (line: TextLine): boolean => [...above, row].some((other) => other.x < line.x && other.runs[0]!.right < line.x);
  const spans = above.filter((line) => besideFirstColumn(line) && named.some((names) => isCentredOverCells(line, names, stubRight, cells)));
  // Note: a cell spanning the header's lines lies over one column; a caption over the table runs across several.
  const overOneColumn = (line: TextLine): boolean => named.every((names) => names.runs.filter((run) => run.x < line.right && run.right > line.x).length <= 1);
  const inColumn = (line: TextLine): boolean => overOneColumn(line) && members.some((member) => member.runs.some((run) => Math.abs(run.x - line.x) <= COLUMN_ALIGNMENT));
  return spans.length > 0 && above.every((line) => spans.includes(line) || inColumn(line)) ? [...above, ...members] : undefined;
}

// A header has at most this many lines of spanning cells over its last line.
const SPANNING_HEADER_LINES = 3;
// Note: a spanning cell is centred over its cells (browsers and tbl centre it exactly): its middle
// is within this many ems of theirs.
const SPAN_CENTRE_EM = 0.5;

/** Whether `line` follows `above` on its page less than a cell's line pitch under it. */
const isCloseUnder = (line: TextLine | undefined, above: TextLine): boolean =>
  line !== undefined && line.pageIndex === above.pageIndex && line.baseline > above.baseline && line.baseline - above.baseline <= CELL_LINE_PITCH_EM * above.fontSize;

/**
 * Whether a one-run line is centred over two or more cells of a row side by side, right of the
 * table's first column (which ends at `stubRight`), and reaches over no cell beside them: it spans
 * them. Note: the table's `cells` show whether the row's cells are side by side: a column between
 * them (cells there lie under none of them) that the row leaves empty is spanned by no name of the
 * row's line: the name is a cell of its own, wrapped over and under it.
 */
function isCentredOverCells(line: TextLine, row: TextLine, stubRight: number, cells: readonly TextRun[]): boolean {
  const { runs } = row;
  const middle = (line.x + line.right) / 2;
  for (let first = 0; first < runs.length; first++) {
    if (first > 0 && line.x < runs[first - 1]!.right) return false;
    if (runs[first]!.x <= stubRight) continue;
    for (let last = first + 1; last < runs.length; last++) {
      const centred = Math.abs((runs[first]!.x + runs[last]!.right) / 2 - middle) <= SPAN_CENTRE_EM * line.fontSize;
      const clear = last + 1 === runs.length || line.right < runs[last + 1]!.x;
      // Note: the name lies over its cells: it reaches to within an em of the first and the last.
      const reaches = line.x <= runs[first]!.right + line.fontSize && line.right >= runs[last]!.x - line.fontSize;
      if (centred && clear && reaches && !hasColumnBetween(runs.slice(first, last + 1), cells)) return true;
    }
  }
  return false;
}

/** Whether some cell lies between the first and the last of some cells side by side, under none of them. */
function hasColumnBetween(spanned: readonly TextRun[], cells: readonly TextRun[]): boolean {
  const [from, to] = [spanned[0]!.right, spanned.at(-1)!.x];
  return cells.some((cell) => cell.x > from && cell.right < to && !spanned.some((run) => run.x < cell.right && run.right > cell.x));
}

/** The right edge of a table's first column: of the first cells of its lines that start at its left edge. */
function firstColumnRight(members: readonly TextLine[]): number {
  const left = Math.min(...members.map((line) => line.x));
  return Math.max(...members.filter((line) => line.x <= left + COLUMN_ALIGNMENT).map((line) => line.runs[0]!.right));
}

/** The gaps between lines one after the other. */
const gapsBetween = (lines: readonly TextLine[]): number[] => lines.slice(1).map((line, index) => line.baseline - lines[index]!.baseline);

/** Whether a line is one run starting at `x`. */
const startsAt = (line: TextLine, x: number): boolean => line.runs.length === 1 && Math.abs(line.x - x) <= COLUMN_ALIGNMENT;

const startsLowercase = (text: string): boolean => /^\p{Ll}/u.test(text);

/**
 * Whether a table's rows end their cells in the column starting at `x` on their own lines: the
 * cell on a row's line goes on in lowercase from a line above it in the column, at least
 * `MINIMUM_BOTTOM_ALIGNED_CELLS` times and `BOTTOM_ALIGNED_MARGIN` times as often as a line
 * under a row's line goes on from its cell there (cells aligned to the top).
 */
function endsCellsOnRowLines(members: readonly TextLine[], x: number): boolean {
  let endsOnRow = 0;
  let startsOnRow = 0;
  members.forEach((line, index) => {
    const cell = line.runs.length > 1 ? line.runs.slice(1).find((run) => Math.abs(run.x - x) <= COLUMN_ALIGNMENT) : undefined;
    if (!cell) return;
    const [above, below] = [members[index - 1], members[index + 1]];
    if (above && startsAt(above, x) && startsLowercase(cell.text)) endsOnRow++;
    if (below && startsAt(below, x) && startsLowercase(below.runs[0]!.text)) startsOnRow++;
  });
  return endsOnRow >= MINIMUM_BOTTOM_ALIGNED_CELLS && endsOnRow > BOTTOM_ALIGNED_MARGIN * startsOnRow;
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
 * together to be runs of their own: right above a row of three or more cells (those it lies over),
 * it breaks between two text pieces in each gap between them, into short names, one over each cell.
 */
function isJoinedHeader(line: TextLine, next: TextLine | undefined): boolean {
  if (!next || next.pageIndex !== line.pageIndex || next.runs.length < MINIMUM_JOINED_HEADER_COLUMNS || line.runs.length !== 1) return false;
  const gap = next.baseline - line.baseline;
  if (gap <= 0 || gap > MAXIMUM_ROW_GAP_EM * line.fontSize) return false;
  // Note: a header's upper line may leave the first or last columns empty (their names are on the
  // line of cells alone); it then starts flush with the first cell it lies over.
  const cells = next.runs.filter((run) => run.right > line.x && run.x < line.right);
  if (cells.length === 0 || (cells[0] !== next.runs[0] && Math.abs(cells[0]!.x - line.x) > COLUMN_ALIGNMENT)) return false;
  const names = cutAtGaps(line.runs[0]!, cellGaps({ ...next, runs: cells }));
  if (cells.length < MINIMUM_JOINED_HEADER_COLUMNS || names.length !== cells.length) return false;
  return names.every((name, index) => {
    const cell = cells[index]!;
    return name.text.trim().split(/\s+/).length <= HEADER_NAME_WORDS && name.x < cell.right && name.right > cell.x;
  });
}

/**
 * Lines of a justified paragraph whose word spaces were stretched as wide as a column gap (a narrow
 * column of long words): the line above runs on into them mid-sentence (it ends in a lowercase
 * word or a comma, the first of them starts in lowercase), and each of them is flush with that
 * line on both sides, at its size. A table set after a paragraph's line would follow a finished
 * sentence or a colon.
 */
function isJustifiedProse(lines: readonly TextLine[], above: TextLine | undefined): boolean {
  if (!above || above.pageIndex !== lines[0]!.pageIndex || !RUNS_ON.test(above.runs.at(-1)!.text)) return false;
  if (!/^\p{Ll}/u.test(lines[0]!.runs[0]!.text) || lines[0]!.baseline - above.baseline > CELL_LINE_PITCH_EM * above.fontSize) return false;
  const flush = (line: TextLine): boolean =>
    Math.abs(line.x - above.x) <= JUSTIFIED_EDGE && Math.abs(line.right - above.right) <= JUSTIFIED_EDGE && Math.abs(line.fontSize - above.fontSize) <= SAME_SIZE * above.fontSize;
  return lines.filter((line) => line.runs.length > 1).every(flush);
}

// A line that runs on into the next: it ends in a lowercase word or a comma.
const RUNS_ON = /[\p{Ll},]$/u;
// Note: justified lines end within this many points of each other (rounding of glyph widths).
const JUSTIFIED_EDGE = 1.5;

/**
 * Paragraphs set side by side in three columns or more (the panels of a brochure, a slide's
 * tiles): in most of its lines, the text in most columns runs on from the line above (no sentence
 * ends, the line starts in lowercase). A table's cells wrap so only now and then (a long header).
 * Note: a justified paragraph of long words in a narrow column parts its lines into two runs or
 * more, each line flush with the others on both sides; its text runs on from line to line too.
 */
function isProseInColumns(lines: readonly TextLine[]): boolean {
  const rows = lines.filter((line) => line.runs.length > 1);
  if (rows.length < 2) return false;
  // Note: the text under a bold first line (the tiles' titles, in the text's size) starts afresh
  // under each title; it runs on from there.
  const text = isBoldOverText(rows) ? rows.slice(1) : rows;
  if (text.length < 2) return false;
  if (Math.max(...rows.map((line) => line.runs.length)) < MINIMUM_PROSE_COLUMNS && !isFlushBothSides(rows)) return isTwoColumnsOfText(text.map((line) => line.runs.map((run) => run.text)));
  const flowing = text.slice(1).filter((line, index) => {
    const runsOn = line.runs.filter((run) => runsOnFromAbove(run, text[index]!));
    return runsOn.length * 2 >= line.runs.length;
  });
  return flowing.length * 2 > text.length - 1;
}

/** Whether a run goes on with the sentence of the run above it in its column: no sentence ends there, and it starts in lowercase. */
function runsOnFromAbove(run: TextRun, above: TextLine): boolean {
  const cellAbove = above.runs.find((candidate) => Math.abs(candidate.x - run.x) <= COLUMN_ALIGNMENT);
  return cellAbove !== undefined && goesOnFrom(cellAbove.text, run.text);
}

const goesOnFrom = (above: string, text: string): boolean => !SENTENCE_END.test(above) && /^\p{Ll}/u.test(text);

/**
 * Two paragraphs or two lists side by side (a slide's two columns of text), given as the texts of
 * their lines, left and right: two lists where every line on both sides is an item (its marker
 * first); or three lines at least that wrap together, the text of nearly every line in both
 * columns going on from a line of words above it. Note: a table of two columns wraps a long cell
 * now and then, beside short values or an empty cell, and its cells (a word, a value) start afresh
 * on each row.
 */
export function isTwoColumnsOfText(rows: readonly (readonly string[])[]): boolean {
  if (rows.some((row) => row.length !== 2)) return false;
  if (rows.length >= MINIMUM_LIST_ITEMS && rows.every((row) => row.every(isBulletedItem))) return true;
  if (rows.length < MINIMUM_PROSE_COLUMN_LINES) return false;
  const pairs = rows.slice(1).flatMap((row, index) => row.map((text, column) => goesOnFrom(rows[index]![column]!, text) && wordCount(rows[index]![column]!) >= PROSE_RUN_WORDS));
  return pairs.filter(Boolean).length >= FLOWING_SHARE_OF_TWO_COLUMNS * pairs.length;
}

const wordCount = (text: string): number => text.trim().split(/\s+/).length;

// Note: two lists side by side are told by two items each at least, each led by a bullet (numbers
// down a table's first column are a table's).
const MINIMUM_LIST_ITEMS = 2;
const isBulletedItem = (text: string): boolean => parseListMarker(text)?.marker === "-";
// Note: two columns of prose are told by three lines at least (two places where both wrap).
const MINIMUM_PROSE_COLUMN_LINES = 3;
// Note: a sentence may end at the end of a line, and the next start there, now and then.
const FLOWING_SHARE_OF_TWO_COLUMNS = 0.75;

/** Whether lines start at one x and end at one x, as the lines of a justified paragraph do. */
function isFlushBothSides(lines: readonly TextLine[]): boolean {
  const spread = (values: readonly number[]): number => Math.max(...values) - Math.min(...values);
  return spread(lines.map((line) => line.x)) <= JUSTIFIED_EDGE && spread(lines.map((line) => line.right)) <= JUSTIFIED_EDGE;
}

/** Whether the first line's runs are all bold, and none of the lines' under it are. */
const isBoldOverText = (rows: readonly TextLine[]): boolean => rows[0]!.bold && rows.slice(1).every((line) => line.runs.every((run) => !run.bold));

// Prose in columns: this many columns at least.
const MINIMUM_PROSE_COLUMNS = 3;

/**
 * Boxes side by side (a slide's cards, a brochure's panels, big figures over their captions), each
 * a heading over its text: every phrase of the first line is set larger than the text under them,
 * as headings are, and that text is prose, not a table's values. Note: a table's header is set in
 * its body's size (bold at most); its cells under it are values, a few words at most.
 */
function isHeadingsOverProse(lines: readonly TextLine[]): boolean {
  const [first, ...rest] = lines;
  const textRuns = rest.flatMap((line) => line.runs).filter((run) => run.fontSize * LARGER_THAN_BODY <= Math.min(...first!.runs.map((head) => head.fontSize)));
  if (textRuns.length === 0 || textRuns.length * 2 < rest.flatMap((line) => line.runs).length) return false;
  const words = textRuns.reduce((sum, run) => sum + run.text.trim().split(/\s+/).length, 0);
  return words >= PROSE_RUN_WORDS * textRuns.length;
}

// Note: the text under headings has this many words to a line at least, on average; a table's cells fewer.
const PROSE_RUN_WORDS = 3;

/**
 * Notes, points or clauses numbered in a hanging indent ("25   Beawes, Lex Mercatoria, 791.",
 * "b.   Budget.", "1.1   The Supplier shall…"): a number, then prose. Note: a contract's clauses
 * and sub-clauses ("2.1", "(a)") are numbered so, however much they look like a table's columns.
 */
function isNumberedNotes(lines: readonly TextLine[]): boolean {
  const numbers = (text: string): boolean => isEnumerator(text) || isOutlineMarker(text);
  const multiRun = lines.filter((line) => line.runs.length > 1);
  if (multiRun.some((line) => line.runs.length > 2 || !numbers(line.runs[0]!.text))) return false;
  const rest = lines.flatMap((line) => line.runs.filter((run) => !numbers(run.text)));
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
 * place, the space between two cells wide (or any width, in columns fitted to their cells): a
 * column border. Note: in justified prose set in a narrow column, wide word spaces part two lines
 * into runs too, but each line's words run across the other's spaces.
 */
function sharesColumnGap(lines: readonly TextLine[]): boolean {
  const multiRun = lines.filter((line) => line.runs.length > 1);
  if (multiRun.length < 2) return true;
  const shared = (gap: Extent, other: Extent): number => Math.min(gap.right, other.right) - Math.max(gap.left, other.left);
  const fitted = isFittedToCells(multiRun);
  return multiRun.slice(1).some((line, index) => {
    const least = fitted ? Number.MIN_VALUE : CELL_GAP_EM * line.fontSize;
    return cellGaps(line).some((gap) => cellGaps(multiRun[index]!).some((other) => shared(gap, other) >= least));
  });
}

/**
 * Whether rows of cells are set in columns fitted to their widest cells, as a spreadsheet prints
 * them, with less than an em between columns: each row's cells start where the cells above start,
 * and the first cells end raggedly, half of them short of the widest. Note: the lines of two
 * columns of justified prose start at two places too, but end where their column does.
 */
function isFittedToCells(rows: readonly TextLine[]): boolean {
  const startsUnder = (line: TextLine, above: TextLine): boolean =>
    line.runs.length === above.runs.length && line.runs.every((run, index) => Math.abs(run.x - above.runs[index]!.x) <= COLUMN_ALIGNMENT);
  if (!rows.slice(1).every((line, index) => startsUnder(line, rows[index]!))) return false;
  const widest = Math.max(...rows.map((line) => line.runs[0]!.right));
  return rows.filter((line) => widest - line.runs[0]!.right > COLUMN_ALIGNMENT).length * 2 >= rows.length;
}

/**
 * Lines whose runs were cut apart at dot leaders: a table of contents, read as text. Note: leaders
 * to prices (a price list, a menu) lead to amounts, not page numbers: the list is a table.
 */
function isTableOfContents(lines: readonly TextLine[]): boolean {
  const multiRun = lines.filter((line) => line.runs.length > 1);
  const afterLeader = multiRun.flatMap((line) => line.runs.filter((run) => run.items?.[0]?.afterLeader));
  const withLeader = multiRun.filter((line) => line.runs.some((run) => run.items?.[0]?.afterLeader));
  return withLeader.length * 2 >= multiRun.length && !afterLeader.every((run) => PRICE.test(run.text.trim()));
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

/**
 * Whether the lines open with a list item (its marker and text set apart like two cells) over a
 * table whose rows are not marked: a list set right above a table, which is no part of it. The
 * table is found again from the first line under the list.
 */
function isListAboveTable(lines: readonly TextLine[]): boolean {
  const [first] = lines;
  return first!.runs.length === 2 && isBareListMarker(first!.runs[0]!.text) && lines.some((line) => line.runs.length > 1 && !isOutlineMarker(line.runs[0]!.text));
}

// A checklist row: its marker, its label and marks in at least two columns.
const CHECKLIST_ROW_RUNS = 4;
