import iconv from "iconv-lite";
import type { Fib } from "./fib.js";
import type { ParagraphProperties } from "./paragraph-properties.js";

/** A stretch of paragraph text, linked when it is the result of a HYPERLINK field. */
export interface TextRun {
  text: string;
  href?: string;
}

/** One paragraph of the main text with its properties. */
export interface DocParagraph extends ParagraphProperties {
  /** Line breaks inside the paragraph are `\n`. */
  runs: TextRun[];
  /** The paragraph closes a table cell (its mark is a cell mark, not a paragraph mark). */
  endsCell: boolean;
}

interface Piece {
  /** Character positions [start, end) of the text this piece holds. */
  start: number;
  end: number;
  /** Byte offset of the piece's text in `WordDocument`. */
  offset: number;
  /** One byte per character (Windows-1252) rather than UTF-16LE. */
  compressed: boolean;
}

/** Read the piece table (the Pcdt of the Clx, [MS-DOC] 2.9.38) that maps text to bytes. */
function readPieces(table: Uint8Array, fib: Fib): Piece[] {
  const clx = table.subarray(fib.pieceTable.offset, fib.pieceTable.offset + fib.pieceTable.length);
  const view = new DataView(clx.buffer, clx.byteOffset, clx.byteLength);
  let at = 0;
  // Skip the Prc entries (property modifiers of fast-saved files) that precede the Pcdt.
  while (clx[at] === 0x01) at += 3 + view.getInt16(at + 1, true);
  if (clx[at] !== 0x02) throw new Error("its piece table is missing");
  const size = view.getUint32(at + 1, true);
  const plc = at + 5;
  const count = (size - 4) / 12;
  const pieces: Piece[] = [];
  for (let index = 0; index < count; index++) {
    const fc = view.getUint32(plc + (count + 1) * 4 + index * 8 + 2, true);
    const compressed = (fc & 0x40000000) !== 0;
    pieces.push({
      start: view.getUint32(plc + index * 4, true),
      end: view.getUint32(plc + (index + 1) * 4, true),
      offset: compressed ? (fc & 0x3fffffff) / 2 : fc,
      compressed,
    });
  }
  return pieces;
}

const PARAGRAPH_MARK = 0x0d;
const CELL_MARK = 0x07;
const SECTION_MARK = 0x0c;
const LINE_BREAK = 0x0b;
const COLUMN_BREAK = 0x0e;
const TAB = 0x09;
const FIELD_BEGIN = 0x13;
const FIELD_SEPARATOR = 0x14;
const FIELD_END = 0x15;
// Word's own non-breaking hyphen, and the Unicode one: a typesetting hint, written as "-".
const NON_BREAKING_HYPHENS = new Set([0x1e, 0x2011]);

/** A field is `BEGIN code SEPARATOR result END`; only the result is visible text. */
interface OpenField {
  code: string;
  showingResult: boolean;
  href: string | undefined;
}

// `HYPERLINK "https://…"`; the `HYPERLINK \l "bookmark"` form links inside the document and
// keeps only its text.
const HYPERLINK_CODE = /^\s*HYPERLINK\s+"([^"]+)"/i;

/**
 * Walk the main document text and cut it into paragraphs at paragraph, cell and section marks.
 * Field codes are hidden (their results kept, HYPERLINK results as links); pictures, note
 * references and other control characters are dropped.
 */
export function readParagraphs(
  wordDocument: Uint8Array,
  table: Uint8Array,
  fib: Fib,
  propertiesAt: (markOffset: number) => ParagraphProperties,
): DocParagraph[] {
  const paragraphs: DocParagraph[] = [];
  const fields: OpenField[] = [];
  let runs: TextRun[] = [];
  const append = (text: string) => {
    const href = fields.findLast((field) => field.showingResult && field.href)?.href;
    const last = runs.at(-1);
    if (last && last.href === href) last.text += text;
    else runs.push(href ? { text, href } : { text });
  };

  for (const piece of readPieces(table, fib)) {
    const end = Math.min(piece.end, fib.mainTextLength);
    if (piece.start >= end) continue;
    const length = end - piece.start;
    const text = piece.compressed
      ? iconv.decode(Buffer.from(wordDocument.subarray(piece.offset, piece.offset + length)), "win1252")
      : new TextDecoder("utf-16le").decode(wordDocument.subarray(piece.offset, piece.offset + length * 2));
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const open = fields.at(-1);
      if (code === FIELD_BEGIN) {
        fields.push({ code: "", showingResult: false, href: undefined });
      } else if (code === FIELD_SEPARATOR && open) {
        open.showingResult = true;
        open.href = HYPERLINK_CODE.exec(open.code)?.[1];
      } else if (code === FIELD_END) {
        fields.pop();
      } else if (open && fields.some((field) => !field.showingResult)) {
        open.code += text[index];
      } else if (code === PARAGRAPH_MARK || code === CELL_MARK || code === SECTION_MARK) {
        const markOffset = piece.offset + (piece.compressed ? index : index * 2);
        paragraphs.push({ ...propertiesAt(markOffset), runs, endsCell: code === CELL_MARK });
        runs = [];
      } else if (code === LINE_BREAK || code === COLUMN_BREAK) {
        append("\n");
      } else if (code === TAB) {
        append(" ");
      } else if (NON_BREAKING_HYPHENS.has(code)) {
        append("-");
      } else if (code >= 0x20) {
        append(text[index]!);
      }
    }
  }
  return paragraphs;
}
