import type { ElementContent } from "hast";

/** A paragraph as RTF describes it: its inline content and the properties that give it structure. */
export interface RtfParagraph {
  type: "paragraph";
  content: ElementContent[];
  /** 0-based outline level (`\outlinelevel`, or the style's), for headings. */
  outlineLevel: number | undefined;
  /** A numbered heading's number as Word shows it (`2.1`, from `\listtext`), written before its text. */
  headingNumber?: string | undefined;
  /** The paragraph style's name (`heading 1`, `Title`). */
  styleName: string | undefined;
  /** List level and kind, from `\ls`/`\ilvl` or a pandoc-style hanging label; `start` is a number label's number. */
  list: { level: number; ordered: boolean; id: number | undefined; start: number | undefined } | undefined;
}

/** A table: rows of cells, each cell a list of paragraphs. */
export interface RtfTable {
  type: "table";
  rows: RtfParagraph[][][];
}

export type RtfBlock = RtfParagraph | RtfTable;
