import type { PdfTextItem } from "./model.js";

// A script (superscript, subscript) is set at most this share of its line's size, and is shifted
// by at most this many ems of it: further off than baseline grouping lets a script be, but less
// than a line.
const SCRIPT_SCALE = 0.82;
const SCRIPT_SHIFT_EM = 0.7;
// A script touches the glyph it belongs to: its left edge is this close (in ems of its line) to that glyph's right edge.
const TOUCH_EM = 0.1;
/** Scripts are short: a charge ("2+"), an exponent, an index, a footnote mark; at most this many characters. */
export const SCRIPT_LENGTH = 4;
// Note: a footnote mark may be raised in the text's own size (WeasyPrint's `<sup>` is not made
// smaller); touching the word it follows, it is still that word's mark.
const FOOTNOTE_MARK = /^(?:\d{1,3}|[*†‡§]{1,3})$/u;
// Lines this many groups up or down are searched for the glyph a script touches.
const NEIGHBOUR_GROUPS = 3;

/**
 * Move scripts that baseline grouping put on the wrong line to the line of the glyph they touch.
 * A script raised or lowered by half an em or more ("OH⁻" in chemistry, "r_t^p" in a table header
 * whose cells are centred on different baselines) can sit nearer another line's baseline than its
 * own, or on no line at all; but it starts exactly where the glyph it modifies ends, and nothing on
 * the line it was put on touches it. Groups are sorted top to bottom; their order is kept.
 */
export function attachScripts(groups: readonly PdfTextItem[][]): PdfTextItem[][] {
  const result = groups.map((group) => [...group]);
  const largest = result.map((group) => group.reduce((a, b) => (b.fontSize > a.fontSize ? b : a)));
  for (const [index, group] of groups.entries()) {
    for (const script of group) {
      if (!mayBeScript(script, result[index]!)) continue;
      const host = hostLine(script, result, largest, index);
      if (host === undefined) continue;
      result[index] = result[index]!.filter((item) => item !== script);
      result[host]!.push(script);
    }
  }
  return result.filter((group) => group.length > 0);
}

/**
 * Whether an item may be a script put on the wrong line: short, not after a space, touching
 * nothing on its line, and not set in the size of that line's words (then it is one of them).
 */
function mayBeScript(item: PdfTextItem, group: readonly PdfTextItem[]): boolean {
  if (isLong(item) || item.spaceBefore === true || touchesFromLeft(item, group)) return false;
  return !group.some((other) => other !== item && isLong(other) && Math.abs(other.fontSize - item.fontSize) < SAME_SIZE);
}

const isLong = (item: PdfTextItem): boolean => item.text.trim().length > SCRIPT_LENGTH;
// Font sizes closer than this (points) are the same size.
const SAME_SIZE = 0.5;

/** The index of the line whose text the script touches, if it is small and shifted enough to be that text's script. */
function hostLine(script: PdfTextItem, groups: readonly PdfTextItem[][], largest: readonly PdfTextItem[], own: number): number | undefined {
  for (let index = Math.max(0, own - NEIGHBOUR_GROUPS); index <= Math.min(groups.length - 1, own + NEIGHBOUR_GROUPS); index++) {
    const reference = largest[index]!;
    if (index === own || groups[index]!.length === 0) continue;
    if (script.fontSize > reference.fontSize * SCRIPT_SCALE && !FOOTNOTE_MARK.test(script.text.trim())) continue;
    if (Math.abs(script.baseline - reference.baseline) > SCRIPT_SHIFT_EM * reference.fontSize) continue;
    if (touchesFromLeft(script, groups[index]!, reference.fontSize) || leadsNote(script, groups[index]!, reference)) return index;
  }
  return undefined;
}

/**
 * Whether the script is a footnote's number raised before its text, which starts where it ends.
 * Note: at the foot of a page set in two columns the number can sit nearer the baseline of the
 * other column's last line than its own note's.
 */
function leadsNote(script: PdfTextItem, group: readonly PdfTextItem[], reference: PdfTextItem): boolean {
  return FOOTNOTE_MARK.test(script.text.trim()) && script.baseline < reference.baseline && group.some((item) => Math.abs(item.x - script.right) <= TOUCH_EM * reference.fontSize);
}

/** Whether an item of the group (other than the script) ends where the script starts. */
function touchesFromLeft(script: PdfTextItem, group: readonly PdfTextItem[], fontSize = script.fontSize): boolean {
  return group.some((item) => item !== script && Math.abs(script.x - item.right) <= TOUCH_EM * fontSize);
}
