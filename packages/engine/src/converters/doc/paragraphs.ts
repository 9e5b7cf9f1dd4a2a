import iconv from "iconv-lite";
import { equationRubyBase } from "../word/eq-ruby.js";
import { isSymbolFont, showSymbolFontText } from "../word/symbol-fonts.js";
import type { CharacterProperties } from "./character-properties.js";
import { formFieldText } from "./form-fields.js";
import type { Fib } from "./fib.js";
import type { ParagraphProperties } from "./paragraph-properties.js";

/** How a run of text is shown, where its own formatting or its character style says. */
export interface RunFormat {
  /** In capitals (true), not (false), or as the paragraph's style says (undefined). */
  capitals?: boolean;
  bold?: boolean;
  italic?: boolean;
  /** Hidden (true), shown (false), or as the paragraph's style says (undefined). */
  hidden?: boolean;
}

/** A stretch of paragraph text, linked when it is the result of a HYPERLINK field. */
export interface TextRun extends RunFormat {
  text: string;
  href?: string;
  /** A footnote or endnote reference: the note's label; `text` is empty. */
  note?: string;
}

const sameFormat = (run: RunFormat, format: RunFormat): boolean =>
  run.capitals === format.capitals && run.bold === format.bold && run.italic === format.italic && run.hidden === format.hidden;

/** The format set on a run: its own properties first, then its character style's. */
function formatOf(characters: CharacterProperties, styleFormat: (styleIndex: number) => RunFormat): RunFormat {
  const style = characters.styleIndex === undefined ? {} : styleFormat(characters.styleIndex);
  const format: RunFormat = {};
  const capitals = characters.capitals ?? style.capitals;
  const bold = characters.bold ?? style.bold;
  const italic = characters.italic ?? style.italic;
  const hidden = characters.hidden ?? style.hidden;
  if (capitals !== undefined) format.capitals = capitals;
  if (hidden !== undefined) format.hidden = hidden;
  if (bold) format.bold = true;
  if (italic) format.italic = true;
  return format;
}

/** One paragraph of the main text with its properties. */
export interface DocParagraph extends ParagraphProperties {
  /** Line breaks inside the paragraph are `\n`. */
  runs: TextRun[];
  /** The paragraph closes a table cell (its mark is a cell mark, not a paragraph mark). */
  endsCell: boolean;
  /** The character position of its mark. */
  position: number;
}

/** A piece of the document's text ([MS-DOC] 2.9.177 Pcd). */
export interface Piece {
  /** Character positions [start, end) of the text this piece holds. */
  start: number;
  end: number;
  /** Byte offset of the piece's text in `WordDocument`. */
  offset: number;
  /** One byte per character (Windows-1252) rather than UTF-16LE. */
  compressed: boolean;
}

/** Read the piece table (the Pcdt of the Clx, [MS-DOC] 2.9.38) that maps text to bytes. */
export function readPieces(table: Uint8Array, fib: Fib): Piece[] {
  return readPieceTable(table.subarray(fib.pieceTable.offset, fib.pieceTable.offset + fib.pieceTable.length), false);
}

/**
 * Read a Clx: the Prc entries of a fast-saved file, then the Pcdt. With `eightBit` (Word 6 and
 * 95), every piece is 8-bit text at the file offset its descriptor gives; from Word 97 on, a flag
 * in that offset tells compressed (8-bit) text from UTF-16.
 */
export function readPieceTable(clx: Uint8Array, eightBit: boolean): Piece[] {
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
    const compressed = eightBit || (fc & 0x40000000) !== 0;
    pieces.push({
      start: view.getUint32(plc + index * 4, true),
      end: view.getUint32(plc + (index + 1) * 4, true),
      offset: eightBit ? fc : compressed ? (fc & 0x3fffffff) / 2 : fc,
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
// The character that holds the place of a picture or, in a field's code, of its data.
const DATA_CHARACTER = 0x01;
// The character that holds the place of a symbol inserted with `sprmCSymbol` ([MS-DOC] 2.6.1).
const SYMBOL_PLACEHOLDER = 0x28;

/** A field is `BEGIN code SEPARATOR result END`; only the result is visible text. */
interface OpenField {
  code: string;
  showingResult: boolean;
  href: string | undefined;
  /** What the field shows in place of its result: a checkbox's or drop-down's state, an EQ ruby's base text. */
  ownText?: string | undefined;
  /** A table of contents (a TOC field), whose result is left out with `onlyMainContent`. */
  tableOfContents?: boolean;
}

// `HYPERLINK "https://…"`; the `HYPERLINK \l "bookmark"` form links inside the document and
// keeps only its text.
const HYPERLINK_CODE = /^\s*HYPERLINK\s+"([^"]+)"/i;
// Note: a table of contents, and a table of figures (`TOC \c "Figure"`), is a TOC field whose result holds its entries.
const TABLE_OF_CONTENTS_CODE = /^\s*TOC\b/;

/** What the paragraph reader needs to find a document's text and its properties. */
export interface DocText {
  wordDocument: Uint8Array;
  pieces: readonly Piece[];
  paragraphPropertiesAt: (markOffset: number) => ParagraphProperties;
  characterPropertiesAt: (offset: number) => CharacterProperties & { start: number; end: number };
  /** What a character style (by index, through the styles it is based on) does to its text. */
  characterStyleFormat: (styleIndex: number) => RunFormat;
  /** The font table's names, by index. */
  fontNames: readonly string[];
  /** The Data stream (pictures, form fields' FFData), when the file has one. */
  data?: Uint8Array | undefined;
}

/** Character positions [start, end) of one story (the main text, a footnote, a text box). */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Walk a range of the document's text and cut it into paragraphs at paragraph, cell and section
 * marks. Field codes are hidden (their results kept, HYPERLINK results as links, an EQ ruby's base text shown), note
 * references at the positions `noteAt` knows become note runs unless deleted or hidden; hidden text, deleted text,
 * a table of contents (with `onlyMainContent`),
 * pictures and other control characters are dropped. A drop cap joins the paragraph it begins.
 */
export function readParagraphs(
  source: DocText,
  range: TextRange,
  noteAt: (position: number) => string | undefined = () => undefined,
  options: { onlyMainContent: boolean } = { onlyMainContent: true },
): DocParagraph[] {
  const { wordDocument } = source;
  const paragraphs: DocParagraph[] = [];
  const fields: OpenField[] = [];
  let runs: TextRun[] = [];
  let characters = source.characterPropertiesAt(-1);
  let format: RunFormat = {};
  // Note: only a symbol font changes what a character shows; other runs skip the lookup.
  let symbolFont: string | undefined;
  const append = (text: string) => {
    const href = fields.findLast((field) => field.showingResult && field.href)?.href;
    const last = runs.at(-1);
    if (last && last.href === href && sameFormat(last, format) && last.note === undefined) last.text += text;
    else runs.push({ text, ...(href && { href }), ...format });
  };

  for (const piece of source.pieces) {
    const start = Math.max(piece.start, range.start);
    const end = Math.min(piece.end, range.end);
    if (start >= end) continue;
    const width = piece.compressed ? 1 : 2;
    const offset = piece.offset + (start - piece.start) * width;
    const bytes = wordDocument.subarray(offset, offset + (end - start) * width);
    const text = piece.compressed ? iconv.decode(Buffer.from(bytes), "win1252") : new TextDecoder("utf-16le").decode(bytes);
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      const byteOffset = offset + index * width;
      if (byteOffset < characters.start || byteOffset >= characters.end) {
        characters = source.characterPropertiesAt(byteOffset);
        format = formatOf(characters, source.characterStyleFormat);
        const font = characters.font === undefined ? undefined : source.fontNames[characters.font];
        symbolFont = isSymbolFont(font) ? font : undefined;
      }
      const open = fields.at(-1);
      // Note: an auto-numbered reference is the character 0x02; a custom mark ("*") is its own text.
      const note = noteAt(start + index);
      if (code === FIELD_BEGIN) {
        fields.push({ code: "", showingResult: false, href: undefined });
      } else if (code === FIELD_SEPARATOR && open) {
        open.showingResult = true;
        open.href = HYPERLINK_CODE.exec(open.code)?.[1];
        open.tableOfContents = options.onlyMainContent && TABLE_OF_CONTENTS_CODE.test(open.code);
        open.ownText ??= equationRubyBase(open.code);
        if (open.ownText !== undefined) append(open.ownText);
      } else if (code === FIELD_END) {
        // A checkbox or an EQ ruby has no separator: its text goes where the field ends.
        if (open && !open.showingResult) open.ownText ??= equationRubyBase(open.code);
        if (open?.ownText !== undefined && !open.showingResult) append(open.ownText);
        fields.pop();
      } else if (open && fields.some((field) => !field.showingResult)) {
        // Note: a form field's FFData is where its code's 0x01 character's sprmCPicLocation points.
        if (code === DATA_CHARACTER && characters.dataOffset !== undefined && source.data) open.ownText ??= formFieldText(source.data, characters.dataOffset);
        open.code += text[index];
      } else if (fields.some((field) => field.showingResult && field.ownText !== undefined)) {
        // A form field's or ruby's own text stands in for its result.
      } else if (note !== undefined && !characters.unseen) {
        // Note: a deleted (or hidden) reference falls through to be dropped, as Word drops its note.
        runs.push({ text: "", note });
      } else if (code === PARAGRAPH_MARK || code === CELL_MARK || code === SECTION_MARK) {
        paragraphs.push({ ...source.paragraphPropertiesAt(byteOffset), runs, endsCell: code === CELL_MARK, position: start + index });
        runs = [];
      } else if (characters.unseen || fields.some((field) => field.tableOfContents)) {
        // Hidden or deleted text: Word shows neither (the marks above still end its paragraphs).
        // A table of contents repeats the headings with page numbers, as the DOCX and ODT readers leave theirs out.
      } else if (code === LINE_BREAK || code === COLUMN_BREAK) {
        append("\n");
      } else if (code === TAB) {
        append(" ");
      } else if (NON_BREAKING_HYPHENS.has(code)) {
        append("-");
      } else if (characters.symbol && code === SYMBOL_PLACEHOLDER) {
        append(showSymbolFontText(source.fontNames[characters.symbol.font], String.fromCharCode(characters.symbol.code)));
      } else if (code >= 0x20) {
        append(symbolFont ? showSymbolFontText(symbolFont, text[index]!) : text[index]!);
      }
    }
  }
  // A story's last paragraph may lack its mark (a note's text ends where the next one starts).
  if (runs.length > 0) paragraphs.push({ ...source.paragraphPropertiesAt(-1), runs, endsCell: false, position: range.end });
  return joinDropCaps(paragraphs);
}

/**
 * Each drop cap joined to the paragraph it begins. Note: Word keeps the large first letter in a
 * framed paragraph of its own before the rest, and shows the two as one; read apart, the first
 * word was cut in two ("T", then "he harbour opened…").
 */
function joinDropCaps(paragraphs: DocParagraph[]): DocParagraph[] {
  const joined: DocParagraph[] = [];
  let dropped: TextRun[] = [];
  for (const [index, paragraph] of paragraphs.entries()) {
    if (paragraph.dropCap && !paragraph.endsCell && index < paragraphs.length - 1) {
      dropped.push(...paragraph.runs);
      continue;
    }
    joined.push(dropped.length > 0 ? { ...paragraph, runs: [...dropped, ...paragraph.runs] } : paragraph);
    dropped = [];
  }
  return joined;
}
