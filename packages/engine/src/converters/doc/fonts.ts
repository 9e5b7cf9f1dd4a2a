import type { StreamRange } from "./fib.js";

// SttbfFfn ([MS-DOC] 2.9.271): a count of fonts and a count of extra bytes (0), then the FFNs.
const HEADER_SIZE = 4;
// FFN ([MS-DOC] 2.9.87): its size less one, then 39 bytes of flags, weight, character set,
// PANOSE and signature, then the name as a zero-terminated UTF-16 string.
const NAME_OFFSET = 40;

/**
 * The names of a document's fonts, by the index its character properties give (`sprmCRgFtc0`,
 * `sprmCSymbol`). Note: the reader needs only the names, to tell the symbol fonts whose codes
 * show other characters (Symbol, Wingdings).
 */
export function readFontNames(table: Uint8Array, range: StreamRange): string[] {
  const end = Math.min(range.offset + range.length, table.length);
  if (range.length < HEADER_SIZE || range.offset + HEADER_SIZE > end) return [];
  const view = new DataView(table.buffer, table.byteOffset);
  const count = view.getUint16(range.offset, true);
  const names: string[] = [];
  let at = range.offset + HEADER_SIZE;
  for (let index = 0; index < count && at < end; index++) {
    const size = (table[at] ?? 0) + 1;
    let name = "";
    for (let character = at + NAME_OFFSET; character + 1 < Math.min(at + size, end); character += 2) {
      const code = view.getUint16(character, true);
      if (code === 0) break;
      name += String.fromCharCode(code);
    }
    names.push(name);
    at += size;
  }
  return names;
}
