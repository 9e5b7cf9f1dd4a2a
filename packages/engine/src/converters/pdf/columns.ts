import { MAXIMUM_CROSSING_SHARE, MINIMUM_COLUMN_LINES, MINIMUM_PAGE_GUTTER_EM, PROSE_FILL, PROSE_GAP_EM, crosses, gapAt, isDefined, isLeftOf, mainTextSize, median, proseExtent, splitFootnotes, withRuns } from "./column-sides.js";
import type { Extent } from "./column-sides.js";
import { floatedBoxOrder } from "./floated-boxes.js";
import { readGridRows } from "./grid-rows.js";
import { isEnumerator, isOutlineMarker } from "./lists.js";
import { findColumnGutters, multiColumnOrder } from "./multi-columns.js";
import { SENTENCE_END, lineText } from "./model.js";
import { sharedLineBlocksOrder } from "./shared-line-blocks.js";
import type { Gutter, PageLayout, PdfTextItem, TextLine, TextRun } from "./model.js";

// Note: a gutter is looked for in the middle of the page only; layout columns further out are
// margins notes or tables, not a second column of prose.
const GUTTER_SEARCH = [0.3, 0.7] as const;
// Two sides of short lines are columns when fewer than this share of their lines share a baseline.
const UNPAIRED_SHARE = 0.5;
// Note: the lines of one side of a table's rows are set this many times further apart (at the
// median) than those of the other side, whose wrapped cells fill the space between.
const SPARSE_SIDE_PITCH = 1.8;

// Note: two blocks side by side are told by lines of both closer than a line apart, at least
// this many such pairs, the blocks at least this many ems apart,
const MINIMUM_INTERLEAVED_PAIRS = 2;
const SIDE_BY_SIDE_GAP_EM = 1;
// and the blocks' lines no further apart than this many ems.
const SIDE_BY_SIDE_LEADING_EM = 3;
// Text below two columns starts more than this many ems below the last line of each (a paragraph's
// gap is less); the left column ended at most this many ems below the right one.
const BELOW_COLUMNS_GAP_EM = 2;
const LEVEL_EM = 0.5;
// A paragraph's line under a box follows the line above it at most this many times the pitch of
// the lines beside the box.
const GOING_ON_PITCH = 1.2;

// Note: a label column (headings or captions in a narrow column beside the body text) is set
// apart from the body by at least this many ems,
const LABEL_GAP_EM = 2;
// is at most this share of the body's width,
const LABEL_WIDTH_SHARE = 0.6;
// and has at least this many label lines. The body has more lines than share a baseline with a
// label (where every line has a label and a value, the page is a table or a form), and its lines
// beside a label are prose, not cells set apart (a table whose one long cell wraps over many lines).
const MINIMUM_LABEL_LINES = 2;
const MINIMUM_BODY_LINES = 3;
const BODY_LINES_PER_LABEL = 1.5;
// The body's first run on a line may start this many ems left of the body's edge.
const BODY_EDGE_OVERHANG_EM = 0.5;
// Labels set this much larger than the body are side headings, which may be as wide as a narrow
// body; the other labels must be narrow.
const HEADING_LABEL_SCALE = 1.5;
// A label has a line of the body within this many ems (of the label) above or below it.
const LABEL_REACH_EM = 2;
// Lines of one label are set no further apart than this many ems.
const LABEL_LEADING_EM = 1.6;
// The body's line pitch is the gap between its lines at this rank (a share of them, smallest first).
const LINE_PITCH_RANK = 0.25;

/**
 * The page's lines in reading order. A box floated beside the text is read before the text beside
 * it (see floatedBoxOrder); on a page with a label column each label is read before the
 * body text beside it; on a two-column page the lines of each stretch between full-width lines
 * are read left column first, then right column.
 */
export function readingOrder(page: PageLayout): TextLine[] {
  const floated = floatedBoxOrder(page.lines, page.rulings.fills);
  if (floated !== undefined) return floated;
  const bodyX = findLabelColumn(page.lines);
  if (bodyX !== undefined) return labelColumnOrder(page.lines, bodyX);
  const band = page.gutter;
  if (band === undefined) return sharedLineBlocksOrder(sideBySideOrder(page.lines));
  if (band.xs.length > 1) return multiColumnOrder(page.lines, band.xs);
  const gutter = band.xs[0]!;
  const ordered: TextLine[] = [];
  let left: TextLine[] = [];
  let right: TextLine[] = [];
  const textSize = mainTextSize(page.lines);
  const flush = (atFoot = false): void => {
    // Note: the footnotes at the foot of a column are read after both columns, not after the left
    // one; small type closing a stretch higher up the page is a caption, read where it is.
    const [leftText, leftNotes] = atFoot ? splitFootnotes(left, textSize) : [left, []];
    const [rightText, rightNotes] = atFoot ? splitFootnotes(right, textSize) : [right, []];
    const grid = readGridRows([leftText, rightText]);
    const [leftColumn, below] = grid ? [grid, []] : splitBelowColumns(leftText, rightText);
    ordered.push(...leftColumn, ...(grid ? [] : rightText), ...below, ...leftNotes, ...rightNotes);
    left = [];
    right = [];
  };
  for (let index = 0; index < page.lines.length; index++) {
    const line = page.lines[index]!;
    // Note: only a title page sets names side by side above its columns; further on, a short line
    // centred in each column on one baseline is two columns' (a table's caption facing a heading).
    const acrossPage = page.pageIndex === 0 && left.length === 0 && right.length === 0 && isCentredPair(line, gutter, page.width);
    if (acrossPage || line.baseline < band.top || line.baseline > band.bottom || line.runs.some((run) => crosses(run, gutter))) {
      const goingOn = linesGoingOnUnder(left, right, page.lines, index);
      if (goingOn > 0) {
        ordered.push(...left, ...page.lines.slice(index, index + goingOn), ...right);
        [left, right] = [[], []];
        index += goingOn - 1;
        continue;
      }
      flush();
      ordered.push(line);
      continue;
    }
    const leftRuns = line.runs.filter((run) => isLeftOf(run, gutter));
    const rightRuns = line.runs.filter((run) => !isLeftOf(run, gutter));
    if (leftRuns.length > 0) left.push(withRuns(line, leftRuns));
    if (rightRuns.length > 0) right.push(withRuns(line, rightRuns));
  }
  flush(true);
  return ordered;
}

// Note: names set side by side on a title page ("A. Author    B. Writer"), above the columns,
// are one line across the page: each side far narrower than a column, the pair centred on the page.
const CENTRED_PAIR_SIDE_SHARE = 0.25;
const CENTRED_PAIR_OFFSET_SHARE = 0.05;

/** Whether a line holds two narrow sides, one each side of the gutter, centred on the page together. */
function isCentredPair(line: TextLine, gutter: number, pageWidth: number): boolean {
  const leftRuns = line.runs.filter((run) => isLeftOf(run, gutter));
  const rightRuns = line.runs.filter((run) => !isLeftOf(run, gutter));
  if (leftRuns.length === 0 || rightRuns.length === 0) return false;
  const narrow = (runs: readonly TextRun[]): boolean => runs.at(-1)!.right - runs[0]!.x <= CENTRED_PAIR_SIDE_SHARE * pageWidth;
  const centre = (leftRuns[0]!.x + rightRuns.at(-1)!.right) / 2;
  return narrow(leftRuns) && narrow(rightRuns) && Math.abs(centre - pageWidth / 2) <= CENTRED_PAIR_OFFSET_SHARE * pageWidth;
}

/** A line's em for the gaps between its runs: its smallest type, as a heading set large beside the text is measured by the text. */
const textEm = (line: TextLine): number => Math.min(...line.runs.map((run) => run.fontSize));

/**
 * The lines with two blocks set side by side (a caption beside a paragraph) read one block after
 * the other. Two lines closer than a line apart whose text does not overlap cannot be one block:
 * where a few such pairs share a gap, the lines around them that stay on one side of it, closely
 * set, are read left side first, then right side.
 */
function sideBySideOrder(lines: readonly TextLine[]): TextLine[] {
  const gaps: { left: number; right: number; index: number }[] = [];
  lines.forEach((line, index) => {
    const sidebar = sidebarBesideProse(line, lines[index - 1]);
    if (sidebar) gaps.push({ ...sidebar, index });
    const next = lines[index + 1];
    if (!next || next.pageIndex !== line.pageIndex || next.baseline - line.baseline >= Math.min(line.fontSize, next.fontSize)) return;
    const [left, right] = line.right < next.x ? [line, next] : next.right < line.x ? [next, line] : [];
    if (left && right && right.x - left.right >= SIDE_BY_SIDE_GAP_EM * Math.min(line.fontSize, next.fontSize)) gaps.push({ left: left.right, right: right.x, index });
  });
  if (gaps.length < MINIMUM_INTERLEAVED_PAIRS) return [...lines];
  const x = (Math.max(...gaps.map((gap) => gap.left)) + Math.min(...gaps.map((gap) => gap.right))) / 2;
  if (!gaps.every((gap) => gap.left < x && gap.right > x)) return [...lines];
  const staysOnOneSide = (line: TextLine | undefined, neighbour: TextLine): boolean =>
    line !== undefined &&
    line.pageIndex === neighbour.pageIndex &&
    !line.runs.some((run) => crosses(run, x)) &&
    Math.abs(line.baseline - neighbour.baseline) <= SIDE_BY_SIDE_LEADING_EM * neighbour.fontSize;
  let first = gaps[0]!.index;
  while (staysOnOneSide(lines[first - 1], lines[first]!)) first--;
  let last = gaps.at(-1)!.index + 1;
  while (staysOnOneSide(lines[last + 1], lines[last]!)) last++;
  const stretch = lines.slice(first, last + 1);
  // Note: lines of cells (more than one run on a side) make a table, whose cells are read by rows,
  // unless the other side is prose of its own beside the table (a table floated beside the text).
  const runsOn = (line: TextLine, left: boolean): number => line.runs.filter((run) => isLeftOf(run, x) === left).length;
  const isBlockLine = (line: TextLine): boolean => !line.runs.some((run) => crosses(run, x)) && runsOn(line, true) <= 1 && runsOn(line, false) <= 1;
  if (!stretch.every(isBlockLine) && !isProseBesideTable(stretch, x)) return [...lines];
  const side = (left: boolean): TextLine[] =>
    stretch
      .filter((line) => line.runs.some((run) => isLeftOf(run, x) === left))
      .map((line) => withRuns(line, line.runs.filter((run) => isLeftOf(run, x) === left)))
      .map((line, index) => (index === 0 ? { ...line, startsBlock: true } : line));
  const [left, right] = [side(true), side(false)];
  const under = last + 1 + linesGoingOnUnder(left, right, lines, last + 1);
  return [...lines.slice(0, first), ...left, ...lines.slice(last + 1, under), ...right, ...lines.slice(under)];
}

/**
 * The gap of a line that holds a paragraph's line and, on its baseline, a line of a sidebar floated
 * beside it: two runs apart, the left one going on from the line above (at its x, in its type,
 * mid-sentence or in lowercase) in regular type, the right one in another type (smaller, or bold).
 * Note: a table's row holds its cells in one type, or a bold stub before regular values; its first
 * cell does not run on from the line above.
 */
function sidebarBesideProse(line: TextLine, above: TextLine | undefined): { left: number; right: number } | undefined {
  if (line.runs.length !== 2 || !above || above.pageIndex !== line.pageIndex || above.runs.length > 2) return undefined;
  const [prose, sidebar] = line.runs as [TextRun, TextRun];
  const proseAbove = above.runs[0]!;
  if (sidebar.x - prose.right < SIDE_BY_SIDE_GAP_EM * prose.fontSize || prose.bold || Math.abs(proseAbove.x - prose.x) > LEVEL_EM * prose.fontSize) return undefined;
  // Note: a sidebar's line holds words; a number set apart (a contents entry's page) is no sidebar.
  if (!/\p{L}{2}/u.test(sidebar.text)) return undefined;
  // Note: the line above may hold a line of the sidebar too, right of the paragraph's line.
  if (above.runs.length === 2 && above.runs[1]!.x < prose.right) return undefined;
  const sameType = (a: TextRun, b: TextRun): boolean => Math.abs(a.fontSize - b.fontSize) < SIDEBAR_SIZE_STEP && a.bold === b.bold;
  const goesOn = !SENTENCE_END.test(proseAbove.text) || /^\p{Ll}/u.test(prose.text);
  const closeUnder = line.baseline - above.baseline <= SIDE_BY_SIDE_LEADING_EM * prose.fontSize;
  return goesOn && closeUnder && sameType(proseAbove, prose) && !sameType(prose, sidebar) ? { left: prose.right, right: sidebar.x } : undefined;
}

// A sidebar's type differs from the text's by this many points at least, or in weight.
const SIDEBAR_SIZE_STEP = 0.5;

// Note: prose beside a table has at least this many lines, this many characters long at the
// median; a table's label column, wrapped beside figures centred on it, is far narrower.
const PROSE_BESIDE_LINES = 5;
const PROSE_LINE_CHARACTERS = 40;

/**
 * Whether one side of the stretch is prose (a run a line, lines of a paragraph's length) and the
 * other a table (lines of cells): a table floated beside the text, read after the text.
 */
function isProseBesideTable(stretch: readonly TextLine[], x: number): boolean {
  const sideOf = (line: TextLine, left: boolean): TextRun[] => line.runs.filter((run) => isLeftOf(run, x) === left);
  return [true, false].some((left) => {
    const prose = stretch.map((line) => sideOf(line, left)).filter((runs) => runs.length > 0);
    const cells = stretch.map((line) => sideOf(line, !left)).filter((runs) => runs.length > 1);
    return prose.length >= PROSE_BESIDE_LINES && prose.every((runs) => runs.length === 1) && cells.length > 1 && median(prose.map((runs) => runs[0]!.text.length)) >= PROSE_LINE_CHARACTERS;
  });
}

/**
 * How many lines from `start` go on a paragraph that wraps around a box on its right (Word's square
 * wrapping of a text box or picture): the left side ends mid-sentence below the right side's end,
 * the right side is the narrower, and the lines go on under both at the left side's x and pitch
 * (across the page, under the box), up to the first wider gap. The box is read after them.
 */
function linesGoingOnUnder(left: readonly TextLine[], right: readonly TextLine[], lines: readonly TextLine[], start: number): number {
  const last = left.at(-1);
  const boxEnd = right.at(-1);
  if (last === undefined || boxEnd === undefined || left.length < 2 || SENTENCE_END.test(lineText(last))) return 0;
  const pitch = last.baseline - left.at(-2)!.baseline;
  const width = (side: readonly TextLine[]): number => Math.max(...side.map((line) => line.right)) - Math.min(...side.map((line) => line.x));
  if (boxEnd.baseline > last.baseline - pitch / 2 || width(right) >= width(left)) return 0;
  let previous = last;
  let count = 0;
  for (const line of lines.slice(start)) {
    const gap = line.baseline - previous.baseline;
    if (line.pageIndex !== last.pageIndex || Math.abs(line.x - last.x) > textEm(last) || gap <= 0 || gap > pitch * GOING_ON_PITCH) break;
    previous = line;
    count++;
  }
  return count;
}

/**
 * The left column's lines and the lines below both columns: those from the first that starts, after
 * a gap wider than a paragraph's, below the right column's last line, where the left column had
 * ended no lower than a line under the right one. Word and LibreOffice balance the columns of a
 * section that ends on the page; the next section (one column) starts below both, and its short
 * lines (a heading, a paragraph's last line) stay left of the gutter, but they are read after both
 * columns.
 */
function splitBelowColumns(left: readonly TextLine[], right: readonly TextLine[]): [TextLine[], TextLine[]] {
  const rightEnd = right.at(-1);
  if (rightEnd === undefined) return [[...left], []];
  const start = left.findIndex((line, index) => {
    const previous = left[index - 1];
    if (previous === undefined) return false;
    const em = Math.min(line.fontSize, previous.fontSize);
    // Note: balanced columns of an odd number of lines (as browsers set CSS columns) give the left
    // one a line more: it may end a line below the right one.
    const abovePrevious = left[index - 2];
    const pitch = abovePrevious ? previous.baseline - abovePrevious.baseline : 0;
    const extraLine = pitch > 0 && pitch <= BELOW_COLUMNS_GAP_EM * em ? pitch : 0;
    return (
      previous.baseline <= rightEnd.baseline + extraLine + LEVEL_EM * em &&
      line.baseline - rightEnd.baseline > BELOW_COLUMNS_GAP_EM * em &&
      line.baseline - previous.baseline > BELOW_COLUMNS_GAP_EM * em
    );
  });
  // Note: the next section's short lines under balanced columns are a few, fewer than the right
  // column's; more lines than that left of the gutter are the left column going on, under a float
  // at its top, beside a right column (a column's lines at least) that ends short (IEEE's last
  // page: only the references). Under a row of a header's items there is no column.
  if (start >= 0 && right.length >= MINIMUM_COLUMN_LINES && left.length - start > right.length) return [[...left], []];
  return start < 0 ? [[...left], []] : [left.slice(0, start), left.slice(start)];
}

/** The runs of a line left of the body's edge (a label) and from it on (the body). */
function splitAtBody(line: TextLine, bodyX: number): { label: TextRun[]; body: TextRun[]; crossing: boolean } {
  const gap = LABEL_GAP_EM * textEm(line);
  const label = line.runs.filter((run) => run.right <= bodyX - gap);
  // Note: a drop cap or hanging punctuation stands a little left of the body's edge.
  const body = line.runs.filter((run) => run.x >= bodyX - Math.max(2, BODY_EDGE_OVERHANG_EM * textEm(line)));
  return { label, body, crossing: label.length + body.length < line.runs.length };
}

/**
 * The x where the body text starts beside a label column, if the page has one: most lines (or
 * the part after a wide gap) start there, and the narrow text left of it does not run into it.
 */
export function findLabelColumn(lines: readonly TextLine[]): number | undefined {
  const starts = new Map<number, number>();
  for (const line of lines) {
    line.runs.forEach((run, index) => {
      const previous = line.runs[index - 1];
      if (previous && run.x - previous.right < LABEL_GAP_EM * textEm(line)) return;
      const x = Math.round(run.x);
      starts.set(x, (starts.get(x) ?? 0) + 1);
    });
  }
  const countNear = (x: number): number => [...starts].filter(([start]) => Math.abs(start - x) <= 2).reduce((sum, [, count]) => sum + count, 0);
  const bodyX = [...starts.keys()].sort((a, b) => countNear(b) - countNear(a) || a - b)[0];
  if (bodyX === undefined) return undefined;
  let labels = 0;
  let paired = 0;
  let bodies = 0;
  let crossings = 0;
  let cellRows = 0;
  const labelRuns: TextRun[] = [];
  let bodyRight = bodyX;
  const bodySizes: number[] = [];
  const splits = lines.map((line) => ({ line, ...splitAtBody(line, bodyX) }));
  const bodyBaselines = splits.filter((split) => split.body.length > 0).map((split) => split.line.baseline);
  // Note: a label sits beside the body; text alone above or below it (a page header) is no label.
  const isBesideBody = (line: TextLine, label: readonly TextRun[]): boolean => {
    const reach = LABEL_REACH_EM * Math.max(...label.map((run) => run.fontSize));
    return bodyBaselines.some((baseline) => Math.abs(baseline - line.baseline) <= reach);
  };
  const labelLines: TextLine[] = [];
  for (const { line, label, body, crossing } of splits) {
    if (crossing) crossings++;
    if (label.length > 0 && body.length > 0) paired++;
    if (label.length > 0 && hasCells(body, textEm(line))) cellRows++;
    if (label.length > 0 && isBesideBody(line, label)) {
      labels++;
      labelRuns.push(...label);
      labelLines.push(withRuns(line, label));
    }
    if (body.length > 0 && Math.abs(body[0]!.x - bodyX) <= 2) {
      bodies++;
      bodySizes.push(body[0]!.fontSize);
    }
    if (body.length > 0) bodyRight = Math.max(bodyRight, body.at(-1)!.right);
  }
  const isLabelColumn =
    labels >= MINIMUM_LABEL_LINES &&
    bodies >= Math.max(MINIMUM_BODY_LINES, paired * BODY_LINES_PER_LABEL) &&
    crossings * 4 <= lines.length &&
    cellRows * 2 <= paired &&
    isNarrow(labelRuns.filter((run) => run.fontSize < HEADING_LABEL_SCALE * median(bodySizes)), LABEL_WIDTH_SHARE * (bodyRight - bodyX)) &&
    !labelRuns.every(isHangingNumber) &&
    !cutsParagraph(labelLines, splits.filter((split) => split.body.length > 0).map((split) => withRuns(split.line, split.body)));
  return isLabelColumn ? bodyX : undefined;
}

/**
 * Whether a label would be read in the middle of a paragraph of the body: the body line it goes
 * before (the first set less than the label's size above its first line, or lower) goes on from
 * the body line above it, closely set, mid-sentence. Note: the labels of a label column head
 * blocks of the body (a CV's "Education"); a sidebar set beside the text does not, and is read as
 * a block of its own.
 */
function cutsParagraph(labelLines: readonly TextLine[], bodyLines: readonly TextLine[]): boolean {
  // Note: the pitch of the body's lines is among its smaller gaps; where most blocks are a line long
  // (a glossary), the median gap is the gap between blocks.
  const gaps = bodyLines.slice(1).map((line, index) => line.baseline - bodyLines[index]!.baseline).filter((gap) => gap > 0).sort((a, b) => a - b);
  const pitch = gaps[Math.floor(gaps.length * LINE_PITCH_RANK)] ?? 0;
  return labelLines.some((label, index) => {
    const above = labelLines[index - 1];
    if (above && label.baseline - above.baseline <= LABEL_LEADING_EM * label.fontSize) return false;
    const next = bodyLines.findIndex((line) => line.baseline > label.baseline - label.fontSize);
    const [previous, line] = [bodyLines[next - 1], bodyLines[next]];
    return previous !== undefined && line !== undefined && line.baseline - previous.baseline <= GOING_ON_PITCH * pitch && !SENTENCE_END.test(lineText(previous));
  });
}

/**
 * Whether a run is a number or a letter hung left of its line's text ("I.", "A.", "(b)", "2.1"),
 * as Word hangs the numbers of headings and items whose text is set at the body's indent. Note: a
 * column of nothing but such numbers labels no blocks: each is read with its line. (A bare number,
 * a pleading's line number, may be a label of its own.)
 */
const isHangingNumber = (run: TextRun): boolean => {
  const text = run.text.trim();
  return isOutlineMarker(text) || (isEnumerator(text) && !/^\d+$/u.test(text));
};

/** Whether runs span no more than `width` from the leftmost to the rightmost. */
const isNarrow = (runs: readonly TextRun[], width: number): boolean =>
  runs.length === 0 || Math.max(...runs.map((run) => run.right)) - Math.min(...runs.map((run) => run.x)) <= width;

/** Whether runs are cells set apart (a table row's cells after its first), not one phrase of prose. */
const hasCells = (runs: readonly TextRun[], fontSize: number): boolean =>
  runs.some((run, index) => index > 0 && run.x - runs[index - 1]!.right >= LABEL_GAP_EM * fontSize);

/**
 * Read a page with a label column: each label (one or more closely set lines), then the body
 * lines from its top down to the next label. A line that crosses into the body is read in place.
 */
function labelColumnOrder(lines: readonly TextLine[], bodyX: number): TextLine[] {
  const ordered: TextLine[] = [];
  let labels: TextLine[] = [];
  let body: TextLine[] = [];
  // Note: a label and the body beside it are blocks of their own, not the end of the body above.
  const startingBlock = (group: readonly TextLine[]): TextLine[] => group.map((line, index) => (index === 0 ? { ...line, startsBlock: true } : line));
  const flush = (): void => {
    ordered.push(...startingBlock(labels), ...(labels.length > 0 ? startingBlock(body) : body));
    labels = [];
    body = [];
  };
  for (const line of lines) {
    const { label, body: bodyRuns, crossing } = splitAtBody(line, bodyX);
    if (crossing) {
      flush();
      ordered.push(line);
      continue;
    }
    if (label.length > 0) {
      const labelLine = withRuns(line, label);
      const previous = labels.at(-1);
      if (!previous || line.baseline - previous.baseline > LABEL_LEADING_EM * labelLine.fontSize) {
        // Note: body lines set a little above the label's first baseline are beside it, not before it.
        const beside = body.filter((bodyLine) => bodyLine.baseline > line.baseline - labelLine.fontSize);
        body = body.filter((bodyLine) => !beside.includes(bodyLine));
        flush();
        body = beside;
      }
      labels.push(labelLine);
    }
    if (bodyRuns.length > 0) body.push(withRuns(line, bodyRuns));
  }
  flush();
  return ordered;
}

/**
 * The gaps between columns of prose, if the page has several: three or four columns, or else two,
 * a vertical strip in the middle of the page that few lines cross, with lines on both sides that
 * fill their column. Where that fails (a chart or table across the page), a stretch of the page
 * set in two columns.
 */
export function findGutter(groups: readonly PdfTextItem[][], pageWidth: number, previous?: Gutter): Gutter | undefined {
  const several = findColumnGutters(groups);
  if (several !== undefined) return { xs: several, top: -Infinity, bottom: Infinity };
  const pageWide = (x: number | undefined): Gutter | undefined => (x !== undefined ? { xs: [x], top: -Infinity, bottom: Infinity } : undefined);
  // Note: a gutter narrower than an em (see NARROW_GUTTER_EM) is taken page-wide only where no band
  // of columns is found, as text across the page under two columns leaves none.
  return (
    pageWide(findPageGutter(groups, pageWidth)) ??
    findGutterBand(groups, pageWidth) ??
    pageWide(findPageGutter(groups, pageWidth, true)) ??
    pageWide(previousGutterGoingOn(groups, previous))
  );
}

/**
 * The page-wide gutter of the page before, where this page holds too few lines to show its own
 * (the last page of two columns: a line or two of each, then the references across the page): a
 * line with prose on each side of it, far enough apart, and few lines across it.
 */
function previousGutterGoingOn(groups: readonly PdfTextItem[][], previous: Gutter | undefined): number | undefined {
  if (previous?.xs.length !== 1 || previous.top !== -Infinity || groups.length >= MINIMUM_COLUMN_LINES * 2) return undefined;
  const x = previous.xs[0]!;
  const characters = (items: readonly PdfTextItem[]): number => items.reduce((sum, item) => sum + item.text.trim().length, 0);
  const isProseEachSide = (group: readonly PdfTextItem[]): boolean =>
    gapAt(group, x) >= MINIMUM_PAGE_GUTTER_EM &&
    characters(group.filter((item) => isLeftOf(item, x))) >= PROSE_SIDE_CHARACTERS &&
    characters(group.filter((item) => !isLeftOf(item, x))) >= PROSE_SIDE_CHARACTERS;
  const crossing = groups.filter((group) => group.some((item) => crosses(item, x))).length;
  return crossing <= groups.length * MAXIMUM_CROSSING_SHARE && groups.some((group) => !group.some((item) => crosses(item, x)) && isProseEachSide(group)) ? x : undefined;
}

function findPageGutter(groups: readonly PdfTextItem[][], pageWidth: number, narrow = false): number | undefined {
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
  // Note: the gap where a line has text on both sides is the gutter's width; narrower, it is a
  // word space of justified text that happens to line up, on a page of one column, unless both
  // columns are edged by it (see NARROW_GUTTER_EM).
  const narrowestGap = Math.min(...sides.map((group) => gapAt(group, gutter)));
  if (narrowestGap < MINIMUM_PAGE_GUTTER_EM && !(narrow && narrowestGap >= NARROW_GUTTER_EM && isEdgedByColumns(sides, gutter))) return undefined;
  const leftExtents = sides.map((group) => proseExtent(group.filter((item) => isLeftOf(item, gutter)))).filter(isDefined);
  const rightExtents = sides.map((group) => proseExtent(group.filter((item) => !isLeftOf(item, gutter)))).filter(isDefined);
  if (leftExtents.length < MINIMUM_COLUMN_LINES || rightExtents.length < MINIMUM_COLUMN_LINES) return undefined;
  // Note: a side with no prose at all (every line of it table cells set apart, or figures) has no
  // width to fill: it is no column of prose.
  const isProse = (extents: Extent[], width: number): boolean => width > 0 && median(extents.map((e) => e.right - e.left)) >= PROSE_FILL * width;
  const width = (extents: Extent[]): number => Math.max(...extents.map((e) => e.right)) - Math.min(...extents.map((e) => e.left));
  // Note: a right side set flush right, ragged on the left, is blocks at the right margin (a
  // letter's address, date and signature), read where they stand, not a column; unless the left
  // side is set so too (two columns of right-to-left text).
  if (isFlushRight(rightExtents) && !isFlushRight(leftExtents)) return undefined;
  const interleaved = isSparseBeside(sides, gutter);
  if (isProse(leftExtents, width(leftExtents)) && isProse(rightExtents, width(rightExtents)) && !interleaved) return gutter;
  // Note: columns of short lines (questionnaires, lists) are told from tables and forms by their
  // lines: the two sides of a table row share a baseline, two columns mostly do not.
  const paired = sides.filter((group) => group.some((item) => isLeftOf(item, gutter)) && group.some((item) => !isLeftOf(item, gutter))).length;
  return paired < UNPAIRED_SHARE * Math.min(leftExtents.length, rightExtents.length) ? gutter : undefined;
}

// Note: a gutter may be narrower than MINIMUM_PAGE_GUTTER_EM (KOMA-Script sets two columns of 11 pt
// type 10 pt apart), down to this many ems, where both columns are edged by it: this share of the
// lines left of it end within this many points of one edge (justified), and this share of those
// right of it start within as much of one edge. Word spaces of one column that happen to line up
// end and start their lines anywhere in the gap.
const NARROW_GUTTER_EM = 0.6;
const GUTTER_EDGE_SHARE = 0.6;
const GUTTER_EDGE_POINTS = 1;

/** Whether most lines left of the gutter end at one edge, and most right of it start at one. */
function isEdgedByColumns(groups: readonly PdfTextItem[][], gutter: number): boolean {
  const ends = groups.map((group) => group.filter((item) => isLeftOf(item, gutter)).at(-1)?.right).filter(isDefined);
  const starts = groups.map((group) => group.find((item) => !isLeftOf(item, gutter))?.x).filter(isDefined);
  return mostAtOneEdge(ends) && mostAtOneEdge(starts);
}

/** Whether GUTTER_EDGE_SHARE of the values lie within GUTTER_EDGE_POINTS of one of them. */
function mostAtOneEdge(values: readonly number[]): boolean {
  const near = (edge: number): number => values.filter((value) => Math.abs(value - edge) <= GUTTER_EDGE_POINTS).length;
  return values.length > 0 && Math.max(...values.map(near)) >= GUTTER_EDGE_SHARE * values.length;
}

// Note: lines set flush right end within this many points of one another; set ragged on the
// left, no more than this share of them start within this many points of one another (a column's
// lines nearly all start together).
const FLUSH_RIGHT_TOLERANCE = 1;
const FLUSH_RIGHT_SHARE = 0.8;
const RAGGED_LEFT_POINTS = 2;
const RAGGED_LEFT_SHARE = 0.5;

/** Whether the lines of a side are set flush right: most end at one edge, not half of them start at one. */
function isFlushRight(extents: readonly Extent[]): boolean {
  const edge = Math.max(...extents.map((extent) => extent.right));
  const atEdge = extents.filter((extent) => edge - extent.right <= FLUSH_RIGHT_TOLERANCE).length;
  const startingTogether = Math.max(...extents.map((extent) => extents.filter((other) => Math.abs(other.left - extent.left) <= RAGGED_LEFT_POINTS).length));
  return atEdge >= FLUSH_RIGHT_SHARE * extents.length && startingTogether <= RAGGED_LEFT_SHARE * extents.length;
}

/**
 * Whether the lines on one side of a gutter are set far further apart than those on the other,
 * which fill the space between them: the first columns of a table whose wrapped cells (a long
 * description) take several lines beside each row's one line, not a second column of prose (whose
 * lines follow each other at its leading, paragraph after paragraph).
 */
function isSparseBeside(groups: readonly PdfTextItem[][], gutter: number): boolean {
  const pitch = (left: boolean): number => {
    const baselines = groups.filter((group) => group.some((item) => isLeftOf(item, gutter) === left)).map((group) => group[0]!.baseline);
    return median(baselines.slice(1).map((baseline, index) => baseline - baselines[index]!));
  };
  const [left, right] = [pitch(true), pitch(false)];
  return Math.max(left, right) >= SPARSE_SIDE_PITCH * Math.min(left, right);
}

// Note: a side of a line with this many characters is prose, not a table cell or a chart label.
const PROSE_SIDE_CHARACTERS = 15;
// The gap between two columns is at least this many ems wide.
const MINIMUM_GUTTER_EM = 0.5;
// Within a stretch set in two columns, at most this share of the lines run across the gutter.
const MAXIMUM_BAND_CROSSING_SHARE = 0.2;
// Lines of one stretch of text are no further apart than this many ems.
const BAND_LEADING_EM = 2.5;
// A column's lines start within this many points of its edge.
const COLUMN_EDGE_POINTS = 1;

/**
 * Two columns on part of a page only: at least a few lines hold prose on both sides of a gap,
 * the gaps line up, and the lines between them stay off it. The stretch goes on above and below
 * while lines follow closely and stay off the gutter.
 */
function findGutterBand(groups: readonly PdfTextItem[][], pageWidth: number): Gutter | undefined {
  const gaps: { left: number; right: number; group: number }[] = [];
  groups.forEach((group, index) => {
    const characters = group.map((item) => item.text.trim().length);
    const total = characters.reduce((sum, count) => sum + count, 0);
    // Note: the sides of a line of two columns are prose, words close together; a line with
    // cells set apart (a table row, a form) has a second wide gap.
    const wideGaps = group.filter((item, position) => position > 0 && item.x - group[position - 1]!.right > PROSE_GAP_EM * item.fontSize).length;
    let before = 0;
    group.forEach((item, position) => {
      const previous = group[position - 1];
      const gap = previous ? item.x - previous.right : 0;
      const otherWideGaps = wideGaps - (gap > PROSE_GAP_EM * item.fontSize ? 1 : 0);
      if (previous && gap >= MINIMUM_GUTTER_EM * item.fontSize && otherWideGaps === 0 && before >= PROSE_SIDE_CHARACTERS && total - before >= PROSE_SIDE_CHARACTERS) {
        gaps.push({ left: previous.right, right: item.x, group: index });
      }
      before += characters[position]!;
    });
  });
  if (gaps.length < MINIMUM_COLUMN_LINES) return undefined;
  let best = { x: 0, count: 0 };
  for (let x = Math.round(pageWidth * GUTTER_SEARCH[0]); x <= pageWidth * GUTTER_SEARCH[1]; x++) {
    const count = new Set(gaps.filter((gap) => gap.left < x && gap.right > x).map((gap) => gap.group)).size;
    if (count > best.count) best = { x, count };
  }
  if (best.count < MINIMUM_COLUMN_LINES) return undefined;
  const supporting = gaps.filter((gap) => gap.left < best.x && gap.right > best.x);
  const x = (Math.max(...supporting.map((gap) => gap.left)) + Math.min(...supporting.map((gap) => gap.right))) / 2;
  const crosses = (group: readonly PdfTextItem[] | undefined): boolean => group?.some((item) => item.x < x - 1 && item.right > x + 1) ?? true;
  const first = supporting[0]!.group;
  const last = supporting.at(-1)!.group;
  const crossing = groups.slice(first, last + 1).filter((group) => crosses(group)).length;
  if (crossing > (last - first + 1) * MAXIMUM_BAND_CROSSING_SHARE) return undefined;
  const follows = (group: readonly PdfTextItem[] | undefined, neighbour: readonly PdfTextItem[]): boolean =>
    group !== undefined && !crosses(group) && Math.abs(group[0]!.baseline - neighbour[0]!.baseline) <= BAND_LEADING_EM * group[0]!.fontSize;
  // Note: the right column's first lines stand over the band where a float heads the left column
  // (LaTeX's figure at the top of a column): lines right of the gutter alone, starting at the right
  // column's edge, however far above.
  const rightEdge = Math.min(...supporting.map((gap) => gap.right));
  const startsRightColumn = (group: readonly PdfTextItem[] | undefined): boolean =>
    group !== undefined && group.every((item) => !isLeftOf(item, x)) && Math.abs(group[0]!.x - rightEdge) <= COLUMN_EDGE_POINTS;
  let top = first;
  while (follows(groups[top - 1], groups[top]!) || startsRightColumn(groups[top - 1])) top--;
  let bottom = last;
  while (follows(groups[bottom + 1], groups[bottom]!)) bottom++;
  return { xs: [x], top: groups[top]![0]!.baseline - 2, bottom: groups[bottom]![0]!.baseline + 2 };
}

