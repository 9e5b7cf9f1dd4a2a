/**
 * The deck model the three slide readers (PPTX, ODP, PPT) build and one writer turns into
 * Markdown, as mammoth separates its readers from its writers: each reader only knows its format.
 */

/** A run of text, possibly a link. */
export interface TextRun {
  text: string;
  /** An absolute URL (external hyperlinks only; jumps to other slides are kept as text). */
  href?: string;
  /** Set in a monospaced font: code (the PPTX reader knows run fonts). */
  monospace?: boolean;
  /** Set bold or italic by the run itself (what a master or style implies is not read). */
  bold?: boolean;
  italic?: boolean;
}

/** One paragraph of a text body. */
export interface SlideParagraph {
  kind: "paragraph";
  runs: TextRun[];
  /** Indent level, 0 for the outermost. */
  level: number;
  /** A bullet or a number in front of it; `undefined` for a plain paragraph. */
  list?: "bullet" | "ordered";
  /** For a numbered paragraph: the number its list starts at, when the reader knows it (else 1). */
  start?: number;
}

/** A table cell: its paragraphs, each a list of runs. */
export type TableCell = TextRun[][];

/** A table; the first row is written as the header. */
export interface SlideTable {
  kind: "table";
  rows: TableCell[][];
}

/** A chart, with the values the file caches for it (category by series). */
export interface SlideChart {
  kind: "chart";
  title?: string;
  seriesNames: string[];
  /** One row per category: its label, then one value per series. */
  rows: string[][];
}

/**
 * A picture: its description, and where its bytes are, which the converter reads only when
 * pictures are asked for (`SlideImage` is the one place a reader reports a picture).
 */
export interface SlideImage {
  kind: "image";
  alt: string;
  /** The package part that holds the picture (`ppt/media/image1.png`, `Pictures/….png`), when known. */
  part?: string;
  /** The picture's bytes, when the reader has them at hand (a PPT's "Pictures" stream). */
  bytes?: Uint8Array;
}

export type SlideBlock = SlideParagraph | SlideTable | SlideChart | SlideImage;

/** A shape's content with its top-left corner, for the reading order. */
export interface PlacedBlocks {
  x: number;
  y: number;
  /** Height, to tell shapes side by side from shapes one above the other. */
  height: number;
  blocks: SlideBlock[];
}

/** One visible slide. */
export interface Slide {
  /** Its position in the deck, counting hidden slides, as PowerPoint numbers it. */
  number: number;
  title?: string;
  /** The slide's shapes; the writer puts them in reading order. */
  shapes: PlacedBlocks[];
  notes: SlideBlock[];
}

/** What a reader returns. */
export interface Deck {
  slides: Slide[];
  /** Number of hidden slides left out. */
  hiddenCount: number;
  title?: string;
  author?: string;
  warnings: string[];
}

/** The text of paragraphs, one line each, whitespace collapsed (titles, chart labels). */
export function plainText(paragraphs: readonly SlideBlock[]): string {
  return paragraphs
    .flatMap((block) => (block.kind === "paragraph" ? [block.runs.map((run) => run.text).join("")] : []))
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" ");
}

// Note: some writers (pptxgenjs, python-pptx) fill a picture's description with the file it was
// inserted from; a file's name or path describes nothing a reader sees.
const PICTURE_FILE = /^.*\.(?:png|jpe?g|gif|bmp|tiff?|svg|emf|wmf|webp)$/i;

/** A picture's description as its file gives it, or "" where it is only the name of the picture's file. */
export const pictureDescription = (text: string | null | undefined): string => {
  const description = text?.trim() ?? "";
  return PICTURE_FILE.test(description) ? "" : description;
};
