import { escapeMarkdown, markdownLink } from "./escape.js";
import type { PdfTextItem, TextLine, TextRun } from "./model.js";
import type { VerticalRule } from "./rules.js";

// Note: a horizontal gap wider than this many ems ends a run. Word spaces in justified text stay
// well below one em, while table columns and layout columns are set further apart.
const RUN_GAP_EM = 1.2;
// Gaps wider than this many ems between two items are a space the PDF did not write out.
const SPACE_GAP_EM = 0.15;
// Baselines closer than this many ems (of the smaller font) are the same line.
const SAME_BASELINE_EM = 0.35;

/** Group horizontal items by baseline, top to bottom, each group sorted left to right. */
export function groupByBaseline(items: readonly PdfTextItem[]): PdfTextItem[][] {
  const sorted = items.filter((item) => !item.vertical).sort((a, b) => a.baseline - b.baseline);
  return groupSorted(sorted).map((group) => group.sort((a, b) => a.x - b.x));
}

/**
 * Turn baseline groups into lines of runs (items close together), top to bottom. A run never
 * crosses the gutter between two layout columns, nor a vertical rule (a table border).
 */
export function buildLines(
  items: readonly PdfTextItem[],
  groups: readonly PdfTextItem[][],
  pageIndex: number,
  separators: { gutter: number | undefined; rules: readonly VerticalRule[] },
): TextLine[] {
  const lines = groups.map((group) => makeLine(splitRuns(group, separators.gutter, separators.rules), pageIndex));
  // Note: vertical (CJK) text reads top to bottom in columns from right to left; each column is a line.
  const vertical = items.filter((item) => item.vertical).sort((a, b) => b.x - a.x);
  for (const item of vertical) lines.push(makeLine([[item]], pageIndex));
  return lines;
}

function groupSorted(sorted: readonly PdfTextItem[]): PdfTextItem[][] {
  const groups: PdfTextItem[][] = [];
  let current: PdfTextItem[] = [];
  let reference: PdfTextItem | undefined;
  for (const item of sorted) {
    if (reference && onSameLine(reference, item)) {
      current.push(item);
      if (item.fontSize > reference.fontSize) reference = item;
      continue;
    }
    if (current.length > 0) groups.push(current);
    current = [item];
    reference = item;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function onSameLine(reference: PdfTextItem, item: PdfTextItem): boolean {
  const smaller = Math.min(reference.fontSize, item.fontSize);
  const larger = Math.max(reference.fontSize, item.fontSize);
  const distance = Math.abs(reference.baseline - item.baseline);
  if (distance <= SAME_BASELINE_EM * smaller) return true;
  // Note: superscripts and subscripts (footnote marks, formulas) are smaller and shifted.
  return smaller <= 0.8 * larger && distance <= 0.5 * larger;
}

function splitRuns(sortedByX: readonly PdfTextItem[], gutter: number | undefined, rules: readonly VerticalRule[]): PdfTextItem[][] {
  const runs: PdfTextItem[][] = [];
  let current: PdfTextItem[] = [];
  const baseline = sortedByX[0]?.baseline ?? 0;
  const lineRules = rules.filter((rule) => rule.top <= baseline && rule.bottom >= baseline - (sortedByX[0]?.fontSize ?? 0) / 2);
  for (const item of sortedByX) {
    const previous = current.at(-1);
    const separated =
      previous !== undefined &&
      ((gutter !== undefined && previous.x < gutter && item.x >= gutter) ||
        lineRules.some((rule) => previous.right <= rule.x + 1 && item.x >= rule.x - 1));
    if (previous && (separated || item.x - previous.right > RUN_GAP_EM * Math.max(previous.fontSize, item.fontSize))) {
      runs.push(current);
      current = [];
    }
    current.push(item);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

function makeLine(runItems: readonly PdfTextItem[][], pageIndex: number): TextLine {
  const runs = runItems.map(makeRun);
  const allItems = runItems.flat();
  return {
    runs,
    x: Math.min(...runs.map((run) => run.x)),
    right: Math.max(...runs.map((run) => run.right)),
    baseline: dominant(allItems, (item) => item.baseline),
    fontSize: dominant(allItems, (item) => item.fontSize),
    bold: runs.every((run) => run.bold),
    italic: runs.every((run) => run.italic),
    pageIndex,
  };
}

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/gu;
const LETTER = /\p{L}/gu;

/** Whether most letters of the items are written right to left (Arabic, Hebrew). */
function isRightToLeft(items: readonly PdfTextItem[]): boolean {
  const text = items.map((item) => item.text).join("");
  return (text.match(RIGHT_TO_LEFT)?.length ?? 0) * 2 > (text.match(LETTER)?.length ?? 0);
}

/** A run from items that sit close together on one baseline. */
export function makeRun(runItems: readonly PdfTextItem[]): TextRun {
  // Note: pdf.js gives each item in logical order, but a right-to-left line's items read from
  // right to left.
  const rightToLeft = isRightToLeft(runItems);
  const items = rightToLeft ? [...runItems].reverse() : runItems;
  let text = "";
  let markdown = "";
  let linkText = "";
  let linkHref: string | undefined;
  const flushLink = (): void => {
    if (linkHref !== undefined) markdown += markdownLink(linkText.trim(), linkHref) + (/\s$/.test(linkText) ? " " : "");
    linkText = "";
    linkHref = undefined;
  };
  items.forEach((item, index) => {
    const previous = items[index - 1];
    const gap = previous ? (rightToLeft ? previous.x - item.right : item.x - previous.right) : 0;
    // Note: in right-to-left text, pdf.js counts the space between a word and an embedded
    // left-to-right word (a Latin name) into the word's width; a change of direction is a space.
    const changesDirection = rightToLeft && previous !== undefined && isRightToLeft([previous]) !== isRightToLeft([item]);
    const space =
      previous && (changesDirection || gap > SPACE_GAP_EM * item.fontSize) && !/\s$/.test(text) && !/^\s/.test(item.text) ? " " : "";
    text += space + item.text;
    if (item.href !== linkHref) flushLink();
    if (item.href === undefined) {
      markdown += space + escapeMarkdown(item.text);
    } else {
      if (linkText === "") markdown += space;
      else linkText += space;
      linkText += escapeMarkdown(item.text);
      linkHref = item.href;
    }
  });
  flushLink();
  const characters = (selected: readonly PdfTextItem[]): number => selected.reduce((sum, item) => sum + item.text.trim().length, 0);
  const allCharacters = characters(items);
  return {
    text: text.replace(/\s+/g, " ").trim(),
    markdown: markdown.replace(/\s+/g, " ").trim(),
    x: Math.min(...items.map((item) => item.x)),
    right: Math.max(...items.map((item) => item.right)),
    fontSize: dominant(items, (item) => item.fontSize),
    bold: characters(items.filter((item) => item.bold)) >= allCharacters * 0.8,
    italic: characters(items.filter((item) => item.italic)) >= allCharacters * 0.8,
    items: runItems,
  };
}

/** The value (font size, baseline) of the items that cover the most width. */
function dominant(items: readonly PdfTextItem[], value: (item: PdfTextItem) => number): number {
  const weight = new Map<number, number>();
  for (const item of items) {
    const key = Math.round(value(item) * 10) / 10;
    weight.set(key, (weight.get(key) ?? 0) + Math.max(1, item.right - item.x));
  }
  return [...weight].sort((a, b) => b[1] - a[1])[0]![0];
}
