import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

/** A list marker found at the start of a line. */
export interface ListMarker {
  /** The Markdown marker to write: `-` or `3.`. */
  marker: string;
  /** The line's text after the marker; a checklist item's box leads it as `[x]` or `[ ]`. */
  rest: string;
}

// Note: bullets include the private-use glyphs Symbol and Wingdings fonts map bullets to.
const BULLET = /^(?:[•●○◦▪▫■□►▸‣⁃∙·❖➢➤✓✔\uF0A7\uF0B7\uF076\uF0D8\uF0FC\uF06E\uF0A8]\s*|\\?[-–—*]\s+)(?=\S)/u;
const NUMBERED = /^(\d{1,2})[.)]\s+(?=\S)/;
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

/** Whether a piece of text is nothing but a list marker ("•", "3.", "-"). */
export const isBareListMarker = (text: string): boolean => /^(?:\[[x ]\] )?\u2026$/.test(parseListMarker(`${text.trim()} \u2026`)?.rest ?? "");

// Note: "a.", "iv)", "(b)" and a bare note number ("25") enumerate points and notes, though they do
// not make Markdown list items.
const ENUMERATOR = /^(?:\d{1,3}|\(?[a-z\d]{1,4}[.)])$/i;

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
