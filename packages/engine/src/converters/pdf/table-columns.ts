import { cellMarkdown, makeRun } from "./lines.js";
import type { PdfTextItem, TextLine, TextRun } from "./model.js";
import { characterStarts, itemWords } from "./rule-cuts.js";
import type { PlacedLine } from "./table-rows.js";

// The columns of a table's text: the gaps between them (from the rows with the most cells, and
// inside runs the text layer joined), and each line's runs placed in them.

// A one-run line joins a table when it starts within this many points of a column's start.
export const COLUMN_ALIGNMENT = 3;
// Items at least this many ems apart are separate words, where a run may be cut into two cells.
const WORD_SPACE_EM = 0.15;
// A gap between columns cuts a run at a word space at most this many ems outside it.
const CUT_REACH_EM = 0.5;

/** The spaces between neighbouring runs of a line. */
export function cellGaps(line: TextLine): Extent[] {
  return line.runs.slice(1).map((run, index) => ({ left: line.runs[index]!.right, right: run.x }));
}

export interface Extent {
  left: number;
  right: number;
  /** Set for a gap found inside the text layer's items (two columns it may have joined into one): an item across it is cut at a word space. */
  insideItems?: boolean;
  /**
   * Set for a gap before a column whose cells all end at one x (figures set flush right): that x.
   * An item across the gap that ends there is the names of the columns either side, set close and
   * joined by the text layer; it is cut at the word space nearest the gap's left side (where the
   * name before it ends, if it is set as the figures under it are).
   */
  columnEnd?: number;
}

/**
 * The gaps between the columns of a borderless table (a column boundary is a gap's middle): those
 * between the columns of the rows with the most cells. Note: columns come from these rows alone so that a cell spanning two
 * columns (a title, a long label) does not merge them.
 */
export function textColumnGaps(lines: readonly TextLine[]): Extent[] {
  const most = Math.max(...lines.map((line) => line.runs.length));
  const fullest = lines.filter((line) => line.runs.length === most);
  const columns = fullest.length >= 3 ? mergeHeaderOnlyColumns(columnExtents(fullest), fullest) : columnExtents(fullest);
  const gaps = columns.slice(1).map((column, index) => {
    const gap = afterRightAligned({ left: columns[index]!.right, right: column.left }, columns[index]!, lines);
    const end = commonEnd(column);
    return end === undefined ? gap : { ...gap, columnEnd: end };
  });
  const splits = columns.flatMap((column) => [...numberColumnSplits(lines, column), ...numberTextSplits(lines, column)]);
  return [...gaps, ...splits].sort((a, b) => a.left - b.left);
}

// Note: a column is told right-aligned by this many cells at least (their ends within
// `ALIGNED_EM`, their starts `RAGGED_EM` apart at least, as for numbers joined to text below).
const MINIMUM_RIGHT_ALIGNED_CELLS = 3;

/**
 * A gap after a column of right-aligned cells (a spreadsheet's numbers), narrowed to end where the
 * first text that starts in it does: the cells' right edge is their column's border, so text
 * starting after it (a header name set flush left in the next column, as spreadsheets set text)
 * is the next column's, not centred between the two. Right alignment is told by the column's
 * cells in the table's fullest rows, this many at least, all ending at one x and starting at
 * different x.
 */
function afterRightAligned(gap: Extent, column: Column, lines: readonly TextLine[]): Extent {
  if (!isRightAligned(column)) return gap;
  // Note: item starts too, as a header's names set close together may be one run ("Gamma Delta").
  const starts = lines.flatMap((line) => line.runs.flatMap((run) => [run.x, ...(run.items ?? []).map((item) => item.x)]));
  const startsInGap = starts.filter((x) => x > gap.left && x < gap.right);
  return startsInGap.length > 0 ? { left: gap.left, right: Math.min(...startsInGap) } : gap;
}

/** The cells of a column in the table's fullest rows. */
const cellsOf = (column: Column): TextRun[] => [...column.lines].flatMap((line) => line.runs.filter((run) => run.x >= column.left - 1 && run.right <= column.right + 1));
const spread = (values: number[]): number => Math.max(...values) - Math.min(...values);

/** Whether a column's cells are right-aligned: `MINIMUM_RIGHT_ALIGNED_CELLS` at least, ending at one x, starting at different x. */
function isRightAligned(column: Column): boolean {
  if (commonEnd(column) === undefined) return false;
  const cells = cellsOf(column);
  const em = Math.min(...cells.map((cell) => cell.fontSize));
  return spread(cells.map((cell) => cell.x)) >= RAGGED_EM * em;
}

/** The x at which a column's cells all end (`MINIMUM_RIGHT_ALIGNED_CELLS` at least, within `ALIGNED_EM`), if they do. */
function commonEnd(column: Column): number | undefined {
  const cells = cellsOf(column);
  if (cells.length < MINIMUM_RIGHT_ALIGNED_CELLS) return undefined;
  const em = Math.min(...cells.map((cell) => cell.fontSize));
  const ends = cells.map((cell) => cell.right);
  return spread(ends) <= ALIGNED_EM * em ? Math.max(...ends) : undefined;
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
export function placeRuns(runs: readonly TextRun[], boundaries: readonly number[], gaps: readonly Extent[], tableLeft: number): Omit<PlacedLine, "line"> {
  const pieces = Array.from({ length: boundaries.length + 1 }, () => [] as TextRun[]);
  const cut = runs.flatMap((run) => cutAtGaps(run, gaps));
  for (const piece of cut) {
    const label = cut.length === 1 && Math.abs(piece.x - tableLeft) <= COLUMN_ALIGNMENT;
    pieces[label ? 0 : columnOf(piece, boundaries)]!.push(piece);
  }
  return { cells: pieces.map((column) => column.map(cellMarkdown)), pieces };
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

/** Whether an item ends where the cells of the column after a gap all end (its last words are that column's name). */
const endsOnEdge = (item: Pick<PdfTextItem, "right" | "fontSize">, gap: Extent): boolean => gap.columnEnd !== undefined && Math.abs(item.right - gap.columnEnd) <= ALIGNED_EM * item.fontSize;

export function cutAtGaps(run: TextRun, gaps: readonly Extent[]): TextRun[] {
  const crossed = gaps.filter((gap) => run.x < gap.left && run.right > gap.right);
  // Note: an item across a gap found inside items, one of numbers alone ("1,471,922 (1,735,388)"
  // in a bold totals row, set wider than the rows above) or a number and words ("$7,250 Pending"),
  // is cells the text layer joined; its words are where the run may be cut.
  const joinsCells = (item: PdfTextItem): boolean =>
    crossed.some((gap) => item.x < gap.left && item.right > gap.right && (gap.insideItems || isJoinedNumbers(item.text) || startsWithNumber(item.text) || endsOnEdge(item, gap)));
  const items = [...(run.items ?? [])].sort((a, b) => a.x - b.x).flatMap((item) => (joinsCells(item) ? itemWords(item) : [item]));
  if (crossed.length === 0 || items.length < 2) return [run];
  // Note: each column gap cuts the run at a word space that lies in it (or within half an em of
  // it, or around its middle); a run with no space there is a cell spanning columns and stays whole.
  const cuts = new Set<number>();
  for (const gap of crossed) {
    // Note: the name before the gap ends where the cells under it do, at its left side.
    const middle = endsOnEdge(run, gap) ? gap.left : (gap.left + gap.right) / 2;
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
