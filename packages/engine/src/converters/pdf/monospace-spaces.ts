import type { TextItem } from "pdfjs-dist/types/src/display/api.js";
import { median } from "./column-sides.js";

// Note: a word of code with no space in it measures its font's pitch (the advance of one character
// cell, tracking included) on the page: from two characters on where the glyphs' own advance is
// known (the tracking is then what the word is wider), else from this many.
const PITCH_SAMPLE_LENGTH = 4;
// Note: in a monospaced font a space is one character cell wide. pdf.js writes a space into an item
// wherever two glyphs stand further apart than a tenth of an em; code typeset in cells wider than
// its glyphs (LaTeX's listings centres each character of a token in its cell) leaves such gaps at
// punctuation ("open(", "-name"). A gap under half a cell is that slack, not a space.
const SPACE_SHARE_OF_CELL = 0.5;
// Note: Chinese, Japanese and Korean fonts set every ideograph and syllable in a cell one em wide,
// so pdf.js takes them for monospaced; their space is a quarter or a third of that cell, and it
// is a space between words. Text in these scripts is never code set in cells.
const WIDE_SCRIPT = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** How to measure a raw item: its font size, whether its font is monospaced, and its glyphs' advance in ems where known. */
export interface ItemMeasure {
  fontSize: (item: TextItem) => number;
  isMonospace: (item: TextItem) => boolean;
  glyphAdvance: (item: TextItem) => number | undefined;
}

/**
 * The pitch of each monospaced font on a page in ems, measured on its words without spaces; the
 * advance of its glyphs where it has no such word.
 */
export function monospacePitches(items: readonly TextItem[], measure: ItemMeasure): Map<string, number> {
  const samples = new Map<string, number[]>();
  const pitches = new Map<string, number>();
  for (const item of items) {
    if (!measure.isMonospace(item)) continue;
    const advance = measure.glyphAdvance(item);
    if (advance !== undefined) pitches.set(item.fontName, advance);
    const pitch = samplePitch(item.str, item.width / measure.fontSize(item), advance);
    if (pitch !== undefined) samples.set(item.fontName, [...(samples.get(item.fontName) ?? []), pitch]);
  }
  for (const [fontName, found] of samples) pitches.set(fontName, median(found));
  return pitches;
}

/** The pitch a word without spaces shows, `width` ems wide: its glyphs' advance and the tracking between them. */
function samplePitch(text: string, width: number, advance: number | undefined): number | undefined {
  if (/\s/.test(text) || !(width > 0)) return undefined;
  if (advance !== undefined && text.length >= 2) return advance + (width - text.length * advance) / (text.length - 1);
  return text.length >= PITCH_SAMPLE_LENGTH ? width / text.length : undefined;
}

/**
 * A monospaced item's text without the spaces pdf.js wrote into it for gaps narrower than a
 * character cell: its width holds less than a cell for each of its spaces ("open ( handle )" of
 * `open(handle)`). Note: spaces the PDF draws as glyphs, or as gaps of a whole cell, fill the
 * width and stay.
 */
export function withoutSlackSpaces(text: string, width: number, fontSize: number, pitch: number | undefined): string {
  const inner = text.trim();
  const spaces = inner.match(/ /g)?.length ?? 0;
  if (pitch === undefined || spaces === 0 || WIDE_SCRIPT.test(inner)) return text;
  const cellsIfSpaced = inner.length - spaces * SPACE_SHARE_OF_CELL;
  return width < cellsIfSpaced * pitch * fontSize ? text.replace(/(\S) (?=\S)/g, "$1") : text;
}
