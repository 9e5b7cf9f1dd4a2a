import type { PageLayout, PdfTextItem, TextLine, TextRun } from "./model.js";

// Note: a gutter is looked for in the middle of the page only; layout columns further out are
// margins notes or tables, not a second column of prose.
const GUTTER_SEARCH = [0.3, 0.7] as const;
// Lines on each side of the gutter must be at least this many.
const MINIMUM_COLUMN_LINES = 5;
// Prose fills its column: the median run is at least this share of the column width.
const PROSE_FILL = 0.55;
// Two sides of short lines are columns when fewer than this share of their lines share a baseline.
const UNPAIRED_SHARE = 0.5;
// Words in a line of prose are never further apart than this many ems.
const PROSE_GAP_EM = 2;
// At most this share of the page's lines may cross the gutter (titles, wide figures, tables).
const MAXIMUM_CROSSING_SHARE = 0.35;

/**
 * The page's lines in reading order. On a two-column page the lines of each stretch between
 * full-width lines are read left column first, then right column.
 */
export function readingOrder(page: PageLayout): TextLine[] {
  const { gutter } = page;
  if (gutter === undefined) return page.lines;
  const ordered: TextLine[] = [];
  let left: TextLine[] = [];
  let right: TextLine[] = [];
  const flush = (): void => {
    ordered.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const line of page.lines) {
    if (line.runs.some((run) => crosses(run, gutter))) {
      flush();
      ordered.push(line);
      continue;
    }
    const leftRuns = line.runs.filter((run) => run.right <= gutter);
    const rightRuns = line.runs.filter((run) => run.x >= gutter);
    if (leftRuns.length > 0) left.push(withRuns(line, leftRuns));
    if (rightRuns.length > 0) right.push(withRuns(line, rightRuns));
  }
  flush();
  return ordered;
}

const crosses = (run: TextRun, x: number): boolean => run.x < x - 1 && run.right > x + 1;

/** The line with only some of its runs, its extent and style measured again. */
export function withRuns(line: TextLine, runs: TextRun[]): TextLine {
  if (runs.length === line.runs.length) return line;
  return {
    ...line,
    runs,
    x: Math.min(...runs.map((run) => run.x)),
    right: Math.max(...runs.map((run) => run.right)),
    // Note: the other column's text on this baseline may be set in another size (a footnote).
    fontSize: runs.reduce((longest, run) => (run.text.length > longest.text.length ? run : longest)).fontSize,
    bold: runs.every((run) => run.bold),
    italic: runs.every((run) => run.italic),
    monospace: runs.every((run) => run.monospace),
  };
}

/**
 * The x of the gap between two columns of prose, if the page has two: a vertical strip in the
 * middle of the page that few lines cross, with lines on both sides that fill their column.
 */
export function findGutter(groups: readonly PdfTextItem[][], pageWidth: number): number | undefined {
  if (groups.length < MINIMUM_COLUMN_LINES * 2) return undefined;
  const crossesAt = (group: readonly PdfTextItem[], x: number): boolean => group.some((item) => item.x < x - 1 && item.right > x + 1);
  let best: { x: number; crossing: number } | undefined;
  let bestEnd = 0;
  for (let x = Math.round(pageWidth * GUTTER_SEARCH[0]); x <= pageWidth * GUTTER_SEARCH[1]; x += 1) {
    const crossing = groups.filter((group) => crossesAt(group, x)).length;
    if (best === undefined || crossing < best.crossing) {
      best = { x, crossing };
      bestEnd = x;
    } else if (crossing === best.crossing && bestEnd === x - 1) {
      bestEnd = x;
    }
  }
  if (best === undefined || best.crossing > groups.length * MAXIMUM_CROSSING_SHARE) return undefined;
  const gutter = (best.x + bestEnd) / 2;
  const sides = groups.filter((group) => !crossesAt(group, gutter));
  const leftExtents = sides.map((group) => proseExtent(group.filter((item) => item.right <= gutter))).filter(isDefined);
  const rightExtents = sides.map((group) => proseExtent(group.filter((item) => item.x >= gutter))).filter(isDefined);
  if (leftExtents.length < MINIMUM_COLUMN_LINES || rightExtents.length < MINIMUM_COLUMN_LINES) return undefined;
  const isProse = (extents: Extent[], width: number): boolean => median(extents.map((e) => e.right - e.left)) >= PROSE_FILL * width;
  const width = (extents: Extent[]): number => Math.max(...extents.map((e) => e.right)) - Math.min(...extents.map((e) => e.left));
  if (isProse(leftExtents, width(leftExtents)) && isProse(rightExtents, width(rightExtents))) return gutter;
  // Note: columns of short lines (questionnaires, lists) are told from tables and forms by their
  // lines: the two sides of a table row share a baseline, two columns mostly do not.
  const paired = sides.filter((group) => group.some((item) => item.right <= gutter) && group.some((item) => item.x >= gutter)).length;
  return paired < UNPAIRED_SHARE * Math.min(leftExtents.length, rightExtents.length) ? gutter : undefined;
}

interface Extent {
  left: number;
  right: number;
}

/** The extent of one side of a line; a side with a wide gap inside (table cells) has no width as prose. */
function proseExtent(items: readonly PdfTextItem[]): Extent | undefined {
  if (items.length === 0) return undefined;
  const left = items[0]!.x;
  // Note: the gap after a list marker ("•", "1.") is not a gap between cells.
  const hasWideGap = items.some(
    (item, index) => index > 1 && item.x - items[index - 1]!.right > PROSE_GAP_EM * item.fontSize,
  ) || (items.length > 1 && items[0]!.text.trim().length > 3 && items[1]!.x - items[0]!.right > PROSE_GAP_EM * items[1]!.fontSize);
  return { left, right: hasWideGap ? left : Math.max(...items.map((item) => item.right)) };
}

const isDefined = <T>(value: T | undefined): value is T => value !== undefined;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
