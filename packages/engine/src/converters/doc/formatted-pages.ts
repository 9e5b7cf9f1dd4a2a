import type { StreamRange } from "./fib.js";

/** Properties that apply to the bytes [start, end) of `WordDocument`. */
export interface ByteRun {
  start: number;
  end: number;
}

/** The size of a formatted disk page (FKP), the unit Word stores text properties in. */
export const PAGE_SIZE = 512;

/**
 * Read one FKP ([MS-DOC] 2.9.33 ChpxFkp, 2.9.175 PapxFkp): the run count in its last byte, the
 * runs' byte offsets, then one entry per run (`entrySize` bytes) whose first byte is the
 * properties' offset in the page in words. `readProperties` gets that offset (0: none).
 */
function readPage<Properties>(
  page: Uint8Array,
  entrySize: number,
  readProperties: (page: Uint8Array, at: number) => Properties | undefined,
): Array<Properties & ByteRun> {
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const runCount = page[PAGE_SIZE - 1] ?? 0;
  const runs: Array<Properties & ByteRun> = [];
  for (let index = 0; index < runCount; index++) {
    const properties = readProperties(page, (page[(runCount + 1) * 4 + index * entrySize] ?? 0) * 2);
    if (properties === undefined) continue;
    runs.push({ ...properties, start: view.getUint32(index * 4, true), end: view.getUint32((index + 1) * 4, true) });
  }
  return runs;
}

/**
 * Read the runs of every formatted disk page a PlcBte ([MS-DOC] 2.8.5 PlcBteChpx, 2.8.6
 * PlcBtePapx) points at, and return a lookup from a byte offset to the run that holds it, with
 * the run after it.
 */
export function readFormattedPages<Properties>(
  wordDocument: Uint8Array,
  table: Uint8Array,
  range: StreamRange,
  entrySize: number,
  readProperties: (page: Uint8Array, at: number) => Properties | undefined,
): (offset: number) => { run: (Properties & ByteRun) | undefined; next: (Properties & ByteRun) | undefined } {
  type Run = Properties & ByteRun;
  const runs: Run[] = [];
  if (range.length >= 4 && range.offset + range.length <= table.length) {
    const view = new DataView(table.buffer, table.byteOffset + range.offset, range.length);
    const pageCount = Math.floor((range.length - 4) / 8);
    for (let index = 0; index < pageCount; index++) {
      const pageNumber = view.getUint32((pageCount + 1) * 4 + index * 4, true) & 0x3fffff;
      const page = wordDocument.subarray(pageNumber * PAGE_SIZE, (pageNumber + 1) * PAGE_SIZE);
      if (page.length === PAGE_SIZE) runs.push(...readPage(page, entrySize, readProperties));
    }
  }
  runs.sort((left, right) => left.start - right.start);
  return (offset) => {
    let low = 0;
    let high = runs.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const run = runs[middle]!;
      if (offset < run.start) high = middle - 1;
      else if (offset >= run.end) low = middle + 1;
      else return { run, next: runs[middle + 1] };
    }
    return { run: undefined, next: runs[low] };
  };
}
