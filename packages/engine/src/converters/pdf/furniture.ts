import { findTableFrames } from "./frames.js";
import type { TableFrame } from "./frames.js";
import { isDefined, mainTextSize } from "./column-sides.js";
import { startsWithNoteNumber } from "./lines.js";
import { lineText } from "./model.js";
import type { PageLayout, TextLine } from "./model.js";

// Note: running headers and footers live in the top and bottom eighth of a page.
const MARGIN_SHARE = 0.125;
// A margin line is furniture when it repeats on at least this share of the pages (and on two).
const REPEAT_SHARE = 0.4;
// Note: a document's title often runs as the page header of later pages; where it is set this much
// larger than the running header, it is the title (content), not furniture.
const PROMINENT_SCALE = 1.15;
// Note: a page number may be labelled in full or short ("Page 3", "p. 3", "pg. 3").
const PAGE_NUMBER = /^(?:page\s+|pg?\.\s?)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:of|\/)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$/i;
// A page number with the page count beside it: its two numbers.
const PAGE_OF_PAGES = /^(?:page\s+|pg?\.\s?)?(\d{1,4})\s*(?:of|\/)\s*(\d{1,4})$/i;
// Note: LaTeX's default margins put the page number some two inches above the paper's edge, out of
// the margin share. A page number there is the page's lowest line, centred, this many of its
// heights under the line above, in the lower part of the page.
const LONE_NUMBER_GAP_EM = 2.5;
const CENTRED_SHARE = 0.03;
const LOWER_PART = 0.6;

// Note: a running head that alternates its words between odd and even pages (the journal's name on
// one, the authors' on the other) repeats no text, but its place: the page's top line, on one
// baseline (within this many points) in one size, at most the text's size and not bold, set apart
// from the text under it by at least this many of its ems (a line of text is followed within two,
// a paragraph's space included).
const HEAD_SLOT_BASELINE = 1;
const HEAD_SLOT_SIZE = 0.5;
const HEAD_SLOT_GAP_EM = 2.5;

// Note: a line that is the very top or bottom line of its page, set word for word at one place (within
// this many points) in text size or smaller on two pages at least, is a running head or foot even
// where it repeats on fewer pages than REPEAT_SHARE asks for (a book's chapters open on pages of
// their own style without it, so a short manual shows its foot on only a few pages), or outside the
// top and bottom eighths of the page (memoir's default layout on small paper sets it further in).
const EDGE_PLACE_POINTS = 1;

type Zone = "top" | "bottom";

/**
 * Drop page furniture: bare page numbers (in the margins, or centred well under the text), and
 * lines in the top or bottom margin that repeat at the same place on many pages (digits ignored,
 * so "Page 3" matches "Page 4"). Where such a line is set larger than its repeats (the title on
 * the first page), it is kept; so is one set larger than the page's text whose numbers change
 * from page to page: a chapter's label ("CHAPTER 2") over its title at the top of its first page.
 */
export function removeFurniture(pages: readonly PageLayout[]): PageLayout[] {
  const pagesByKey = new Map<string, Set<number>>();
  const smallestSizeByKey = new Map<string, number>();
  const textsByKey = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const line of page.lines) {
      const key = furnitureKey(page, line);
      if (key === undefined) continue;
      const seen = pagesByKey.get(key) ?? new Set<number>();
      seen.add(page.pageIndex);
      pagesByKey.set(key, seen);
      smallestSizeByKey.set(key, Math.min(line.fontSize, smallestSizeByKey.get(key) ?? Infinity));
      textsByKey.set(key, (textsByKey.get(key) ?? new Set<string>()).add(lineText(line).trim()));
    }
  }
  const minimumRepeats = Math.max(2, Math.ceil(pages.length * REPEAT_SHARE));
  const numberedHeads = numberedRunningLines(pages);
  const slotHeads = runningHeadsByPlace(pages, minimumRepeats);
  const edgeLines = repeatedEdgeLines(pages);
  const isFurniture = (page: PageLayout, line: TextLine): boolean => {
    // Note: footnotes alike but for their numbers ("12 Ibid.", "17 Ibid.") are the text's, not the page's.
    if (startsWithNoteNumber(line)) return false;
    if (numberedHeads.has(line) || slotHeads.has(line) || edgeLines.has(line)) return true;
    const key = furnitureKey(page, line);
    if (key === undefined) return isLonePageNumber(page, line) || isSidewaysPageNumber(page, line);
    if (isPageNumber(line)) return true;
    const repeats = (pagesByKey.get(key)?.size ?? 0) >= minimumRepeats;
    const numberedHeading = textsByKey.get(key)!.size > 1 && line.fontSize > mainTextSize(page.lines) * SAME_SIZE_SCALE;
    return repeats && !numberedHeading && line.fontSize < smallestSizeByKey.get(key)! * PROMINENT_SCALE;
  };
  return pages.map((page) => ({ ...page, lines: page.lines.filter((line) => !isFurniture(page, line)) }));
}

/**
 * The top lines of pages that sit where the top lines of at least `minimumRepeats` pages do (see
 * HEAD_SLOT_GAP_EM): running heads whose words change from page to page.
 */
function runningHeadsByPlace(pages: readonly PageLayout[], minimumRepeats: number): Set<TextLine> {
  const heads = pages.map(headOfPage).filter(isDefined);
  const samePlace = (a: TextLine[], b: TextLine[]): boolean =>
    Math.abs(a[0]!.baseline - b[0]!.baseline) <= HEAD_SLOT_BASELINE && Math.abs(a[0]!.fontSize - b[0]!.fontSize) <= HEAD_SLOT_SIZE;
  return new Set(heads.filter((head) => heads.filter((other) => samePlace(head, other)).length >= minimumRepeats).flat());
}

/**
 * The outermost lines of pages (each page's top and bottom lines) that repeat word for word at one
 * place, in text size or smaller, not bold and no table's row, on two pages at least (see
 * EDGE_PLACE_POINTS).
 */
function repeatedEdgeLines(pages: readonly PageLayout[]): Set<TextLine> {
  const linesByPlace = new Map<string, { lines: TextLine[]; pages: Set<number> }>();
  for (const page of pages) {
    const textSize = mainTextSize(page.lines);
    for (const line of outermostLines(page)) {
      if (line.bold || line.fontSize > textSize * SAME_SIZE_SCALE || isTableRow(page, line)) continue;
      const place = `${Math.round(line.baseline / EDGE_PLACE_POINTS)}:${lineText(line)}`;
      const entry = linesByPlace.get(place) ?? { lines: [], pages: new Set<number>() };
      entry.lines.push(line);
      entry.pages.add(page.pageIndex);
      linesByPlace.set(place, entry);
    }
  }
  return new Set([...linesByPlace.values()].filter((entry) => entry.pages.size >= 2).flatMap((entry) => entry.lines));
}

/** A page's topmost and bottommost lines. */
function outermostLines(page: PageLayout): TextLine[] {
  if (page.lines.length === 0) return [];
  const top = Math.min(...page.lines.map((line) => line.baseline));
  const bottom = Math.max(...page.lines.map((line) => line.baseline));
  return page.lines.filter((line) => line.baseline === top || line.baseline === bottom);
}

/** The lines on a page's top baseline, where they could be a running head (see HEAD_SLOT_GAP_EM). */
function headOfPage(page: PageLayout): TextLine[] | undefined {
  if (page.lines.length === 0) return undefined;
  const top = Math.min(...page.lines.map((line) => line.baseline));
  const head = page.lines.filter((line) => line.baseline - top <= HEAD_SLOT_BASELINE);
  const textSize = mainTextSize(page.lines);
  const size = Math.max(...head.map((line) => line.fontSize));
  if (head.some((line) => line.bold || line.fontSize > textSize * SAME_SIZE_SCALE || zoneOf(page, line) !== "top" || isTableRow(page, line))) return undefined;
  const below = Math.min(...page.lines.filter((line) => !head.includes(line)).map((line) => line.baseline));
  return Number.isFinite(below) && below - top >= HEAD_SLOT_GAP_EM * size ? head : undefined;
}

// A page's number set apart at one end of a margin line.
const BARE_NUMBER = /^\d{1,4}$/;
// Type at most this much larger than the page's text is set in its size.
const SAME_SIZE_SCALE = 1.05;

/**
 * The margin lines (or pages' top or bottom lines) that carry the page's number set apart at one end (see `pageNumberAtEnd`), where
 * those numbers go up with the pages on two pages at least: running heads that name the chapter or section they are
 * in ("4   CHAPTER 1. INTRODUCTION", "1.2. SCOPE   5"), which differ from chapter to chapter and
 * so never repeat word for word. Note: a numbered heading at the top of a page ("2  Results")
 * can match its page's number too, but it is set larger than the text; a running head is not.
 */
function numberedRunningLines(pages: readonly PageLayout[]): Set<TextLine> {
  const linesByOffset = new Map<number, { lines: TextLine[]; pages: Set<number> }>();
  const documentTextSize = mainTextSize(pages.flatMap((page) => page.lines));
  for (const page of pages) {
    // Note: a page left blank but for its head and foot (the back of a two-sided book's last page
    // before a chapter) has too little text of its own to tell the text's size.
    const textSize = Math.max(mainTextSize(page.lines), documentTextSize);
    const outermost = new Set(outermostLines(page));
    for (const line of page.lines) {
      // Note: memoir's default layout sets its running head lower than the top eighth of the page; as
      // the page's top line, with the page's number at one end, it is the head all the same.
      const atEdge = zoneOf(page, line) !== undefined || outermost.has(line);
      if (!atEdge || line.fontSize > textSize * SAME_SIZE_SCALE) continue;
      for (const end of lineEnds(line, outermost.has(line))) {
        const number = pageNumberAtEnd(end, () => isTableRow(page, line));
        if (number === undefined) continue;
        const offset = number - page.pageIndex;
        const entry = linesByOffset.get(offset) ?? { lines: [], pages: new Set<number>() };
        entry.lines.push(line);
        entry.pages.add(page.pageIndex);
        linesByOffset.set(offset, entry);
      }
    }
  }
  return new Set([...linesByOffset.values()].filter((entry) => entry.pages.size >= 2).flatMap((entry) => entry.lines));
}

// Note: LaTeX sets its running heads in capitals ("4 CHAPTER 1. PERSONAL PROTECTIVE EQUIPMENT");
// on a narrow page the head's words run up close to the page's number, in one run with it.
const HEAD_WORDS_BESIDE_NUMBER = 3;
const CAPITALS_HEAD_NUMBER = /^(\d{1,4})\s+[^\p{Ll}]*\p{Lu}[^\p{Ll}]*$|^[^\p{Ll}]*\p{Lu}[^\p{Ll}]*\s(\d{1,4})$/u;

/**
 * The texts at the ends of a line that may hold the page's number: its first and last runs where
 * it has two runs or more; a page's top or bottom line in one run, its number beside words in capitals.
 */
function lineEnds(line: TextLine, outermost: boolean): string[] {
  if (line.runs.length >= 2) return [line.runs[0]!.text.trim(), line.runs.at(-1)!.text.trim()];
  const text = lineText(line).trim();
  const match = outermost && !line.bold ? CAPITALS_HEAD_NUMBER.exec(text) : null;
  // Note: a label and its number alone ("CHAPTER 3") opens a chapter; a head names what it is in.
  return match && text.split(/\s+/).length >= HEAD_WORDS_BESIDE_NUMBER + 1 ? [match[1] ?? match[2]!] : [];
}

/**
 * The page's number a margin line's end run gives: a bare number, unless the line is a table's
 * row (whose last cell may be one), or a number with the page count beside it ("4 / 7", "4 of 7").
 * Note: a slide's footline (Beamer's) sets author, title and date in three cells beside "4 / 7",
 * like a row of a table; a number beside the page count is no table's cell.
 */
function pageNumberAtEnd(text: string, isRowOfTable: () => boolean): number | undefined {
  const ofPages = PAGE_OF_PAGES.exec(text);
  if (ofPages && Number(ofPages[1]) <= Number(ofPages[2])) return Number(ofPages[1]);
  return BARE_NUMBER.test(text) && !isRowOfTable() ? Number(text) : undefined;
}

/**
 * Whether a line is a bare page number ("7", "iv", "Page 3 of 9", "- 12 -"). Note: a page's number
 * never exceeds the page count beside it, so "2024/25" (a wrapped title's year span) is text.
 */
function isPageNumber(line: TextLine): boolean {
  const text = lineText(line).trim();
  const ofPages = PAGE_OF_PAGES.exec(text);
  return PAGE_NUMBER.test(text) && (!ofPages || Number(ofPages[1]) <= Number(ofPages[2]));
}

/**
 * A bare page number centred under the text, apart from it, as the page's lowest line. Note: it is
 * centred on the page or on the text, which a two-sided layout sets off the page's middle (LaTeX's
 * `twoside` shifts it out and in on odd and even pages).
 */
function isLonePageNumber(page: PageLayout, line: TextLine): boolean {
  if (line.runs.length !== 1 || !isPageNumber(line) || line.baseline < page.height * LOWER_PART) return false;
  const centre = (line.x + line.right) / 2;
  const textCentre = (Math.min(...page.lines.map((other) => other.x)) + Math.max(...page.lines.map((other) => other.right))) / 2;
  const centredOn = (middle: number): boolean => Math.abs(centre - middle) <= page.width * CENTRED_SHARE;
  if (!centredOn(page.width / 2) && !centredOn(textCentre)) return false;
  let nearestAbove = -Infinity;
  for (const other of page.lines) {
    if (other === line) continue;
    if (other.baseline >= line.baseline) return false;
    nearestAbove = Math.max(nearestAbove, other.baseline);
  }
  return nearestAbove > -Infinity && line.baseline - nearestAbove >= LONE_NUMBER_GAP_EM * line.fontSize;
}

/**
 * A bare page number set sideways in the left or right margin: the number of a landscape page
 * (a wide table's) printed upright on the portrait page it was turned from.
 */
function isSidewaysPageNumber(page: PageLayout, line: TextLine): boolean {
  const sideways = line.runs.every((run) => run.items?.every((item) => item.vertical) ?? false);
  const inSideMargin = line.right <= page.width * MARGIN_SHARE || line.x >= page.width * (1 - MARGIN_SHARE);
  return sideways && inSideMargin && isPageNumber(line);
}

function zoneOf(page: PageLayout, line: TextLine): Zone | undefined {
  if (line.baseline <= page.height * MARGIN_SHARE) return "top";
  if (line.baseline >= page.height * (1 - MARGIN_SHARE)) return "bottom";
  return undefined;
}

function furnitureKey(page: PageLayout, line: TextLine): string | undefined {
  const zone = zoneOf(page, line);
  if (zone === undefined || isTableRow(page, line)) return undefined;
  // Note: digits are dropped, so "4  Title" on even pages and "Title  5" on odd pages match.
  return `${zone}:${lineText(line).toLowerCase().replace(/\d+/g, "").replace(/\s+/g, " ").trim()}`;
}

// Note: a table's header repeated at the top of every page it runs over is the table's, not the page's.
const TABLE_ROW_RUNS = 3;
// Note: a header's names wrapped onto two lines (a spreadsheet's rows repeated at the top of every
// page) set their upper line, in fewer columns, at most this many ems over the line of names.
const HEADER_LINE_PITCH_EM = 1.5;
// A header's upper line starts this many points at most from where a cell of the line under it does.
const HEADER_EDGE = 3;

/**
 * A line that is a row of a table: inside a ruled frame, set in three or more columns, or the upper
 * line of a header over such a row. Note: a ruled table that lies wholly in a margin is the page's
 * header or footer set as a table (a procedure's logo, title and document number in three cells),
 * not a table of the text: its lines are margin lines like any other.
 */
function isTableRow(page: PageLayout, line: TextLine): boolean {
  let frames = framesByPage.get(page);
  if (!frames) framesByPage.set(page, (frames = findTableFrames(page.rulings, page.lines)));
  const frame = frames.find((candidate) => line.baseline >= candidate.top && line.baseline <= candidate.bottom && line.x >= candidate.left && line.right <= candidate.right);
  if (frame) return !isBoxInMargin(page, frame);
  return line.runs.length >= TABLE_ROW_RUNS || isOverRowOfCells(page, line);
}

/**
 * Whether a frame is a box (with column rules) lying wholly in the top or the bottom margin of its
 * page. Note: a table's header set between two rules alone (booktabs, troff's tbl), repeated at the
 * top of each page the table runs over, lies in the margin too, but it heads the rows under it.
 */
function isBoxInMargin(page: PageLayout, frame: TableFrame): boolean {
  if (frame.vertical.length === 0) return false;
  return frame.bottom <= page.height * MARGIN_SHARE || frame.top >= page.height * (1 - MARGIN_SHARE);
}

const framesByPage = new WeakMap<PageLayout, TableFrame[]>();

/**
 * Whether a line lies right over a line set in three or more columns, starting where one of its
 * cells does: the upper line of the names of a header (a name may be wider than the name under it).
 */
function isOverRowOfCells(page: PageLayout, line: TextLine): boolean {
  return page.lines.some(
    (row) =>
      row.runs.length >= TABLE_ROW_RUNS &&
      row.baseline > line.baseline &&
      row.baseline - line.baseline <= HEADER_LINE_PITCH_EM * line.fontSize &&
      row.runs.some((run) => Math.abs(run.x - line.x) <= HEADER_EDGE),
  );
}
