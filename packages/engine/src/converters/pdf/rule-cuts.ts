import type { PdfTextItem } from "./model.js";
import type { VerticalRule } from "./rules.js";

// Note: pdf.js joins text set closer than about half an em into one item, with a space between;
// a spreadsheet prints a right-aligned number and the left-aligned text of the next cell that
// close, on either side of the cell border. Glyph positions are not kept, so a space's position
// is estimated from typical advance widths (in ems, those of Helvetica and its look-alikes) and
// the item's real width.
const ADVANCE_EM: readonly [RegExp, number][] = [
  [/\s/u, 0.278],
  [/[\d$€£#_?]/u, 0.556],
  [/[.,:;'!|ijl]/u, 0.25],
  [/[ft()[\]\-rI/]/u, 0.333],
  [/[mwMW%]/u, 0.86],
  [/\p{Lu}/u, 0.68],
];
const OTHER_ADVANCE_EM = 0.54;
// A rule cuts an item only at a space estimated within this many ems of it.
const CUT_REACH_EM = 1;
// Rules closer than this many points to an item's edge run beside it, not through it.
const EDGE = 1;

const advance = (character: string): number => ADVANCE_EM.find(([pattern]) => pattern.test(character))?.[1] ?? OTHER_ADVANCE_EM;

/** The estimated x where each character of an item starts, its real width shared out by typical advance widths. */
export function characterStarts(item: Pick<PdfTextItem, "text" | "x" | "right">): number[] {
  const characters = [...item.text];
  const scale = (item.right - item.x) / characters.reduce((sum, character) => sum + advance(character), 0);
  const starts: number[] = [];
  characters.reduce((x, character) => (starts.push(x), x + advance(character) * scale), item.x);
  return starts;
}

/**
 * An item cut into pieces where vertical rules (a table's cell borders) run through it, each at the
 * space nearest the rule: text never runs across a drawn cell border. An item with no space near a
 * rule stays whole.
 */
export function cutAtRules(item: PdfTextItem, rules: readonly VerticalRule[]): PdfTextItem[] {
  const crossing = rules.filter((rule) => rule.x > item.x + EDGE && rule.x < item.right - EDGE);
  if (crossing.length === 0 || !item.text.includes(" ")) return [item];
  const characters = [...item.text];
  const starts = characterStarts(item);
  const spaces = characters.flatMap((character, index) => (character === " " ? [index] : []));
  const middle = (index: number): number => (starts[index]! + (starts[index + 1] ?? item.right)) / 2;
  const cuts = new Set<number>();
  for (const rule of crossing) {
    const nearest = spaces.reduce((best, index) => (Math.abs(middle(index) - rule.x) < Math.abs(middle(best) - rule.x) ? index : best));
    if (Math.abs(middle(nearest) - rule.x) <= CUT_REACH_EM * item.fontSize) cuts.add(nearest);
  }
  return cutItem(item, [...cuts]);
}

/** An item cut at the spaces at `spaces` (character indices), each piece where it is estimated to lie. */
export function cutItem(item: PdfTextItem, spaces: readonly number[]): PdfTextItem[] {
  if (spaces.length === 0) return [item];
  const characters = [...item.text];
  const starts = characterStarts(item);
  const bounds = [-1, ...[...spaces].sort((a, b) => a - b), characters.length];
  return bounds.slice(1).flatMap((end, index) => {
    const start = bounds[index]! + 1;
    const text = characters.slice(start, end).join("");
    if (text.trim() === "") return [];
    const x = index === 0 ? item.x : starts[start]!;
    const right = end === characters.length ? item.right : starts[end]!;
    return [{ ...item, text, x, right, spaceBefore: index > 0 ? false : item.spaceBefore }];
  });
}

/** An item's words, each where it is estimated to lie. */
export function itemWords(item: PdfTextItem): PdfTextItem[] {
  return cutItem(item, [...item.text].flatMap((character, index) => (character === " " ? [index] : [])));
}
