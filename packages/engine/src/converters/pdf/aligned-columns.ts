import { isBareListMarker } from "./lists.js";
import type { PdfTextItem } from "./model.js";

// Note: a gap narrower than a run break (RUN_GAP_EM in lines.ts) but at least this many ems wide is
// more than a word space; it is a column gap where a line nearby starts a run at the same x.
const NARROW_COLUMN_GAP_EM = 0.5;
// Note: figures side by side (a timetable's times, counts) may be set less than half an em apart;
// between two of them, a gap this many ems wide is wider than a word space (a quarter em).
const FIGURE_GAP_EM = 0.35;
const FIGURE = /^[\d.,:]+$/u;
// Items start at one x, within this many points, when they are set at one column's left edge.
const SAME_X = 1;
// Lines nearby are at most this many ems (of the line's type) above or below it.
const NEARBY_EM = 6;
// A gap inside a run is a column gap, with no run to show it, when this many lines nearby have one at its x.
const SHARED_GAP_LINES = 2;

/**
 * Lines (each its runs, each run its items left to right) with runs cut at a gap wider than a word
 * space where a line nearby starts a run at the x the next item starts, or ends a run at the x the
 * item before ends (a column of figures set flush right). Note: browsers lay out HTML tables with
 * little space between columns (a few pixels of padding and border spacing), so a row whose cells
 * are each their column's widest reads as one run; the rows around it, with a wide gap somewhere,
 * show where its columns start and end. A column of figures of one width before a column set flush
 * left leaves the same narrow gap in every row: where two more lines nearby have a gap at the same
 * x, it is a column gap too (word spaces of prose do not line up down three lines). Where a
 * column's text runs up to the next column (a slide's two columns of text set close), an item that
 * starts where two lines nearby start a run is cut there, however narrow the gap before it.
 */
export function splitAtAlignedColumns(lines: readonly PdfTextItem[][][]): PdfTextItem[][][] {
  const edges = lines.map((runs) => ({
    baseline: runs[0]?.[0]?.baseline ?? 0,
    starts: runs.slice(1).map((run) => run[0]!.x),
    ends: runs.map((run) => run.at(-1)!.right),
    // Note: the gap after a line's first item is left out: markers of a list (bullets, numbers) line
    // up down the page with their text one gap to their right.
    gaps: runs.flatMap((run, runIndex) => run.slice(1).filter((item, index) => (runIndex > 0 || index > 0) && isGapBetweenCells(run[index]!, item)).map((item) => item.x)),
  }));
  return lines.map((runs, lineIndex) => {
    const first = runs[0]?.[0];
    if (!first) return runs;
    const reach = NEARBY_EM * first.fontSize;
    const nearby = edges.filter((other, otherIndex) => otherIndex !== lineIndex && Math.abs(other.baseline - first.baseline) <= reach);
    const startsColumn = (item: PdfTextItem): boolean => nearby.some((other) => other.starts.some((x) => Math.abs(x - item.x) <= SAME_X));
    const endsColumn = (item: PdfTextItem): boolean => nearby.some((other) => other.ends.some((x) => Math.abs(x - item.right) <= SAME_X));
    const sharesGap = (item: PdfTextItem): boolean => nearby.filter((other) => other.gaps.some((x) => Math.abs(x - item.x) <= SAME_X)).length >= SHARED_GAP_LINES;
    const startsColumnOfMany = (item: PdfTextItem): boolean => nearby.filter((other) => other.starts.some((x) => Math.abs(x - item.x) <= SAME_X)).length >= SHARED_GAP_LINES;
    return runs.flatMap((run) => {
      const pieces: PdfTextItem[][] = [[run[0]!]];
      for (const item of run.slice(1)) {
        const previous = pieces.at(-1)!.at(-1)!;
        // Note: a list's markers line up down the page with their text one gap to their right, in
        // a second column of lists as in the first; a marker stays with its text.
        const cut = isBareListMarker(previous.text)
          ? false
          : isGapBetweenCells(previous, item)
            ? startsColumn(item) || endsColumn(previous) || sharesGap(item)
            : item.x > previous.right && startsColumnOfMany(item);
        if (cut) pieces.push([item]);
        else pieces.at(-1)!.push(item);
      }
      return pieces;
    });
  });
}

/** Whether the gap between two items is wider than a word space, as between two cells: between two figures, by less. */
function isGapBetweenCells(previous: PdfTextItem, item: PdfTextItem): boolean {
  const figures = FIGURE.test(previous.text.trim()) && FIGURE.test(item.text.trim());
  return item.x - previous.right >= (figures ? FIGURE_GAP_EM : NARROW_COLUMN_GAP_EM) * item.fontSize;
}
