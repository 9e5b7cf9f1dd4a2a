import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

// Note: text at least this much larger than the body is a heading.
const LARGER_THAN_BODY = 1.15;
// Longer lines are prose set large (a pull quote, a cover), not headings.
const MAXIMUM_HEADING_CHARACTERS = 150;
const MAXIMUM_BOLD_HEADING_CHARACTERS = 90;
const MAXIMUM_ITALIC_HEADING_CHARACTERS = 60;
// Markdown heading levels given to font sizes, largest first; bold body text comes after them.
const MAXIMUM_SIZE_LEVELS = 3;

/** The document's typography: body size, line pitch and the sizes headings use. */
export interface Typography {
  bodySize: number;
  /** Usual distance between the baselines of two body lines of one paragraph. */
  bodyPitch: number;
  /** Heading level (1-based) of a line, or undefined for body text. */
  headingLevel(line: TextLine): number | undefined;
}

const roundSize = (size: number): number => Math.round(size * 2) / 2;

/** Measure the body font size and line pitch and rank heading sizes, from all the document's lines. */
export function measureTypography(lines: readonly TextLine[]): Typography {
  const characters = new Map<number, number>();
  for (const line of lines) {
    const size = roundSize(line.fontSize);
    characters.set(size, (characters.get(size) ?? 0) + lineText(line).length);
  }
  const bodySize = [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 12;
  const isLargeHeading = (line: TextLine): boolean =>
    roundSize(line.fontSize) >= bodySize * LARGER_THAN_BODY && isHeadingText(lineText(line), MAXIMUM_HEADING_CHARACTERS);
  const headingSizes = [...new Set(lines.filter(isLargeHeading).map((line) => roundSize(line.fontSize)))].sort((a, b) => b - a);
  const sizeLevels = Math.min(headingSizes.length, MAXIMUM_SIZE_LEVELS);
  return {
    bodySize,
    bodyPitch: measurePitch(lines, bodySize),
    headingLevel(line) {
      if (isLargeHeading(line)) return Math.min(headingSizes.indexOf(roundSize(line.fontSize)) + 1, sizeLevels);
      const text = lineText(line);
      if (line.bold && roundSize(line.fontSize) >= bodySize * 0.95 && isHeadingText(text, MAXIMUM_BOLD_HEADING_CHARACTERS) && !/[,;]$/.test(text)) {
        return sizeLevels + 1;
      }
      // Note: some documents (handbooks, reports) set their lowest headings in body-size italics;
      // a short capitalised italic line without closing punctuation is taken as one.
      if (line.italic && roundSize(line.fontSize) >= bodySize * 0.95 && isHeadingText(text, MAXIMUM_ITALIC_HEADING_CHARACTERS) && /^\p{Lu}/u.test(text) && !/[.,;:]$/.test(text)) {
        return sizeLevels + 2;
      }
      return undefined;
    },
  };
}

function isHeadingText(text: string, maximum: number): boolean {
  return text.length <= maximum && /\p{L}/u.test(text);
}

function measurePitch(lines: readonly TextLine[], bodySize: number): number {
  const counts = new Map<number, number>();
  for (let index = 1; index < lines.length; index++) {
    const previous = lines[index - 1]!;
    const line = lines[index]!;
    if (line.pageIndex !== previous.pageIndex || roundSize(line.fontSize) !== bodySize || roundSize(previous.fontSize) !== bodySize) continue;
    const pitch = Math.round((line.baseline - previous.baseline) * 2) / 2;
    if (pitch > 0 && pitch < bodySize * 2.5) counts.set(pitch, (counts.get(pitch) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? bodySize * 1.2;
}
