import type { StreamRange } from "./fib.js";
import { type ByteRun, PAGE_SIZE, readFormattedPages } from "./formatted-pages.js";
import { SPRM, readSprms } from "./sprms.js";

/** The character properties of a run of text that change what a reader sees. */
export interface CharacterProperties {
  /** All caps or small caps set on the text itself: true, false, or undefined (as its style says). */
  capitals: boolean | undefined;
  /** Bold set on the text itself: true, false, or undefined (as its character style says). */
  bold: boolean | undefined;
  /** Italic set on the text itself, likewise. */
  italic: boolean | undefined;
  /** Hidden set on the text itself (`sprmCFVanish`): true, false, or undefined (as its styles say). */
  hidden: boolean | undefined;
  /** The character style (istd), when one is applied. */
  styleIndex: number | undefined;
  /** The font (an index into the font table) set on the text itself (`sprmCRgFtc0`). */
  font: number | undefined;
  /**
   * A character inserted as a symbol (Word's Insert Symbol, `sprmCSymbol`): its font and its code
   * there. The text holds a placeholder in its place.
   */
  symbol: { font: number; code: number } | undefined;
  /**
   * Where the run's data is in the Data stream (`sprmCPicLocation`): a picture's, or a form
   * field's FFData on the 0x01 character in the field's code.
   */
  dataOffset: number | undefined;
  /**
   * Word does not show the text: it is hidden (`sprmCFVanish`), or deleted with its changes
   * tracked (`sprmCFRMarkDel`), which Word shows struck through until the change is accepted.
   */
  unseen: boolean;
}

/** Text with no character properties of its own. */
export const PLAIN: CharacterProperties = { capitals: undefined, bold: undefined, italic: undefined, hidden: undefined, styleIndex: undefined, font: undefined, symbol: undefined, dataOffset: undefined, unseen: false };

// Toggle operands ([MS-DOC] 2.9.323): 0 off, 1 on, 0x80 as the style, 0x81 the opposite of the style.
const TOGGLE_ON = new Set([1, 0x81]);

/** `true`/`false` for an on/off character sprm, undefined when it is absent or defers to the style. */
export function toggle(sprms: Map<number, number>, sprm: number): boolean | undefined {
  const value = sprms.get(sprm);
  if (value === undefined || value === 0x80) return undefined;
  return TOGGLE_ON.has(value);
}

/** Whether the sprms of a CHPX or a style's character UPX show text in capitals. */
export function capitalsOf(sprms: Map<number, number>): boolean | undefined {
  const caps = toggle(sprms, SPRM.caps);
  const smallCaps = toggle(sprms, SPRM.smallCaps);
  if (caps === undefined && smallCaps === undefined) return undefined;
  return Boolean(caps || smallCaps);
}

/** `sprmCSymbol`'s operand: the font's index in its low two bytes, the character's code above them. */
function symbolOf(operand: number | undefined): CharacterProperties["symbol"] {
  if (operand === undefined) return undefined;
  return { font: operand % 0x10000, code: Math.floor(operand / 0x10000) };
}

// A ChpxFkp's entry per run is the one byte of the CHPX's offset.
const CHPX_ENTRY_SIZE = 1;

/** Read one CHPX ([MS-DOC] 2.9.32): a size byte, then the sprms. */
function readChpx(page: Uint8Array, at: number): CharacterProperties | undefined {
  if (at === 0) return undefined;
  const size = page[at] ?? 0;
  const sprms = readSprms(page, at + 1, Math.min(at + 1 + size, PAGE_SIZE));
  return {
    capitals: capitalsOf(sprms),
    bold: toggle(sprms, SPRM.bold),
    italic: toggle(sprms, SPRM.italic),
    hidden: toggle(sprms, SPRM.hidden),
    styleIndex: sprms.get(SPRM.characterStyle),
    font: sprms.get(SPRM.font),
    symbol: symbolOf(sprms.get(SPRM.symbol)),
    dataOffset: sprms.get(SPRM.dataLocation),
    // Note: a deleted run's operand is a plain Bool8, not a toggle, so 0x81 cannot occur.
    unseen: toggle(sprms, SPRM.hidden) === true || (sprms.get(SPRM.deleted) ?? 0) !== 0,
  };
}

/**
 * Index the character properties of a document (PlcBteChpx, [MS-DOC] 2.8.5) and return a
 * lookup from the byte offset of a character to the properties of its run, with the run's
 * byte range so that a reader can reuse it for the characters that follow.
 */
export function readCharacterProperties(
  wordDocument: Uint8Array,
  table: Uint8Array,
  range: StreamRange,
): (offset: number) => CharacterProperties & ByteRun {
  const runAt = readFormattedPages(wordDocument, table, range, CHPX_ENTRY_SIZE, readChpx);
  return (offset) => {
    const { run, next } = runAt(offset);
    // Between runs: plain text up to the next run that has properties.
    return run ?? { ...PLAIN, start: offset, end: next ? next.start : Number.MAX_SAFE_INTEGER };
  };
}
