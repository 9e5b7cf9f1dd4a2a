import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

/** A list marker found at the start of a line. */
export interface ListMarker {
  /** The Markdown marker to write: `-` or `3.`. */
  marker: string;
  /** The line's text after the marker; a checklist item's box leads it as `[x]` or `[ ]`. */
  rest: string;
}

// Note: bullets include the private-use glyphs Symbol and Wingdings fonts map bullets to, and the
// black and white triangles and diamonds LaTeX Beamer's themes set before items.
const BULLET = /^(?:[•●○◦▪▫■□►▸▶▷◆◇‣⁃∙·❖➢➤✓✔\uF0A7\uF0B7\uF076\uF0D8\uF0FC\uF06E\uF0A8]\s*|\\?[-–—*]\s+)(?=\S)/u;
// Note: a word processor's tab after a two-digit number ("10.") can end right where the number
// does, and the text layer then holds "10.Contracts…" with no space; a capital and a lowercase
// letter after the number's dot is such an item.
const NUMBERED = /^(\d{1,2})[.)](?:\s+(?=\S)|(?=\p{Lu}\p{Ll}))/u;
// Note: Word's checkbox content controls print as ballot boxes ("☒ Design"); a line that starts
// with one is an item of a checklist, written as a GFM task list item ("- [x] Design").
const CHECKBOX = /^([\u2610\u2611\u2612])\s*(?=\S)/u;
const UNCHECKED_BOX = "\u2610";

/** The list marker a line starts with, if it starts a list item. */
export function parseListMarker(text: string): ListMarker | undefined {
  const checkbox = CHECKBOX.exec(text);
  if (checkbox) return { marker: "-", rest: `[${checkbox[1] === UNCHECKED_BOX ? " " : "x"}] ${text.slice(checkbox[0].length)}` };
  const bullet = BULLET.exec(text);
  if (bullet) return { marker: "-", rest: text.slice(bullet[0].length) };
  const numbered = NUMBERED.exec(text);
  if (numbered) return { marker: `${numbered[1]}.`, rest: text.slice(numbered[0].length) };
  return undefined;
}

// Note: Word's outline lists number their second and third levels "a." and "i." (or "a)", "(a)");
// reports, policies and contracts number points and recitals in capitals too ("(A)", "B.", "II.").
// groff's -me numbers its `.np` paragraphs "(1)", "(2)", which, like a lone letter, may also open
// prose (a citation, an equation's number, an initial), so they too count only next to the list's
// next item, in the same case.
const LETTERED = /^(?:\(?([a-z]{1,4}|[A-Z]{1,4})[.)]|\((\d{1,2})\))\s+(?=\S)/;
const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];

/** The item's number in a lettered, roman-numbered or bracket-numbered list: "c." and "C." are 3, "iv." 4 (read as letters or numerals as `roman` says), "(2)" 2. */
function letteredValue(label: string, roman: boolean): number | undefined {
  if (/^\d+$/.test(label)) return Number(label);
  const lower = label.toLowerCase();
  if (roman) return ROMAN.includes(lower) ? ROMAN.indexOf(lower) + 1 : undefined;
  return lower.length === 1 ? lower.charCodeAt(0) - 96 : undefined;
}

/** Whether two labels are set in one case: "b." follows "a.", and "B." follows "A.", but "B." never follows "a.". */
const sameCase = (a: string, b: string): boolean => (a === a.toUpperCase()) === (b === b.toUpperCase());

/**
 * The marker of an item of a lettered list whose number is known. Note: Markdown numbers its
 * ordered lists 1, 2, 3, so a label it cannot show ("b.", "iv.", "(2)") stays at the start of the
 * item's text in a bulleted list, as the Word converters write such labels: the reader sees, and
 * can cite, "clause 3(b)". "b. Say which" gives `-` and "b. Say which"; a bare number before a
 * bold title, "2 **Premises.**", gives `2.` and "**Premises.**".
 */
export function parseLetteredMarker(text: string, number: number): ListMarker | undefined {
  const lettered = LETTERED.exec(text);
  if (lettered) return { marker: "-", rest: `${lettered[0].trim()} ${text.slice(lettered[0].length)}` };
  const bare = BARE_NUMBER.exec(text);
  return bare ? { marker: `${number}.`, rest: text.slice(bare[0].length) } : undefined;
}

/**
 * The lines that are items of a lettered or roman-numbered list, with their numbers. A line that
 * starts with a lowercase letter and a dot may be prose ("v. Jones", "p. 12" run over from the line
 * above), so it is an item only next to another of the list: a later line with its marker in the
 * same place (see `markersAligned`) numbered one on ("a." then "b.", "i." then "ii."), on its page
 * or at the top of the next, with only lines indented further (sub-items, wrapped text) between them.
 */
export function letteredListLines(lines: readonly TextLine[]): Map<TextLine, number> {
  const numbers = new Map<TextLine, number>();
  const labelOf = (line: TextLine): string | undefined => {
    const match = LETTERED.exec(lineText(line));
    return match ? (match[1] ?? match[2]) : undefined;
  };
  lines.forEach((line, index) => {
    const label = labelOf(line);
    if (label === undefined) return;
    for (let next = index + 1; next < lines.length; next++) {
      const other = lines[next]!;
      // Note: a list goes on over a page break: its next item may open the next page.
      if (other.pageIndex !== line.pageIndex && other.pageIndex !== line.pageIndex + 1) return;
      if (!markersAligned(line, other)) {
        if (other.x < line.x - MARKER_ALIGNMENT) return;
        continue;
      }
      const otherLabel = labelOf(other);
      if (otherLabel === undefined || !sameCase(label, otherLabel)) return;
      for (const roman of [true, false]) {
        const value = letteredValue(label, roman);
        if (value !== undefined && letteredValue(otherLabel, roman) === value + 1) {
          numbers.set(line, value);
          numbers.set(other, value + 1);
          return;
        }
      }
      return;
    }
  });
  return numbers;
}

// Note: minutes and agendas number their items with a bare number before a bold title ("1 Minutes
// of the last meeting. Approved…"). A bare number also opens a footnote or a table's row, so such a
// line is an item only with a bold lead-in after its number, next to the list's next item.
const BARE_NUMBER = /^(\d{1,2})\s+(?=\S)/;

/** The number of a line that opens with a bare number, in regular type, and a bold title after it ("2 **Treasurer's report.** Income…"). */
function numberBeforeBoldTitle(line: TextLine): number | undefined {
  const [number, title, ...rest] = line.runs.flatMap((run) => run.items ?? []);
  const label = number && !number.bold && /^\d{1,2}$/.test(number.text.trim()) ? Number(number.text) : undefined;
  return label !== undefined && title?.bold && rest.some((item) => !item.bold) ? label : undefined;
}

// An item numbered before a bold title wraps over at most this many lines more before the next item.
const MAXIMUM_WRAPPED_ITEM_LINES = 4;

/**
 * The lines that are items of a list numbered with bare numbers before bold titles, with their
 * numbers: such a line followed in reading order by the next one, on its page, at its x, numbered
 * one on, with only the item's wrapped lines (a few, none left of its number) between them.
 */
export function boldTitledListLines(lines: readonly TextLine[]): Map<TextLine, number> {
  const numbers = new Map<TextLine, number>();
  lines.forEach((line, index) => {
    const number = numberBeforeBoldTitle(line);
    if (number === undefined) return;
    for (let next = index + 1; next <= index + 1 + MAXIMUM_WRAPPED_ITEM_LINES && next < lines.length; next++) {
      const other = lines[next]!;
      if (other.pageIndex !== line.pageIndex || other.x < line.x - MARKER_ALIGNMENT) return;
      const otherNumber = numberBeforeBoldTitle(other);
      if (otherNumber === undefined) continue;
      if (otherNumber !== number + 1 || Math.abs(other.x - line.x) > MARKER_ALIGNMENT) return;
      numbers.set(line, number);
      numbers.set(other, number + 1);
      return;
    }
  });
  return numbers;
}

// Markers of one list level start (or, set flush right, end) within this many points of each other.
const MARKER_ALIGNMENT = 2;

// A text item that is a list label and nothing else: "iv.", "(b)", "II.", "12.".
const LABEL_ITEM = /^\(?(?:[a-z\d]{1,4}|[A-Z]{1,4})[.)]$/;

/** Where a line's text starts after its label, when the label is a text item of its own. */
function textAfterLabel(line: TextLine): number | undefined {
  const [label, text] = line.runs.flatMap((run) => run.items ?? []);
  return label && text && LABEL_ITEM.test(label.text.trim()) ? text.x : undefined;
}

/**
 * Whether two lines' list labels are set in one place. Note: a browser sets an HTML list's
 * numbers flush right against the item's text, as Word does a right-aligned level, so "ii." starts
 * left of "i." and only the text after them lines up.
 */
function markersAligned(a: TextLine, b: TextLine): boolean {
  if (Math.abs(a.x - b.x) <= MARKER_ALIGNMENT) return true;
  const [textA, textB] = [textAfterLabel(a), textAfterLabel(b)];
  return textA !== undefined && textB !== undefined && Math.abs(textA - textB) <= MARKER_ALIGNMENT;
}

/** Whether a piece of text is nothing but a list marker ("•", "3.", "-"). */
export const isBareListMarker = (text: string): boolean => /^(?:\[[x ]\] )?\u2026$/.test(parseListMarker(`${text.trim()} \u2026`)?.rest ?? "");

// Note: "a.", "iv)", "(b)", a bare note number ("25") and a reference's number in brackets ("[12]")
// enumerate points and notes, though they do not make Markdown list items.
const ENUMERATOR = /^(?:\d{1,3}|\(?[a-z\d]{1,4}[.)]|\[\d{1,3}\])$/i;

/** Whether a piece of text is a list marker or another enumerator of points or notes. */
export const isEnumerator = (text: string): boolean => isBareListMarker(text) || ENUMERATOR.test(text.trim());

// Note: Word numbers the headings of an outline "2.1", "2.1.3" (a multilevel list).
const OUTLINE_NUMBER = /^\d{1,2}(?:\.\d{1,2})+\.?$/;

/** Whether a piece of text is a list marker or the number of an outline level ("2.1"). */
export const isOutlineMarker = (text: string): boolean => isBareListMarker(text) || OUTLINE_NUMBER.test(text.trim());

/** The number of a numbered line ("3. Results" gives 3), if it is one. */
function numberOf(line: TextLine | undefined): number | undefined {
  const marker = line && parseListMarker(lineText(line))?.marker;
  return marker && marker !== "-" ? Number.parseInt(marker, 10) : undefined;
}

const sameType = (a: TextLine, b: TextLine): boolean => Math.abs(a.fontSize - b.fontSize) <= 0.05 * a.fontSize && a.bold === b.bold;

/**
 * The lines that are items of a numbered list: numbered lines next to each other in reading order,
 * in one type, each number one after the one before ("1. Overview", "2. Features"). Note: a
 * numbered heading ("2. Methods") has its section's text between it and the next one, so set
 * bold or large, such lines are still list items (a contents slide), not headings.
 */
export function numberedListLines(lines: readonly TextLine[]): Set<TextLine> {
  const listed = new Set<TextLine>();
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    const number = numberOf(line);
    if (number === undefined || !next || next.pageIndex !== line.pageIndex || !sameType(line, next) || numberOf(next) !== number + 1) return;
    listed.add(line);
    listed.add(next);
  });
  return listed;
}
