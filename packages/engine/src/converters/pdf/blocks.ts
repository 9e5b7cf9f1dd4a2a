import { joinLabelsToBoxedValues } from "./boxed-values.js";
import { withRuns } from "./column-sides.js";
import { contentsLines } from "./contents.js";
import type { TableFrame } from "./frames.js";
import { LARGER_THAN_BODY, endsWithPageNumber, isCaption, roundSize } from "./headings.js";
import type { Typography } from "./headings.js";
import { joinLines } from "./join-lines.js";
import type { DocumentWords } from "./join-lines.js";
import { isRightToLeftText, startsWithNoteNumber } from "./lines.js";
import { nestListItems } from "./list-nesting.js";
import type { ListMarker } from "./lists.js";
import { boldTitledListLines, isEnumerator, isOutlineMarker, letteredListLines, numberedListLines, parseLetteredMarker, parseListMarker } from "./lists.js";
import { SENTENCE_END, lineText } from "./model.js";
import type { TextLine, TextRun } from "./model.js";
import type { FilledBox } from "./rules.js";
import { isInFrame, isRowOfRuledTable, joinContinuedTables, matchTable, splitAtBoxesSideBySide } from "./tables.js";
import { readTileRow } from "./tiles.js";
import type { TableMatch } from "./tables.js";

/**
 * A unit of the Markdown output. Text is Markdown already (escaped, links applied). `lines` are
 * the text lines it was built from: its page and bounding box in `parsers: [{ blocks: true }]`.
 * A list item's `indent` is the spaces before its marker, which make it a sub-item; a paragraph's,
 * the spaces that make it an item's next paragraph.
 */
export type Block = (
  | { kind: "heading"; level: number; text: string; plain: string }
  | { kind: "paragraph"; text: string; indent?: number }
  | { kind: "list-item"; marker: string; text: string; indent?: number }
  | { kind: "code"; text: string }
  | { kind: "table"; rows: string[][]; box: TableMatch["box"] }
) & { lines?: readonly TextLine[] };

// Note: a paragraph goes on while the next baseline is within this many body pitches.
export const PARAGRAPH_PITCH = 1.3;
// A heading may wrap over a few lines; longer bold or large text is prose.
const MAXIMUM_HEADING_LINES = 3;

// A line that ends within this many ems of the text's right edge was filled and wrapped.
const WRAPPED_LINE_EM = 3;
// The text's right edge is the one this share of a page's lines stay inside.
const TEXT_RIGHT_SHARE = 0.9;

// A hard line break in Markdown (the house style: a backslash at the line's end).
const HARD_BREAK = "\\\n";
// Note: a line broken by hand leaves room for the next line's first word after a space of this
// many ems and this many ems to spare (word widths are estimated from their runs' average letters).
const WORD_SPACE_EM = 0.3;
const SPARE_EM = 1;
// Lines starting within this many points of one another start at one edge; a line set no more
// than this many points smaller than another is not set smaller.
const SAME_START = 2;
const SAME_SIZE = 0.5;
// A line broken by hand starts a phrase of its own: a capital, a digit, a symbol (a box to tick), not lowercase.
const STARTS_PHRASE = /^[^\p{Ll}\p{P}]/u;
// An email or web address set on a line of its own (a signature's last line) may start in lowercase.
const ADDRESS = /@|:\/\/|^www\./u;

// Runs on one line further apart than this many ems are separate phrases (tiles, cells, labels).
const PHRASE_GAP_EM = 3;
// Inside a code listing, a gap of more than this many line pitches is a blank line.
const CODE_BLANK_LINE_PITCH = 1.6;
// Lines of justified text end within this many ems of one another, at the edge of their column.
const JUSTIFIED_EDGE_EM = 0.15;
// How many lines above a line (on its page, across its width) tell whether its text is justified,
// and the share of them that must end at one edge.
const JUSTIFIED_NEIGHBOURS = 6;
const MINIMUM_JUSTIFIED_NEIGHBOURS = 3;
const JUSTIFIED_SHARE = 0.6;
// A line after a sentence indented this many ems or more opens a paragraph. Note: LaTeX indents
// by one em in two columns (1.5 em in one), word processors by half an inch or more.
const PARAGRAPH_INDENT_EM = 0.9;
// Note: a first-line indent is at most about half an inch (3.6 em at 10 pt); a line indented
// further after a sentence is a quotation, a list or a label column, not a paragraph's opening.
// Two such openings show the text indents its paragraphs (one could be a chance).
const MAXIMUM_PARAGRAPH_INDENT_EM = 4;
const MINIMUM_INDENTED_OPENINGS = 2;

// Note: lines set flush right end within this many ems of one another (a rounding apart); their
// left ends, ragged, differ by this many ems at least, and each starts this many ems or more right
// of its column's left edge where that edge must tell them from a justified paragraph's lines.
const RIGHT_ALIGNED_EM = 0.1;
const RAGGED_LEFT_EM = 1;
const SHORT_OF_LEFT_EDGE_EM = 2;

// A line starts at a note's hanging indent within this many points of its text's start.
const HANGING_INDENT_TOLERANCE = 2;

/** The block being built, with the last line added and the heading level its lines share, if any. */
type OpenBlock = {
  block: Exclude<Block, { kind: "table" }>;
  last: TextLine;
  lines: number;
  textX: number;
  headingLevel?: number;
  /** The lines of a code listing, laid out when the block closes. */
  code?: TextLine[];
  /** Where a list item's marker (or a numbered note's number) starts. */
  markerX?: number;
  /** An entry of a table of contents, which nothing goes on. */
  entry?: boolean;
  /** A paragraph's lines while each was broken by hand after the one before it (see `isBrokenShort`). */
  brokenLines?: string[];
};

/**
 * What a line is measured against: the document's type, where the text on the line's page ends on
 * the right, and the lines filled to the edge of justified text.
 */
interface Measures {
  typography: Typography;
  textRight: number;
  filledLines: ReadonlySet<TextLine>;
  /** The right edge reached by the lines of text of the page that start where a line starts. */
  rightFrom: (line: TextLine) => number;
  /** Where the lines of the page in a line's type that run under or over it start furthest left. */
  leftEdgeOf: (line: TextLine) => number;
  /** Whether the text opens its paragraphs with a first-line indent (else a paragraph starts flush). */
  indentsParagraphs: boolean;
  /** The document's words, which tell a word's own hyphen at a line's end from hyphenation. */
  words: DocumentWords;
}

/**
 * Turn lines in reading order into headings, paragraphs, list items, code and tables;
 * `framesByPage` holds each page's ruled boxes, where tables are looked for first; `fillsByPage`
 * each page's coloured backgrounds, which tell the rows of a table without rules apart; `words`
 * the whole document's words (as `typography` is its type), which tell a word's own hyphen at a
 * line's end from hyphenation.
 */
export function buildBlocks(
  laidOut: readonly TextLine[],
  typography: Typography,
  framesByPage: ReadonlyMap<number, readonly TableFrame[]> = new Map(),
  fillsByPage: ReadonlyMap<number, readonly FilledBox[]> = new Map(),
  words: DocumentWords,
): Block[] {
  const lines = splitAtBoxesSideBySide(joinLabelsToBoxedValues(laidOut, framesByPage), framesByPage);
  const blocks: Block[] = [];
  let open: OpenBlock | undefined;
  let openLines: TextLine[] = [];
  const close = (): void => {
    if (open?.code) {
      const code = open.code;
      blocks.push(isListing(code) ? { kind: "code", text: layOutCode(code), lines: openLines } : { kind: "paragraph", text: code.map(markdownOf).join(" "), lines: openLines });
    } else if (open) blocks.push({ ...open.block, ...handBrokenText(open), ...rightAlignedText(open, openLines, measuresOf(open.last)), lines: openLines });
    open = undefined;
    openLines = [];
  };
  const taken = new Set<number>();
  const listed = numberedListLines(lines);
  const lettered = new Map([...withoutHeadings(letteredListLines(lines), lines, typography), ...boldTitledListLines(lines)]);
  const contents = contentsLines(lines, (line) => isRowOfRuledTable(line, framesByPage.get(line.pageIndex) ?? []));
  const textRightByPage = measureTextRight(lines);
  const filledLines = justifiedFilledLines(lines);
  const byPage = linesByPage(lines);
  const rightFrom = measureRightFrom(byPage);
  const leftEdgeOf = measureLeftEdge(byPage);
  const indentsParagraphs = opensParagraphsIndented(lines, leftEdgeOf);
  const measuresOf = (line: TextLine): Measures => ({ typography, textRight: textRightByPage.get(line.pageIndex) ?? Infinity, filledLines, rightFrom, leftEdgeOf, indentsParagraphs, words });
  for (let index = 0; index < lines.length; index++) {
    if (taken.has(index)) continue;
    // Note: the entries of a table of contents are lines of their own, not the rows of a table.
    const contentsLine = contents.get(lines[index]!);
    if (contentsLine) {
      const line = lines[index]!;
      if (contentsLine === "wrapped" && open?.entry) open.block.text = joinLines(open.block.text, markdownOf(line), words);
      else {
        close();
        open = { block: { kind: "paragraph", text: markdownOf(line) }, last: line, lines: 1, textX: line.x, entry: true };
      }
      openLines.push(line);
      continue;
    }
    const fills = fillsByPage.get(lines[index]!.pageIndex);
    const numberedHeading = isNumberedHeading(lines[index]!, typography, framesByPage.get(lines[index]!.pageIndex) ?? []);
    const letteredItem = isLabelledItem(lines[index]!, lettered, framesByPage.get(lines[index]!.pageIndex) ?? []);
    const table = !numberedHeading && !letteredItem && matchTable(lines, index, framesByPage.get(lines[index]!.pageIndex), fills);
    if (table) {
      close();
      blocks.push({ kind: "table", rows: table.rows, box: table.box, lines: [...table.taken].map((line) => lines[line]!) });
      for (const line of table.taken) taken.add(line);
      continue;
    }
    const frames = framesByPage.get(lines[index]!.pageIndex);
    const tileRow = !numberedHeading && readTileRow(lines, index, splitPhrases, (next) => !taken.has(next), (next) => matchTable(lines, next, frames, fills) !== undefined);
    if (tileRow) {
      for (const phrase of tileRow.phrases) {
        open = addLine(open, phrase, measuresOf(phrase), close, false);
        openLines.push(phrase);
      }
      for (let next = index; next < tileRow.end; next++) taken.add(next);
      continue;
    }
    // Note: a line of several phrases that is not part of a table is read phrase by phrase.
    const inList = listed.has(lines[index]!) || lettered.has(lines[index]!);
    const phrases = splitPhrases(lines[index]!);
    const labels = typography.isLabelRow(phrases);
    for (const phrase of phrases) {
      const line = open && changesBox(open.last, phrase, frames ?? []) ? { ...phrase, startsBlock: true } : phrase;
      open = addLine(open, line, measuresOf(line), close, inList || labels, lettered.get(phrase));
      openLines.push(line);
    }
  }
  close();
  // Note: a sentence may end a column's last line, filled to the edge of justified text, while the
  // paragraph goes on; in text that opens its paragraphs indented, its rest starts flush.
  const goesOnFlush = (last: TextLine, restStart: TextLine): boolean =>
    indentsParagraphs && filledLines.has(last) && Math.abs(restStart.x - leftEdgeOf(restStart)) <= SAME_START;
  return nestListItems(joinContinuedTables(joinAcrossFloats(blocks, goesOnFlush, words)));
}

// Note: a caption's label is often set in bold ("**Table 1.** Results").
const LEADING_EMPHASIS = /^[*_]+/;

/** A table, or the caption of one (or of a figure), which a layout may float away from its text. */
const isFloat = (block: Block | undefined): boolean =>
  block?.kind === "table" || (block?.kind === "paragraph" && isCaption(block.text.replace(LEADING_EMPHASIS, "")));

/**
 * A table's title set apart from its caption's label over the table (IEEE's "TABLE I" over
 * "RESULTS ON THE TEST SET"): a paragraph between a caption and a table.
 */
const isTableTitle = (blocks: readonly Block[], index: number): boolean =>
  blocks[index]?.kind === "paragraph" && isFloat(blocks[index - 1]) && blocks[index - 1]?.kind === "paragraph" && blocks[index + 1]?.kind === "table";

/**
 * A footnote at the foot of the page of `last`: a paragraph on its page, all of it below `last` and
 * set smaller than it or opening with a note's raised number; or both smaller and so numbered
 * wherever it stands. Note: a note at the foot of the other column may stand level with the cut
 * at the foot of this one; it is read after both columns.
 */
const isFootnoteOfPage = (block: Block | undefined, last: TextLine): boolean => {
  const lines = block?.kind === "paragraph" ? (block.lines ?? []) : [];
  if (lines.length === 0 || lines.some((line) => line.pageIndex !== last.pageIndex)) return false;
  const smaller = lines.every((line) => line.fontSize < last.fontSize);
  const numbered = startsWithNoteNumber(lines[0]!);
  return lines.every((line) => line.baseline > last.baseline) ? smaller || numbered : smaller && numbered;
};

/**
 * Whether one of `blocks` is a caption on the page of `line`, level with it within a line: figures
 * set side by side in a row over the columns, each caption read where it stands, over its column.
 */
const hasCaptionLevelWith = (blocks: readonly Block[], line: TextLine): boolean =>
  blocks.some((block) => {
    const first = block.lines?.[0];
    return isFloat(block) && first?.pageIndex === line.pageIndex && Math.abs(first.baseline - line.baseline) <= line.fontSize;
  });

/**
 * Join a paragraph cut at the end of a column or page with its rest, set under a table or a
 * figure (and its caption) at the top of the next, or on the next page after the footnotes of
 * this one. Note: LaTeX floats a table or figure that does not fit to the top of the next column
 * or page, and a word processor moves a table that does not fit to the next page; the paragraph
 * goes on under it. The rest is told by the cut: the paragraph ends mid-sentence, its rest starts
 * in lowercase (or see `goesOnFlush`). The floats follow the joined paragraph, but for figures
 * set side by side over the columns (see `hasCaptionLevelWith`).
 */
function joinAcrossFloats(blocks: readonly Block[], goesOnFlush: (last: TextLine, restStart: TextLine) => boolean, words: DocumentWords): Block[] {
  const joined: Block[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    joined.push(block);
    const last = block.lines?.at(-1);
    if (block.kind !== "paragraph" || !last) continue;
    let next = index + 1;
    while (isFloat(blocks[next]) || isTableTitle(blocks, next) || isFootnoteOfPage(blocks[next], last)) next++;
    const rest = blocks[next];
    const floats = blocks.slice(index + 1, next);
    const restStart = rest?.lines?.[0];
    if (rest?.kind !== "paragraph" || floats.length === 0 || !restStart) continue;
    if ((SENTENCE_END.test(block.text) || !/^\p{Ll}/u.test(rest.text)) && !goesOnFlush(last, restStart)) continue;
    // Note: the footnotes of this page come first, then what floated to the top of the next.
    const moved = floats.filter((float) => !isFootnoteOfPage(float, last));
    const movedStart = moved[0]?.lines?.[0];
    const floated = movedStart !== undefined && flowsToNextColumn(last, movedStart) && (moved.some((float) => float.kind === "table") || !hasCaptionLevelWith(joined, movedStart));
    const afterFootnotes = moved.length === 0 && flowsToNextColumn(last, restStart);
    if (!floated && !afterFootnotes) continue;
    joined[joined.length - 1] = { ...block, text: joinLines(block.text, rest.text, words), lines: [...block.lines!, ...(rest.lines ?? [])] };
    joined.push(...floats);
    index = next;
  }
  return joined;
}

/**
 * Cut a line where its runs are far apart (tiles of a slide, labels and values); runs closer
 * together (justified text, a bold lead-in before the sentence) stay one line. A table-of-contents
 * entry stays whole, its page number with it.
 */
function splitPhrases(line: TextLine): TextLine[] {
  if (line.runs.length < 2 || endsWithPageNumber(line) || isContentsEntry(line)) return [line];
  // Note: a list marker, a note number or a heading's outline number set apart from its text
  // ("•     Item", "1.1.1     Characterisation of ...") stays with it.
  if (line.runs.length === 2 && (isEnumerator(line.runs[0]!.text) || isOutlineMarker(line.runs[0]!.text))) return [line];
  const phrases: TextRun[][] = [];
  for (const run of line.runs) {
    const previous = phrases.at(-1)?.at(-1);
    if (previous && run.x - previous.right <= PHRASE_GAP_EM * Math.max(run.fontSize, previous.fontSize)) phrases.at(-1)!.push(run);
    else phrases.push([run]);
  }
  if (phrases.length === 1) return [line];
  return phrases.map((runs, index) => ({ ...withRuns(line, runs), startsBlock: index === 0 ? line.startsBlock : undefined }));
}

/**
 * Whether a line is inside another drawn box than the line before it on the page (or one of them is
 * in a box, the other not): the text of a text box or shape (a flowchart's step, a callout) is
 * its own block, never run on into the box below it or the paragraph under it.
 */
function changesBox(previous: TextLine, line: TextLine, frames: readonly TableFrame[]): boolean {
  if (previous.pageIndex !== line.pageIndex) return false;
  return innermostBox(previous, frames) !== innermostBox(line, frames);
}

/** The smallest box drawn around a line (four sides, not a stack of horizontal rules), if any. */
function innermostBox(line: TextLine, frames: readonly TableFrame[]): TableFrame | undefined {
  const area = (frame: TableFrame): number => (frame.right - frame.left) * (frame.bottom - frame.top);
  return frames
    .filter((frame) => frame.vertical.length > 0 && isInFrame(line, frame))
    .reduce<TableFrame | undefined>((smallest, frame) => (smallest && area(smallest) <= area(frame) ? smallest : frame), undefined);
}

/** Plain Markdown for headings; paragraphs mark bold, italic and code, unless the whole line is set so. */
const markdownOf = (line: TextLine): string => line.runs.map((run) => run.markdown).join(" ");
const emphasizedOf = (line: TextLine): string =>
  line.bold || line.italic || line.monospace
    ? markdownOf(line)
    : // Note: bold (or italic) runs next to each other are one span ("**Business characteristics.**").
      line.runs
        .map((run) => run.emphasized)
        .join(" ")
        .replace(/\*\* \*\*/g, " ")
        .replace(/(?<!\\)_ _/g, " ");

/**
 * Add a line to the open block or start a new one; a line `inList` (a list item, a label) is never
 * a heading. `letteredNumber` is the number of a lettered list's item ("b." is 2).
 */
function addLine(open: OpenBlock | undefined, line: TextLine, measures: Measures, close: () => void, inList: boolean, letteredNumber?: number): OpenBlock | undefined {
  const { typography } = measures;
  const plain = lineText(line);
  // Note: an entry of a table of contents is a line of its own, never a heading (whatever its type).
  if (isContentsEntry(line)) {
    close();
    return { block: { kind: "paragraph", text: markdownOf(line) }, last: line, lines: 1, textX: line.x };
  }
  const inlineCode = typography.isCode(line) && wrapsInlineCode(open, line, measures);
  if (typography.isCode(line) && !inlineCode) {
    if (open?.code && continuesCode(open.last, line, typography)) {
      open.code.push(line);
      return { ...open, last: line };
    }
    close();
    return { block: { kind: "paragraph", text: "" }, last: line, lines: 1, textX: line.x, code: [line] };
  }
  const continuedLevel = open?.block.kind === "heading" && continues(open.last, line, measures) ? typography.headingLevel(line, true) : undefined;
  const level =
    continuedLevel === open?.headingLevel && continuedLevel !== undefined
      ? continuedLevel
      : continuesText(open, line, measures) || inList || isIndentedQuote(open, line, typography)
        ? undefined
        : typography.headingLevel(line);
  if (level !== undefined) {
    const sameHeading = open?.headingLevel === level && !line.startsBlock && continues(open.last, line, measures);
    if (open && sameHeading && open.block.kind === "heading" && open.lines < MAXIMUM_HEADING_LINES) {
      open.block.text += ` ${markdownOf(line)}`;
      open.block.plain += ` ${plain}`;
      return { ...open, last: line, lines: open.lines + 1 };
    }
    // Note: more lines in a heading's style than a heading takes are a paragraph set in bold or large type.
    if (open && sameHeading) {
      open.block = { kind: "paragraph", text: joinLines(open.block.text, emphasizedOf(line), measures.words) };
      return { ...open, last: line, lines: open.lines + 1 };
    }
    close();
    return { block: { kind: "heading", level, text: markdownOf(line), plain }, last: line, lines: 1, textX: line.x, headingLevel: level };
  }
  // Note: the runs of one line that is not a table row stay in one paragraph.
  const sameBaseline = open !== undefined && Math.abs(line.baseline - open.last.baseline) < 0.5 && line.x >= open.last.right;
  if (open && !open.code && open.block.kind !== "heading" && sameBaseline && !line.startsBlock) {
    open.block.text += ` ${emphasizedOf(line)}`;
    return { ...open, last: line, brokenLines: undefined };
  }
  const markerOf = (text: string): ListMarker | undefined => parseListMarker(text) ?? (letteredNumber === undefined ? undefined : parseLetteredMarker(text, letteredNumber));
  const marker = markerOf(plain);
  if (marker) {
    close();
    const text = markerOf(emphasizedOf(line))?.rest ?? marker.rest;
    // Note: continuation lines of an item are indented past the marker.
    const textX = line.runs.length > 1 ? line.runs[1]!.x : line.x + typography.bodySize;
    return { block: { kind: "list-item", marker: marker.marker, text }, last: line, lines: 1, textX, markerX: line.x };
  }
  if (open && !open.code && open.block.kind !== "heading" && !line.startsBlock && continues(open.last, line, measures, open.lines) && fitsBlock(open, line, measures) && !endsHandBrokenSentence(open, line, measures)) {
    // Note: inline code's rest keeps its code spans, which a line all in monospaced type would not get.
    const next = inlineCode ? line.runs.map((run) => run.emphasized).join(" ") : emphasizedOf(line);
    open.block.text = joinLines(open.block.text, next, measures.words);
    const brokenLines = open.brokenLines && isBrokenShort(open.last, line, measures) ? [...open.brokenLines, next] : undefined;
    return { ...open, last: line, lines: open.lines + 1, brokenLines };
  }
  close();
  // Note: a note or reference whose number is set apart from its text ("[3]   Green, D. ...") hangs
  // its lines under its text, as a list item does.
  const hanging = line.runs.length === 2 && isEnumerator(line.runs[0]!.text);
  const text = emphasizedOf(line);
  return { block: { kind: "paragraph", text }, last: line, lines: 1, textX: hanging ? line.runs[1]!.x : line.x, markerX: hanging ? line.x : undefined, brokenLines: [text] };
}

/**
 * Whether a monospaced line is the rest of inline code that wrapped ("shows `SELF`" over "`TEST`."):
 * the text above ends in monospaced type, mid-sentence, and the line goes on with it.
 */
function wrapsInlineCode(open: OpenBlock | undefined, line: TextLine, measures: Measures): boolean {
  if (!open || open.code || open.block.kind === "heading" || open.last.monospace) return false;
  const lastRun = open.last.runs.at(-1);
  const endsInCode = lastRun?.items?.at(-1)?.monospace ?? lastRun?.monospace ?? false;
  return endsInCode && !endsSentence(open.last) && continues(open.last, line, measures, open.lines) && fitsBlock(open, line, measures);
}

/**
 * Whether the line goes on the paragraph or list item above, set in the same type: then it is the
 * rest of that text (a caption's second line), even where its type alone would make it a heading.
 */
function continuesText(open: OpenBlock | undefined, line: TextLine, measures: Measures): boolean {
  if (!open || open.code || open.block.kind === "heading" || line.startsBlock) return false;
  const previous = open.last;
  const sameType = Math.abs(line.fontSize - previous.fontSize) <= 0.05 * previous.fontSize && line.bold === previous.bold && line.italic === previous.italic;
  return sameType && continues(previous, line, measures, open.lines) && fitsBlock(open, line, measures);
}

// An italic line indented at least this many ems past the paragraph above it is set off as a quotation.
const QUOTE_INDENT_EM = 1;

/**
 * Whether a line is a quotation set off from the paragraph above it: body-size italics (not bold),
 * indented past that paragraph's text, as Word's Quote style sets it. Note: headings in italics
 * are set flush with the text they head, so indented italics are not one.
 */
function isIndentedQuote(open: OpenBlock | undefined, line: TextLine, typography: Typography): boolean {
  if (!open || open.block.kind !== "paragraph" || open.code || open.last.pageIndex !== line.pageIndex) return false;
  if (!line.italic || line.bold || roundSize(line.fontSize) >= typography.bodySize * LARGER_THAN_BODY) return false;
  // Note: a line that starts right of where the paragraph's last line ends is in another column; a
  // paragraph that went on into the next column (its last line far right of its first) is measured
  // from its lines there.
  const indent = QUOTE_INDENT_EM * typography.bodySize;
  const textX = open.last.x - open.textX >= indent ? open.last.x : open.textX;
  return line.x - textX >= indent && line.x < open.last.right;
}

/** Whether a monospaced line goes on the listing above it: same page, no wider gap than a few blank lines. */
function continuesCode(previous: TextLine, line: TextLine, typography: Typography): boolean {
  const gap = line.baseline - previous.baseline;
  return line.pageIndex === previous.pageIndex ? gap > 0 && gap <= typography.bodyPitch * 4 : line.pageIndex === previous.pageIndex + 1;
}

// A one-line listing has at least this many characters; shorter monospaced text (a page number,
// a footnote mark, a lone command word) is read as a paragraph.
const MINIMUM_ONE_LINE_LISTING = 12;

/**
 * Whether monospaced lines make a listing: more than one line, or one line of some length with a
 * letter in it; and words apart somewhere (URLs and paths set in a typewriter font are one word).
 */
const isListing = (lines: readonly TextLine[]): boolean => {
  const texts = lines.map(lineText);
  const long = lines.length > 1 || (texts[0]!.length >= MINIMUM_ONE_LINE_LISTING && /\p{L}/u.test(texts[0]!));
  return long && texts.some((text) => /\S\s+\S/.test(text));
};

/**
 * A listing's text as it is set: indentation and the spaces between runs from the fixed character
 * width, a blank line where the listing leaves one.
 */
function layOutCode(lines: readonly TextLine[]): string {
  const widths = lines.flatMap((line) => line.runs.map((run) => (run.right - run.x) / Math.max(1, run.text.length)));
  const characterWidth = Math.max(0.1, widths.sort((a, b) => a - b)[Math.floor(widths.length / 2)] ?? 6);
  const left = Math.min(...lines.map((line) => line.x));
  const pitches = lines.slice(1).map((line, index) => line.baseline - lines[index]!.baseline).filter((pitch) => pitch > 0);
  const pitch = pitches.sort((a, b) => a - b)[0] ?? 0;
  const spaces = (width: number): string => " ".repeat(Math.max(0, Math.round(width / characterWidth)));
  return lines
    .map((line, index) => {
      let text = spaces(line.x - left);
      // Note: a run's text has its spaces collapsed, but code aligns with runs of them; its items
      // keep the spaces the PDF wrote, and the gaps between them are measured in characters.
      const pieces = line.runs.flatMap((run) => (run.items ?? [run]).map((piece, pieceIndex) => ({ ...piece, opensRun: pieceIndex === 0 })));
      pieces.forEach((piece, pieceIndex) => {
        const previous = pieces[pieceIndex - 1];
        const written = previous !== undefined && (previous.text.endsWith(" ") || piece.text.startsWith(" "));
        if (previous) text += spaces(piece.x - previous.right) || (piece.opensRun && !written ? " " : "");
        text += piece.text;
      });
      const previous = lines[index - 1];
      const blank = previous && previous.pageIndex === line.pageIndex && line.baseline - previous.baseline > pitch * CODE_BLANK_LINE_PITCH;
      return blank ? `\n${text}` : text;
    })
    .join("\n");
}

/**
 * Whether `line` follows `previous` closely enough, in the same style, to be the same block, of
 * `blockLines` lines so far.
 */
function continues(previous: TextLine, line: TextLine, measures: Measures, blockLines = 1): boolean {
  const { typography, filledLines } = measures;
  if (Math.abs(line.fontSize - previous.fontSize) > 0.15 * previous.fontSize) return false;
  // Note: a float's caption at the top of the next column or page (LaTeX moves a table there) does
  // not go on with the paragraph cut at the foot of this one; the paragraph goes on under the float.
  // A sentence may end the column's last line while the paragraph goes on: justified text sets a
  // paragraph's last line short, so a line filled to the edge is not one, nor a ragged line wrapped
  // before the next line's first word, in a paragraph that wrapped before (a lone line, a footnote
  // or a caption under the text, may be long and end a sentence).
  if (flowsToNextColumn(previous, line)) return (!endsSentence(previous) || filledLines.has(previous) || (blockLines > 1 && wrapsAcrossBreak(previous, line, measures))) && !isCaption(lineText(line));
  const gap = line.baseline - previous.baseline;
  const scale = Math.max(line.fontSize, previous.fontSize) / typography.bodySize;
  return gap > 0 && gap <= typography.bodyPitch * PARAGRAPH_PITCH * scale;
}

/**
 * The lines filled to the edge of justified text: most of the lines above each one (in reading
 * order, on its page, across its width, in its type) end at one right edge, and it ends there too.
 */
function justifiedFilledLines(lines: readonly TextLine[]): Set<TextLine> {
  const filled = new Set<TextLine>();
  lines.forEach((line, index) => {
    const rightsAbove: number[] = [];
    for (let back = index - 1; back >= 0 && rightsAbove.length < JUSTIFIED_NEIGHBOURS && lines[back]!.pageIndex === line.pageIndex; back--) {
      const other = lines[back]!;
      const sameType = Math.abs(other.fontSize - line.fontSize) < 0.5;
      if (sameType && other.x < line.right && other.right > line.x) rightsAbove.push(other.right);
    }
    if (rightsAbove.length < MINIMUM_JUSTIFIED_NEIGHBOURS) return;
    const edge = Math.max(...rightsAbove);
    const tolerance = JUSTIFIED_EDGE_EM * line.fontSize;
    const atEdge = rightsAbove.filter((right) => edge - right <= tolerance).length;
    if (atEdge >= JUSTIFIED_SHARE * rightsAbove.length && Math.abs(line.right - edge) <= tolerance) filled.add(line);
  });
  return filled;
}

/**
 * Whether ragged text wraps from `previous`, the last line of a column or page, to `line`, the
 * first of the next: the first word of `line` would not have fitted after `previous`, and `line`
 * starts flush at the left of its column in text whose paragraphs open indented. Note: where
 * paragraphs start flush (set apart by space, which a break hides), a flush line says nothing,
 * and a paragraph whose last line happened to run long was joined to the next.
 */
const wrapsAcrossBreak = (previous: TextLine, line: TextLine, measures: Measures): boolean =>
  measures.indentsParagraphs && !fitsFirstWord(previous, line, measures, 0) && line.x - measures.leftEdgeOf(line) <= SAME_START;

/**
 * Whether the text opens its paragraphs with a first-line indent: at least
 * {@link MINIMUM_INDENTED_OPENINGS} lines, each between a line that ends a sentence and a line
 * that goes on flush, start indented by a paragraph's indent from their column's left edge, and
 * not with a list marker. Note: a list item or a quotation is indented too, but so is the line
 * under its first.
 */
function opensParagraphsIndented(lines: readonly TextLine[], leftEdgeOf: (line: TextLine) => number): boolean {
  const flush = (line: TextLine): boolean => Math.abs(line.x - leftEdgeOf(line)) <= SAME_START;
  const under = (upper: TextLine, lower: TextLine | undefined): lower is TextLine =>
    lower !== undefined && lower.pageIndex === upper.pageIndex && lower.baseline > upper.baseline && lower.x < upper.right;
  let openings = 0;
  for (let index = 1; index < lines.length - 1 && openings < MINIMUM_INDENTED_OPENINGS; index++) {
    const previous = lines[index - 1]!;
    const line = lines[index]!;
    const next = lines[index + 1];
    if (!under(previous, line) || !under(line, next) || !endsSentence(previous) || !flush(previous) || !flush(next)) continue;
    const indent = (line.x - leftEdgeOf(line)) / line.fontSize;
    if (indent >= PARAGRAPH_INDENT_EM && indent <= MAXIMUM_PARAGRAPH_INDENT_EM && !parseListMarker(lineText(line))) openings++;
  }
  return openings >= MINIMUM_INDENTED_OPENINGS;
}

/** A line that starts the next column or page after `previous` ended the last one. */
const flowsToNextColumn = (previous: TextLine, line: TextLine): boolean =>
  line.pageIndex === previous.pageIndex + 1 || (line.pageIndex === previous.pageIndex && line.baseline < previous.baseline && line.x > previous.right);

const endsSentence = (line: TextLine): boolean => SENTENCE_END.test(lineText(line));

/** A line with a run after a dot leader: an entry of a table of contents. */
const isContentsEntry = (line: TextLine): boolean => line.runs.some((run) => run.items?.[0]?.afterLeader);

function fitsBlock(open: OpenBlock, line: TextLine, measures: Measures): boolean {
  const { textRight } = measures;
  const previous = open.last;
  if (open.entry || isContentsEntry(previous)) return false;
  // Note: a paragraph cut by a column or page break goes on wherever the next column starts.
  if (flowsToNextColumn(previous, line)) return true;
  const em = previous.fontSize;
  // Note: an item set without a hanging indent goes on flush with its marker, below a line that
  // was filled to the text's right edge, or that the line's first word would not have fitted on.
  const filled = previous.right >= textRight - WRAPPED_LINE_EM * em || previous.right + WORD_SPACE_EM * em + firstWordWidth(line) > textRight;
  const wrapped = filled && Math.abs(line.x - (open.markerX ?? NaN)) <= 2;
  // Note: a bullet set close before its text ("•" and a space in one run, as WeasyPrint sets it)
  // puts the text nearer than the em its start is guessed at: a line starting right of the marker
  // goes on with the item too.
  if (open.block.kind === "list-item") return line.x >= open.textX - 2 || line.x > (open.markerX ?? Infinity) + 2 || wrapped;
  // Note: each footnote at the foot of a page starts with its raised number, set close under the last.
  if (startsWithNoteNumber(line)) return false;
  // Note: under a numbered note or reference, a line at its text's hanging indent goes on with it,
  // wherever its sentences end ("... for engineers." over "Civil Books, 2011."). Once the note's
  // lines have gone back under its number, it hangs no more: a line at that indent starts what is
  // set in from the note (a sub-clause "1.1" under clause "1"), as does a numbered line there after
  // a sentence.
  const hangs = (open.lines === 1 || Math.abs(previous.x - open.textX) <= HANGING_INDENT_TOLERANCE) && !(endsSentence(previous) && startsWithLabel(line));
  if (open.markerX !== undefined && hangs && Math.abs(line.x - open.textX) <= HANGING_INDENT_TOLERANCE) return true;
  // Note: a line that ends a sentence well short of the next line's end closes its paragraph, and
  // an indented line after a sentence opens a new one. (Going on where the next line's first word
  // would not have fitted after it joined footnotes, references and paragraphs of other sets.)
  if (endsSentence(previous) && previous.right < line.right - 4 * em) return false;
  if (endsSentence(previous) && line.x - previous.x >= PARAGRAPH_INDENT_EM * em) return false;
  // Note: a short line with a longer one indented under it is a term over its definition (groff's
  // `-me` `.ip` with a tag too wide for its indent, a `<dl>`), not the start of a wrapped paragraph.
  if (previous.right < line.right - 4 * em && line.x - previous.x >= PARAGRAPH_INDENT_EM * em) return false;
  // Note: a bold lead-in after a sentence starts a definition or a run-in heading (LaTeX's
  // description items and \paragraph, set flush at the text's pitch), not the next sentence.
  if (endsSentence(previous) && startsWithBoldLeadIn(line)) return false;
  return Math.abs(line.x - previous.x) < 20 * em;
}

/**
 * A paragraph's text with its lines kept apart by hard breaks, when every one of its lines was
 * broken by hand (an address, a signature, a form's label and value pairs set one a line).
 */
function handBrokenText(open: OpenBlock): { text: string } | undefined {
  return open.block.kind === "paragraph" && open.brokenLines && open.brokenLines.length > 1 ? { text: open.brokenLines.join(HARD_BREAK) } : undefined;
}

/**
 * A paragraph's text with its lines kept apart by hard breaks, when its lines (left to right) are
 * set flush right and ragged on the left, short of the left edge of their column (an address at
 * the right margin, a signature block): each line of such a block was set on a line of its own.
 */
function rightAlignedText(open: OpenBlock, lines: readonly TextLine[], { leftEdgeOf }: Measures): { text: string } | undefined {
  if (open.block.kind !== "paragraph" || lines.length < 2 || lines.some((line) => line.pageIndex !== lines[0]!.pageIndex)) return undefined;
  const em = lines[0]!.fontSize;
  const spread = (values: readonly number[]): number => Math.max(...values) - Math.min(...values);
  const lefts = lines.map((line) => line.x);
  if (spread(lines.map((line) => line.right)) > RIGHT_ALIGNED_EM * em || spread(lefts) < RAGGED_LEFT_EM * em) return undefined;
  // Note: right-to-left text (Arabic, Hebrew) is set flush right and ragged on the left as it wraps.
  if (isRightToLeftText(lines.map(lineText).join(""))) return undefined;
  // Note: a justified paragraph's lines start together bar its first (indented): lines after the
  // first that start apart are ragged; of two lines, only their column's left edge tells.
  const raggedAfterFirst = lines.length > 2 && spread(lefts.slice(1)) >= RAGGED_LEFT_EM * em && startsApartLineByLine(lefts);
  // Note: lines after the first that start together, to a point or two, are a justified
  // paragraph's, its first line indented, whatever the edge left of them (a column's left edge
  // under a line across the page); lines set flush right start a few points apart at least.
  if (lines.length > 2 && spread(lefts.slice(1)) <= SAME_START) return undefined;
  const shortOfLeftEdge = (): boolean => lines.every((line) => line.x - leftEdgeOf(line) >= SHORT_OF_LEFT_EDGE_EM * em);
  return raggedAfterFirst || shortOfLeftEdge() ? { text: lines.map(emphasizedOf).join(HARD_BREAK) } : undefined;
}

/**
 * Whether lines start apart from the line before them at least every other line: ragged, not
 * stepping once (a justified paragraph's lines beside a figure, then under it).
 */
function startsApartLineByLine(lefts: readonly number[]): boolean {
  const apart = lefts.slice(1).filter((left, index) => Math.abs(left - lefts[index]!) > SAME_START).length;
  return apart * 2 >= lefts.length - 1;
}

/**
 * Whether a paragraph broken by hand so far ends with a sentence before `line`: the line after it,
 * broken by hand, starts a paragraph of its own (notes under a table, set one a line).
 */
function endsHandBrokenSentence(open: OpenBlock, line: TextLine, measures: Measures): boolean {
  return open.brokenLines !== undefined && SENTENCE_END.test(lineText(open.last)) && isBrokenShort(open.last, line, measures);
}

// Note: a form's field set on a line of its own: a short label (a few words, a capital first)
// ending in a colon, then its value ("Reported by: Nadia Haddad"). Two such lines one under the
// other are two fields, however short the first: a form sets one a line.
const FORM_FIELD = /^\p{Lu}[\p{L}'’.\-]*(?: [\p{L}'’.\-]+){0,3}: \S/u;

// Note: an entry of a book's index: a term, then the pages it is on after a comma ("hydraulic
// fluid, 5, 12–14"), in a short line; set one a line, lowercase as most terms are, in a column
// too narrow to tell by its right edge whether the next entry would have fitted.
const INDEX_ENTRY = /^\S[^,]*(?:,\s*\d{1,4}(?:[–-]\d{1,4})?)+$/u;
const INDEX_ENTRY_CHARACTERS = 60;
const isIndexEntry = (line: TextLine): boolean => {
  const text = lineText(line);
  return text.length <= INDEX_ENTRY_CHARACTERS && INDEX_ENTRY.test(text);
};

/**
 * Whether the line above was broken by hand: two fields of a form, or two entries of an index, one a line, or the next line starts a phrase of its own (a capital,
 * a digit, an email or web address), and its first word would have fitted after the line above,
 * with an em to spare, inside the right edge that lines starting where that line starts reach.
 * Note: a wrapped line is never broken so; the edge is measured from the lines of the line's own
 * start, so that a column's lines are measured against their column, not the page. Text wrapped
 * round a figure or a box is set short of that edge, but its lines go on mid-phrase, in lowercase,
 * somewhere in the paragraph.
 */
function isBrokenShort(previous: TextLine, line: TextLine, measures: Measures): boolean {
  // Note: an index's entries run on from the foot of one column to the head of the next.
  if (isIndexEntry(previous) && isIndexEntry(line)) return true;
  if (line.pageIndex !== previous.pageIndex || line.baseline <= previous.baseline) return false;
  if (FORM_FIELD.test(lineText(previous)) && FORM_FIELD.test(lineText(line))) return true;
  const word = firstWord(line);
  if (!STARTS_PHRASE.test(word) && !ADDRESS.test(word)) return false;
  return fitsFirstWord(previous, line, measures, SPARE_EM);
}

// A section's number: "4", "2.1", "3.2.1.", or a capital letter or roman numeral, "B.", "IV.".
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2})*\.?|[A-Z]\.|[IVX]{1,4}\.)$/u;

/**
 * Whether a line is a heading set apart from its number ("4", a tab, "Responsibilities"), larger
 * than the body, or in bold heading type at the body's size outside a ruled table ("3.1", a tab,
 * "Preparation", as Word's numbered Heading 2 often is). Note: its number and title look like two
 * cells of a row, but it heads what follows (a table, a sub-heading numbered so too), and is no
 * row of it.
 */
function isNumberedHeading(line: TextLine, typography: Typography, frames: readonly TableFrame[]): boolean {
  if (line.runs.length !== 2 || !SECTION_NUMBER.test(line.runs[0]!.text.trim())) return false;
  if (roundSize(line.fontSize) >= typography.bodySize * LARGER_THAN_BODY) return true;
  return line.bold && typography.headingLevel(line) !== undefined && !frames.some((frame) => isInFrame(line, frame));
}

/**
 * The lettered items that are headings: in bold heading type, over text that is not (the section's
 * text, "A. Background" over "The association was formed ..."). Note: a report letters its headings
 * as a contract does its items; an item is seldom set in bold as a whole above text in regular type.
 */
function withoutHeadings(lettered: ReadonlyMap<TextLine, number>, lines: readonly TextLine[], typography: Typography): Map<TextLine, number> {
  const isHeading = (line: TextLine, next: TextLine | undefined): boolean =>
    line.bold && typography.headingLevel(line) !== undefined && next !== undefined && !next.bold && !lettered.has(next);
  const headings = new Set(lines.filter((line, index) => lettered.has(line) && isHeading(line, lines[index + 1])));
  return new Map([...lettered].filter(([line]) => !headings.has(line)));
}

/**
 * Whether a line is an item of a lettered or roman-numbered list, its label set apart from its
 * text, outside any ruled table. Note: short items ("II.   Motorcycles: 24p a mile.") line up
 * like the two columns of a borderless table, but their labels run on ("II.", "III."), so they
 * are a list, as longer items with the same labels are.
 */
function isLabelledItem(line: TextLine, lettered: ReadonlyMap<TextLine, number>, frames: readonly TableFrame[]): boolean {
  return lettered.has(line) && line.runs.length <= 2 && !frames.some((frame) => isInFrame(line, frame));
}

/** Whether a line opens with an item's label: "2.1", "(a)", "iv.", "3." (not a bare number, which may be a quantity). */
const startsWithLabel = (line: TextLine): boolean => {
  const word = firstWord(line);
  return isOutlineMarker(word) || (isEnumerator(word) && !/^\d+$/u.test(word));
};
const firstWord = (line: TextLine): string => line.runs[0]!.text.trimStart().split(/\s/u)[0] ?? "";

/**
 * Whether the first word of `line` would have fitted after `previous`, with a space and `spareEm`
 * ems to spare, inside the right edge that lines starting where `previous` starts reach.
 */
function fitsFirstWord(previous: TextLine, line: TextLine, { rightFrom }: Measures, spareEm: number): boolean {
  return previous.right + (WORD_SPACE_EM + spareEm) * previous.fontSize + firstWordWidth(line) <= rightFrom(previous);
}

/** The width of a line's first word, estimated from its run's average letter. */
function firstWordWidth(line: TextLine): number {
  const first = line.runs[0]!;
  return ((first.right - first.x) * firstWord(line).length) / Math.max(1, first.text.length);
}

/**
 * For each line, the right edge that the lines of its page starting where it starts, in its type
 * size or larger, reach: the edge this share of them stay inside (a few may run out, across a
 * column). Note: lines of text only (one run); a table's rows may run out wider than the text, and
 * a footnote or a page's footer, set smaller, may run on across both columns of the text.
 */
function measureRightFrom(byPage: ReadonlyMap<number, readonly TextLine[]>): (line: TextLine) => number {
  const edges = new Map<TextLine, number>();
  return (line) => {
    let edge = edges.get(line);
    if (edge === undefined) {
      const rights = (byPage.get(line.pageIndex) ?? [])
        .filter((other) => other.runs.length === 1 && Math.abs(other.x - line.x) <= SAME_START && other.fontSize > line.fontSize - SAME_SIZE)
        .map((other) => other.right)
        .sort((a, b) => a - b);
      // Note: rounded up, so that of a few lines the widest sets the edge.
      edge = rights[Math.ceil((rights.length - 1) * TEXT_RIGHT_SHARE)] ?? line.right;
      edges.set(line, edge);
    }
    return edge;
  };
}

/** The lines of each page, by page index. */
function linesByPage(lines: readonly TextLine[]): Map<number, TextLine[]> {
  const byPage = new Map<number, TextLine[]>();
  for (const line of lines) {
    const page = byPage.get(line.pageIndex);
    if (page) page.push(line);
    else byPage.set(line.pageIndex, [line]);
  }
  return byPage;
}

/**
 * For each line, where the lines of its page in its type size that run under or over it (its
 * column's lines) start furthest left: the left edge of its column's text.
 */
function measureLeftEdge(byPage: ReadonlyMap<number, readonly TextLine[]>): (line: TextLine) => number {
  return (line) =>
    Math.min(
      line.x,
      ...(byPage.get(line.pageIndex) ?? []).filter((other) => Math.abs(other.fontSize - line.fontSize) < SAME_SIZE && other.x < line.right && other.right > line.x).map((other) => other.x),
    );
}

/** A line that opens with bold words and goes on in regular type. */
function startsWithBoldLeadIn(line: TextLine): boolean {
  const items = line.runs[0]?.items ?? [];
  return items[0]?.bold === true && items.some((item) => !item.bold) && !line.bold;
}

/**
 * Where the text of each page ends on the right: the right edge most full lines reach (a few
 * lines, a wide table or a page number, may stand out).
 */
function measureTextRight(lines: readonly TextLine[]): Map<number, number> {
  const rightsByPage = new Map<number, number[]>();
  for (const line of lines) rightsByPage.set(line.pageIndex, [...(rightsByPage.get(line.pageIndex) ?? []), line.right]);
  return new Map([...rightsByPage].map(([page, rights]) => [page, rights.sort((a, b) => a - b)[Math.floor(rights.length * TEXT_RIGHT_SHARE)]!]));
}
