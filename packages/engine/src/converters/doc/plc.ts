import type { StreamRange } from "./fib.js";

/** A PLC ([MS-DOC] 2.2.2): n+1 character positions, then n data items of a fixed size. */
export interface Plc {
  /** The n+1 character positions. */
  positions: number[];
  /** Byte offset of data item `index` in the table stream. */
  dataAt(index: number): number;
  /** n, the number of data items. */
  count: number;
}

/**
 * Read a PLC of the table stream whose data items are `dataSize` bytes each. An empty or
 * impossible range gives an empty PLC.
 */
export function readPlc(table: Uint8Array, range: StreamRange, dataSize: number): Plc {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const fits = range.length >= 4 && range.offset + range.length <= table.length;
  const count = fits ? Math.floor((range.length - 4) / (4 + dataSize)) : 0;
  const positions: number[] = [];
  for (let index = 0; fits && index <= count; index++) positions.push(view.getInt32(range.offset + index * 4, true));
  const dataStart = range.offset + (count + 1) * 4;
  return { positions, count, dataAt: (index) => dataStart + index * dataSize };
}
