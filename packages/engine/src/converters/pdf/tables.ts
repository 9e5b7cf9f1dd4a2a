import { dropEmptyRowsAndColumns } from "../gfm-table.js";
import type { Block } from "./blocks.js";
import { CELL_LINE_PITCH_EM, borderlessMembers } from "./borderless-tables.js";
import { withRuns } from "./column-sides.js";
import type { TableFrame } from "./frames.js";
import { isCaption } from "./headings.js";
import { makeRun } from "./lines.js";
import { SENTENCE_END } from "./model.js";
import type { TextLine, TextRun } from "./model.js";
import type { FilledBox, HorizontalRule } from "./rules.js";
import { COLUMN_ALIGNMENT, placeRuns, textColumnGaps } from "./table-columns.js";
import { buildRows, isFigureCell, rowCells } from "./table-rows.js";
import type { PlacedLine } from "./table-rows.js";

// A header set above a frame's first rule ends at most this many ems over it.
const HEADER_OVER_RULE_EM = 2;
// Rules closer than this many points to a frame's edge are its border, not a column or row divider.
const EDGE = 3;
// Note: the lines of a double border (CSS `border: double`, a certificate's frame) are at most this
// many points apart; no column or row of a table is so narrow, so a rule this close to a side of a
// box is the border's inner line.
const DOUBLE_BORDER_GAP = 6;
// Note: only a box (with sides) has a double border; the rules of a booktabs table may be closer.
const bordersGap = (frame: TableFrame): number => (frame.vertical.length > 0 ? DOUBLE_BORDER_GAP : EDGE);
// A vertical rule divides a frame into columns when it runs down at least this share of its height.
const COLUMN_RULE_SHARE = 0.5;
// A line between rules is prose when it is one run this long, across this share of the width,
// with no space in it as wide as this many ems (the space between two columns).
const PROSE_RUN_CHARACTERS = 50;
const PROSE_WIDTH_SHARE = 0.8;
const COLUMN_SPACE_EM = 0.7;
// A rule under a spanning header cell runs at most this many ems under its baseline.
const RULE_UNDER_CELL_EM = 1.2;
// A group header's columns are named on one of the next this many lines.
const GROUP_HEADER_REACH = 3;
// A group header is centred over its columns when its middle is within this many ems of theirs.
const SPAN_CENTRE_EM = 1;
// Note: a name starting this many ems at most from its column's left edge is set flush left there.
const FLUSH_LEFT_EM = 0.25;
// A ruled box with a single column is a table when rules divide it into at least this many rows
// (fewer is a framed note or a title bar).
const MINIMUM_SINGLE_COLUMN_ROWS = 3;
// Note: a rule between rows runs over the next row's capitals, this many ems over its baseline at
// most; LaTeX sets its rules (`\hline`, `\cline`) that close over them, inside the font's size.
const CAP_HEIGHT_EM = 0.7;
// Note: edges of fills on one line with a gap of at most this many points between them are one
// edge: cells filled side by side, set apart by white gaps (CSS `border-spacing`).
const FILL_JOIN_GAP = 6;
// Edges of fills less than this many points apart are on one line.
const FILL_EDGE_LINE = 0.8;

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
export function matchTable(lines: readonly TextLine[], start: number, frames: readonly TableFrame[] = [], fills: readonly FilledBox[] = []): TableMatch | undefined {
  const first = lines[start];
  if (!first) return undefined;
  const whole = frames.find((candidate) => isInFrame(first, candidate));
  const framed = whole && framedTable(lines, start, whole);
  if (framed) return framed;
  // Note: a header set over a frame reads as the start of a borderless table, which ends where a
  // tall row (a wrapped cell) leaves too wide a gap; then the frame's rules tell the rows apart.
  const headed = !whole && frameUnderHeader(lines, start, frames);
  const members = borderlessMembers(headed ? lines : linesInFrameOf(lines, start, frames), start);
  const borderless = members && buildTable(members, undefined, fills);
  if (headed && !(borderless && members!.at(-1)!.baseline + members!.at(-1)!.fontSize >= headed.bottom)) {
    const table = framedTable(lines, start, headed);
    if (table) return table;
  }
  return borderless && { ...borderless, taken: members!.map((_, offset) => start + offset) };
}

/**
 * The lines up to the last of those from `lines[start]` on, on its page, that lie in the box it
 * lies in (or, out of all boxes, in none). Note: a borderless table ends where a box begins or ends: the text in a
 * box drawn round a table with no rules between its columns (tbl's `box`) is read as a borderless
 * table, which must not take a list set in columns under the box as more rows; and a list set in
 * columns over a ruled table must not take the table as more of its rows. A frame of horizontal
 * rules alone is no bound: booktabs rules a long table's header alone on a page, not its body.
 */
function linesInFrameOf(lines: readonly TextLine[], start: number, frames: readonly TableFrame[]): readonly TextLine[] {
  const boxes = frames.filter((frame) => frame.vertical.length > 0);
  const frameOf = (line: TextLine): TableFrame | undefined => boxes.find((frame) => isInFrame(line, frame));
  const own = frameOf(lines[start]!);
  // Note: a borderless table ends with its page, so the lines of later pages are not looked at.
  let end = start + 1;
  while (end < lines.length && lines[end]!.pageIndex === lines[start]!.pageIndex && frameOf(lines[end]!) === own) end++;
  return lines.slice(0, end);
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
  // Note: a header line cut at its gutters (a page read as columns) is pieces on one baseline; what
  // stands on that baseline beside the frame (the other column's text) is no part of it.
  const onBaseline = samePage(lines, start).filter((line) => Math.abs(line.baseline - first.baseline) < 1);
  const runsOver = (frame: TableFrame): number =>
    onBaseline.reduce((count, line) => count + line.runs.filter((run) => run.x >= frame.left - EDGE && run.right <= frame.right + EDGE).length, 0);
  const frame = frames.find((candidate) => {
    if (first.baseline >= candidate.top || isClosedAtTop(candidate) || runsOver(candidate) < 2) return false;
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
 * Whether a frame is a box whose sides rise to its first rule: that rule is the top of a table
 * drawn all round, and what stands over it (the last item of a list, a paragraph in columns) is
 * outside the table.
 */
function isClosedAtTop(frame: TableFrame): boolean {
  const sideAt = (x: number): boolean => frame.vertical.some((rule) => Math.abs(rule.x - x) <= EDGE && rule.top <= frame.top + EDGE);
  return sideAt(frame.left) && sideAt(frame.right);
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

/**
 * The lines with each line whose runs lie in two ruled boxes side by side or more (tables set
 * beside each other: a browser's flex box, a report's pair of small tables) cut into one line per
 * box, left to right. Note: the text layer reads the rows the tables have at one height as one
 * line; cut, each box's lines are its own table's rows, read one table after the other.
 */
export function splitAtBoxesSideBySide(lines: readonly TextLine[], framesByPage: ReadonlyMap<number, readonly TableFrame[]>): TextLine[] {
  return lines.flatMap((line) => {
    const boxes = (framesByPage.get(line.pageIndex) ?? []).filter((frame) => frame.vertical.length > 0 && line.baseline >= frame.top && line.baseline - line.fontSize / 2 <= frame.bottom);
    if (boxes.length < 2) return [line];
    const owners = line.runs.map((run) => boxes.find((frame) => run.x >= frame.left - EDGE && run.right <= frame.right + EDGE));
    const distinct = [...new Set(owners)];
    if (distinct.length < 2 || distinct.includes(undefined)) return [line];
    return distinct
      .sort((a, b) => a!.left - b!.left)
      .map((box) => withRuns(line, line.runs.filter((_, index) => owners[index] === box)));
  });
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

/**
 * Build a table's cells from its lines: columns from the frame's vertical rules or, without them,
 * from the text; rows from the frame's horizontal rules (without a frame, from the edges of the
 * page's `fills` behind the table) and the text's row bands (so that a cell wrapped over several
 * lines stays one cell).
 */
function buildTable(lines: readonly TextLine[], frame: TableFrame | undefined, fills: readonly FilledBox[] = []): Omit<TableMatch, "taken"> | undefined {
  // Note: a frame of horizontal rules only (a booktabs table) gets its columns from the text.
  const boxed = frame !== undefined && frame.vertical.length > 0;
  const dividers = frame ? frame.horizontal.filter((rule) => rule.y > frame.top + bordersGap(frame) && rule.y < frame.bottom - bordersGap(frame) && !isUnderline(rule, lines)) : [];
  const fullRules = boxed ? innerPositions(columnDividers(frame), frame.left, frame.right).filter((x) => x - frame.left > DOUBLE_BORDER_GAP && frame.right - x > DOUBLE_BORDER_GAP) : [];
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
  // Note: a rule that divides some rows only cuts no text in the others, where a cell is merged
  // across it; nor does a column rule that stops short beside a line the frame's sides run beside
  // (a header cell spanning the columns under it, as browsers draw its borders).
  const ruleBeside = (line: TextLine, x: number): boolean => frame!.vertical.some((rule) => Math.abs(rule.x - x) <= EDGE && isBeside(line, rule));
  const sidesBeside = (line: TextLine): boolean => ruleBeside(line, frame!.left) && ruleBeside(line, frame!.right);
  const cutsLine = (line: TextLine, boundary: number): boolean =>
    rowRules.includes(boundary) ? ruleBeside(line, boundary) : !boxed || ruleBeside(line, boundary) || !sidesBeside(line);
  const tableLeft = Math.min(...cellLines.map((line) => line.x));
  const columnEdges = [frame?.left ?? tableLeft, ...boundaries, frame?.right ?? Math.max(...cellLines.map((line) => line.right))];
  const spanRules = frame ? dividers.filter((rule) => rule.right - rule.left < frame.right - frame.left - 2 * EDGE) : [];
  const places: PlacedLine[] = cellLines.map((line) => {
    const cuts = boundaries.map((boundary) => cutsLine(line, boundary));
    return { line, ...inFirstMergedColumn(placeRuns(line.runs, boundaries, gaps.filter((_, index) => cuts[index]), tableLeft), cuts) };
  });
  // Note: groups are named in the header, over the first line with a label in the first column; a
  // rule under figures further down is a total's.
  const firstLabelled = places.findIndex((place) => place.cells[0]!.length > 0);
  const placed = withGroupsOverTheirColumns(
    places.map((place, index) => (index < firstLabelled ? { line: place.line, ...inFirstColumnUnderRule(place, place.line, spanRules, columnEdges) } : place)),
    headerEnd(places, firstLabelled),
    boxed ? undefined : columnEdges,
    (line, boundary) => boxed && ruleBeside(line, boundaries[boundary]!),
  );
  const behind = frame ? [] : fillsBehind(fills, cellLines);
  const fillEdges = rowEdgesOfFills(behind, boundaries, placed);
  const rowLines = buildRows(placed, boundaries.length + 1, dividers, boxed ? "grid" : frame ? "horizontal" : "none", fillEdges);
  const cells = rowLines.map((row) => rowCells(row, boundaries.length + 1));
  const rows = dropEmptyRowsAndColumns(boxed ? inFirstMergedRow(cells, rowLines, dividers, columnEdges) : inFirstFilledRow(cells, rowLines, behind, fillEdges));
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
 * The top and bottom edges of the fills behind a table without rules that run across a boundary
 * between its columns: a filled header, striped rows, a tinted totals row, rows of cells filled
 * side by side. Note: a row's background ends where the row does, so its edges divide rows as
 * rules would; a fill within one column (a highlighted word, one cell's colour) tells nothing of
 * the other columns' rows. The top edge of the highest fill divides only under a line with text in
 * every column (a header over striped rows, the first of them a section's name alone): the lines
 * over all the fills (a group's name over a filled row of the names of its columns) are read from
 * their text, as in a table without fills.
 */
function rowEdgesOfFills(behind: readonly FilledBox[], boundaries: readonly number[], placed: readonly PlacedLine[]): HorizontalRule[] {
  const highest = Math.min(...behind.map((fill) => fill.top));
  const lineOver = placed.filter((place) => place.line.baseline < highest).at(-1);
  const headerOver = lineOver !== undefined && lineOver.cells.every((cell) => cell.length > 0);
  const edges = behind.flatMap((fill) => [fill.top, fill.bottom].map((y) => ({ y, left: fill.left, right: fill.right })));
  return joinEdges(edges).filter((edge) => (headerOver || edge.y > highest + FILL_EDGE_LINE) && boundaries.some((boundary) => edge.left < boundary && edge.right > boundary));
}

/** The fills that lie behind some of a table's lines. */
function fillsBehind(fills: readonly FilledBox[], lines: readonly TextLine[]): FilledBox[] {
  const top = lines[0]!.baseline - lines[0]!.fontSize;
  const bottom = lines.at(-1)!.baseline;
  const left = Math.min(...lines.map((line) => line.x));
  const right = Math.max(...lines.map((line) => line.right));
  return fills.filter((fill) => fill.bottom > top && fill.top < bottom && fill.right > left && fill.left < right);
}

/**
 * A table's rows with the text of a cell spanning rows, its background one fill behind them within
 * one column, written in the first of them, where one of them only has text there. Note: a browser
 * centres a cell spanning rows on them (`rowspan` is set `vertical-align: middle` unless styled),
 * as a word processor does a merged cell centred down, which sets its text on a middle row;
 * Markdown has no merged cells, and writes a merged cell's text in its first row. The rows it spans
 * are divided by the edges of the other columns' fills (`fillEdges`): a bar of a chart read as a
 * table spans no rows so divided.
 */
function inFirstFilledRow(cells: readonly string[][], rowLines: readonly PlacedLine[][], behind: readonly FilledBox[], fillEdges: readonly HorizontalRule[]): string[][] {
  const result = cells.map((row) => [...row]);
  const middleOfRow = (row: readonly PlacedLine[]): number => (row[0]!.line.baseline - row[0]!.line.fontSize + row.at(-1)!.line.baseline) / 2;
  const middleOfLine = (placed: PlacedLine): number => placed.line.baseline - placed.line.fontSize / 2;
  const dividedFromAbove = (index: number): boolean =>
    fillEdges.some((edge) => edge.y > middleOfLine(rowLines[index - 1]!.at(-1)!) && edge.y < middleOfLine(rowLines[index]![0]!));
  for (const fill of behind) {
    const spanned = rowLines.flatMap((row, index) => (middleOfRow(row) > fill.top && middleOfRow(row) < fill.bottom ? [index] : []));
    if (spanned.length < 2 || !spanned.slice(1).every(dividedFromAbove)) continue;
    // Note: the fill is one cell's when the text over it, in the rows it spans, is one column's.
    const columns = new Set(
      spanned.flatMap((index) => rowLines[index]!.flatMap((placed) => placed.pieces.flatMap((pieces, column) => (pieces.some((piece) => piece.x < fill.right && piece.right > fill.left) ? [column] : [])))),
    );
    if (columns.size !== 1) continue;
    const [column] = [...columns] as [number];
    const filled = spanned.filter((index) => result[index]![column]!.trim() !== "");
    if (filled.length !== 1 || filled[0] === spanned[0]) continue;
    result[spanned[0]!]![column] = result[filled[0]!]![column]!;
    result[filled[0]!]![column] = "";
  }
  return result;
}

/** Edges of fills on one line, touching or set apart by a narrow gap, joined into one. */
function joinEdges(edges: readonly HorizontalRule[]): HorizontalRule[] {
  const joined: HorizontalRule[] = [];
  for (const edge of [...edges].sort((a, b) => a.y - b.y || a.left - b.left)) {
    const same = joined.findLast((other) => Math.abs(other.y - edge.y) <= FILL_EDGE_LINE && edge.left <= other.right + FILL_JOIN_GAP);
    if (same) same.right = Math.max(same.right, edge.right);
    else joined.push({ ...edge });
  }
  return joined;
}

/**
 * A line's cells with the text of a cell merged across columns (no rule between them beside the
 * line: `cuts[k]` is false for the boundary after column k) in the merge's first column, where the
 * line has text in one of those columns only (text in several is cells the rules leave unruled).
 * Note: a browser centres a header cell over the columns it spans, which sets its text in a middle
 * one; Markdown has no merged cells, and writes a merged cell's text in its first column.
 */
function inFirstMergedColumn(place: Omit<PlacedLine, "line">, cuts: readonly boolean[]): Omit<PlacedLine, "line"> {
  const cells = place.cells.map((cell) => [...cell]);
  const pieces = place.pieces.map((column) => [...column]);
  for (let first = 0; first < cells.length; first++) {
    let last = first;
    while (last < cuts.length && !cuts[last]) last++;
    const filled = cells.slice(first, last + 1).flatMap((cell, offset) => (cell.length > 0 ? [first + offset] : []));
    if (filled.length === 1 && filled[0] !== first) {
      cells[first] = cells[filled[0]!]!.splice(0);
      pieces[first] = pieces[filled[0]!]!.splice(0);
    }
    first = last;
  }
  return { cells, pieces };
}

/**
 * A grid's rows with the text of a cell merged down several rows (no rule across its column between
 * them, where rules divide the other columns) in the first of them, where one of them only has text
 * there. Note: a browser or a word processor centres a cell spanning rows ("Men" beside the rows of
 * three age groups) on them, which sets its text on a middle row; Markdown has no merged cells, and
 * writes a merged cell's text in its first row, as it does its first column.
 */
function inFirstMergedRow(cells: readonly string[][], rowLines: readonly PlacedLine[][], rules: readonly HorizontalRule[], columnEdges: readonly number[]): string[][] {
  const result = cells.map((row) => [...row]);
  const between = rowLines.slice(1).map((row, index) => ({ top: rowLines[index]!.at(-1)!.line.baseline, bottom: row[0]!.line.baseline - row[0]!.line.fontSize * CAP_HEIGHT_EM }));
  const rulesBetween = between.map(({ top, bottom }) => rules.filter((rule) => rule.y > top && rule.y < bottom));
  for (let column = 0; column + 1 < columnEdges.length; column++) {
    const middle = (columnEdges[column]! + columnEdges[column + 1]!) / 2;
    // Note: rows are merged in this column where rules run between them, but none across it.
    const merged = rulesBetween.map((found) => found.length > 0 && !found.some((rule) => rule.left < middle && rule.right > middle));
    for (let first = 0; first < result.length; first++) {
      let last = first;
      while (last < merged.length && merged[last]) last++;
      const filled = result.slice(first, last + 1).flatMap((row, offset) => (row[column]!.trim() !== "" ? [first + offset] : []));
      if (filled.length === 1 && filled[0] !== first) {
        result[first]![column] = result[filled[0]!]![column]!;
        result[filled[0]!]![column] = "";
      }
      first = last;
    }
  }
  return result;
}

/**
 * The index of the first line under a table's header: the first line with a label in the first
 * column; or, where the first line fills the first column and the next leaves it empty and names
 * two columns or more (no figures), the next line that fills it (the first column's name, set at
 * the top, spans the header's lines: "Region" beside "2023" over "Staff" and "Visits"). Note: a
 * name alone under the first line is the end of a header cell wrapped onto two lines.
 */
function headerEnd(places: readonly Omit<PlacedLine, "line">[], firstLabelled: number): number {
  const names = places[1]?.cells.filter((cell) => cell.length > 0);
  const namesColumns = names !== undefined && names.length >= 2 && !names.some(isFigureCell);
  if (firstLabelled !== 0 || !namesColumns || places[1]!.cells[0]!.length > 0) return firstLabelled;
  const next = places.findIndex((place, index) => index > 0 && place.cells[0]!.length > 0);
  return next < 0 ? firstLabelled : next;
}

/**
 * The lines with each group header (a name over several columns, without a rule under it to show
 * which, on a line of the header: over the line `firstLabelled`) written in the first of its columns.
 * Note: a group's name is centred over its columns, which sets it in a middle one; the names of
 * the columns on the next line that has more of them show where those are. A column rule that runs
 * beside the group's line (`isRuledBeside`, by the index of the boundary) is an edge its name does
 * not span.
 */
function withGroupsOverTheirColumns(
  placed: readonly PlacedLine[],
  firstLabelled: number,
  textEdges: readonly number[] | undefined,
  isRuledBeside: (line: TextLine, boundary: number) => boolean,
): PlacedLine[] {
  const filled = (line: PlacedLine): number[] => line.pieces.flatMap((pieces, column) => (pieces.length > 0 ? [column] : []));
  return placed.map((group, index) => {
    const own = filled(group);
    // Note: the names are on a line with more of them, one under the group's; a line between may
    // hold only cells spanning the header's lines, centred beside the group and its names. Names
    // on the group's line left of the first column under it span the header's lines too.
    const namesUnder = (line: PlacedLine): boolean => {
      const under = filled(line);
      const spanning = own.filter((column) => column < (under[0] ?? 0)).length;
      return under.length > own.length - spanning && own.some((column) => line.pieces[column]!.length > 0);
    };
    const names = index < firstLabelled ? placed.slice(index + 1, index + 1 + GROUP_HEADER_REACH).find(namesUnder) : undefined;
    if (!names || own.length === 0) return group;
    const nameCentres = names.pieces.map((pieces) => (pieces.length > 0 ? middleOf(pieces) : undefined));
    const cells = group.cells.map((cell) => [...cell]);
    const pieces = group.pieces.map((column) => [...column]);
    const open = cells.slice(1).map((_, boundary) => !isRuledBeside(group.line, boundary));
    // Note: a group's name stands over named columns; a name over none on that line is a cell's
    // first line, the rest of it under it, as is a name whose text goes on in the line under it.
    for (const column of own.filter((candidate) => nameCentres[candidate] !== undefined && !runsOnBelow(group, placed[index + 1], candidate))) {
      const first = firstColumnOfGroup(group, column, cells, nameCentres, { textEdges, open });
      if (first === column) continue;
      cells[first] = cells[column]!.splice(0);
      pieces[first] = pieces[column]!.splice(0);
    }
    return { ...group, cells, pieces };
  });
}

/**
 * Whether a line's text in a column goes on on the next line: its next line there starts where it
 * does, in lowercase (a cell wrapped onto several lines, as a bottom-aligned row's cell over the
 * row's other cells).
 */
function runsOnBelow(line: PlacedLine, next: PlacedLine | undefined, column: number): boolean {
  const below = next?.pieces[column]![0];
  return below !== undefined && Math.abs(below.x - line.pieces[column]![0]!.x) <= COLUMN_ALIGNMENT && /^\p{Ll}/u.test(below.text);
}

/** The middle of some pieces of text. */
const middleOf = (pieces: readonly TextRun[]): number => (Math.min(...pieces.map((piece) => piece.x)) + Math.max(...pieces.map((piece) => piece.right))) / 2;

/**
 * The first column a group's name in `column` spans: of the runs of two columns or more around it,
 * named under it, empty on its line (`cells`), nearer its name than any other name on the line and
 * with no column rule beside it between them (the boundaries `open` on its line), the widest whose
 * names' middle is its middle, within an em; or `column` itself. Note: in a table without column
 * rules, a name that starts at its column's left edge (`textEdges`, the middles of the spaces
 * between the columns) is set flush left in its own column, as spreadsheets set text after a
 * column of figures set flush right, not centred over others.
 */
function firstColumnOfGroup(
  group: PlacedLine,
  column: number,
  cells: readonly string[][],
  nameCentres: readonly (number | undefined)[],
  { textEdges, open }: { textEdges: readonly number[] | undefined; open: readonly boolean[] },
): number {
  const groupCentres = group.pieces.map((pieces) => (pieces.length > 0 ? middleOf(pieces) : undefined));
  const nearestGroup = (x: number): number =>
    groupCentres.reduce<number>((best, centre, other) => (centre !== undefined && (best < 0 || Math.abs(centre - x) < Math.abs(groupCentres[best]! - x)) ? other : best), -1);
  const belongs = (other: number): boolean => nameCentres[other] !== undefined && cells[other]!.length === 0 && nearestGroup(nameCentres[other]!) === column;
  let first = column;
  let last = column;
  while (first > 0 && open[first - 1] && belongs(first - 1)) first--;
  while (last + 1 < cells.length && open[last] && belongs(last + 1)) last++;
  const middle = groupCentres[column]!;
  const fontSize = group.pieces[column]![0]!.fontSize;
  const tolerance = SPAN_CENTRE_EM * fontSize;
  const start = Math.min(...group.pieces[column]!.map((piece) => piece.x));
  if (textEdges && column > 0 && Math.abs(start - textEdges[column]!) <= FLUSH_LEFT_EM * fontSize) return column;
  let span: { from: number; to: number } | undefined;
  for (let from = first; from <= column; from++) {
    for (let to = Math.max(column, from + 1); to <= last; to++) {
      const centred = Math.abs((nameCentres[from]! + nameCentres[to]!) / 2 - middle) <= tolerance;
      if (centred && (!span || to - from > span.to - span.from)) span = { from, to };
    }
  }
  return span?.from ?? column;
}

/**
 * A line's cells with the text of a header cell that a rule spans, under it, written in the first
 * column the rule runs over (where the columns between are empty). Note: a group header ("Population
 * (thousands)" over "2019", "2020", "2021") is centred over the columns it spans, which sets it in
 * a middle one; the rule drawn under it (booktabs' \cmidrule, a border under a merged cell) shows
 * which columns those are. Markdown has no merged cells, and writes a merged cell's text in its
 * first column. A column counts as under the rule when the rule runs over most of its width.
 */
function inFirstColumnUnderRule(place: Omit<PlacedLine, "line">, line: TextLine, rules: readonly HorizontalRule[], columnEdges: readonly number[]): Omit<PlacedLine, "line"> {
  const cells = place.cells.map((cell) => [...cell]);
  const pieces = place.pieces.map((column) => [...column]);
  pieces.forEach((column, index) => {
    const rule = column.length > 0 ? rules.find((candidate) => isRuleUnder(candidate, line, column)) : undefined;
    if (!rule) return;
    const under = (edge: number): boolean => {
      const left = columnEdges[edge]!;
      const right = columnEdges[edge + 1]!;
      return Math.min(right, rule.right) - Math.max(left, rule.left) > (right - left) / 2;
    };
    const first = cells.findIndex((_, edge) => under(edge));
    if (first < 0 || first >= index || cells.slice(first, index).some((cell) => cell.length > 0)) return;
    cells[first] = cells[index]!.splice(0);
    pieces[first] = pieces[index]!.splice(0);
  });
  return { cells, pieces };
}

/** Whether a rule runs just under a cell's text (within an em of its baseline) and across all of it. */
function isRuleUnder(rule: HorizontalRule, line: TextLine, cell: readonly TextRun[]): boolean {
  const below = rule.y - line.baseline;
  if (below <= 0 || below > RULE_UNDER_CELL_EM * line.fontSize) return false;
  return cell.every((piece) => rule.left <= piece.x + EDGE && rule.right >= piece.right - EDGE);
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
 * other (or only the table's caption repeated with "(continued)" comes between), the pages too,
 * and the columns are the same. The header rows the next page repeats are dropped, so the table
 * keeps them once, and a row the page broke is joined back into one. The joined table keeps the
 * box of its first part.
 */
export function joinContinuedTables(blocks: readonly Block[]): Block[] {
  const joined: Block[] = [];
  // Note: the last part of the table being joined, and the page it is on.
  let lastPart: TableBlock | undefined;
  let lastPage = -1;
  blocks.forEach((block, index) => {
    const previous = joined.at(-1);
    const next = blocks[index + 1];
    if (previous?.kind === "table" && isContinuedCaption(block) && next?.kind === "table" && goesOn(previous, next, lastPage)) return;
    if (block.kind === "table" && previous?.kind === "table" && (goesOn(previous, block, lastPage) || isStackedUnder(lastPart!, block))) {
      const body = block.rows.slice(repeatedHeaderRows(previous.rows, block.rows));
      const [first, ...rest] = body;
      const broken = first !== undefined && previous.rows.length > 1 && continuesRow(first);
      const rows = broken ? [...previous.rows.slice(0, -1), previous.rows.at(-1)!.map((cell, column) => joinCell(cell, first[column]!)), ...rest] : [...previous.rows, ...body];
      joined[joined.length - 1] = { ...previous, rows };
    } else {
      joined.push(block);
    }
    if (block.kind === "table") {
      lastPart = block;
      lastPage = block.box.pageIndex;
    }
  });
  return joined;
}

type TableBlock = Extract<Block, { kind: "table" }>;

/**
 * The blocks with each table read from tables set side by side (a browser's flex box, floats) as
 * two tables or more, each after its caption. Note: their rows start level, so the text reads as
 * one table whose first line is their captions; the captions show where each table starts, and
 * each is built again from its own text (its rows told from its own cells).
 */
export function splitTablesSideBySide(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block) => (block.kind === "table" ? (tablesSideBySide(block) ?? [block]) : [block]));
}

/** The captions and tables of a table whose first line is two captions or more, each over its own table. */
function tablesSideBySide(table: TableBlock): Block[] | undefined {
  const [captions, ...rest] = table.lines ?? [];
  if (!captions || captions.runs.length < 2 || !captions.runs.every((run) => isCaption(run.text))) return undefined;
  const starts = captions.runs.map((run) => run.x - COLUMN_ALIGNMENT);
  const parts: Block[] = [];
  for (const [index, caption] of captions.runs.entries()) {
    const inPart = (run: TextRun): boolean => run.x >= starts[index]! && run.x < (starts[index + 1] ?? Infinity);
    // Note: each table's part of a line keeps its own baseline and type; the tables may sit a
    // point or two apart, read on one line.
    const lines = rest.flatMap((line) => {
      const runs = line.runs.filter(inPart);
      return runs.length > 0 ? [withRuns(line, runs)] : [];
    });
    const built = lines.length > 0 ? buildTable(lines, undefined) : undefined;
    if (!built) return undefined;
    const captionLine = withRuns(captions, [caption]);
    parts.push({ kind: "paragraph", text: caption.emphasized, lines: [captionLine] }, { kind: "table", rows: built.rows, box: built.box, lines });
  }
  return parts;
}

/** Whether a table on the page after `lastPage` (where the table before it ended) has its columns. */
const goesOn = (previous: TableBlock, table: TableBlock, lastPage: number): boolean =>
  table.box.pageIndex === lastPage + 1 && table.rows[0]?.length === previous.rows[0]?.length;

// Note: a table's next row starts at most this many ems (of its type) under the row above.
const NEXT_ROW_EM = 2.5;

/**
 * Whether a table is the body of the table (or the part of one) right above it on its page: same
 * columns, its first line no further under the other's last line than a next row. Note: a header ruled above and
 * under, over a body with no rule under it (a long table's page before its last), is a ruled
 * table of its own over a table without rules.
 */
function isStackedUnder(previous: TableBlock, table: TableBlock): boolean {
  const above = previous.lines?.at(-1);
  const first = table.lines?.[0];
  if (!above || !first || table.box.pageIndex !== previous.box.pageIndex || table.rows[0]?.length !== previous.rows[0]?.length) return false;
  const gap = first.baseline - above.baseline;
  return gap > 0 && gap <= NEXT_ROW_EM * above.fontSize && table.box.left < previous.box.right && table.box.right > previous.box.left;
}

// A caption repeated over a table's next part: "Table 4 (continued)", "(cont.)", "— continued".
const CONTINUED = /(?:^|[\s(—–-])(?:continued|cont\.|cont['’]d)\)?\.?$/iu;

/** Whether a block is a line that says the table goes on from the page before (its caption, repeated). */
const isContinuedCaption = (block: Block): boolean => (block.kind === "paragraph" || block.kind === "heading") && CONTINUED.test(block.text.replace(/[*_]/g, "").trim());

// Note: a table's header is this many rows at most (a group header over the names of the columns,
// and a line of units); a part on the next page that starts with the same rows repeats them.
const MAXIMUM_HEADER_ROWS = 3;

/** How many rows at the top of a table's next part repeat its first part's header (none, or its first rows). */
function repeatedHeaderRows(header: readonly string[][], part: readonly string[][]): number {
  let count = 0;
  while (count < MAXIMUM_HEADER_ROWS && count < part.length && count < header.length - 1 && part[count]!.every((cell, column) => cell === header[count]![column])) count++;
  return count;
}
