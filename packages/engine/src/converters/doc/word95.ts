import { PLAIN } from "./character-properties.js";
import { LAST_WORD_95_NFIB, WORD_MAGIC } from "./fib.js";
import { NORMAL } from "./paragraph-properties.js";
import { type DocParagraph, type Piece, readParagraphs, readPieceTable } from "./paragraphs.js";

// The FIB of Word 6 and Word 95 (nFib 101 to 105) is one fixed block ([MS-DOC] 2.5.1 gives
// the FibBase it shares with Word 97; the rest follows Word 6's layout, as Apache POI reads it).
const FIRST_WORD_6_NFIB = 101;
const FLAGS = 0x0a;
const COMPLEX = 0x0004;
const ENCRYPTED = 0x0100;
const FC_MIN = 0x18;
const FC_MAC = 0x1c;
const CCP_TEXT = 0x34;
const FC_CLX = 0x160;
const LCB_CLX = 0x164;

/** Whether a `WordDocument` stream was saved by Word 6 or Word 95. */
export function isWord95(wordDocument: Uint8Array): boolean {
  if (wordDocument.length < LCB_CLX + 4) return false;
  const view = new DataView(wordDocument.buffer, wordDocument.byteOffset, wordDocument.byteLength);
  const nFib = view.getUint16(2, true);
  return view.getUint16(0, true) === WORD_MAGIC && nFib >= FIRST_WORD_6_NFIB && nFib <= LAST_WORD_95_NFIB;
}

/**
 * The paragraphs of a Word 6 or Word 95 document's main text, as plain text. Note: these files
 * keep their text in the `WordDocument` stream itself, 8 bits a character: in one run from
 * `fcMin`, or in pieces when the file was fast-saved. Their styles and properties are in Word 6's
 * own formats, which this reader leaves alone, so headings, lists and tables read as paragraphs.
 *
 * @throws {Error} for an encrypted file or text outside the stream (a damaged file).
 */
export function readWord95Paragraphs(wordDocument: Uint8Array): DocParagraph[] {
  const view = new DataView(wordDocument.buffer, wordDocument.byteOffset, wordDocument.byteLength);
  const flags = view.getUint16(FLAGS, true);
  if (flags & ENCRYPTED) throw new Error("it is password-protected; remove the password in Word and save it again");
  const fcMin = view.getUint32(FC_MIN, true);
  const fcMac = view.getUint32(FC_MAC, true);
  if (fcMin > fcMac || fcMac > wordDocument.length) throw new Error("its text lies outside the file, which is truncated or damaged");
  const allText = fcMac - fcMin;
  // Note: the main text comes first, then notes and headers; an implausible count reads it all.
  const declared = view.getUint32(CCP_TEXT, true);
  const mainText = declared > 0 && declared <= allText ? declared : allText;
  const clx = view.getUint32(FC_CLX, true);
  const pieces: Piece[] =
    flags & COMPLEX
      ? readPieceTable(wordDocument.subarray(clx, clx + view.getUint32(LCB_CLX, true)), true)
      : [{ start: 0, end: allText, offset: fcMin, compressed: true }];
  return readParagraphs(
    {
      wordDocument,
      pieces,
      paragraphPropertiesAt: () => NORMAL,
      characterPropertiesAt: () => ({ ...PLAIN, start: 0, end: Number.MAX_SAFE_INTEGER }),
      characterStyleFormat: () => ({}),
      fontNames: [],
    },
    { start: 0, end: mainText },
  );
}
