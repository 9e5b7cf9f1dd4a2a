import type { PdfTextItem } from "./model.js";

// Note: a drop cap is one letter (maybe after an opening quote) set at least this many times the
// size of the text beside it,
const DROP_CAP_SCALE = 2;
const DROP_CAP_TEXT = /^["“‘']?\p{L}$/u;
// with the first word of its paragraph starting within this many ems (of the text) of its right edge,
const NEAR_EM = 1.5;
// and at least this many lines of the paragraph set beside it, within its height.
const MINIMUM_LINES_BESIDE = 2;
// A letter's cap height is about this share of its font size.
const CAP_HEIGHT = 0.75;

/**
 * Join each drop cap (a large initial letter set beside the first lines of its paragraph) to the
 * word it begins, on the paragraph's first line (of horizontal items). Left apart, its large type makes it a heading of
 * its own, and its baseline, lines below the paragraph's first, pulls those lines into one.
 */
export function joinDropCaps(items: readonly PdfTextItem[]): PdfTextItem[] {
  if (items.length === 0) return [];
  const joined = new Map<PdfTextItem, PdfTextItem>();
  const dropped = new Set<PdfTextItem>();
  const smallest = Math.min(...items.map((item) => item.fontSize));
  // Note: a page set one glyph to an item has many one-letter items; only large ones are looked at.
  const candidates = items.filter((item) => item.fontSize >= DROP_CAP_SCALE * smallest && DROP_CAP_TEXT.test(item.text.trim()));
  for (const cap of candidates) {
    const beside = items.filter(
      (item) =>
        item !== cap &&
        item.fontSize * DROP_CAP_SCALE <= cap.fontSize &&
        item.x >= cap.right - item.fontSize &&
        item.x <= cap.right + NEAR_EM * item.fontSize &&
        item.baseline <= cap.baseline + item.fontSize / 2 &&
        item.baseline >= cap.baseline - CAP_HEIGHT * cap.fontSize,
    );
    const baselines = [...new Set(beside.map((item) => Math.round(item.baseline)))];
    if (baselines.length < MINIMUM_LINES_BESIDE) continue;
    const top = Math.min(...beside.map((item) => item.baseline));
    const first = beside.filter((item) => item.baseline - top < item.fontSize / 2).sort((a, b) => a.x - b.x)[0]!;
    if (joined.has(first)) continue;
    dropped.add(cap);
    // Note: where the line's text starts with a space, the cap begins a word the text layer lacks.
    joined.set(first, { ...first, text: cap.text.trim() + first.text, x: cap.x });
  }
  if (dropped.size === 0) return [...items];
  return items.filter((item) => !dropped.has(item)).map((item) => joined.get(item) ?? item);
}
