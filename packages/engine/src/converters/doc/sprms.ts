/** Paragraph and character sprms ([MS-DOC] 2.6.1, 2.6.2) this reader acts on. */
export const SPRM = {
  bold: 0x0835,
  italic: 0x0836,
  deleted: 0x0800,
  smallCaps: 0x083a,
  caps: 0x083b,
  hidden: 0x083c,
  characterStyle: 0x4a30,
  font: 0x4a4f,
  symbol: 0x6a09,
  inTable: 0x2416,
  tableRowEnd: 0x2417,
  listLevel: 0x260a,
  listFormatOverride: 0x460b,
  outlineLevel: 0x2640,
  tableDepth: 0x6649,
} as const;

const SPRM_T_DEF_TABLE = 0xd608;
const SPRM_T_DEF_TABLE_10 = 0xd606;
const SPRM_P_CHG_TABS = 0xc615;

// Operand sizes by the sprm's `spra` field (its top three bits); 0 means "the operand says".
const OPERAND_SIZE = [1, 1, 2, 4, 2, 2, 0, 3] as const;

/** The size of a variable-length operand starting at `at`, its size prefix included. */
function variableOperandSize(sprm: number, bytes: Uint8Array, at: number): number {
  if (sprm === SPRM_T_DEF_TABLE || sprm === SPRM_T_DEF_TABLE_10) {
    // A 2-byte count of the bytes that follow, plus one.
    return 2 + ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)) - 1;
  }
  if (sprm === SPRM_P_CHG_TABS && bytes[at] === 255) {
    // Note: the 255 form lists deleted tabs (4 bytes each, with a tolerance) then added ones.
    const deleted = bytes[at + 1] ?? 0;
    const added = bytes[at + 2 + deleted * 4] ?? 0;
    return 1 + 1 + deleted * 4 + 1 + added * 3;
  }
  return 1 + (bytes[at] ?? 0);
}

/**
 * Read a grpprl (a run of property modifiers) into sprm → operand value. Only operands of up to
 * four bytes are kept as numbers (little-endian); the others are skipped.
 */
export function readSprms(bytes: Uint8Array, start: number, end: number): Map<number, number> {
  const operands = new Map<number, number>();
  let at = start;
  while (at + 2 <= end) {
    const sprm = (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
    at += 2;
    const fixedSize = OPERAND_SIZE[sprm >> 13]!;
    const size = fixedSize || variableOperandSize(sprm, bytes, at);
    if (fixedSize) {
      let value = 0;
      for (let index = fixedSize - 1; index >= 0; index--) value = value * 256 + (bytes[at + index] ?? 0);
      operands.set(sprm, value);
    }
    at += size;
  }
  return operands;
}
