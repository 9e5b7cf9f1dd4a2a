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
  /** Where each story this reader reads starts in the document's character positions. */
  storyStart: { footnotes: number; endnotes: number; textBoxes: number };
  styleSheet: StreamRange;
  /** The font table (SttbfFfn). */
  fontTable: StreamRange;
  paragraphPropertiesIndex: StreamRange;
  characterPropertiesIndex: StreamRange;
  /** Where footnote and endnote references are in the main text, and where each note's text is. */
  footnoteReferences: StreamRange;
  footnoteTexts: StreamRange;
  endnoteReferences: StreamRange;
  endnoteTexts: StreamRange;
  /** The text ranges of the main text's text boxes, and the shapes that anchor them. */
  textBoxTexts: StreamRange;
  shapeAnchors: StreamRange;
  pieceTable: StreamRange;
  listDefinitions: StreamRange;
  listOverrides: StreamRange;
}

/** The `wIdent` every Word file from Word 6 on starts its FIB with. */
export const WORD_MAGIC = 0xa5ec;
// Word 97 and later write nFib 193 (0xC1) or more; Word 6 and 95 (101..105) are read by word95.ts
// before this; older files are refused.
export const LAST_WORD_95_NFIB = 105;

// Indexes into FibRgFcLcb97 ([MS-DOC] 2.5.6).
const FC_LCB_STSHF = 1;
const FC_LCB_PLCFFND_REF = 2;
const FC_LCB_PLCFFND_TXT = 3;
const FC_LCB_PLCF_BTE_CHPX = 12;
const FC_LCB_PLCF_BTE_PAPX = 13;
const FC_LCB_STTBF_FFN = 15;
const FC_LCB_CLX = 33;
const FC_LCB_PLC_SPA_MOM = 40;
const FC_LCB_PLCFEND_REF = 46;
const FC_LCB_PLCFEND_TXT = 47;
const FC_LCB_PLCFTXBX_TXT = 56;
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
  if (wordDocument.length < 0x22 || view.getUint16(0, true) !== WORD_MAGIC) {
    throw new Error("the WordDocument stream has no Word file header");
  }
  if (view.getUint16(2, true) <= LAST_WORD_95_NFIB) {
    throw new Error("it was saved by a Word older than Word 6, which is not supported; save it again as .docx");
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
  // FibRgLw97: ccpText, ccpFtn, ccpHdd, ccpMcr, ccpAtn, ccpEdn, ccpTxbx from the fourth value
  // on; the stories follow each other in that order.
  const [text, footnotes, headers, macros, annotations, endnotes] = [3, 4, 5, 6, 7, 8].map((index) =>
    Math.max(0, view.getInt32(rgLwOffset + index * 4, true)),
  ) as [number, number, number, number, number, number];
  const endnoteStart = text + footnotes + headers + macros + annotations;
  return {
    tableStream: flags & 0x0200 ? "1Table" : "0Table",
    encrypted: (flags & 0x0100) !== 0,
    mainTextLength: text,
    storyStart: { footnotes: text, endnotes: endnoteStart, textBoxes: endnoteStart + endnotes },
    styleSheet: range(FC_LCB_STSHF),
    fontTable: range(FC_LCB_STTBF_FFN),
    paragraphPropertiesIndex: range(FC_LCB_PLCF_BTE_PAPX),
    characterPropertiesIndex: range(FC_LCB_PLCF_BTE_CHPX),
    pieceTable: range(FC_LCB_CLX),
    listDefinitions: range(FC_LCB_PLF_LST),
    listOverrides: range(FC_LCB_PLF_LFO),
    footnoteReferences: range(FC_LCB_PLCFFND_REF),
    footnoteTexts: range(FC_LCB_PLCFFND_TXT),
    endnoteReferences: range(FC_LCB_PLCFEND_REF),
    endnoteTexts: range(FC_LCB_PLCFEND_TXT),
    textBoxTexts: range(FC_LCB_PLCFTXBX_TXT),
    shapeAnchors: range(FC_LCB_PLC_SPA_MOM),
  };
}
