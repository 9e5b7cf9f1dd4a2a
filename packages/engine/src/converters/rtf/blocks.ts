import type { ElementContent } from "hast";
import { mergeRuns } from "../hast-runs.js";
import { cellSpans } from "../word/cell-grid.js";
import { isPlainNumberLabel } from "../word/list-numbers.js";
import type { RtfBlock, RtfParagraph, RtfTable } from "./model.js";

/** The paragraph properties RTF scopes to groups and resets with `\pard`. */
export interface ParagraphProperties {
  style: number;
  outlineLevel: number | undefined;
  listLevel: number;
  listId: number | undefined;
  inTable: boolean;
  leftIndent: number;
  firstIndent: number;
}

export const PLAIN_PARAGRAPH: Readonly<ParagraphProperties> = {
  style: 0, outlineLevel: undefined, listLevel: 0, listId: undefined, inTable: false, leftIndent: 0, firstIndent: 0,
};

/** What the style sheet says of a style: its name and outline level. */
export interface RtfStyle {
  name: string;
  outlineLevel: number | undefined;
  /** The style it is based on (`\sbasedon`). */
  basedOn?: number | undefined;
}

const HEADING_NAME = /^heading\s*([1-9])$/i;

/**
 * A style with the outline level it shows: its own, else that of the nearest style it is based
 * on that has one or is a "heading N" (a "Chapter Title" based on Heading 1 is a heading, as in
 * Word). The chain is followed at most 10 steps, so a loop ends.
 */
export function resolveStyle(styles: ReadonlyMap<number, RtfStyle>, number: number): RtfStyle | undefined {
  const style = styles.get(number);
  if (!style || style.outlineLevel !== undefined || HEADING_NAME.test(style.name)) return style;
  let ancestor = style.basedOn === undefined || style.basedOn === number ? undefined : styles.get(style.basedOn);
  for (let step = 0; ancestor && step < 10; step++) {
    const heading = HEADING_NAME.exec(ancestor.name)?.[1];
    const outlineLevel = ancestor.outlineLevel ?? (heading ? Number(heading) - 1 : undefined);
    if (outlineLevel !== undefined) return { ...style, outlineLevel };
    ancestor = ancestor.basedOn === undefined ? undefined : styles.get(ancestor.basedOn);
  }
  return style;
}

/** A bullet, or a number or letter with `.` or `)`; the capture is there for numbers only. */
const LIST_LABEL = /^\s*(?:[\u2022\u25e6\u25aa\u25cf\u2013\u2014\u00b7\u2023\u2043o*-]|(\(?[0-9ivxlcdmIVXLCDMa-zA-Z]{1,4}[.)]))\s*$/;

/** The leading label of a pandoc-style list item: a bullet or number before the first space or tab. */
function leadingLabel(inline: ElementContent[]): { label: string; length: number } | undefined {
  const first = inline[0];
  if (first?.type !== "text") return undefined;
  const match = /^([^\s]{1,6})\s+/.exec(first.value);
  if (!match || !LIST_LABEL.test(match[1]!)) return undefined;
  return { label: match[1]!, length: match[0].length };
}

/**
 * A paragraph from its runs and properties. A list item is one with a list (`\ls`) or, as pandoc
 * writes them, a hanging indent after a bullet or number label. A numbered heading is a heading,
 * though Word numbers it through a list, led by its number.
 */
export function paragraphOf(runs: ElementContent[], properties: ParagraphProperties, style: RtfStyle | undefined, listText: string): RtfParagraph {
  const content = mergeRuns(runs);
  // Word and pandoc start a footnote with a space after its mark; a paragraph's leading spaces never show.
  if (content[0]?.type === "text") content[0].value = content[0].value.replace(/^[\s\u00a0]+/, "");
  const leading = listText.trim() ? undefined : leadingLabel(content);
  const label = listText.trim() ? listText : leading?.label;
  const outlineLevel = properties.outlineLevel ?? style?.outlineLevel;
  const isHeading = outlineLevel !== undefined || /^(heading\s*\d|title)$/i.test(style?.name ?? "");
  const hangingLabel = label !== undefined && properties.firstIndent < 0 && properties.leftIndent > 0;
  const isListItem = !isHeading && (properties.listId !== undefined || hangingLabel);
  // Note: a label typed at the start of a paragraph that is neither a list item nor a heading (whose
  // number leads it) is its text ("• Typed", "1. Scope").
  if (leading && (isListItem || isHeading) && content[0]?.type === "text") content[0].value = content[0].value.slice(leading.length);
  const shown = label?.trim() ?? "";
  const labelMatch = LIST_LABEL.exec(shown);
  // Word's label as text where Markdown cannot number it ("Article 1.", "(a)", "IV.", "1.2."); a
  // bullet, even a letter one ("o"), is not text.
  const labelAsText = isListItem && !(labelMatch && labelMatch[1] === undefined) && /[\p{L}\p{N}]/u.test(shown) && !isPlainNumberLabel(shown);
  if (labelAsText) content.unshift({ type: "text", value: `${shown} ` });
  return {
    type: "paragraph",
    content,
    outlineLevel,
    headingNumber: isHeading && /[\p{L}\p{N}]/u.test(shown) ? shown : undefined,
    styleName: style?.name,
    list: isListItem
      ? {
          // pandoc indents each level by 360 twips more.
          level: properties.listId !== undefined ? properties.listLevel : Math.max(0, Math.round(properties.leftIndent / 360) - 1),
          ordered: !labelAsText && labelMatch?.[1] !== undefined,
          start: isPlainNumberLabel(shown) ? Number.parseInt(shown, 10) : undefined,
          id: properties.listId,
        }
      : undefined,
  };
}

/** Where paragraphs are written (the body, or one footnote), gathering table cells into rows and tables. */
export class BlockSink {
  readonly blocks: RtfBlock[] = [];
  /** The runs of the paragraph being read. */
  runs: ElementContent[] = [];
  private cell: RtfParagraph[] = [];
  private row: RtfParagraph[][] = [];
  private table: RtfTable | undefined;
  /** The right edges of the cells of the row being defined (`\cellx`), and of each row read. */
  private rowEdges: number[] = [];
  private tableEdges: number[][] = [];

  constructor(readonly label: string) {}

  /** `\par`: the paragraph goes into the table cell being read, or ends any table and follows it. */
  addParagraph(paragraph: RtfParagraph, inTable: boolean): void {
    if (inTable) {
      this.cell.push(paragraph);
    } else {
      this.closeTable();
      this.blocks.push(paragraph);
    }
  }

  /** A table read elsewhere (in a text box): it ends any table being read and follows it. */
  addTable(table: RtfTable): void {
    this.closeTable();
    this.blocks.push(table);
  }

  /** `\cell`: the last paragraph of a cell. */
  endCell(paragraph: RtfParagraph): void {
    this.cell.push(paragraph);
    this.row.push(this.cell);
    this.cell = [];
  }

  /** `\trowd`: a row's definition starts. */
  defineRow(): void {
    this.rowEdges = [];
  }

  /** `\cellxN`: the right edge of the next cell of the row being defined. */
  cellEdge(twips: number): void {
    this.rowEdges.push(twips);
  }

  /** `\row`. */
  endRow(): void {
    this.table ??= { type: "table", rows: [] };
    this.table.rows.push(this.row);
    this.tableEdges.push(this.rowEdges);
    this.row = [];
  }

  /**
   * Cells read since the last `\row` still make a row when the table ends without one.
   * Note: LibreOffice's export leaves the outer row open when a nested table ends its last cell
   * (`\nestrow`, then `\sect` with no `\cell\row`); that row's text is in the file all the same.
   */
  private endOpenRow(): void {
    if (this.cell.length > 0) {
      this.row.push(this.cell);
      this.cell = [];
    }
    if (this.row.length > 0) this.endRow();
  }

  /** The table ends: a cell merged across columns is followed by empty cells for the columns it covers. */
  closeTable(): void {
    this.endOpenRow();
    if (this.table) {
      const spans = cellSpans(this.tableEdges, this.table.rows.map((row) => row.length));
      const rows = this.table.rows.map((row, index) => row.flatMap((cell, column) => [cell, ...Array.from({ length: (spans[index]![column] ?? 1) - 1 }, (): RtfParagraph[] => [])]));
      this.blocks.push({ ...this.table, rows });
    }
    this.table = undefined;
    this.tableEdges = [];
  }
}
