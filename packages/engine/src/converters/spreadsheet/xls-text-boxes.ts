import CFB from "cfb";
import { readOleContainer } from "../ole-container.js";

// BIFF8 record types ([MS-XLS] 2.3).
const BOF = 0x0809;
const EOF = 0x000a;
const BOUND_SHEET = 0x0085;
const OBJ = 0x005d;
const TXO = 0x01b6;
const CONTINUE = 0x003c;
const BIFF8 = 0x0600;
/** The object type (`ftCmo.ot`) of a cell note, whose text SheetJS reads as the cell's comment. */
const NOTE_OBJECT = 0x19;
// Note: a text object's text fits in a few CONTINUE records (8,224 bytes each, 32,767 characters
// at most); more are not looked at, so a record stream of CONTINUEs cannot be read once per TXO.
const MAX_CONTINUE_RECORDS = 16;

interface BiffRecord {
  type: number;
  data: Uint8Array;
}

const uint16 = (data: Uint8Array, offset: number): number => (data[offset] ?? 0) | ((data[offset + 1] ?? 0) << 8);
const uint32 = (data: Uint8Array, offset: number): number => (uint16(data, offset) | (uint16(data, offset + 2) << 16)) >>> 0;

/** The records of a BIFF stream from `offset` on, each with its offset; read as they are asked for. */
function* records(stream: Uint8Array, offset = 0): Generator<BiffRecord & { offset: number }> {
  for (let at = offset; at + 4 <= stream.length; ) {
    const end = Math.min(stream.length, at + 4 + uint16(stream, at + 2));
    yield { type: uint16(stream, at), data: stream.subarray(at + 4, end), offset: at };
    at = end;
  }
}

/**
 * `cch` characters of BIFF8 text split over the CONTINUE records from `offset` on, each opening
 * with its own high-byte flag ([MS-XLS] 2.5.296).
 */
function continuedText(stream: Uint8Array, offset: number, cch: number): string {
  let text = "";
  let seen = 0;
  for (const { type, data } of records(stream, offset)) {
    if (type !== CONTINUE || text.length >= cch || data.length === 0 || seen++ >= MAX_CONTINUE_RECORDS) break;
    const wide = (data[0]! & 1) === 1;
    const count = Math.min(cch - text.length, Math.floor((data.length - 1) / (wide ? 2 : 1)));
    const chars = data.subarray(1, 1 + count * (wide ? 2 : 1));
    text += wide ? Buffer.from(chars).toString("utf16le") : Buffer.from(chars).toString("latin1");
  }
  return text;
}

/** A BOUNDSHEET record's sheet name (a ShortXLUnicodeString after offset, state and type). */
function boundSheetName(data: Uint8Array): string {
  const cch = data[6] ?? 0;
  const wide = ((data[7] ?? 0) & 1) === 1;
  const chars = data.subarray(8, 8 + cch * (wide ? 2 : 1));
  return wide ? Buffer.from(chars).toString("utf16le") : Buffer.from(chars).toString("latin1");
}

/**
 * The text of the text boxes and shapes drawn on each sheet of an Excel 97-2003 workbook, by sheet
 * name, in the order they were drawn; each as its lines. Note: SheetJS reads a text object (TXO)
 * only as a cell note's text; a text box's own would be lost, so the sheet substreams are walked
 * here. Excel 95 and older store their text otherwise and are left alone.
 */
export function readXlsTextBoxes(bytes: Uint8Array): Map<string, string[][]> {
  const container = readOleContainer(bytes);
  const content = (CFB.find(container, "Workbook") ?? CFB.find(container, "Book"))?.content;
  const textsBySheet = new Map<string, string[]>();
  const stream = content instanceof Uint8Array ? content : Uint8Array.from(content ?? []);
  const [bof] = records(stream);
  if (bof?.type !== BOF || uint16(bof.data, 0) !== BIFF8) return new Map();
  // Note: one pass in stream order, each sheet's substream named by the BOUNDSHEET that gives its
  // offset, so a file whose offsets overlap cannot make the walk go over the stream again. A
  // chart drawn on a sheet is a substream of its own inside the sheet's (BOF to EOF), skipped.
  const sheetAt = new Map<number, string>();
  let texts: string[] | undefined;
  let embedded = 0;
  let objectType = 0;
  for (const { type, data, offset } of records(stream)) {
    if (type === BOUND_SHEET) sheetAt.set(uint32(data, 0), boundSheetName(data));
    if (type === BOF && sheetAt.has(offset)) textsBySheet.set(sheetAt.get(offset)!, (texts = []));
    else if (type === BOF && texts) embedded++;
    if (type === EOF && embedded > 0) embedded--;
    else if (type === EOF) texts = undefined;
    // An OBJ record opens with its ftCmo subrecord: ft, cb, then the object type.
    if (type === OBJ) objectType = uint16(data, 4);
    if (type !== TXO || !texts || embedded > 0 || objectType === NOTE_OBJECT) continue;
    const text = continuedText(stream, offset + 4 + data.length, uint16(data, 10)).trim();
    if (text) texts.push(text);
  }
  const lines = (text: string): string[] => text.split(/\r?\n/).filter((line) => line.trim() !== "");
  return new Map([...textsBySheet].filter(([, list]) => list.length > 0).map(([name, list]) => [name, list.map(lines)]));
}
