import type { StreamRange } from "./fib.js";
import { PAGE_SIZE, readFormattedPages } from "./formatted-pages.js";
import { SPRM, readRowCellEdges, readSprms } from "./sprms.js";

/** The properties of one paragraph that decide its Markdown block. */
export interface ParagraphProperties {
  styleIndex: number;
  inTable: boolean;
  /** The paragraph is the mark that ends a table row. */
  tableRowEnd: boolean;
  /** On a row's end mark: the right edges of its cells, in twips. */
  cellEdges?: number[] | undefined;
  /** The mark ends a cell of a table nested in a cell (`sprmPFInnerTableCell`), or that table's row (`sprmPFInnerTtp`). */
  innerCellEnd?: boolean;
  innerRowEnd?: boolean;
  /** The paragraph is a drop cap (`sprmPDcs`): the large first letter of the paragraph after it. */
  dropCap?: boolean;
  listFormatOverride: number | undefined;
  listLevel: number | undefined;
  /** An outline level set on the paragraph itself (0-based, 9 for body text), which outranks its style's. */
  outlineLevel: number | undefined;
}

/** A paragraph with no properties of its own: body text, not in a table or list. */
export const NORMAL: ParagraphProperties = {
  styleIndex: 0,
  inTable: false,
  tableRowEnd: false,
  listFormatOverride: undefined,
  listLevel: undefined,
  outlineLevel: undefined,
};

// A DCS's fdct, its low three bits ([MS-DOC] 2.9.65): 0 for no drop cap, 1 dropped, 2 in the margin.
const DROP_CAP_KIND = 0x07;
// A PapxFkp's entry per run (BxPap) is the PAPX's offset byte and 12 reserved bytes.
const PAPX_ENTRY_SIZE = 13;

/** Read one PapxInFkp ([MS-DOC] 2.9.177): its size, the style index, then the sprms. */
function readPapx(page: Uint8Array, at: number): ParagraphProperties {
  if (at === 0) return NORMAL;
  // A size byte in words (minus one byte), or 0 followed by the size in words.
  const sizeByte = page[at] ?? 0;
  const grpprlStart = sizeByte ? at + 1 : at + 2;
  const grpprlEnd = grpprlStart + (sizeByte ? sizeByte * 2 - 1 : (page[at + 1] ?? 0) * 2);
  const sprms = readSprms(page, grpprlStart + 2, Math.min(grpprlEnd, PAGE_SIZE));
  const tableRowEnd = Boolean(sprms.get(SPRM.tableRowEnd));
  return {
    styleIndex: (page[grpprlStart] ?? 0) | ((page[grpprlStart + 1] ?? 0) << 8),
    inTable: Boolean(sprms.get(SPRM.inTable)) || (sprms.get(SPRM.tableDepth) ?? 0) > 0,
    tableRowEnd,
    cellEdges: tableRowEnd ? readRowCellEdges(page, grpprlStart + 2, Math.min(grpprlEnd, PAGE_SIZE)) : undefined,
    ...(sprms.get(SPRM.innerCellEnd) && { innerCellEnd: true }),
    ...(sprms.get(SPRM.innerRowEnd) && { innerRowEnd: true }),
    ...(((sprms.get(SPRM.dropCap) ?? 0) & DROP_CAP_KIND) !== 0 && { dropCap: true }),
    listFormatOverride: sprms.get(SPRM.listFormatOverride),
    listLevel: sprms.get(SPRM.listLevel),
    outlineLevel: sprms.get(SPRM.outlineLevel),
  };
}

/**
 * Index the paragraph properties of a document (PlcBtePapx, [MS-DOC] 2.8.6) and return a
 * lookup from the byte offset of a paragraph mark to the paragraph's properties.
 */
export function readParagraphProperties(
  wordDocument: Uint8Array,
  table: Uint8Array,
  range: StreamRange,
): (markOffset: number) => ParagraphProperties {
  const runAt = readFormattedPages(wordDocument, table, range, PAPX_ENTRY_SIZE, readPapx);
  return (markOffset) => runAt(markOffset).run ?? NORMAL;
}
