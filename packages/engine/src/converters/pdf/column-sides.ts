import type { PdfTextItem, TextLine, TextRun } from "./model.js";

// What a line holds on each side of a gutter between layout columns, shared by the finders of two
// columns (columns.ts) and of three or more (multi-columns.ts).

// Words in a line of prose are never further apart than this many ems.
export const PROSE_GAP_EM = 2;
// A column has at least this many lines, and its prose fills it: the median line is at least this
// share of the column's width.
export const MINIMUM_COLUMN_LINES = 5;
export const PROSE_FILL = 0.55;
// Where a line has text on both sides of a gutter, the gap between them is at least this many ems.
// Note: LaTeX sets its columns 10 pt apart, a hair under one em of 10 pt text (its points are
// 1/72.27 in, a PDF's 1/72 in); narrower, the gap is word spaces of justified text that line up.
export const MINIMUM_PAGE_GUTTER_EM = 0.95;
// At most this share of the page's lines may cross a gutter (titles, wide figures, tables).
export const MAXIMUM_CROSSING_SHARE = 0.35;
// Footnotes are set at most this share of the size of the page's text.
const FOOTNOTE_SCALE = 0.9;

/** The size most of the page's text is set in. */
export function mainTextSize(lines: readonly TextLine[]): number {
  const characters = new Map<number, number>();
  for (const run of lines.flatMap((line) => line.runs)) characters.set(run.fontSize, (characters.get(run.fontSize) ?? 0) + run.text.length);
  return [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/** A column's lines and the footnotes at its foot: the last lines, all set smaller than the page's text. */
export function splitFootnotes(lines: readonly TextLine[], textSize: number): [TextLine[], TextLine[]] {
  let start = lines.length;
  while (start > 0 && lines[start - 1]!.runs.every((run) => run.fontSize <= FOOTNOTE_SCALE * textSize)) start--;
  // Note: a column set in small type throughout has no footnotes to set apart.
  return start === 0 ? [[...lines], []] : [lines.slice(0, start), lines.slice(start)];
}

export const crosses = (run: { x: number; right: number }, x: number): boolean => run.x < x - 1 && run.right > x + 1;

/**
 * Which side of the gutter a run that does not cross it is on, by its centre. Note: a run may
 * reach a point into the gutter (the gutter is the middle of the emptiest strip, which the run's
 * edge can overhang); judged by its centre, it goes to one column or the other, never neither.
 */
export const isLeftOf = (run: { x: number; right: number }, gutter: number): boolean => run.x + run.right < 2 * gutter;

/** The line with only some of its runs, its extent and style measured again. */
export function withRuns(line: TextLine, runs: TextRun[]): TextLine {
  if (runs.length === line.runs.length) return line;
  const longest = runs.reduce((longest, run) => (run.text.length > longest.text.length ? run : longest));
  return {
    ...line,
    runs,
    x: Math.min(...runs.map((run) => run.x)),
    right: Math.max(...runs.map((run) => run.right)),
    // Note: the other column's text on this baseline may be set in another size (a footnote), a
    // little above or below it (a large heading beside the text).
    fontSize: longest.fontSize,
    baseline: widestItem(runs)?.baseline ?? line.baseline,
    bold: runs.every((run) => run.bold),
    italic: runs.every((run) => run.italic),
    monospace: runs.every((run) => run.monospace),
  };
}

const widestItem = (runs: readonly TextRun[]): PdfTextItem | undefined =>
  runs.flatMap((run) => run.items ?? []).reduce<PdfTextItem | undefined>((widest, item) => (widest && widest.right - widest.x >= item.right - item.x ? widest : item), undefined);

/** The gap, in ems, between the text of a line left of `x` and right of it; Infinity where one side is empty. */
export function gapAt(group: readonly PdfTextItem[], x: number): number {
  const lastLeft = group.filter((item) => isLeftOf(item, x)).at(-1);
  const firstRight = group.find((item) => !isLeftOf(item, x));
  // Note: in ems of the smaller type, the body text's where a heading in one column faces it in the other.
  return lastLeft && firstRight ? (firstRight.x - lastLeft.right) / Math.min(lastLeft.fontSize, firstRight.fontSize) : Infinity;
}

export interface Extent {
  left: number;
  right: number;
}

/**
 * The extent of one side of a line; a side with a wide gap inside (table cells) or without a word
 * (page numbers of a table of contents, figures) has no width as prose.
 */
export function proseExtent(items: readonly PdfTextItem[]): Extent | undefined {
  if (items.length === 0) return undefined;
  const left = items[0]!.x;
  if (!items.some((item) => /\p{L}{2}/u.test(item.text))) return { left, right: left };
  // Note: the gap after a list marker ("•", "1.") is not a gap between cells.
  const hasWideGap = items.some(
    (item, index) => index > 1 && item.x - items[index - 1]!.right > PROSE_GAP_EM * item.fontSize,
  ) || (items.length > 1 && items[0]!.text.trim().length > 3 && items[1]!.x - items[0]!.right > PROSE_GAP_EM * items[1]!.fontSize);
  return { left, right: hasWideGap ? left : Math.max(...items.map((item) => item.right)) };
}

export const isDefined = <T>(value: T | undefined): value is T => value !== undefined;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
