import type { StreamRange } from "./fib.js";

/** How the items of one list level are marked. */
export interface ListLevelFormat {
  /** Identifies the list, so that items of different lists are not merged. */
  listId: number;
  ordered: boolean;
  /** The number of the first item. */
  start: number;
}

const LSTF_SIZE = 28;
const LVLF_SIZE = 28;
const LFO_SIZE = 16;
const LEVELS_PER_LIST = 9;
// Number formats (nfc) that show no number: a bullet, or nothing at all.
const NFC_BULLET = 0x17;
const NFC_NONE = 0xff;

/**
 * Read the list definitions (PlfLst, each followed by its levels) and the list overrides
 * (PlfLfo) of a Word 97 document ([MS-DOC] 2.9.147, 2.9.188), and return a lookup from a
 * paragraph's list override index (ilfo, 1-based) and level to the format of its marker.
 */
export function readListFormats(
  table: Uint8Array,
  definitions: StreamRange,
  overrides: StreamRange,
): (ilfo: number, level: number) => ListLevelFormat | undefined {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const levelsByList = new Map<number, Array<{ ordered: boolean; start: number }>>();
  if (definitions.length >= 2) {
    const count = view.getInt16(definitions.offset, true);
    // The levels of all lists follow the array of list definitions, list by list.
    let at = definitions.offset + 2 + count * LSTF_SIZE;
    for (let index = 0; index < count; index++) {
      const lstf = definitions.offset + 2 + index * LSTF_SIZE;
      const simple = (view.getUint8(lstf + 26) & 0x01) !== 0;
      const levels: Array<{ ordered: boolean; start: number }> = [];
      for (let level = 0; level < (simple ? 1 : LEVELS_PER_LIST); level++) {
        const nfc = view.getUint8(at + 4);
        levels.push({ ordered: nfc !== NFC_BULLET && nfc !== NFC_NONE, start: view.getInt32(at, true) });
        // LVLF, then its paragraph and character sprms, then the number text (a counted UTF-16 string).
        at += LVLF_SIZE + view.getUint8(at + 25) + view.getUint8(at + 24);
        at += 2 + view.getUint16(at, true) * 2;
      }
      levelsByList.set(view.getInt32(lstf, true), levels);
    }
  }
  const listIds: number[] = [];
  if (overrides.length >= 4) {
    const count = view.getUint32(overrides.offset, true);
    for (let index = 0; index < count; index++) {
      listIds.push(view.getInt32(overrides.offset + 4 + index * LFO_SIZE, true));
    }
  }
  return (ilfo, level) => {
    const listId = listIds[ilfo - 1];
    const levels = listId === undefined ? undefined : levelsByList.get(listId);
    const format = levels?.[Math.min(level, levels.length - 1)];
    return listId !== undefined && format ? { listId, ...format } : undefined;
  };
}
