import { parseListMarker } from "./lists.js";
import { CJK_CHARACTER, lineText } from "./model.js";
import type { TextLine } from "./model.js";

// Note: text at least this much larger than the body is a heading.
export const LARGER_THAN_BODY = 1.15;
// Longer lines are prose set large (a pull quote, a cover), not headings.
const MAXIMUM_HEADING_CHARACTERS = 150;
export const MAXIMUM_BOLD_HEADING_CHARACTERS = 90;
const MAXIMUM_ITALIC_HEADING_CHARACTERS = 60;
// Markdown heading levels given to font sizes, largest first; bold body text comes after them.
const MAXIMUM_SIZE_LEVELS = 3;
// Note: running headers sit in the top margin; a line there that is not much larger than the body
// is the header of the page, not a heading (a title on a cover or first page is set larger or lower).
const RUNNING_HEADER_BAND = 0.075;
const RUNNING_HEADER_MAXIMUM_SCALE = 1.5;
// Note: a running header is set apart from the text under it by more than this many ems (Word,
// LaTeX and browsers leave a margin's worth); a line the page's text follows closer than that
// is that text's first line, a heading that starts the page.
const RUNNING_HEADER_SEPARATION_EM = 2.5;
// Note: captions label a figure or table ("Figure 2.1:", "Table 3.", "Chart A"); they are not sections.
const CAPTION_WORDS = "Fig|Figure|Table|Tab|Chart|Diagram|Graph|Exhibit|Illustration|Plate|Map|Box|Photo|Image|Source|Note";
const CAPTION = new RegExp(
  `^(?:${CAPTION_WORDS}|${CAPTION_WORDS.toUpperCase()})s?(?:(?:\\.\\s*|\\s+)(?:\\d|[IVXLC]+\\b|[A-Z]\\b)|\\s*:)`,
);

/** Whether text starts as a caption does ("Figure 2.1:", "Table 3.", "Chart A"). */
export const isCaption = (text: string): boolean => CAPTION.test(text);
// A document with more of its text monospaced than this share is set in a typewriter font.
const MONOSPACE_BODY_SHARE = 0.9;
const SENTENCE_BREAK = /\p{Ll}{3,}[.!?] \p{Lu}/u;
// A table-of-contents entry ends in its page number, after dot leaders or a wide gap.
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,6})$/i;
// Leaders too short to be cut out of the text ("traits: .. 97", "STATISTICS . 80") still end an entry.
const SHORT_LEADER_PAGE_NUMBER = /(?:\s[.…]|(?:[.…]\s?){2,})\s*\d{1,4}$/;
// A first word that is a name or an identifier, not prose: a capital inside it ("iOS", "eBay",
// "getElementById"), a digit ("d666f1f7", "x86") or code punctuation ("fetch()", "max_size").
const IDENTIFIER_START = /^\p{Ll}[\p{L}\d]*(?:\p{Lu}|\d|[_(])/u;
// A line ending in a colon with at least this many words is a sentence leading in to what follows.
const MINIMUM_LEAD_IN_WORDS = 8;
// Note: papers in IEEE's style (and others) set their section headings in body-size capitals or
// small capitals ("IV. EXPERIMENTS", the small letters a size smaller), numbered in Roman or Arabic
// numerals or letters, and their back matter unnumbered ("REFERENCES"); a line that is all of one
// is a heading. Running text seldom sets a numbered line in capitals.
const CAPITALS_SECTION = /^(?:(?:[IVX]{1,5}|\d{1,2}(?:\.\d{1,2})*|[A-Z])\.?\s+)?\p{Lu}[\p{Lu}\d\s\-–—&,:’']*$/u;
const NUMBERED = /^(?:[IVX]{1,5}|\d{1,2}(?:\.\d{1,2})*|[A-Z])\.?\s+\p{Lu}/u;
const BACK_MATTER = /^(?:REFERENCES|BIBLIOGRAPHY|ACKNOWLEDG(?:E?MENTS?)|APPENDIX(?:\s+[A-Z])?)$/u;
// Small capitals are set this share of the body's size at least.
const SMALL_CAPITALS_SCALE = 0.7;
const MAXIMUM_CAPITALS_HEADING_CHARACTERS = 60;
// Note: a date alone on a line ("June 2023", "12 March 2021") dates a cover or a letter; it is no section.
const MONTH = "January|February|March|April|May|June|July|August|September|October|November|December";
const DATE = new RegExp(`^(?:\\d{1,2}\\.?\\s+)?(?:${MONTH})(?:\\s+\\d{1,2},)?\\s+\\d{4}$`, "i");
// Note: a figure and its unit alone on a line ("7 days", "$12 million", "3.5 hours"), set large as a
// slide or an infographic sets its figures, is no section; a numbered heading's words are capitalised.
const QUANTITY = /^[$€£]?\d[\d.,]*\s?[%+]?\s?\p{Ll}+$/u;
// Note: a division's label alone on a line ("CHAPTER 7.", "Part II", "Appendix B") opens the
// division, however plainly it is set: the title under it is often the only thing set large.
// ("Unit 4" is left out: alone on a line it more often starts an address.)
const DIVISION_LABEL = /^(?:chapter|part|book|lesson|module|appendix|annex)\s+(?:\d{1,3}|[ivxlc]{1,6}|[a-z]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[.:]?$/i;

// Note: a section number ("2", "2.1.", "B", "B.3", "Section 1.01") before a heading's words says
// how deep the section is; a chapter's or an article's number ("Chapter 1. Securing data", "ARTICLE
// IV Members", as bylaws and agreements head their parts) sits above them all.
const SECTION_NUMBER = /^(?:(?:Section|SECTION)\s+)?(\d{1,2}|[A-Z])((?:\.\d{1,2})*)\.?\s+\p{L}/u;
const CHAPTER_NUMBER = /^(?:chapter|article)\s+(?:\d{1,3}|[ivxlc]{1,6})\b/i;
// The minor number of a top section numbered "3.0".
const TOP_SECTION_ZERO = ".0";
const LEADING_SECTION_NUMBER = /^\d{1,2}(?:\.\d{1,2})*\.?\s+/;
const MAXIMUM_LEVEL = 6;
// A line going on with a sentence starts in lowercase.
const CONTINUES_SENTENCE = /^\p{Ll}/u;
// Note: lines are set at most this many ems apart; a wider gap parts paragraphs. Word's double
// spacing, twice a font's own line height, sets a paragraph's lines up to this many ems apart in a
// font with tall ascenders and descenders (Noto, Cambria): there only the gaps before lines that go
// on with a sentence are counted, as a wider gap between one-line paragraphs says nothing of the pitch.
const PITCH_MAXIMUM_EM = 2.5;
const WRAPPED_PITCH_MAXIMUM_EM = 3.2;
// Note: the gaps before lines that go on with a sentence set the body's pitch when they hold at
// least this share of the body's text (fewer may be a few stray lines in a table or a list).
const WRAPPED_PITCH_SHARE = 0.1;
// Note: where at least this share of the text after the most common gap goes on with a sentence,
// that gap is a paragraph's line pitch; one-line paragraphs spaced apart start with capitals.
const COMMON_PITCH_WRAPPED_SHARE = 0.25;

/** The document's typography: body size, line pitch and the sizes headings use. */
export interface Typography {
  bodySize: number;
  /** Usual distance between the baselines of two body lines of one paragraph. */
  bodyPitch: number;
  /**
   * Heading level (1-based) of a line, or undefined for body text. A line `continuing` a heading
   * is judged by its type alone (the second line of a title may start in lowercase).
   */
  headingLevel(line: TextLine, continuing?: boolean): number | undefined;
  /** Whether a line belongs to a code listing: set in a monospaced font in a document whose body is not. */
  isCode(line: TextLine): boolean;
  /**
   * Whether the phrases of one line are labels side by side (a chart's legend, the column heads
   * above figures), not headings: several of them, each in body-size heading type.
   */
  isLabelRow(phrases: readonly TextLine[]): boolean;
  /** The level of a heading whose section number says how deep it is, else `level` (its type's). */
  sectionLevel(text: string, level: number): number;
}

export const roundSize = (size: number): number => Math.round(size * 2) / 2;

/** Measure the body font size and line pitch and rank heading sizes, from all the document's lines. */
export function measureTypography(lines: readonly TextLine[]): Typography {
  const characters = new Map<number, number>();
  let monospaceCharacters = 0;
  let allCharacters = 0;
  for (const line of lines) {
    const size = roundSize(line.fontSize);
    const length = lineText(line).length;
    characters.set(size, (characters.get(size) ?? 0) + length);
    allCharacters += length;
    if (line.monospace) monospaceCharacters += length;
  }
  // Note: a document set in a typewriter font throughout has no listings to tell apart.
  const monospaceBody = monospaceCharacters > allCharacters * MONOSPACE_BODY_SHARE;
  const bodySize = [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 12;
  const isLarge = (line: TextLine): boolean => roundSize(line.fontSize) >= bodySize * LARGER_THAN_BODY;
  const isLargeHeading = (line: TextLine): boolean => isLarge(line) && isHeadingText(lineText(line), MAXIMUM_HEADING_CHARACTERS);
  const isRunningHeader = runningHeaderTest(lines, bodySize);
  const isHeadingLine = (line: TextLine): boolean => isHeadingCandidate(line, bodySize) && !isRunningHeader(line);
  const headingSizes = [...new Set(lines.filter((line) => isLargeHeading(line) && isHeadingLine(line)).map((line) => roundSize(line.fontSize)))].sort((a, b) => b - a);
  const sizeLevels = Math.min(headingSizes.length, MAXIMUM_SIZE_LEVELS);
  const headingLevel = (line: TextLine, continuing = false): number | undefined => {
    if (!continuing && !isHeadingLine(line)) return undefined;
    // Note: the last line of a wrapped heading may hold no word ("Calendar, Spring" / "2025"); only a
    // heading that stands alone needs one.
    if (isLargeHeading(line) || (continuing && isLarge(line))) return Math.min(headingSizes.indexOf(roundSize(line.fontSize)) + 1, sizeLevels);
    const text = lineText(line);
    // Note: the label of a division (not a smaller footer saying which chapter the page is in) heads the document's largest parts.
    if (DIVISION_LABEL.test(text) && roundSize(line.fontSize) >= bodySize * 0.95) return 1;
    if (line.bold && roundSize(line.fontSize) >= bodySize * 0.95 && isHeadingText(text, MAXIMUM_BOLD_HEADING_CHARACTERS) && !/[,;]$/.test(text)) {
      return sizeLevels + 1;
    }
    if (isCapitalsSection(text) && roundSize(line.fontSize) >= bodySize * SMALL_CAPITALS_SCALE) return sizeLevels + 1;
    // Note: some documents (handbooks, reports) set their lowest headings in body-size italics;
    // a short capitalised italic line without closing punctuation is taken as one, after its
    // section number if it has one (groff's `-mm` sets "2.1 Responsibilities" so).
    const words = text.replace(LEADING_SECTION_NUMBER, "");
    if (line.italic && roundSize(line.fontSize) >= bodySize * 0.95 && isHeadingText(text, MAXIMUM_ITALIC_HEADING_CHARACTERS) && /^\p{Lu}/u.test(words) && !/[.,;:]$/.test(text)) {
      return sizeLevels + 2;
    }
    return undefined;
  };
  const typography: Omit<Typography, "sectionLevel"> = {
    bodySize,
    bodyPitch: measurePitch(lines, bodySize),
    isCode(line) {
      return line.monospace && !monospaceBody && roundSize(line.fontSize) < bodySize * LARGER_THAN_BODY && !CJK_CHARACTER.test(lineText(line));
    },
    headingLevel,
    // Note: a heading stands alone on its line; larger phrases side by side are the titles of a slide's tiles.
    isLabelRow: (phrases) => phrases.length > 1 && phrases.every((phrase) => !isLargeHeading(phrase) && headingLevel(phrase) !== undefined),
  };
  return { ...typography, sectionLevel: measureSectionLevels(lines, typography) };
}

/**
 * How deep a section number goes ("Chapter 4" is 0, "4" is 1, "4.1." is 2), or undefined for text without one. A
 * lone letter numbers an appendix only where the document has that appendix's sections ("B" beside
 * "B.1"): elsewhere it is a word ("A Study of ..."). Note: procedures and specifications number
 * their top sections "1.0", "2.0" and the sections in them "2.1", "2.2": a lone ".0" adds no depth.
 */
const sectionDepth = (text: string, appendixLetters: ReadonlySet<string>): number | undefined => {
  if (CHAPTER_NUMBER.test(text)) return 0;
  const match = SECTION_NUMBER.exec(text);
  if (!match || (/[A-Z]/.test(match[1]!) && match[2] === "" && !appendixLetters.has(match[1]!))) return undefined;
  return match[2] === TOP_SECTION_ZERO ? 1 : match[2]!.split(".").length;
};

/**
 * Levels from section numbers: documents often set "4 Results" and "4.1 Setup" in the same bold
 * type, where only the numbering tells the section from its subsection. Where the headings are
 * numbered at more than one depth, each depth the document uses goes one level below the one
 * above it, starting from the level the shallowest numbered headings have by their type.
 */
function measureSectionLevels(lines: readonly TextLine[], typography: Omit<Typography, "sectionLevel">): Typography["sectionLevel"] {
  const headings = lines.flatMap((line, index) => {
    const text = lineText(line);
    const level = SECTION_NUMBER.test(text) || CHAPTER_NUMBER.test(text) ? typography.headingLevel(line) : undefined;
    if (level === undefined) return [];
    // Note: a chapter's label set above its title, smaller ("Chapter 1" over "Results", as LaTeX
    // sets them), heads the chapter at the title's level, and its sections go under both.
    const title = DIVISION_LABEL.test(text) ? titleUnder(line, lines[index + 1], typography) : undefined;
    return [{ text, level: title ?? level, titled: title !== undefined }];
  });
  // Note: a label over its title heads the chapter at the title's level however the label alone ranks.
  const titledLabels = new Map(headings.filter((heading) => heading.titled).map(({ text, level }) => [text, level]));
  const appendixLetters = new Set(headings.flatMap(({ text }) => /^([A-Z])\.\d/.exec(text)?.[1] ?? []));
  const numbered = headings.flatMap(({ text, level }) => {
    const depth = sectionDepth(text, appendixLetters);
    return depth === undefined ? [] : [{ depth, level }];
  });
  // Note: depths are ranked, so a level is never skipped ("Chapter 1" over "1.1" with no "1" between).
  const depths = [...new Set(numbered.map((heading) => heading.depth))].sort((a, b) => a - b);
  if (depths.length < 2) return (text, level) => titledLabels.get(text) ?? level;
  const top = Math.min(...numbered.filter((heading) => heading.depth === depths[0]).map((heading) => heading.level));
  return (text, level) => {
    const depth = sectionDepth(text, appendixLetters);
    const rank = depth === undefined ? -1 : depths.indexOf(depth);
    return rank < 0 ? level : Math.min(top + rank, MAXIMUM_LEVEL);
  };
}

/**
 * The heading level of `next` when it is a title set under the division label `label`: a heading of
 * the same or a larger type. Note: the type, not the level, tells: a label set small ("CHAPTER 2"
 * over a large title, as a user guide sets it) ranks first for its words alone.
 */
function titleUnder(label: TextLine, next: TextLine | undefined, typography: Pick<Typography, "headingLevel">): number | undefined {
  if (!next || next.pageIndex !== label.pageIndex || SECTION_NUMBER.test(lineText(next))) return undefined;
  const labelLevel = typography.headingLevel(label);
  const titleLevel = typography.headingLevel(next);
  return labelLevel !== undefined && titleLevel !== undefined && roundSize(next.fontSize) >= roundSize(label.fontSize) ? titleLevel : undefined;
}

/** A table-of-contents entry: text, then its page number set apart (after dot leaders or a wide gap). */
export const endsWithPageNumber = (line: TextLine): boolean =>
  (line.runs.length > 1 && PAGE_NUMBER.test(line.runs.at(-1)!.text)) || SHORT_LEADER_PAGE_NUMBER.test(lineText(line));

/** Whether a line is a section heading set in capitals: numbered, or a part of the back matter. */
function isCapitalsSection(text: string): boolean {
  if (text.length > MAXIMUM_CAPITALS_HEADING_CHARACTERS || !CAPITALS_SECTION.test(text) || !/\p{Lu}{2}/u.test(text)) return false;
  return NUMBERED.test(text) || BACK_MATTER.test(text);
}

/** Whether the text could be a heading: short, with a word in it. */
function isHeadingText(text: string, maximum: number): boolean {
  // Note: a heading has a word of two letters at least; "b." or "(c)" alone labels a list or figure part.
  return text.length <= maximum && /\p{L}{2}/u.test(text);
}

/**
 * Whether a line in a heading's style is a heading by what it says and where it sits: not a
 * caption, a list item, a table-of-contents entry, the rest of a sentence or
 * text in an image.
 */
function isHeadingCandidate(line: TextLine, bodySize: number): boolean {
  // Note: text read from an image (a chart's title and labels) is set at the image's scale.
  if (line.fromImage) return false;
  const text = lineText(line);
  if (CAPTION.test(text) || DATE.test(text) || QUANTITY.test(text)) return false;
  // Note: a long line ending in a colon introduces what follows ("... are as follows:"); a short
  // one ("Materials:") may be a heading.
  if (text.endsWith(":") && text.split(/\s+/).length >= MINIMUM_LEAD_IN_WORDS) return false;
  // Note: a heading starts with a capital or a number; a lowercase start continues a sentence,
  // unless the first word is a name or an identifier rather than a word of prose.
  if (/^\p{Ll}/u.test(text) && !IDENTIFIER_START.test(text)) return false;
  if (parseListMarker(text)?.marker === "-") return false;
  if (endsWithPageNumber(line)) return false;
  // Note: a sentence ending inside the line ("... tube. See table below") or a word broken at its
  // end ("up-scaling methods. Un-") is prose.
  if (SENTENCE_BREAK.test(text) || /\p{L}-$/u.test(text)) return false;
  return true;
}

/**
 * Which lines are running headers: lines in the top margin not much larger than the body. Note: a
 * page may begin with a heading as high as a running header would sit (a browser prints with
 * narrow margins, and a section often starts a new page). In a document of several pages, a line
 * there set larger than the body, at a height where no other page has a line, is such a heading;
 * a running header recurs at its height from page to page, with its words (its page number
 * aside); the titles of slides stand at one height too, each in words of its own. On a page alone nothing recurs; a line
 * there set bold and larger than the body is its title (a one-page form or notice), for a running
 * header is seldom both. A body-size line there that recurs on no other page and has the page's
 * text close under it is a heading in body-size bold that starts the page.
 */
function runningHeaderTest(lines: readonly TextLine[], bodySize: number): (line: TextLine) => boolean {
  const inBand = (line: TextLine): boolean => line.baseline < line.pageHeight * RUNNING_HEADER_BAND && line.fontSize < bodySize * RUNNING_HEADER_MAXIMUM_SCALE;
  const banded = lines.filter(inBand);
  const pageCount = new Set(lines.map((line) => line.pageIndex)).size;
  const words = (line: TextLine): string => lineText(line).replace(/\d+/g, "").replace(/\s+/g, " ").trim();
  const recurs = (line: TextLine): boolean =>
    banded.some((other) => other.pageIndex !== line.pageIndex && Math.abs(other.baseline - line.baseline) <= line.fontSize && words(other) === words(line));
  const isBoldTitle = (line: TextLine): boolean => line.bold && roundSize(line.fontSize) >= bodySize * LARGER_THAN_BODY;
  const hasTextCloseUnder = (line: TextLine): boolean =>
    lines.some((other) => other.pageIndex === line.pageIndex && other.baseline > line.baseline && other.baseline - line.baseline <= RUNNING_HEADER_SEPARATION_EM * line.fontSize);
  return (line) => {
    if (!inBand(line)) return false;
    // Note: a section titled in body-size capitals may open a column at the top of a page, at the
    // height of other pages' first lines; a running header in capitals recurs in its words too.
    if (pageCount >= 2 && isCapitalsSection(lineText(line))) return recurs(line);
    if (pageCount < 2) return !isBoldTitle(line);
    return recurs(line) || (roundSize(line.fontSize) < bodySize * LARGER_THAN_BODY && !hasTextCloseUnder(line));
  };
}

/**
 * The pitch most body text is set at: the baseline gap between body-size lines, counted by their
 * characters. Note: a line of cells (runs set apart) is a table row, and the lines between two of
 * them are a cell's wrapped text set beside the row's other cells (a browser centres a cell's lines
 * on the row), so gaps next to such a line are the table's, not the text's; and counting lines, not
 * characters, lets a table of one-word rows outvote the paragraphs above it.
 */
function measurePitch(lines: readonly TextLine[], bodySize: number): number {
  const counts = new Map<number, number>();
  const wrappedCounts = new Map<number, number>();
  for (let index = 1; index < lines.length; index++) {
    const previous = lines[index - 1]!;
    const line = lines[index]!;
    if (line.pageIndex !== previous.pageIndex || roundSize(line.fontSize) !== bodySize || roundSize(previous.fontSize) !== bodySize) continue;
    if (previous.runs.length > 1 || line.runs.length > 1) continue;
    const pitch = Math.round((line.baseline - previous.baseline) * 2) / 2;
    if (!(pitch > 0 && pitch < bodySize * WRAPPED_PITCH_MAXIMUM_EM)) continue;
    if (pitch < bodySize * PITCH_MAXIMUM_EM) counts.set(pitch, (counts.get(pitch) ?? 0) + lineText(previous).length);
    if (CONTINUES_SENTENCE.test(lineText(line))) wrappedCounts.set(pitch, (wrappedCounts.get(pitch) ?? 0) + lineText(previous).length);
  }
  const mostCommon = (counted: Map<number, number>): number | undefined => [...counted].sort((a, b) => b[1] - a[1])[0]?.[0];
  const total = (counted: Map<number, number>): number => [...counted.values()].reduce((sum, count) => sum + count, 0);
  // Note: a line that goes on with a sentence in lowercase was wrapped, so its gap is the pitch of
  // a paragraph's lines; in a document of one-line paragraphs (a CV, a form, a list of items each a
  // paragraph) most gaps are the space between paragraphs, and would let them run together.
  // The most common gap stays the pitch where many lines after it go on with a sentence too (lines
  // of cells wrapped tighter in a table are no reason to split the body's paragraphs).
  const common = mostCommon(counts);
  const commonWraps = common !== undefined && (wrappedCounts.get(common) ?? 0) >= (counts.get(common) ?? 0) * COMMON_PITCH_WRAPPED_SHARE;
  const wrapped = !commonWraps && total(wrappedCounts) >= total(counts) * WRAPPED_PITCH_SHARE ? mostCommon(wrappedCounts) : undefined;
  return wrapped ?? common ?? bodySize * 1.2;
}
