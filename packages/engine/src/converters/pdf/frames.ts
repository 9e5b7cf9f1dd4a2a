import type { TextLine } from "./model.js";
import type { FilledBox, HorizontalRule, Rulings, VerticalRule } from "./rules.js";

/** A box drawn by crossing rules: a ruled table's outline and the rules inside it, in page coordinates. */
export interface TableFrame {
  left: number;
  top: number;
  right: number;
  bottom: number;
  horizontal: HorizontalRule[];
  vertical: VerticalRule[];
}

// Rules of a booktabs table are at most this many points apart (a taller gap is two tables).
const MAXIMUM_RULE_SPACING = 400;
// Note: pages drawn with tens of thousands of rules (hatching, charts) are not searched for boxes.
const MAXIMUM_CROSSINGS = 1_000_000;
// Note: rules that end within this many points of another rule touch it (borders rarely meet
// exactly; some tables leave a gap of a few points where cell borders would cross).
const TOUCH = 6;
// Note: a chart draws four or more grid lines at one spacing, within this share of it.
const MINIMUM_GRID_LINES = 4;
const GRID_SPACING_SHARE = 0.1;
// A table's first cell starts at most this many ems right of the rules' left end (its padding).
const ROW_START_EM = 2;
// Note: two tables set one under the other this close are drawn as one box (their outer borders
// joined end to end, or touching the other's rules); a space this thin between two rules holds no
// row of text.
const SEAM_GAP = TOUCH;
// Note: rules less than this many points apart are drawn on one line (a row's borders broken by a
// cell spanning rows), not one under the other.
const ONE_LINE = 1;
// A table cut from a box at a seam has a top and a bottom border and a rule between two rows at least.
const MINIMUM_GRID_PART_RULES = 3;

/**
 * The ruled regions of a page: boxes (groups of horizontal and vertical rules that cross or touch
 * each other) and stacks of horizontal rules. Whether a region is a table (several cells with
 * text) is decided with the text, later; the page's `lines` tell a chart's grid from a table ruled
 * under every row. Rules `isSectionRule` marks (a heading's underline) do not stack: a stack of
 * them frames the page's sections, not a table.
 */
export function findTableFrames(rulings: Rulings, lines: readonly TextLine[], isSectionRule: (rule: HorizontalRule) => boolean = () => false): TableFrame[] {
  const boxes = findBoxes(rulings)
    .flatMap(splitAtSeams)
    .map((box) => withFilledHeader(box, rulings.fills));
  const boxed = new Set(boxes.flatMap((box) => box.horizontal));
  return [...boxes, ...findRuledStacks(rulings.horizontal.filter((rule) => !boxed.has(rule) && !isSectionRule(rule)), lines)];
}

/**
 * Tables ruled with horizontal lines only (as LaTeX's booktabs sets them): two or more rules of
 * one width, one above the other, and the shorter rules between them (under a spanning header).
 */
function findRuledStacks(horizontal: readonly HorizontalRule[], lines: readonly TextLine[]): TableFrame[] {
  const stacks: HorizontalRule[][] = [];
  for (const rule of [...horizontal].sort((a, b) => a.y - b.y)) {
    const stack = stacks.find((candidate) => {
      const last = candidate.at(-1)!;
      return Math.abs(last.left - rule.left) <= TOUCH && Math.abs(last.right - rule.right) <= TOUCH && rule.y - last.y <= MAXIMUM_RULE_SPACING;
    });
    if (stack) stack.push(rule);
    else stacks.push([rule]);
  }
  return stacks
    .filter((stack) => stack.length >= 2 && !isChartGrid(stack, lines))
    .map((stack) => {
      const top = stack[0]!.y;
      const bottom = stack.at(-1)!.y;
      const left = stack[0]!.left;
      const right = stack[0]!.right;
      const inner = horizontal.filter((rule) => rule.y > top && rule.y < bottom && rule.left >= left - TOUCH && rule.right <= right + TOUCH);
      return { left, top, right, bottom, horizontal: [...new Set([...stack, ...inner])], vertical: [] };
    });
}

/**
 * Whether stacked rules are a chart's grid lines: four or more at one spacing, with no row of
 * cells between them. Note: a table's rules sit where its header and body end, at spacings that
 * differ, unless it is ruled under every row; then most spaces between its rules hold a row: text
 * in two places at least within the rules' width, the first where the rules start (its first
 * cell, inside the cell's padding). A chart's grid holds no text, or text at its axes only (a
 * value at one end of each grid line, the labels under the last), or its bars' values, which
 * stand over the bars, away from the axis.
 */
function isChartGrid(stack: readonly HorizontalRule[], lines: readonly TextLine[]): boolean {
  if (stack.length < MINIMUM_GRID_LINES) return false;
  const spacings = stack.slice(1).map((rule, index) => rule.y - stack[index]!.y);
  const mean = spacings.reduce((sum, spacing) => sum + spacing, 0) / spacings.length;
  if (!spacings.every((spacing) => Math.abs(spacing - mean) <= mean * GRID_SPACING_SHARE)) return false;
  const holdsRow = (upper: HorizontalRule, lower: HorizontalRule): boolean =>
    lines.some((line) => {
      if (line.baseline <= upper.y || line.baseline >= lower.y) return false;
      const inside = line.runs.filter((run) => run.x >= upper.left - TOUCH && run.right <= upper.right + TOUCH);
      return inside.length >= 2 && inside[0]!.x - upper.left <= ROW_START_EM * line.fontSize;
    });
  const rows = stack.slice(1).filter((rule, index) => holdsRow(stack[index]!, rule)).length;
  return rows * 2 <= spacings.length;
}

/**
 * A box with the row of filled cells that stands on its top edge taken in: the header of a table
 * whose generator fills the header's cells and rules the body only (jsPDF-AutoTable's "grid"
 * theme draws its header this way). The fills give the row its top edge and carry the box's
 * column rules up. Note: the row must be cells of the box's own columns, side by side across its
 * whole width, each edge between them on one of the box's column rules; a single bar over the
 * whole width (a shaded caption or a section's title) is not a row of the table.
 */
function withFilledHeader(box: TableFrame, fills: readonly FilledBox[]): TableFrame {
  const cells = fills
    .filter((fill) => Math.abs(fill.bottom - box.top) <= TOUCH && fill.left >= box.left - TOUCH && fill.right <= box.right + TOUCH)
    .sort((a, b) => a.left - b.left);
  if (cells.length < 2) return box;
  const acrossWidth =
    Math.abs(cells[0]!.left - box.left) <= TOUCH &&
    Math.abs(cells.at(-1)!.right - box.right) <= TOUCH &&
    cells.slice(1).every((cell, index) => Math.abs(cell.left - cells[index]!.right) <= TOUCH);
  const reachingTop = box.vertical.filter((rule) => rule.top - box.top <= TOUCH);
  const onColumnRule = (x: number): boolean => reachingTop.some((rule) => Math.abs(rule.x - x) <= TOUCH);
  if (!acrossWidth || !cells.slice(1).every((cell) => onColumnRule(cell.left))) return box;
  const top = Math.min(...cells.map((cell) => cell.top));
  return {
    ...box,
    top,
    horizontal: [{ y: top, left: box.left, right: box.right }, ...box.horizontal],
    vertical: box.vertical.map((rule) => (reachingTop.includes(rule) ? { ...rule, top } : rule)),
  };
}

/**
 * A box cut where it is two tables stacked a point or two apart (see `isSeam`), each part cut
 * again where it is two tables itself.
 */
function splitAtSeams(box: TableFrame): TableFrame[] {
  const rules = [...box.horizontal].sort((a, b) => a.y - b.y);
  for (let index = 0; index + 1 < rules.length; index++) {
    if (!isSeam(box, rules[index]!, rules[index + 1]!)) continue;
    const cut = (rules[index]!.y + rules[index + 1]!.y) / 2;
    const parts = [partOfBox(box, -Infinity, cut), partOfBox(box, cut, Infinity)];
    if (parts.every(isClosedGrid)) return parts.flatMap(splitAtSeams);
  }
  return [box];
}

/**
 * Whether a part of a box is a table of its own: closed all round by its borders, with two rows
 * at least. Note: a figure framed by a double rule, a chart's bars and grid lines or a
 * flowchart's boxes also leave rules a point or two apart; cut there, their parts are slivers and
 * single boxes, not tables.
 */
function isClosedGrid(part: TableFrame): boolean {
  if (part.horizontal.length < MINIMUM_GRID_PART_RULES) return false;
  const across = (y: number): boolean => part.horizontal.some((rule) => Math.abs(rule.y - y) <= TOUCH && rule.left <= part.left + TOUCH && rule.right >= part.right - TOUCH);
  const down = (x: number): boolean => part.vertical.some((rule) => Math.abs(rule.x - x) <= TOUCH && rule.top <= part.top + TOUCH && rule.bottom >= part.bottom - TOUCH);
  return across(part.top) && across(part.bottom) && down(part.left) && down(part.right);
}

/**
 * Whether two rules of a box, one right under the other, are two tables' borders (the upper
 * table's bottom, the lower one's top): a point or two apart, each from a column rule to a column
 * rule, with different columns on either side: rules of other lengths, or column rules of which
 * neither side's are a part of the other's. Note: a double rule under a header has the same
 * columns on both sides, and a spanning header's column rules are some of the body's; both are
 * one table. A column rule may run on through the seam, where both tables have one at the same
 * place (their joined ends are one rule).
 */
function isSeam(box: TableFrame, upper: HorizontalRule, lower: HorizontalRule): boolean {
  const gap = lower.y - upper.y;
  const overlap = upper.left < lower.right && lower.left < upper.right;
  if (gap <= ONE_LINE || gap > SEAM_GAP || !overlap || !isBorderBetween(box, upper) || !isBorderBetween(box, lower)) return false;
  const sameWidth = Math.abs(upper.left - lower.left) <= TOUCH && Math.abs(upper.right - lower.right) <= TOUCH;
  if (!sameWidth) return true;
  const isInner = (rule: VerticalRule): boolean => rule.x > box.left + TOUCH && rule.x < box.right - TOUCH;
  const inner = box.vertical.filter(isInner);
  const above = inner.filter((rule) => rule.top < upper.y && rule.bottom >= upper.y - TOUCH).map((rule) => rule.x);
  const below = inner.filter((rule) => rule.bottom > lower.y && rule.top <= lower.y + TOUCH).map((rule) => rule.x);
  const isPartOf = (some: readonly number[], all: readonly number[]): boolean => some.every((x) => all.some((other) => Math.abs(other - x) <= TOUCH));
  return !isPartOf(above, below) && !isPartOf(below, above);
}

/** Whether a rule runs from a column rule to a column rule (a border, not a link's underline in a cell). */
function isBorderBetween(box: TableFrame, rule: HorizontalRule): boolean {
  const endsOn = (x: number): boolean => box.vertical.some((column) => Math.abs(column.x - x) <= TOUCH && rule.y >= column.top - TOUCH && rule.y <= column.bottom + TOUCH);
  return endsOn(rule.left) && endsOn(rule.right);
}

/** The part of a box between two heights: its rules there, the rules that cross them cut short. */
function partOfBox(box: TableFrame, from: number, to: number): TableFrame {
  const horizontal = box.horizontal.filter((rule) => rule.y > from && rule.y < to);
  const vertical = box.vertical
    .filter((rule) => rule.bottom > from && rule.top < to)
    .map((rule) => ({ x: rule.x, top: Math.max(rule.top, from), bottom: Math.min(rule.bottom, to) }));
  const frame: TableFrame = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, horizontal, vertical };
  for (const rule of horizontal) extend(frame, rule.left, rule.y, rule.right, rule.y);
  for (const rule of vertical) extend(frame, rule.x, rule.top, rule.x, rule.bottom);
  return frame;
}

/** Groups of horizontal and vertical rules that cross or touch. */
function findBoxes(rulings: Rulings): TableFrame[] {
  const { horizontal, vertical } = rulings;
  if (horizontal.length === 0 || vertical.length === 0 || horizontal.length * vertical.length > MAXIMUM_CROSSINGS) return [];
  // Note: union-find over the rules; horizontal i is node i, vertical j is node horizontal.length + j.
  const parent = [...horizontal, ...vertical].map((_, index) => index);
  const root = (node: number): number => {
    while (parent[node] !== node) node = parent[node] = parent[parent[node]!]!;
    return node;
  };
  horizontal.forEach((h, i) => {
    vertical.forEach((v, j) => {
      if (touches(h, v)) parent[root(i)] = root(horizontal.length + j);
    });
  });
  const groups = new Map<number, TableFrame>();
  const frameOf = (node: number): TableFrame => {
    const key = root(node);
    let frame = groups.get(key);
    if (!frame) {
      frame = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, horizontal: [], vertical: [] };
      groups.set(key, frame);
    }
    return frame;
  };
  horizontal.forEach((h, i) => {
    const frame = frameOf(i);
    frame.horizontal.push(h);
    extend(frame, h.left, h.y, h.right, h.y);
  });
  vertical.forEach((v, j) => {
    const frame = frameOf(horizontal.length + j);
    frame.vertical.push(v);
    extend(frame, v.x, v.top, v.x, v.bottom);
  });
  return [...groups.values()].filter((frame) => frame.horizontal.length > 0 && frame.vertical.length > 0);
}

const touches = (h: HorizontalRule, v: VerticalRule): boolean =>
  v.x >= h.left - TOUCH && v.x <= h.right + TOUCH && h.y >= v.top - TOUCH && h.y <= v.bottom + TOUCH;

function extend(frame: TableFrame, left: number, top: number, right: number, bottom: number): void {
  frame.left = Math.min(frame.left, left);
  frame.top = Math.min(frame.top, top);
  frame.right = Math.max(frame.right, right);
  frame.bottom = Math.max(frame.bottom, bottom);
}
