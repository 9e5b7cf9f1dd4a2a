import type { Rulings } from "./rules.js";

/** A piece of text on a page, in top-down page coordinates (points, origin at the top left). */
export interface PdfTextItem {
  text: string;
  /** Left edge. */
  x: number;
  /** Right edge. */
  right: number;
  /** Baseline, measured from the top of the page. */
  baseline: number;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  /** Set in a monospaced (fixed-pitch) font, as code is. */
  monospace: boolean;
  /** Read by OCR from an image on the page (a chart, a screenshot), not from the text layer. */
  fromImage: boolean;
  /** Set for vertical (CJK) writing and for text turned a quarter turn: such an item is a line of its own. */
  vertical: boolean;
  /** Set for text turned a quarter turn (a sideways column header), placed as an upright box ending at its baseline. */
  turned?: boolean;
  /** Target of the link annotation the item sits in. */
  href: string | undefined;
  /** Set when the item follows a dot leader ("Introduction ....... 7"): a table of contents, not a table. */
  afterLeader?: boolean;
  /** Set when the PDF wrote a space glyph right before the item: a word break, however narrow the gap. */
  spaceBefore?: boolean;
  /** Set on a right-to-left page, whose items are placed as in its mirror image (see `mirror.ts`). */
  mirrored?: boolean;
}

/** Items on one baseline that sit close together: a phrase, or one cell of a table row. */
export interface TextRun {
  /** Plain text, for layout decisions. */
  text: string;
  /** The same text as Markdown (escaped, links applied). */
  markdown: string;
  /** The Markdown with bold and italic text marked, for paragraphs. */
  emphasized: string;
  x: number;
  right: number;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** The text items the run was made of, left to right: a table cuts a run at a column border. */
  items?: readonly PdfTextItem[];
}

/** All runs that share a baseline, left to right. */
export interface TextLine {
  runs: TextRun[];
  x: number;
  right: number;
  baseline: number;
  /** The largest font size on the line. */
  fontSize: number;
  /** True when every run is bold. */
  bold: boolean;
  /** True when every run is italic. */
  italic: boolean;
  /** True when every run is set in a monospaced font. */
  monospace: boolean;
  /** True when every item was read by OCR from an image. */
  fromImage: boolean;
  /** Index of the page the line is on (0-based). */
  pageIndex: number;
  /** Height of that page, to tell the running-header band from the body. */
  pageHeight: number;
  /**
   * Set by reading-order analysis on a line that must not be joined to the text before it on the
   * same baseline: the body beside a label or caption column.
   */
  startsBlock?: boolean;
}

/** The gaps between layout columns, left to right, and the baselines (inclusive) of the stretch set in columns. */
export interface Gutter {
  xs: readonly number[];
  top: number;
  bottom: number;
}

/** One page's text lines plus its size. */
export interface PageLayout {
  pageIndex: number;
  width: number;
  height: number;
  lines: TextLine[];
  /** The gaps between columns of prose, on a page (or part of one) set in two or more columns. */
  gutter: Gutter | undefined;
  /** The lines the page draws, which tables are built from. */
  rulings: Rulings;
  /** Tesseract's confidence (0..1) on a page read by OCR, whose lines are the words it read. */
  ocrConfidence?: number;
}

/** Plain text of a line, runs separated by a space. */
export const lineText = (line: TextLine): string => line.runs.map((run) => run.text).join(" ");

/** The end of a sentence: a full stop, question or exclamation mark or colon, maybe before a closing quote or bracket. */
export const SENTENCE_END = /[.!?:]["”’)]?$/;

/** Chinese, Japanese and Korean characters; their fonts are fixed-pitch, but their text is not code. */
export const CJK_CHARACTER = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
