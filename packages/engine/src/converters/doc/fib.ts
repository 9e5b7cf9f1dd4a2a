/** A byte range of the table stream, as the FIB's `fcXxx`/`lcbXxx` pairs give it. */
export interface StreamRange {
  offset: number;
  length: number;
}

/** What this reader needs from the File Information Block at the start of `WordDocument`. */
export interface Fib {
  /** `1Table` or `0Table`: which stream holds the style sheet, the piece table and the PAPX index. */
  tableStream: "0Table" | "1Table";
  encrypted: boolean;
  /** Characters of the main document text (footnotes, headers and text boxes come after it). */
  mainTextLength: number;
  /** Characters of the stories this reader leaves out, by story. */
  skippedTextLength: { footnotes: number; endnotes: number; textBoxes: number };
  styleSheet: StreamRange;
  paragraphPropertiesIndex: StreamRange;
  pieceTable: StreamRange;
  listDefinitions: StreamRange;
  listOverrides: StreamRange;
}

const WORD_97_MAGIC = 0xa5ec;
// Word 97 and later write nFib 193 (0xC1) or more; Word 6 and 95, whose layout differs, wrote 101..105.
const LAST_WORD_95_NFIB = 105;

// Indexes into FibRgFcLcb97 ([MS-DOC] 2.5.6).
const FC_LCB_STSHF = 1;
const FC_LCB_PLCF_BTE_PAPX = 13;
const FC_LCB_CLX = 33;
const FC_LCB_PLF_LST = 73;
const FC_LCB_PLF_LFO = 74;

/**
 * Read the FIB ([MS-DOC] 2.5.1): a fixed FibBase, then three variable arrays each preceded by
 * its count, of which the third holds the stream offsets this reader needs.
 *
 * @throws {Error} when `WordDocument` is not a Word 97-2003 document.
 */
export function readFib(wordDocument: Uint8Array): Fib {
  const view = new DataView(wordDocument.buffer, wordDocument.byteOffset, wordDocument.byteLength);
  if (wordDocument.length < 0x22 || view.getUint16(0, true) !== WORD_97_MAGIC) {
    throw new Error("the WordDocument stream has no Word file header");
  }
  if (view.getUint16(2, true) <= LAST_WORD_95_NFIB) {
    throw new Error("it was saved by Word 6 or Word 95, which are not supported; save it again as .docx");
  }
  const flags = view.getUint16(0x0a, true);
  const rgWCount = view.getUint16(0x20, true);
  const rgLwOffset = 0x22 + rgWCount * 2 + 2;
  const rgLwCount = view.getUint16(rgLwOffset - 2, true);
  const rgFcLcbOffset = rgLwOffset + rgLwCount * 4 + 2;
  const range = (index: number): StreamRange => ({
    offset: view.getUint32(rgFcLcbOffset + index * 8, true),
    length: view.getUint32(rgFcLcbOffset + index * 8 + 4, true),
  });
  return {
    tableStream: flags & 0x0200 ? "1Table" : "0Table",
    encrypted: (flags & 0x0100) !== 0,
    mainTextLength: view.getInt32(rgLwOffset + 3 * 4, true),
    skippedTextLength: {
      footnotes: view.getInt32(rgLwOffset + 4 * 4, true),
      endnotes: view.getInt32(rgLwOffset + 8 * 4, true),
      textBoxes: view.getInt32(rgLwOffset + 9 * 4, true),
    },
    styleSheet: range(FC_LCB_STSHF),
    paragraphPropertiesIndex: range(FC_LCB_PLCF_BTE_PAPX),
    pieceTable: range(FC_LCB_CLX),
    listDefinitions: range(FC_LCB_PLF_LST),
    listOverrides: range(FC_LCB_PLF_LFO),
  };
}
