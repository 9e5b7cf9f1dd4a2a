import { MAXIMUM_CROSSING_SHARE, MINIMUM_COLUMN_LINES, MINIMUM_PAGE_GUTTER_EM, PROSE_FILL, PROSE_GAP_EM, crosses, gapAt, isDefined, isLeftOf, mainTextSize, median, proseExtent, splitFootnotes, withRuns } from "./column-sides.js";
import type { Extent } from "./column-sides.js";
import { readGridRows } from "./grid-rows.js";
import type { PdfTextItem, TextLine } from "./model.js";

// Pages set in three or four columns (newsletters, magazines, CSS `column-count`). Two columns
// are found by columns.ts, which looks for one gutter near the middle of the page; with three
// columns there is none there, and the page's lines came out cut at whichever of the two was nearer.

// Note: columns share the text's width equally, so each gutter is looked for near its share
// (a third, two thirds), at most this share of a column's width either side.
const COLUMN_COUNTS = [4, 3] as const;
const GUTTER_SEARCH_SHARE = 0.2;
// Note: the last column may hold as little as a line (not MINIMUM_COLUMN_LINES): Word fills each
// column before the next, so on a document's last page the last column is the short one.
const LAST_COLUMN_LINES = 1;
// Note: a table whose cells are prose has the same look, but each of its rows starts a block on one
// baseline in every column; paragraphs of columns start where the text before them ends, level in
// every column only by chance. A line starts a block after a gap of this many times its column's
// line pitch, and this many rows of blocks level in every column make a table.
const BLOCK_GAP_PITCH = 1.3;
const MINIMUM_TABLE_ROWS = 2;
// Note: columns of prose share one leading. A table whose one column wraps (a description beside
// a reference and an amount) sets the lines of the others this many times further apart.
const SPARSE_COLUMN_PITCH = 1.8;
// A column's leading is measured where it has at least this many lines.
const PITCH_LINES = 3;
// Two blocks start level when their first baselines are closer than this many ems.
const LEVEL_EM = 0.35;
// Note: a gutter may be narrower than MINIMUM_PAGE_GUTTER_EM (CSS `column-gap: 12px` is 0.8 em of
// 11 pt text), but wider than this many ems, when its edges are flush: in this share of the lines
// with text on both sides at least, the text left of it ends at one x (a justified column's right
// edge) and the text right of it starts at one x, within this many points. Word spaces of justified
// text that happen to line up leave ragged edges.
const NARROW_GUTTER_EM = 0.5;
const FLUSH_GUTTER_SHARE = 0.6;
const FLUSH_EDGE = 1;
// Text below the columns starts more than this many ems (of the page's text) below the last line of each.
const BELOW_COLUMNS_GAP_EM = 2;

/**
 * The gutters of a page set in three or four columns of prose, left to right, if it is: a strip
 * near each equal share of the text's width that few lines cross, with prose filling every column
 * beside it, and blocks that do not start level across the columns as a table's rows do.
 */
export function findColumnGutters(groups: readonly PdfTextItem[][]): number[] | undefined {
  const items = groups.flat();
  if (items.length === 0) return undefined;
  const left = Math.min(...items.map((item) => item.x));
  const right = Math.max(...items.map((item) => item.right));
  for (const count of COLUMN_COUNTS) {
    const width = (right - left) / count;
    const gutters = Array.from({ length: count - 1 }, (_, index) => emptiestStrip(groups, left + (index + 1) * width, GUTTER_SEARCH_SHARE * width));
    if (isColumnLayout(groups, gutters)) return gutters;
  }
  return undefined;
}

const crossesAt = (group: readonly PdfTextItem[], x: number): boolean => group.some((item) => crosses(item, x));

/** The middle of the first stretch of x, within `reach` of `expected`, that the fewest lines cross. */
function emptiestStrip(groups: readonly PdfTextItem[][], expected: number, reach: number): number {
  let best = { x: expected, crossing: Infinity };
  let bestEnd = expected;
  for (let x = Math.round(expected - reach); x <= expected + reach; x++) {
    const crossing = groups.filter((group) => crossesAt(group, x)).length;
    if (crossing < best.crossing) {
      best = { x, crossing };
      bestEnd = x;
    } else if (crossing === best.crossing && bestEnd === x - 1) {
      bestEnd = x;
    }
  }
  return (best.x + bestEnd) / 2;
}

/** Whether the text of the lines either side of a gutter ends flush on its left and starts flush on its right, in most of them. */
function hasFlushEdges(groups: readonly PdfTextItem[][], gutter: number): boolean {
  const both = groups.filter((group) => gapAt(group, gutter) !== Infinity);
  const ends = both.map((group) => group.filter((item) => isLeftOf(item, gutter)).at(-1)!.right);
  const starts = both.map((group) => group.find((item) => !isLeftOf(item, gutter))!.x);
  return both.length >= MINIMUM_COLUMN_LINES && flushShare(ends) >= FLUSH_GUTTER_SHARE && flushShare(starts) >= FLUSH_GUTTER_SHARE;
}

/** The largest share of some edges that lie at one x, within `FLUSH_EDGE`. */
const flushShare = (edges: readonly number[]): number => Math.max(...edges.map((edge) => edges.filter((other) => Math.abs(other - edge) <= FLUSH_EDGE).length)) / edges.length;

/** Which column a run that crosses no gutter is in: the number of gutters left of it. */
const columnOf = (run: { x: number; right: number }, gutters: readonly number[]): number => gutters.filter((gutter) => !isLeftOf(run, gutter)).length;

function isColumnLayout(groups: readonly PdfTextItem[][], gutters: readonly number[]): boolean {
  const isCrossing = groups.map((group) => gutters.some((gutter) => crossesAt(group, gutter)));
  if (isCrossing.filter(Boolean).length > MAXIMUM_CROSSING_SHARE * groups.length) return false;
  const sides = groups.filter((_, index) => !isCrossing[index]);
  const isTooNarrow = (gutter: number): boolean => {
    const narrowest = Math.min(...sides.map((group) => gapAt(group, gutter)));
    return narrowest < NARROW_GUTTER_EM || (narrowest < MINIMUM_PAGE_GUTTER_EM && !hasFlushEdges(sides, gutter));
  };
  if (gutters.some(isTooNarrow)) return false;
  const columns = Array.from({ length: gutters.length + 1 }, (_, column) =>
    groups
      .map((group, index) => ({ items: group.filter((item) => columnOf(item, gutters) === column), index }))
      .filter(({ items, index }) => items.length > 0 && !isCrossing[index]),
  );
  const isAcross = acrossLines(
    groups.map((group) => ({ pieces: group, baseline: group[0]!.baseline })),
    gutters,
    median(groups.flat().map((item) => item.fontSize)),
  );
  // Note: the columns under a line across the page start level with each other; only blocks
  // started within a stretch of columns tell a table from prose.
  const afterAcross = (line: ColumnLine): boolean => line.index === 0 || isAcross[line.index - 1]!;
  const isProse = (column: ColumnLine[], index: number): boolean => isProseColumn(column.map((line) => line.items), index === gutters.length ? LAST_COLUMN_LINES : MINIMUM_COLUMN_LINES);
  return columns.every(isProse) && sharesLeading(columns) && !hasTableRows(columns, afterAcross);
}

/**
 * Which lines stand across the columns: those that cross a gutter (a title, a paragraph across
 * the page), and a line in one column only (short enough to stay in the first) set more than a
 * paragraph's gap apart from the columns: below the lines of two or more columns (a section's
 * heading), or, with no columns above it, above the next line (a title over the columns). Note:
 * the top line of a column may sit a little above the others, and is no title. The columns above
 * end at each line across.
 */
function acrossLines(lines: readonly { pieces: readonly { x: number; right: number }[]; baseline: number }[], gutters: readonly number[], textSize: number): boolean[] {
  let columnsAbove = new Set<number>();
  const isApart = (upper: { baseline: number } | undefined, lower: { baseline: number } | undefined): boolean =>
    upper !== undefined && lower !== undefined && lower.baseline - upper.baseline > BELOW_COLUMNS_GAP_EM * textSize;
  return lines.map((line, index) => {
    const crossing = line.pieces.some((piece) => gutters.some((gutter) => crosses(piece, gutter)));
    const columns = new Set(line.pieces.map((piece) => columnOf(piece, gutters)));
    const isHeading = columns.size === 1 && (columnsAbove.size > 1 ? isApart(lines[index - 1], line) : isApart(line, lines[index + 1]));
    columnsAbove = crossing || isHeading ? new Set() : new Set([...columnsAbove, ...columns]);
    return crossing || isHeading;
  });
}

/** A column's text on one line of the page: the items, and the index of the page's line. */
interface ColumnLine {
  items: PdfTextItem[];
  index: number;
}

function isProseColumn(lines: readonly PdfTextItem[][], minimumLines: number): boolean {
  const justified = justifiedLines(lines);
  const extents = lines.map((line) => (justified.has(line) ? { left: line[0]!.x, right: line.at(-1)!.right } : proseExtent(line))).filter(isDefined);
  if (extents.length < minimumLines) return false;
  const width = Math.max(...extents.map((extent) => extent.right)) - Math.min(...extents.map((extent) => extent.left));
  return width > 0 && median(extents.map((extent: Extent) => extent.right - extent.left)) >= PROSE_FILL * width;
}

/**
 * The lines of a column that are justified prose though their word spaces were stretched as wide as
 * a table's gaps (a narrow column of long words): they run flush from the column's left edge to its
 * right edge, and no gap of theirs starts or ends where a wide gap of another line does. Note: the
 * gaps between a table's cells line up row after row, at the start of a column set flush left or
 * the end of one set flush right.
 */
function justifiedLines(lines: readonly PdfTextItem[][]): Set<readonly PdfTextItem[]> {
  const left = Math.min(...lines.map((line) => line[0]!.x));
  const right = Math.max(...lines.map((line) => line.at(-1)!.right));
  const gapsOf = (line: readonly PdfTextItem[]): { left: number; right: number }[] =>
    line.slice(1).flatMap((item, index) => (item.x - line[index]!.right > PROSE_GAP_EM * item.fontSize ? [{ left: line[index]!.right, right: item.x }] : []));
  const gaps = lines.map(gapsOf);
  const sharesEdge = (gap: { left: number; right: number }, own: number): boolean =>
    gaps.some((others, index) => index !== own && others.some((other) => Math.abs(other.left - gap.left) <= FLUSH_EDGE || Math.abs(other.right - gap.right) <= FLUSH_EDGE));
  return new Set(
    lines.filter((line, index) => {
      const flush = Math.abs(line[0]!.x - left) <= FLUSH_EDGE && Math.abs(line.at(-1)!.right - right) <= FLUSH_EDGE;
      return flush && gaps[index]!.length > 0 && !gaps[index]!.some((gap) => sharesEdge(gap, index));
    }),
  );
}

/** Whether the columns' lines follow each other at one pitch (the median gap between baselines). */
function sharesLeading(columns: readonly ColumnLine[][]): boolean {
  const pitches = columns.filter((column) => column.length >= PITCH_LINES).map((column) => linePitch(column.map((line) => line.items[0]!.baseline)));
  return Math.max(...pitches) < SPARSE_COLUMN_PITCH * Math.min(...pitches);
}

const linePitch = (baselines: readonly number[]): number => median(baselines.slice(1).map((baseline, index) => baseline - baselines[index]!));

/**
 * Whether blocks start level in every column, at least twice, other than under a line across the
 * page (where every column starts anew): a table's rows.
 */
function hasTableRows(columns: readonly ColumnLine[][], afterAcross: (line: ColumnLine) => boolean): boolean {
  const [first, ...others] = columns.map(blockStarts);
  const baseline = (line: ColumnLine): number => line.items[0]!.baseline;
  const startsRow = (start: ColumnLine): boolean =>
    !afterAcross(start) && others.every((column) => column.some((other) => Math.abs(baseline(other) - baseline(start)) <= LEVEL_EM * start.items[0]!.fontSize));
  return (first ?? []).filter(startsRow).length >= MINIMUM_TABLE_ROWS;
}

/** The lines of a column that start a block: its first, and those after a gap wider than its line pitch. */
function blockStarts(lines: readonly ColumnLine[]): ColumnLine[] {
  const baselines = lines.map((line) => line.items[0]!.baseline);
  const pitch = linePitch(baselines);
  return lines.filter((_, index) => index === 0 || baselines[index]! - baselines[index - 1]! > BLOCK_GAP_PITCH * pitch);
}

/**
 * A page of three or more columns in reading order: the lines of each stretch between lines across
 * the columns are read column by column, left to right; the footnotes at the foot of the columns
 * after all of them.
 */
export function multiColumnOrder(lines: readonly TextLine[], gutters: readonly number[]): TextLine[] {
  const ordered: TextLine[] = [];
  const textSize = mainTextSize(lines);
  let columns: TextLine[][] = gutters.map(() => []).concat([[]]);
  const flush = (atFoot = false): void => {
    const split = columns.map((column): [TextLine[], TextLine[]] => (atFoot ? splitFootnotes(column, textSize) : [column, []]));
    const texts = split.map(([text]) => text);
    ordered.push(...(readGridRows(texts) ?? texts.flat()), ...split.flatMap(([, notes]) => notes));
    columns = columns.map(() => []);
  };
  const isAcross = acrossLines(lines.map((line) => ({ pieces: line.runs, baseline: line.baseline })), gutters, textSize);
  lines.forEach((line, index) => {
    if (isAcross[index]) {
      flush();
      ordered.push(line);
      return;
    }
    columns.forEach((column, columnIndex) => {
      const runs = line.runs.filter((run) => columnOf(run, gutters) === columnIndex);
      if (runs.length > 0) column.push(withRuns(line, runs));
    });
  });
  flush(true);
  return ordered;
}
