import chardet from "chardet";
import iconv from "iconv-lite";

/**
 * Decode text of unknown encoding: a BOM wins, then valid UTF-8, then chardet's best guess
 * (Shift_JIS, windows-1252, ...). The BOM is never part of the result.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const guess = chardet.detect(bytes);
    const encoding = guess && iconv.encodingExists(guess) ? guess : "windows-1252";
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
  }
}
