import type { TextItem } from "pdfjs-dist/types/src/display/api.js";

// Note: a word of code at least this long, with no space in it, measures its font's pitch (the
// advance of one character cell, tracking included) on the page.
const PITCH_SAMPLE_LENGTH = 4;
// Note: in a monospaced font a space is one character cell wide. pdf.js writes a space into an item
// wherever two glyphs stand further apart than a tenth of an em; code typeset in cells wider than
// its glyphs (LaTeX's listings centres each character of a token in its cell) leaves such gaps at
// punctuation ("open(", "-name"). A gap under half a cell is that slack, not a space.
const SPACE_SHARE_OF_CELL = 0.5;

/** How to measure a raw item: its font size and whether its font is monospaced. */
export interface ItemMeasure {
  fontSize: (item: TextItem) => number;
  isMonospace: (item: TextItem) => boolean;
}

/** The pitch of each monospaced font on a page in ems, measured on its words without spaces. */
export function monospacePitches(items: readonly TextItem[], measure: ItemMeasure): Map<string, number> {
  const samples = new Map<string, number[]>();
  for (const item of items) {
    const text = item.str;
    if (text.length < PITCH_SAMPLE_LENGTH || /\s/.test(text) || !measure.isMonospace(item)) continue;
    const fontSize = measure.fontSize(item);
    if (!(fontSize > 0) || !(item.width > 0)) continue;
    const list = samples.get(item.fontName) ?? [];
    list.push(item.width / (text.length * fontSize));
    samples.set(item.fontName, list);
  }
  return new Map([...samples].map(([fontName, pitches]) => [fontName, median(pitches)]));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
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
  if (pitch === undefined || spaces === 0) return text;
  const cellsIfSpaced = inner.length - spaces * SPACE_SHARE_OF_CELL;
  return width < cellsIfSpaced * pitch * fontSize ? text.replace(/(\S) (?=\S)/g, "$1") : text;
}
