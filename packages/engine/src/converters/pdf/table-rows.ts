import { joinLines } from "./join-lines.js";
import { SENTENCE_END } from "./model.js";
import type { TextLine, TextRun } from "./model.js";
import { characterStarts } from "./rule-cuts.js";
import type { HorizontalRule } from "./rules.js";

/** How a table is ruled: not at all, with horizontal lines only, or as a grid with column rules too. */
export type TableRuling = "none" | "horizontal" | "grid";

/** A line of a table with its text sorted into the table's columns (Markdown pieces per column). */
export interface PlacedLine {
  line: TextLine;
  cells: string[][];
  /** The text pieces in each column, left to right. */
  pieces: TextRun[][];
}

// Note: lines of one cell follow each other at the text's line pitch; a gap this much wider
// (the padding between rows) ends the cell. Browsers print pandoc's HTML tables with a quarter of
// the pitch between rows, so the margin must be under that.
const CELL_PITCH_TOLERANCE = 1.2;
// A line less than this many ems under the one above is set between two lines of its row.
const BETWEEN_LINES_EM = 0.8;
// Note: in a table ruled only around, lines set further apart than this many ems, all at one
// pitch (within this many points), are rows of one line each (a form's labels with empty cells
// beside them), not one cell. (Without any rules, lines that far apart are as often the labels of
// a chart; where the pitch varies, the padding between rows tells them apart.)
const MAXIMUM_CELL_PITCH_EM = 1.5;
const ONE_PITCH = 1;
// Note: cells aligned to the bottom of their rows are told by this many cells at least whose text
// on the row's line goes on from the line above, this many times more than go on below it.
const MINIMUM_BOTTOM_ALIGNED_CELLS = 2;
const BOTTOM_ALIGNED_MARGIN = 3;
// A table is ruled row by row when its rules make this many bands at least.
const MINIMUM_RULED_ROWS = 3;
// A cell spanning columns is centred over them: its middle is within this many ems of theirs.
const SPAN_CENTRE_EM = 1;
// Lines of a cell set flush on one side start (or end) within this many points of each other.
const FLUSH = 3;
// A word space is about this many ems wide.
const SPACE_EM = 0.25;
// A figure alone in a cell: digits with their separators, a sign, a currency sign before them or a
// percent sign after (not in brackets: a standard error set under its estimate belongs to its row).
const PLAIN_FIGURE = /^[+\-−–]?[$€£¥]?\d[\d,.]*%?$/u;

/**
 * Group a table's lines into rows and join each cell's lines. Horizontal rules divide the table
 * into bands; inside a band, a new row starts where no column's text goes on across the break
 * (every column shows the padding between rows). Without inner rules, lines set at one pitch
 * throughout are told apart by their first column: a line that fills it (and another cell) starts
 * a row, unless it is centred beside a cell wrapped on above and below it; a line that leaves it
 * empty (or fills nothing else) continues the cells above. The edges of fills behind a table
 * (`fillEdges`) divide it into bands as rules do, but each band is read as a table without rules.
 */
export function buildRows(placed: readonly PlacedLine[], columnCount: number, rowRules: readonly HorizontalRule[], ruling: TableRuling, fillEdges: readonly HorizontalRule[] = []): PlacedLine[][] {
  const ruled = ruling !== "none";
  const rows: PlacedLine[][] = [];
  const stubRight = firstColumnRight(placed);
  const allBands = bands(placed, [...rowRules, ...fillEdges]);
  // Note: a grid ruled under every row, as browsers and word processors draw cell borders, has at
  // most one line filling the first column in most of its bands; there, a band with more such
  // lines is one row whose first cell wraps too. (Rules between groups of rows, as booktabs sets
  // them, come without column rules.)
  const fillsFirstColumn = (line: PlacedLine): boolean => line.cells[0]!.length > 0;
  const ruledRowByRow =
    (ruling === "grid" && allBands.length >= MINIMUM_RULED_ROWS && allBands.filter((band) => band.filter(fillsFirstColumn).length <= 1).length * 2 > allBands.length) ||
    (ruling === "horizontal" && isRuledUnderWrappedRows(allBands, columnCount));
  allBands.forEach((band, bandIndex) => {
    const lead = cellPitch(band, columnCount);
    // Note: a table ruled with horizontal lines only, between its header and body alone
    // (booktabs, pandoc's tables), has no rules between the body's rows: its body is read as a
    // table without rules. (Under a grid's header rule, the body may well be one tall row.)
    const bodyUnruled = ruling === "horizontal" && rowRules.length === 1 && bandIndex === 1;
    // Note: between rules, a line that fills less than half the cells of the band's fullest line
    // is the end of wrapped cells ("(%)" under "Slope Gradient"), not a row; in a body read as
    // without rules, it is a row with empty cells, as in a table without rules.
    const mostFilled = Math.max(...band.map(filledCount));
    const opensRow = (line: PlacedLine): boolean =>
      line.cells[0]!.length > 0 && filledCount(line) >= 2 && (!ruled || bodyUnruled || filledCount(line) * 2 > mostFilled);
    // Note: between rules, lines that fill the first column are rows of their own only when most
    // of the band's lines do (single-line rows); otherwise they are cells set side by side, or a
    // cell set in the middle of its row.
    const opening = band.filter(opensRow).length;
    const mayOpenRows = rowRules.length === 0 || bodyUnruled || (!ruledRowByRow && opening >= 2 && opening >= band.length / 2);
    const evenlyRuledAround = ruled && rowRules.length === 0 && isEvenlySpaced(band);
    band.forEach((current, index) => {
      const row = rows.at(-1);
      if (index > 0 && isCentredInRow(row!, current, rowRules.length > 0)) return void row!.push(current);
      const runningOn = index > 0 ? columnsRunningOn(band, index, columnCount, lead, evenlyRuledAround) : [];
      // Note: a group's label is told from a cell's next line only where no other column's text runs on beside it.
      const continued = runningOn.length > 0 && !(runningOn.length === 1 && runningOn[0] === 0 && isGroupLabel(row!, current, band[index + 1], stubRight));
      const startsRow =
        !continued ||
        isNextRowOfFigures(row!, current) ||
        isUnderSpanningCell(row!, current) ||
        (mayOpenRows && opensRow(current) && !isBesideWrappedCell(row!, band, index, lead, opensRow) && !(rows.every(leavesFirstColumnEmpty) && endsHeaderAbove(row!, current)) && !endsLabelAbove(row!, current));
      const around = index > 0 ? cellLinesAround(row!, band, index, lead) : 0;
      if (startsRow || (around > 0 && fillsFilledCell(row!.slice(0, -around), current, lead))) rows.push([...(around > 0 ? row!.splice(-around) : []), current]);
      else row!.push(current);
    });
  });
  const grouped = rowRules.length === 0 && isBottomAligned(rows) ? withCellsOnBottomLines(rows) : rows;
  return grouped;
}

/** A row's cells: each column's lines joined. */
export const rowCells = (row: readonly PlacedLine[], columnCount: number): string[] => Array.from({ length: columnCount }, (_, column) => cellText(row, column));

/**
 * Whether no line of a row fills its first column. Note: rows so far that all leave the first column
 * empty are the header (a group header over the names of the columns, then the names); the body's
 * rows have their labels there.
 */
const leavesFirstColumnEmpty = (row: readonly PlacedLine[]): boolean => row.every((line) => line.cells[0]!.length === 0);

/** The index of the line of a row that fills its first column (the row's own line), or -1. */
const ownLine = (row: readonly PlacedLine[]): number => row.findIndex((line) => line.cells[0]!.length > 0);

/** Whether a cell's text starts in lowercase (goes on with the text above it). */
const startsLowercase = (cell: readonly string[] | undefined): boolean => cell !== undefined && cell.length > 0 && /^\p{Ll}/u.test(cell[0]!);

/**
 * Whether a borderless table's wrapped cells end on their row's line (aligned to the bottom, as
 * spreadsheets set cells) rather than start on it: the text on rows' own lines (those that fill
 * the first column, after the first) goes on from the line above (it starts in lowercase) at least
 * twice, and far more often than the text under such a line goes on from it.
 */
function isBottomAligned(rows: readonly PlacedLine[][]): boolean {
  const lines = rows.flat();
  let endsOnRow = 0;
  let startsOnRow = 0;
  lines.forEach((line, index) => {
    if (index === 0 || line.cells[0]!.length === 0) return;
    line.cells.forEach((cell, column) => {
      if (column === 0 || cell.length === 0) return;
      if (lines[index - 1]!.cells[column]!.length > 0 && startsLowercase(cell)) endsOnRow++;
      if (startsLowercase(lines[index + 1]?.cells[column])) startsOnRow++;
    });
  });
  return endsOnRow >= MINIMUM_BOTTOM_ALIGNED_CELLS && endsOnRow > BOTTOM_ALIGNED_MARGIN * startsOnRow;
}

/**
 * Rows with the lines under each row's own line moved to the next row, whose wrapped cells they
 * start; lines with nothing in the first column that were read as a row of their own (after a
 * wider gap) go to the next row too, except the first row (a header with nothing over the first
 * column).
 */
function withCellsOnBottomLines(rows: readonly PlacedLine[][]): PlacedLine[][] {
  const regrouped = rows.map((row) => [...row]);
  for (let index = 0; index + 1 < regrouped.length; index++) {
    const row = regrouped[index]!;
    const own = ownLine(row);
    if ((own < 0 && index === 0) || own === row.length - 1 || ownLine(regrouped[index + 1]!) < 0) continue;
    regrouped[index + 1]!.unshift(...row.splice(own + 1));
  }
  return regrouped.filter((row) => row.length > 0);
}

/**
 * Whether `band[index]`, a line that fills the first column, is the middle of the row being built
 * rather than a row of its own: cells centred beside a cell wrapped over several lines. The row has
 * nothing in its first column yet, and another column's text runs on at the cell pitch from the
 * row, past the line, to a line below that does not open a row of its own. Note: a figure is never
 * the next line of a wrapped cell, nor is a figure under a figure of the row: a line whose
 * figures run on from the row, or on to the line below, is a row of its own (the body's first under
 * a header's names, the first row beside a label spanning the rows under it).
 */
function isBesideWrappedCell(row: readonly PlacedLine[], band: readonly PlacedLine[], index: number, lead: number, opensRow: (line: PlacedLine) => boolean): boolean {
  if (row.some((line) => line.cells[0]!.length > 0)) return false;
  const current = band[index]!;
  if (current.cells.some((cell, column) => isFigureCell(cell) && row.some((line) => isFigureCell(line.cells[column])))) return false;
  for (let column = 1; column < current.cells.length; column++) {
    const filled = (placed: PlacedLine): boolean => placed.cells[column]!.length > 0;
    const above = row.findLast(filled);
    const below = band.slice(index + 1).find(filled);
    if (!above || !below || opensRow(below) || isFigureCell(below.cells[column])) continue;
    const path = [above, ...(filled(current) ? [current] : []), below];
    if (path.slice(1).every((placed, step) => placed.line.baseline - path[step]!.line.baseline <= lead * CELL_PITCH_TOLERANCE)) return true;
  }
  return false;
}

/**
 * How many lines at the end of the row above are the first lines of a cell of `band[index]`'s
 * row: the line sits midway between two lines of a cell wrapped onto several (less than a line
 * under the one, over the other), as a browser centres the other cells of a row beside its
 * tallest one. The lines above go on down to those below at the cell's pitch, with text only in
 * the columns the line leaves empty, and as many lines go on below it as are counted; the row
 * above keeps a line.
 * Note: the padding between rows may be narrow enough that the cell's first line reads as the end
 * of the row above.
 */
function cellLinesAround(row: readonly PlacedLine[], band: readonly PlacedLine[], index: number, lead: number): number {
  const current = band[index]!;
  const onlyBeside = (placed: PlacedLine): boolean => placed.cells.every((cell, column) => cell.length === 0 || current.cells[column]!.length === 0);
  const halfLine = (upper: PlacedLine, lower: PlacedLine): boolean => lower.line.baseline - upper.line.baseline < BETWEEN_LINES_EM * lower.line.fontSize;
  const atPitch = (upper: PlacedLine, lower: PlacedLine): boolean => lower.line.baseline - upper.line.baseline <= lead * CELL_PITCH_TOLERANCE;
  const below: PlacedLine[] = [];
  for (const placed of band.slice(index + 1)) {
    if (!onlyBeside(placed) || !atPitch(below.at(-1) ?? current, placed)) break;
    below.push(placed);
  }
  const last = row.at(-1)!;
  if (below.length === 0 || !onlyBeside(last) || !halfLine(last, current) || !halfLine(current, below[0]!) || !atPitch(last, below[0]!)) return 0;
  // Note: centred, within a point: lines of two columns that flow apart (two lists side by side)
  // fall between each other's lines anywhere.
  if (Math.abs(current.line.baseline - last.line.baseline - (below[0]!.line.baseline - current.line.baseline)) > ONE_PITCH) return 0;
  let counted = 1;
  while (counted < below.length && counted + 1 < row.length && onlyBeside(row.at(-counted - 1)!) && atPitch(row.at(-counted - 1)!, row.at(-counted)!)) counted++;
  return counted < row.length ? counted : 0;
}

/**
 * Whether a line with nothing in the first column is the next row beside a cell spanning both
 * (LaTeX's `multirow` sets "Drug A" centred between "10 mg 58 21" and "20 mg 61 30"), not the
 * next line of the row's cells: it fills two cells at least, and in one column it holds a figure
 * under a figure of the row. Note: a figure is never wrapped onto a second line of its cell, so a
 * column of figures running on at the cell pitch is rows.
 */
function isNextRowOfFigures(row: readonly PlacedLine[], current: PlacedLine): boolean {
  if (current.cells[0]!.length > 0 || filledCount(current) < 2) return false;
  return current.cells.some((cell, column) => isFigureCell(cell) && isFigureCell(row.findLast((line) => line.cells[column]!.length > 0)?.cells[column]));
}

/** Whether a line's text in a column is a figure alone. */
export const isFigureCell = (cell: readonly string[] | undefined): boolean => cell !== undefined && cell.length === 1 && PLAIN_FIGURE.test(cell[0]!.trim());

/**
 * Whether a line is the row under a cell spanning columns (a group's name, "Visits" over "Adults"
 * and "Children"): a line of the row above has one piece alone in a column, and the line fills that
 * column and the next ones with cells whose middle is that piece's, within an em (or that start
 * where it does: `isFlushLeftGroupName`). Note: a cell's next line is set under its start, not
 * centred under two cells.
 */
function isUnderSpanningCell(row: readonly PlacedLine[], current: PlacedLine): boolean {
  return row.some((placed, index) =>
    placed.pieces.some((pieces, column) => {
      if (pieces.length !== 1 || current.pieces[column]!.length === 0) return false;
      let last = column;
      while (current.pieces[last + 1]?.length) last++;
      return (last > column && isFlushLeftGroupName(row, index, column, last, current)) || isCentredOverCells(pieces[0]!, current, column);
    }),
  );
}

/**
 * Whether a name is centred over cells of a line from `column` on: over the first and one of those
 * after it. Note: the cells may be names spanning columns in their turn ("2023" over "Q1" and "Q2",
 * each over two columns of figures), with empty columns between them.
 */
function isCentredOverCells(name: TextRun, line: PlacedLine, column: number): boolean {
  const start = line.pieces[column]![0]!.x;
  const middle = (name.x + name.right) / 2;
  return line.pieces.slice(column + 1).some((pieces) => pieces.length > 0 && Math.abs((start + pieces.at(-1)!.right) / 2 - middle) <= SPAN_CENTRE_EM * name.fontSize);
}

/**
 * Whether the piece alone in `column` of `row[index]` is a group's name set flush left over the
 * cells of `current` in columns `column` to `last` (as browsers set `th` in a table styled
 * `text-align: left`): it starts where the first of them does, and is the last text of the row in
 * its column, the others' columns empty on its line and under it; the names under it leave the
 * first column empty, its name (set at the top of the header, beside the group's) spanning the
 * header's rows, and start in capitals. Note: a cell's next line goes on under it alone, mostly in
 * lowercase; cells wrapped side by side leave no column empty on their first line; a label wrapped
 * in the first column goes on beside its row's figures; a header whose names sit on the bottom
 * line of their cells has its first column's name on its last line.
 */
function isFlushLeftGroupName(row: readonly PlacedLine[], index: number, column: number, last: number, current: PlacedLine): boolean {
  const name = row[index]!.pieces[column]![0]!;
  const under = current.pieces[column]![0]!;
  if (column === 0 || Math.abs(under.x - name.x) > FLUSH || PLAIN_FIGURE.test(name.text.trim()) || startsLowercase([under.text])) return false;
  const below = row.slice(index);
  const lastInColumn = below.slice(1).every((line) => line.pieces[column]!.length === 0);
  const overEmptyColumns = below.every((line) => line.pieces.slice(column + 1, last + 1).every((other) => other.length === 0));
  const besideStubName = row.some((line) => line.pieces[0]!.length > 0) && current.pieces[0]!.length === 0;
  return lastInColumn && overEmptyColumns && besideStubName;
}

/**
 * Whether a line centred between two lines of a wrapped cell is the next row's: it has text in a
 * column the row above already fills, and none that goes on there from the line above at the cell
 * pitch (the next line of a cell, as a header's names wrapped onto fewer lines are).
 */
function fillsFilledCell(row: readonly PlacedLine[], current: PlacedLine, lead: number): boolean {
  const filledAbove = (column: number): PlacedLine | undefined => row.findLast((line) => line.cells[column]!.length > 0);
  const columns = current.cells.flatMap((cell, column) => (cell.length > 0 ? [column] : []));
  const above = columns.map(filledAbove);
  return above.some((line) => line !== undefined) && above.every((line) => line === undefined || current.line.baseline - line.line.baseline > lead * CELL_PITCH_TOLERANCE);
}

/**
 * Whether a line that fills the first column ends the label of the row above instead of opening a
 * row: the row so far is a label alone (text in its first column only, no sentence ended), and
 * the line's label goes on from it in lowercase ("General public services" over "and
 * administration of justice  1,204  1,260"). Note: a browser or a spreadsheet sets the figures
 * beside a wrapped label centred or on its last line, not on its first.
 */
function endsLabelAbove(row: readonly PlacedLine[], current: PlacedLine): boolean {
  if (!row.every((line) => line.cells.every((cell, column) => column === 0 || cell.length === 0))) return false;
  const label = row.at(-1)!.cells[0]!.at(-1);
  return label !== undefined && !SENTENCE_END.test(label) && startsLowercase(current.cells[0]);
}

/**
 * Whether a line that fills the first column is the last line of the header above it, its names
 * wrapped and set on the bottom line of their cells (as spreadsheets set cells): the header has
 * nothing in its first column yet, and each of the line's cells under a name goes on with it, in
 * lowercase ("Households" over "on waiting list") or with the unit of its figures in brackets
 * ("Rate" over "(%)", "Allowance" over "(£)").
 */
function endsHeaderAbove(header: readonly PlacedLine[], current: PlacedLine): boolean {
  if (header.some((line) => line.cells[0]!.length > 0)) return false;
  const columns = current.pieces.flatMap((column, index) => (index > 0 && column.length > 0 && header.some((line) => line.cells[index]!.length > 0) ? [index] : []));
  if (columns.length === 0) return false;
  return columns.every((index) => GOES_ON_WITH_NAME.test(current.pieces[index]![0]!.text)) || columns.every((index) => isNameUnderName(header, current, index));
}

/**
 * Whether a line's text in a column is the last line of the header's name there, wrapped: words,
 * not a figure, set flush with the name's line above on its left or right (a spreadsheet aligns a
 * cell's lines so; "Claimants in" over "March"). Note: a row of figures under the names of a header
 * that leaves its first column empty is the body's first row.
 */
function isNameUnderName(header: readonly PlacedLine[], current: PlacedLine, column: number): boolean {
  const name = header.findLast((line) => line.pieces[column]!.length > 0)!.pieces[column]!;
  const under = current.pieces[column]!;
  if (!/\p{L}/u.test(under.map((piece) => piece.text).join(""))) return false;
  const flush = (a: number, b: number): boolean => Math.abs(a - b) <= FLUSH;
  return flush(name[0]!.x, under[0]!.x) || flush(name.at(-1)!.right, under.at(-1)!.right);
}

// Note: a bracket before a digit is a negative figure ("(0.2)"), not a unit.
const GOES_ON_WITH_NAME = /^(?:\p{Ll}|\((?!\d))/u;

/**
 * Whether a line is a cell centred on a row whose other cells take two lines: it sits less than a
 * line's height under the row's last line (rows are a line apart at least), with text only in
 * columns the row leaves empty. Between rules (`ruledRows`), the rules bound the row: a cell
 * centred on two rows it spans, over the rule between their other cells, is the upper row's.
 */
function isCentredInRow(row: readonly PlacedLine[], placed: PlacedLine, ruledRows: boolean): boolean {
  const above = row.at(-1)!.line;
  if (!ruledRows && placed.line.baseline - above.baseline >= BETWEEN_LINES_EM * placed.line.fontSize) return false;
  return placed.cells.every((cell, column) => cell.length === 0 || row.every((line) => line.cells[column]!.length === 0));
}

/**
 * How far the first column's text may reach: up to its widest text, or up to an em before the
 * nearest text of the second column where that is further (a column set wider than its text).
 */
function firstColumnRight(placed: readonly PlacedLine[]): number {
  const widest = Math.max(...placed.flatMap((line) => line.pieces[0]!.map((piece) => piece.right)));
  const second = placed.flatMap((line) => line.pieces[1]?.slice(0, 1) ?? []);
  return second.length === 0 ? widest : Math.max(widest, Math.min(...second.map((piece) => piece.x - piece.fontSize)));
}

/**
 * Whether a line with text in the first column alone is a row of its own (the label of a group of
 * rows: "Services" over the industries in it), not the next line of the first cell above: the next
 * line is a row of the group, with text in the first column and another. Note: a cell's text wraps
 * onto a new line only where its next word no longer fits; where the label's first word would have
 * fitted after the cell above within the column, or the label is set in another weight, it was set
 * on a line of its own. A line that starts in lowercase goes on with a sentence.
 */
function isGroupLabel(row: readonly PlacedLine[], current: PlacedLine, next: PlacedLine | undefined, stubRight: number): boolean {
  const above = row.findLast((placed) => placed.pieces[0]!.length > 0)?.pieces[0]!.at(-1);
  const label = current.pieces[0]![0];
  const onlyFirst = (placed: PlacedLine): boolean => !placed.pieces.some((column, index) => index > 0 && column.length > 0);
  if (!above || !label || !next || !onlyFirst(current) || next.pieces[0]!.length === 0 || onlyFirst(next) || /^\p{Ll}/u.test(label.text)) return false;
  if (above.bold !== label.bold) return true;
  return above.right + SPACE_EM * label.fontSize + firstWordWidth(label) <= stubRight;
}

/** The width of a piece's first word. */
function firstWordWidth(piece: TextRun): number {
  const item = piece.items?.[0];
  const space = item?.text.indexOf(" ") ?? -1;
  if (!item || space < 0) return (item ?? piece).right - (item ?? piece).x;
  return characterStarts(item)[space]! - item.x;
}

/**
 * Whether a table ruled with horizontal lines only has a rule under each of its rows, every row's
 * cells wrapped onto one number of lines (a browser draws cells' bottom borders so): the bands
 * under the header, `MINIMUM_RULED_ROWS` bands in all at least, hold one number of lines, two or
 * more, and in one column every band's cell goes on from its first line ("Homes built" over "this
 * year"). Note: booktabs rules groups of single-line rows alike, but its rows each open with a
 * name of their own: a band's later lines do not go on in lowercase under a capital or a figure
 * (a column of names all in lowercase, option names, tells nothing and is not taken as a cell).
 */
function isRuledUnderWrappedRows(allBands: readonly PlacedLine[][], columnCount: number): boolean {
  const body = allBands.slice(1);
  const lineCount = body[0]?.length ?? 0;
  if (allBands.length < MINIMUM_RULED_ROWS || lineCount < 2 || body.some((band) => band.length !== lineCount)) return false;
  const goesOnInColumn = (band: readonly PlacedLine[], column: number): boolean => {
    const [first, ...rest] = band.map((placed) => placed.pieces[column]![0]?.text);
    return first !== undefined && !/^\p{Ll}/u.test(first) && rest.every((text) => text !== undefined && GOES_ON_WITH_NAME.test(text));
  };
  return Array.from({ length: columnCount }, (_, column) => column).some((column) => body.every((band) => goesOnInColumn(band, column)));
}

/** Whether a band's lines follow each other at one pitch. */
function isEvenlySpaced(band: readonly PlacedLine[]): boolean {
  const pitches = band.slice(1).map((placed, index) => placed.line.baseline - band[index]!.line.baseline);
  return Math.max(...pitches) - Math.min(...pitches) <= ONE_PITCH;
}

/** A cell's lines joined as one paragraph (hyphenation undone). */
function cellText(row: readonly PlacedLine[], column: number): string {
  const lines = row.map((line) => line.cells[column]!.join(" ")).filter((text) => text !== "");
  return lines.reduce((text, next) => (text ? joinLines(text, next) : next), "");
}

/**
 * The runs of lines between horizontal rules, top to bottom. Note: a rule divides a line from the
 * band above only where it runs under the line, below the band's first line; a rule under some
 * columns (below a spanning header, between the rows beside a cell that spans them) leaves the
 * text of the other columns together, and the cell centred across it (set a hair under the rule,
 * between the rows' lines) does not join the rows beside it.
 */
function bands(placed: readonly PlacedLine[], rowRules: readonly HorizontalRule[]): PlacedLine[][] {
  const middle = (line: TextLine): number => line.baseline - line.fontSize * 0.35;
  const result: PlacedLine[][] = [];
  for (const current of placed) {
    const band = result.at(-1);
    const divided =
      band === undefined ||
      rowRules.some((rule) => rule.y > middle(band[0]!.line) && rule.y < middle(current.line) && rule.left < current.line.right && rule.right > current.line.x);
    if (divided) result.push([current]);
    else band.push(current);
  }
  return result;
}

const filledCount = (placed: PlacedLine): number => placed.cells.filter((cell) => cell.length > 0).length;

/**
 * The pitch of lines inside one cell: the smallest distance between two lines that have text in
 * the same column, one after the other. Note: measured per band, as a table's header is often set
 * tighter than its body.
 */
function cellPitch(placed: readonly PlacedLine[], columnCount: number): number {
  let pitch = Infinity;
  for (let column = 0; column < columnCount; column++) {
    let last: TextLine | undefined;
    for (const { line, cells } of placed) {
      if (cells[column]!.length === 0) continue;
      const gap = last ? line.baseline - last.baseline : 0;
      if (last && gap >= 0.6 * Math.min(line.fontSize, last.fontSize)) pitch = Math.min(pitch, gap);
      last = line;
    }
  }
  return pitch;
}

/**
 * The columns whose text runs on from above `placed[index]` to it or below it at the cell pitch
 * (and, with `evenlyRuledAround`, no further apart than a cell's lines are set at most).
 */
function columnsRunningOn(placed: readonly PlacedLine[], index: number, columnCount: number, lead: number, evenlyRuledAround: boolean): number[] {
  const columns: number[] = [];
  for (let column = 0; column < columnCount; column++) {
    const above = placed.slice(0, index).findLast((line) => line.cells[column]!.length > 0);
    const below = placed.slice(index).find((line) => line.cells[column]!.length > 0);
    if (!above || !below) continue;
    const gap = below.line.baseline - above.line.baseline;
    const tooFar = evenlyRuledAround && gap > MAXIMUM_CELL_PITCH_EM * Math.max(above.line.fontSize, below.line.fontSize);
    if (gap <= lead * CELL_PITCH_TOLERANCE && !tooFar) columns.push(column);
  }
  return columns;
}
