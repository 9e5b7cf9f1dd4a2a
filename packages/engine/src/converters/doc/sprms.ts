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
  dataLocation: 0x6a03,
  inTable: 0x2416,
  tableRowEnd: 0x2417,
  listLevel: 0x260a,
  listFormatOverride: 0x460b,
  outlineLevel: 0x2640,
  tableDepth: 0x6649,
  innerCellEnd: 0x244b,
  innerRowEnd: 0x244c,
  dropCap: 0x442c,
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
 * Call `visit` with each sprm of a grpprl (a run of property modifiers), its operand's offset and
 * its operand's fixed size (0 when the operand says its own size).
 */
function walkSprms(bytes: Uint8Array, start: number, end: number, visit: (sprm: number, at: number, fixedSize: number) => void): void {
  let at = start;
  while (at + 2 <= end) {
    const sprm = (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
    at += 2;
    const fixedSize = OPERAND_SIZE[sprm >> 13]!;
    visit(sprm, at, fixedSize);
    at += fixedSize || variableOperandSize(sprm, bytes, at);
  }
}

/**
 * Read a grpprl into sprm → operand value. Only operands of up to four bytes are kept as numbers
 * (little-endian); the others are skipped.
 */
export function readSprms(bytes: Uint8Array, start: number, end: number): Map<number, number> {
  const operands = new Map<number, number>();
  walkSprms(bytes, start, end, (sprm, at, fixedSize) => {
    if (!fixedSize) return;
    let value = 0;
    for (let index = fixedSize - 1; index >= 0; index--) value = value * 256 + (bytes[at + index] ?? 0);
    operands.set(sprm, value);
  });
  return operands;
}

/**
 * The right edges of a table row's cells, in twips, from the row's `sprmTDefTable` ([MS-DOC]
 * 2.9.311 TDefTableOperand: its size, the cell count, then the cells' borders, rgdxaCenter).
 */
export function readRowCellEdges(bytes: Uint8Array, start: number, end: number): number[] | undefined {
  let edges: number[] | undefined;
  walkSprms(bytes, start, end, (sprm, at) => {
    if (sprm !== SPRM_T_DEF_TABLE && sprm !== SPRM_T_DEF_TABLE_10) return;
    const cells = bytes[at + 2] ?? 0;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    if (at + 3 + (cells + 1) * 2 > Math.min(end, bytes.length)) return;
    edges = Array.from({ length: cells }, (_, index) => view.getInt16(at + 3 + (index + 1) * 2, true));
  });
  return edges;
}
