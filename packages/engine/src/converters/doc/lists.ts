import type { ListLevel } from "../word/list-numbers.js";
import type { StreamRange } from "./fib.js";

/** How the items of one list level are marked. */
export interface ListLevelFormat {
  /** Identifies the list, so that items of different lists are not merged. */
  listId: number;
  ordered: boolean;
  /** The level shows no marker at all (no number, no bullet): its paragraphs are not list items. */
  unmarked: boolean;
  /** The number of the first item. */
  start: number;
  /** All levels of the list, for writing an item's number as Word shows it ("2.1"). */
  levels: ListLevel[];
}

const LSTF_SIZE = 28;
const LVLF_SIZE = 28;
const LFO_SIZE = 16;
const LEVELS_PER_LIST = 9;
// Number formats (nfc) that show no number: a bullet, or nothing at all.
const NFC_BULLET = 0x17;
const NFC_NONE = 0xff;
// Number formats (nfc, [MS-OSHARED] 2.2.1.3) by their WordprocessingML names; others are decimal.
const NFC_NAMES: Record<number, string> = {
  0: "decimal",
  1: "upperRoman",
  2: "lowerRoman",
  3: "upperLetter",
  4: "lowerLetter",
  5: "ordinal",
  6: "cardinalText",
  7: "ordinalText",
  22: "decimalZero",
  [NFC_BULLET]: "bullet",
  [NFC_NONE]: "none",
};
const LEGAL_NUMBERING = 0x04;

/**
 * A level's number text (an Xst) as a `%1.%2` template: Word stores the place of level N's
 * number as the character N-1.
 */
function numberTemplate(table: Uint8Array, at: number, length: number): string {
  const text = new TextDecoder("utf-16le").decode(table.subarray(at, at + length * 2));
  return text.replace(/[\u0000-\u0008]/g, (placeholder) => `%${placeholder.charCodeAt(0) + 1}`);
}

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
  const levelsByList = new Map<number, ListLevel[]>();
  if (definitions.length >= 2) {
    const count = view.getInt16(definitions.offset, true);
    // The levels of all lists follow the array of list definitions, list by list.
    let at = definitions.offset + 2 + count * LSTF_SIZE;
    for (let index = 0; index < count; index++) {
      const lstf = definitions.offset + 2 + index * LSTF_SIZE;
      const simple = (view.getUint8(lstf + 26) & 0x01) !== 0;
      const levels: ListLevel[] = [];
      for (let level = 0; level < (simple ? 1 : LEVELS_PER_LIST) && at + LVLF_SIZE <= table.length; level++) {
        const nfc = view.getUint8(at + 4);
        const start = view.getInt32(at, true);
        const legal = (view.getUint8(at + 5) & LEGAL_NUMBERING) !== 0;
        // LVLF, then its paragraph and character sprms, then the number text (a counted UTF-16 string).
        at += LVLF_SIZE + view.getUint8(at + 25) + view.getUint8(at + 24);
        const textLength = view.getUint16(at, true);
        levels.push({ start, format: NFC_NAMES[nfc] ?? "decimal", text: numberTemplate(table, at + 2, textLength), legal });
        at += 2 + textLength * 2;
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
    if (listId === undefined || !levels || !format) return undefined;
    const unmarked = format.format === "none";
    return { listId, ordered: format.format !== "bullet" && !unmarked, unmarked, start: format.start, levels };
  };
}
