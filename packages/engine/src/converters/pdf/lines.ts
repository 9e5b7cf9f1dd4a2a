import { splitAtAlignedColumns } from "./aligned-columns.js";
import { joinDropCaps } from "./drop-caps.js";
import { escapeMarkdown, markdownLink } from "./escape.js";
import { cutAtRules } from "./rule-cuts.js";
import { SCRIPT_LENGTH, attachScripts } from "./scripts.js";
import { CJK_CHARACTER } from "./model.js";
import type { Gutter, PdfTextItem, TextLine, TextRun } from "./model.js";
import type { VerticalRule } from "./rules.js";

// Note: a horizontal gap wider than this many ems ends a run. Word spaces in justified text stay
// well below one em, while table columns and layout columns are set further apart.
const RUN_GAP_EM = 1.2;
// Gaps wider than this many ems between two items are a space the PDF did not write out; where
// the font changes (a word in italics), tight justified spacing leaves less.
const SPACE_GAP_EM = 0.15;
const SPACE_GAP_AT_FONT_CHANGE_EM = 0.08;
// Baselines closer than this many ems (of the smaller font) are the same line.
const SAME_BASELINE_EM = 0.35;

/** The page a line is on: its index and height. */
export interface PageOfLine {
  pageIndex: number;
  height: number;
}

/**
 * Group horizontal items by baseline, top to bottom, each group sorted left to right; drop caps
 * join their word, and scripts the line of the glyph they touch.
 */
export function groupByBaseline(items: readonly PdfTextItem[]): PdfTextItem[][] {
  const sorted = joinDropCaps(items.filter((item) => !item.vertical)).sort((a, b) => a.baseline - b.baseline);
  return attachScripts(groupSorted(sorted)).map((group) => group.sort((a, b) => a.x - b.x));
}

/**
 * Turn baseline groups into lines of runs (items close together), top to bottom. A run never
 * crosses the gutter between two layout columns, nor a vertical rule (a table border).
 */
export function buildLines(
  items: readonly PdfTextItem[],
  groups: readonly PdfTextItem[][],
  page: PageOfLine,
  separators: { gutter: Gutter | undefined; rules: readonly VerticalRule[] },
): TextLine[] {
  const { rows, alone } = rowsOfSidewaysNames(items.filter((item) => item.turned));
  const withNames = joinSidewaysNames(groups, rows);
  const lines = splitAtAlignedColumns(withNames.map((group) => splitRuns(group, separators.gutter, separators.rules))).map((runs) => makeLine(runs, page));
  // Note: vertical (CJK) text reads top to bottom in columns from right to left; each column is a line.
  const vertical = [...items.filter((item) => item.vertical && !item.turned), ...alone].sort((a, b) => b.x - a.x);
  for (const item of vertical) lines.push(makeLine([[item]], page));
  return lines;
}

// Sideways names whose lower ends lie this many ems apart at most are set on one line.
const SIDEWAYS_ROW_EM = 0.5;

/**
 * The text turned a quarter turn that makes rows of names set side by side, their lower ends on
 * one line (a table's sideways column headers, which a browser or a word processor ends at the
 * bottom of their cells), two names at least; and the rest (a margin note, an identifier set up
 * the edge of the page), each a line of its own.
 */
function rowsOfSidewaysNames(turned: readonly PdfTextItem[]): { rows: PdfTextItem[][]; alone: PdfTextItem[] } {
  const rows: PdfTextItem[][] = [];
  for (const item of [...turned].sort((a, b) => a.baseline - b.baseline)) {
    const row = rows.at(-1);
    if (row && Math.abs(item.baseline - row[0]!.baseline) <= SIDEWAYS_ROW_EM * item.fontSize) row.push(item);
    else rows.push([item]);
  }
  return { rows: rows.filter((row) => row.length > 1), alone: rows.filter((row) => row.length === 1).flat() };
}

/**
 * Baseline groups with each row of sideways names put on the line it ends on (the header row's
 * upright names, "Region" beside "Holdings", "Area (ha)"), or on a line of its own, in order down
 * the page. Note: upright text and the names' lower ends are not on one baseline to the point: a
 * browser sets the upright names on their baseline, the sideways ones on the cell's bottom.
 */
function joinSidewaysNames(groups: readonly PdfTextItem[][], rows: readonly PdfTextItem[][]): PdfTextItem[][] {
  if (rows.length === 0) return [...groups];
  const joined = groups.map((group) => [...group]);
  for (const row of rows) {
    const baseline = row[0]!.baseline;
    const overlaps = (group: readonly PdfTextItem[]): boolean => group.some((item) => row.some((name) => item.x < name.right && name.x < item.right));
    const line = joined.find((group) => Math.abs(dominant(group, (item) => item.baseline) - baseline) <= SIDEWAYS_ROW_EM * row[0]!.fontSize && !overlaps(group));
    if (line) line.push(...row);
    else {
      const below = joined.findIndex((group) => dominant(group, (item) => item.baseline) > baseline);
      joined.splice(below < 0 ? joined.length : below, 0, [...row]);
    }
  }
  return joined.map((group) => group.sort((a, b) => a.x - b.x));
}

function groupSorted(sorted: readonly PdfTextItem[]): PdfTextItem[][] {
  const groups: PdfTextItem[][] = [];
  let current: PdfTextItem[] = [];
  let reference: PdfTextItem | undefined;
  for (const item of sorted) {
    const sameLine = reference !== undefined && onSameLine(reference, item);
    const otherLine = sameLine ? current.find((other) => onOtherLineOfSameSize(other, item) || isStacked(other, item)) : undefined;
    if (sameLine && otherLine === undefined) {
      current.push(item);
      if (item.fontSize > reference!.fontSize) reference = item;
      continue;
    }
    // Note: where the item is a line of its own after all, it takes along what sits nearer its
    // baseline than the line before (the checkbox beside it).
    const nearer = otherLine ? current.filter((other) => Math.abs(other.baseline - item.baseline) < Math.abs(other.baseline - otherLine.baseline)) : [];
    const kept = current.filter((other) => !nearer.includes(other));
    if (kept.length > 0) groups.push(kept);
    current = [...nearer, item];
    reference = current.reduce((a, b) => (b.fontSize > a.fontSize ? b : a));
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function onSameLine(reference: PdfTextItem, item: PdfTextItem): boolean {
  const smaller = Math.min(reference.fontSize, item.fontSize);
  const larger = Math.max(reference.fontSize, item.fontSize);
  const distance = Math.abs(reference.baseline - item.baseline);
  if (distance <= SAME_BASELINE_EM * smaller) return true;
  // Note: superscripts and subscripts (footnote marks, formulas) are smaller and shifted, by less
  // than their own size; text further off is a line of its own beside large type (a side heading).
  // A footnote mark may be raised higher, above the line's capitals.
  const small = reference.fontSize < item.fontSize ? reference : item;
  const isMark = FOOTNOTE_MARK.test(small.text.trim());
  const shift = (isMark ? MARK_SHIFT_EM : SHIFT_EM) * larger;
  return smaller <= (isMark ? MARK_SIZE_SHARE : SCRIPT_SIZE_SHARE) * larger && distance <= shift && distance <= smaller;
}

/**
 * Whether two pieces of text (words, not scripts) set in one size sit on different baselines. A
 * larger glyph between two lines (a checkbox, a bullet from a symbol font) is within script
 * distance of both; it must not make them one line. A formula's superscript and subscript are one
 * size on two baselines, but short.
 */
function onOtherLineOfSameSize(a: PdfTextItem, b: PdfTextItem): boolean {
  const size = Math.min(a.fontSize, b.fontSize);
  const words = a.text.trim().length > SCRIPT_LENGTH && b.text.trim().length > SCRIPT_LENGTH;
  return words && Math.abs(a.fontSize - b.fontSize) < 0.05 * size && Math.abs(a.baseline - b.baseline) > SAME_BASELINE_EM * size;
}

/**
 * Whether two pieces of text (words, not scripts) sit one over the other: on different baselines,
 * across the same stretch of the page. Note: large type beside them (a card's number, a drop
 * figure) is within script distance of both a heading and the text under it; a script follows
 * the glyph it belongs to and so never stands over the text of its line.
 */
function isStacked(a: PdfTextItem, b: PdfTextItem): boolean {
  const words = a.text.trim().length > SCRIPT_LENGTH && b.text.trim().length > SCRIPT_LENGTH;
  const across = Math.min(a.right, b.right) > Math.max(a.x, b.x);
  return words && across && Math.abs(a.baseline - b.baseline) > SAME_BASELINE_EM * Math.min(a.fontSize, b.fontSize);
}

// A superscript or subscript is shifted by at most this many ems of the text beside it, a
// footnote mark (a number, a dagger, or a lowercase letter as statistical tables mark figures:
// "2,887a") by at most this many.
const SHIFT_EM = 0.5;
const MARK_SHIFT_EM = 0.75;
const FOOTNOTE_MARK = /^(?:\d{1,3}|[*†‡§]{1,3}|\p{Ll})$/u;
// A script is set at most this share of the text's size; a footnote mark at most this share
// (browsers set `<sup>` one CSS step smaller, five sixths of the text).
const SCRIPT_SIZE_SHARE = 0.8;
const MARK_SIZE_SHARE = 0.85;

function splitRuns(sortedByX: readonly PdfTextItem[], band: Gutter | undefined, rules: readonly VerticalRule[]): PdfTextItem[][] {
  const runs: PdfTextItem[][] = [];
  let current: PdfTextItem[] = [];
  const baseline = sortedByX[0]?.baseline ?? 0;
  const gutters = band && baseline >= band.top && baseline <= band.bottom ? band.xs : [];
  const lineRules = rules.filter((rule) => rule.top <= baseline && rule.bottom >= baseline - (sortedByX[0]?.fontSize ?? 0) / 2);
  // Note: text never runs across a drawn cell border; an item the text layer joined across one is cut there.
  for (const item of sortedByX.flatMap((whole) => cutAtRules(whole, lineRules))) {
    const previous = current.at(-1);
    const separated =
      previous !== undefined &&
      (gutters.some((gutter) => previous.x < gutter && item.x >= gutter) ||
        lineRules.some((rule) => previous.right <= rule.x + 1 && item.x >= rule.x - 1));
    if (previous && (separated || item.x - previous.right > RUN_GAP_EM * Math.max(previous.fontSize, item.fontSize) || changesColumn(previous, item))) {
      runs.push(current);
      current = [];
    }
    current.push(item);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

/**
 * Whether two pieces of text side by side on a baseline belong to two columns: set in two sizes
 * and further apart than a word space (a caption beside the last line of a paragraph). Type changes
 * size inside a sentence only with no gap, or a word space, before the new size. A list marker or
 * a script may be set in a size of its own; only text longer than a script counts.
 */
function changesColumn(previous: PdfTextItem, item: PdfTextItem): boolean {
  const smaller = Math.min(previous.fontSize, item.fontSize);
  const texts = previous.text.trim().length > SCRIPT_LENGTH && item.text.trim().length > SCRIPT_LENGTH;
  return texts && Math.abs(previous.fontSize - item.fontSize) >= SIZE_CHANGE * smaller && item.x - previous.right > COLUMN_GAP_EM * smaller;
}

// Sizes this share apart are two sizes of type; a gap this many ems wide is wider than a word space.
const SIZE_CHANGE = 0.08;
const COLUMN_GAP_EM = 0.6;

function makeLine(runItems: readonly PdfTextItem[][], page: PageOfLine): TextLine {
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
    monospace: runs.every((run) => run.monospace),
    fromImage: allItems.every((item) => item.fromImage),
    pageIndex: page.pageIndex,
    pageHeight: page.height,
  };
}

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/gu;
const LETTER = /\p{L}/gu;

/** Whether most letters of the items are written right to left (Arabic, Hebrew). */
const isRightToLeft = (items: readonly PdfTextItem[]): boolean => isRightToLeftText(items.map((item) => item.text).join(""));

/** Whether most letters of a text are written right to left (Arabic, Hebrew). */
export function isRightToLeftText(text: string): boolean {
  return (text.match(RIGHT_TO_LEFT)?.length ?? 0) * 2 > (text.match(LETTER)?.length ?? 0);
}

/** An item's text with the space the PDF left before it. */
interface Piece {
  item: PdfTextItem;
  space: string;
}

// Note: a written space between two words, or after a word's closing punctuation ("plumes, long").
const WORD_END = /[\p{L}\p{N}.,;:!?)\]’”]$/u;
const WORD_START = /^[\p{L}\p{N}‘“]/u;

/**
 * Whether a space the PDF wrote between two items parts two words. Formulas write spaces where
 * none shows (a symbol before its bracket or colon, a subscript before the next letter): the
 * space counts only between text of one size that reads as words.
 */
function breaksWords(previous: PdfTextItem, item: PdfTextItem): boolean {
  return Math.abs(previous.fontSize - item.fontSize) < 0.5 && WORD_END.test(previous.text) && WORD_START.test(item.text);
}

// A note's number is set at most this share of its text's size, raised above its baseline.
const NOTE_NUMBER_SCALE = 0.85;
const NOTE_NUMBER = /^(?:\d{1,3}|[*†‡§])$/u;

/**
 * Whether a run starts with a note's raised number before its text (a footnote as LaTeX and word
 * processors set it: "¹The bill…"), which reads as "1 The bill…", not as one word. Note: a note
 * set in a monospaced font (a URL) is left as it is, where a space would make it a code listing.
 */
function isLeadingNoteNumber(number: PdfTextItem, text: PdfTextItem): boolean {
  return NOTE_NUMBER.test(number.text.trim()) && number.fontSize <= text.fontSize * NOTE_NUMBER_SCALE && number.baseline < text.baseline - 0.2 * text.fontSize && !text.monospace && /^\p{L}/u.test(text.text);
}

// Note: raised this many ems (of the text) above its baseline at least, a digit is a note's number.
const RAISED_EM = 0.2;
const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/**
 * Whether an item is a note's number raised right after a figure ("1,226,417²"): written as digits
 * of the figure's size, it would read as a figure of its own ("1,226,4172"). Note: a browser may
 * raise `<sup>` without setting it smaller; the shift alone tells it.
 */
function isNumberAfterFigure(previous: PdfTextItem | undefined, item: PdfTextItem): boolean {
  return previous !== undefined && /^\d{1,3}$/u.test(item.text.trim()) && /\d$/u.test(previous.text) && item.fontSize <= previous.fontSize && item.baseline <= previous.baseline - RAISED_EM * previous.fontSize;
}

const superscript = (digits: string): string => [...digits.trim()].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join("");

/**
 * A table cell's Markdown, a note's number raised after a figure written in superscript digits.
 * Note: in a cell the figure is the point; in prose, a note's number after a figure is left as the
 * text layer gives it, as readers of the text expect.
 */
export function cellMarkdown(run: TextRun): string {
  const items = run.items ?? [];
  if (!items.some((item, index) => isNumberAfterFigure(items[index - 1], item))) return run.markdown;
  return makeRun(items.map((item, index) => (isNumberAfterFigure(items[index - 1], item) ? { ...item, text: superscript(item.text) } : item))).markdown;
}

/** A line that opens with a note's raised number before its text: a footnote. */
export function startsWithNoteNumber(line: TextLine): boolean {
  const [number, text] = line.runs[0]?.items ?? [];
  return number !== undefined && text !== undefined && isLeadingNoteNumber(number, text);
}

/** A run from items that sit close together on one baseline. */
export function makeRun(runItems: readonly PdfTextItem[]): TextRun {
  // Note: pdf.js gives each item in logical order, but a right-to-left line's items read from
  // right to left; on a mirrored page (see mirror.ts) it is a left-to-right line's that do.
  const rightToLeft = isRightToLeft(runItems);
  const reversed = rightToLeft !== (runItems[0]?.mirrored === true);
  const items = reversed ? [...runItems].reverse() : runItems;
  let text = "";
  const pieces: Piece[] = items.map((item, index) => {
    const previous = items[index - 1];
    const gap = previous ? (reversed ? previous.x - item.right : item.x - previous.right) : 0;
    // Note: in right-to-left text, pdf.js counts the space between a word and an embedded
    // left-to-right word (a Latin name) into the word's width; a change of direction is a space.
    const changesDirection = rightToLeft && previous !== undefined && isRightToLeft([previous]) !== isRightToLeft([item]);
    const changesFont = previous !== undefined && (previous.bold !== item.bold || previous.italic !== item.italic);
    const spaceGap = (changesFont ? SPACE_GAP_AT_FONT_CHANGE_EM : SPACE_GAP_EM) * item.fontSize;
    const parted =
      previous !== undefined &&
      (changesDirection || gap > spaceGap || (item.spaceBefore === true && breaksWords(previous, item)) || (index === 1 && isLeadingNoteNumber(previous, item)));
    const space = parted && !/\s$/.test(text) && !/^\s/.test(item.text) ? " " : "";
    text += space + item.text;
    return { item, space };
  });
  const characters = (selected: readonly PdfTextItem[]): number => selected.reduce((sum, item) => sum + item.text.trim().length, 0);
  const allCharacters = characters(items);
  const share = (property: "bold" | "italic" | "monospace"): boolean => characters(items.filter((item) => item[property])) >= allCharacters * 0.8;
  const clean = (markdown: string): string => markdown.replace(/\s+/g, " ").trim();
  return {
    text: text.replace(/\s+/g, " ").trim(),
    markdown: clean(renderPieces(pieces, false)),
    emphasized: clean(renderPieces(pieces, true)),
    x: Math.min(...items.map((item) => item.x)),
    right: Math.max(...items.map((item) => item.right)),
    fontSize: dominant(items, (item) => item.fontSize),
    bold: share("bold"),
    italic: share("italic"),
    monospace: share("monospace"),
    items: runItems,
  };
}

/** Consecutive pieces that share a link target and (with emphasis) a style. */
interface Span {
  href: string | undefined;
  bold: boolean;
  italic: boolean;
  /** Set in a monospaced font: inline code. */
  code: boolean;
  text: string;
}

/** A run's pieces as Markdown: escaped, links applied and, with `emphasis`, bold and italic marked. */
function renderPieces(pieces: readonly Piece[], emphasis: boolean): string {
  const spans: Span[] = [];
  for (const { item, space } of pieces) {
    // Note: a symbol or a single letter in a fixed-pitch font (a formula's Ω, a drop cap) is not code.
    const code = emphasis && item.monospace && !CJK_CHARACTER.test(item.text) && (item.text.match(ALPHANUMERICS)?.length ?? 0) >= 2;
    const style = { href: item.href, bold: emphasis && !code && item.bold, italic: emphasis && !code && item.italic, code };
    const last = spans.at(-1);
    if (last && last.href === style.href && last.bold === style.bold && last.italic === style.italic && last.code === style.code) last.text += space + item.text;
    else spans.push({ ...style, text: space + item.text });
  }
  let markdown = "";
  spans.forEach((span, index) => {
    const content = span.text.trim();
    const leading = span.text.slice(0, span.text.length - span.text.trimStart().length);
    const trailing = span.text.slice(span.text.trimEnd().length);
    let rendered = span.code ? codeSpan(content) : escapeMarkdown(content);
    if (span.href !== undefined) rendered = markdownLink(rendered, span.href);
    else if (span.bold || span.italic) rendered = emphasize(rendered, span, markdown + leading, spans[index + 1]?.text ?? "");
    markdown += leading + rendered + trailing;
  });
  return markdown;
}

/** Inline code, its backtick fence longer than any run of backticks inside (spaced off when it touches one). */
function codeSpan(text: string): string {
  const fence = "`".repeat(Math.max(1, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  const padding = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${padding}${text}${padding}${fence}`;
}

const ALPHANUMERICS = /[\p{L}\p{N}]/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * Wrap text in `**` and `_` (`*` inside a word, where `_` does not work). Where CommonMark would
 * not read the delimiters as emphasis (punctuation at the edge next to a letter), the text stays plain.
 */
function emphasize(text: string, style: { bold: boolean; italic: boolean }, before: string, after: string): string {
  const previous = before.at(-1) ?? " ";
  const next = after[0] ?? " ";
  if ((PUNCTUATION.test(text[0]!) && WORD_CHARACTER.test(previous)) || (PUNCTUATION.test(text.at(-1)!) && WORD_CHARACTER.test(next))) return text;
  const inWord = WORD_CHARACTER.test(previous) || WORD_CHARACTER.test(next);
  let wrapped = text;
  if (style.italic) wrapped = inWord ? `*${wrapped}*` : `_${wrapped}_`;
  if (style.bold) wrapped = `**${wrapped}**`;
  return wrapped;
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
