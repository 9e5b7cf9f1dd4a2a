import { CHECKED_BOX, UNCHECKED_BOX } from "../word/ballot-boxes.js";

// FFData ([MS-DOC] 2.9.78), in the Data stream where the sprmCPicLocation of the 0x01 character in
// the field's code points: `lcb` (4 bytes) and `cbHeader` (2), the header, then the FFData.
const FFDATA_VERSION = 0xffffffff;
const TEXT_INPUT = 0;
const CHECKBOX = 1;
const DROP_DOWN = 2;
// Note: an iRes of 25 means "no result of its own": the default (wDef) shows.
const USE_DEFAULT = 25;
// An STTB whose fExtend is 0xFFFF holds UTF-16 strings.
const EXTENDED_STRINGS = 0xffff;

/** Reads little-endian numbers and Xstz strings from a buffer, never past its end. */
function cursor(bytes: Uint8Array, start: number) {
  let at = start;
  const u16 = (): number => {
    const value = (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
    at += 2;
    return value;
  };
  const u32 = (): number => (u16() | (u16() << 16)) >>> 0;
  const utf16 = (count: number): string => {
    const text = new TextDecoder("utf-16le").decode(bytes.subarray(at, Math.min(at + count * 2, bytes.length)));
    at += count * 2;
    return text;
  };
  /** An Xstz: a count, the characters, a terminating 0. */
  const xstz = (): string => {
    const text = utf16(u16());
    at += 2;
    return text;
  };
  const skip = (count: number): void => {
    at += count;
  };
  return { u16, u32, utf16, xstz, skip, get offset() { return at; } };
}

/**
 * What a checkbox or drop-down form field (FORMCHECKBOX, FORMDROPDOWN) shows, from its FFData in
 * the Data stream at `offset`: ☒ or ☐ (as the DOCX converter writes a checkbox) or the chosen
 * entry. Note: Word keeps neither as the field's result text. Undefined for a text field, or when
 * the bytes there are no FFData.
 */
export function formFieldText(data: Uint8Array, offset: number): string | undefined {
  const header = cursor(data, offset);
  header.u32();
  const read = cursor(data, offset + header.u16());
  if (read.u32() !== FFDATA_VERSION) return undefined;
  const bits = read.u16();
  const type = bits & 0x3;
  const result = (bits >> 2) & 0x1f;
  if (type === TEXT_INPUT) return undefined;
  read.u16(); // cch: a text field's maximum length
  read.u16(); // hps: a checkbox's size
  read.xstz(); // the field's name
  const fallback = read.u16(); // wDef
  const chosen = result === USE_DEFAULT ? fallback : result;
  if (type === CHECKBOX) return chosen ? CHECKED_BOX : UNCHECKED_BOX;
  if (type !== DROP_DOWN) return undefined;
  // The format, help, status and entry/exit macro strings, then the entries (an STTB).
  for (let skipped = 0; skipped < 5; skipped++) read.xstz();
  if (read.u16() !== EXTENDED_STRINGS) return undefined;
  const count = read.u16();
  const extra = read.u16();
  const entries: string[] = [];
  for (let index = 0; index < count && read.offset < data.length; index++) {
    entries.push(read.utf16(read.u16()));
    read.skip(extra);
  }
  return entries[chosen] ?? entries[0];
}
