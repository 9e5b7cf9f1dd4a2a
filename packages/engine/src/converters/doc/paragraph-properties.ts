import type { StreamRange } from "./fib.js";
import { SPRM, readSprms } from "./sprms.js";

/** The properties of one paragraph that decide its Markdown block. */
export interface ParagraphProperties {
  styleIndex: number;
  inTable: boolean;
  /** The paragraph is the mark that ends a table row. */
  tableRowEnd: boolean;
  listFormatOverride: number | undefined;
  listLevel: number | undefined;
}

interface PropertyRun extends ParagraphProperties {
  /** Byte offsets in `WordDocument` of the text these properties apply to. */
  start: number;
  end: number;
}

const PAGE_SIZE = 512;
const NORMAL: ParagraphProperties = {
  styleIndex: 0,
  inTable: false,
  tableRowEnd: false,
  listFormatOverride: undefined,
  listLevel: undefined,
};

/** Read the PAPX of one formatted disk page ([MS-DOC] 2.9.175 PapxFkp). */
function readPage(page: Uint8Array): PropertyRun[] {
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const runCount = page[PAGE_SIZE - 1] ?? 0;
  const runs: PropertyRun[] = [];
  for (let index = 0; index < runCount; index++) {
    const start = view.getUint32(index * 4, true);
    const end = view.getUint32((index + 1) * 4, true);
    const papxOffset = (page[(runCount + 1) * 4 + index * 13] ?? 0) * 2;
    if (papxOffset === 0) {
      runs.push({ ...NORMAL, start, end });
      continue;
    }
    // A PapxInFkp: a size byte in words (minus one byte), or 0 followed by the size in words.
    const sizeByte = page[papxOffset] ?? 0;
    const grpprlStart = sizeByte ? papxOffset + 1 : papxOffset + 2;
    const grpprlEnd = grpprlStart + (sizeByte ? sizeByte * 2 - 1 : (page[papxOffset + 1] ?? 0) * 2);
    const sprms = readSprms(page, grpprlStart + 2, Math.min(grpprlEnd, PAGE_SIZE));
    runs.push({
      start,
      end,
      styleIndex: view.getUint16(grpprlStart, true),
      inTable: Boolean(sprms.get(SPRM.inTable)) || (sprms.get(SPRM.tableDepth) ?? 0) > 0,
      tableRowEnd: Boolean(sprms.get(SPRM.tableRowEnd)),
      listFormatOverride: sprms.get(SPRM.listFormatOverride),
      listLevel: sprms.get(SPRM.listLevel),
    });
  }
  return runs;
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
  const view = new DataView(table.buffer, table.byteOffset + range.offset, range.length);
  const pageCount = (range.length - 4) / 8;
  const runs: PropertyRun[] = [];
  for (let index = 0; index < pageCount; index++) {
    const pageNumber = view.getUint32((pageCount + 1) * 4 + index * 4, true) & 0x3fffff;
    const page = wordDocument.subarray(pageNumber * PAGE_SIZE, (pageNumber + 1) * PAGE_SIZE);
    if (page.length === PAGE_SIZE) runs.push(...readPage(page));
  }
  runs.sort((left, right) => left.start - right.start);
  return (markOffset) => {
    let low = 0;
    let high = runs.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const run = runs[middle]!;
      if (markOffset < run.start) high = middle - 1;
      else if (markOffset >= run.end) low = middle + 1;
      else return run;
    }
    return NORMAL;
  };
}
