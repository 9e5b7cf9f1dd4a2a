import iconv from "iconv-lite";
import { decodeText } from "../../text-decoding.js";

const BOM = /^(?:\xef\xbb\xbf|\xff\xfe|\xfe\xff)/;
const DECLARED_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)|<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)/i;

/**
 * Decode an HTML document: a BOM wins, then the charset its `<meta>` (or XML declaration)
 * declares in the first 1 KiB, as the HTML standard's prescan does, then the guess every text
 * format gets (UTF-8, else chardet).
 */
export function decodeHtml(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString("latin1");
  const declared = BOM.test(head) ? undefined : DECLARED_CHARSET.exec(head);
  const charset = declared?.[1] ?? declared?.[2];
  // Note: a page that says UTF-8 but is not is common; decodeText's fallback handles it better.
  if (charset && !/^utf-?8$/i.test(charset) && iconv.encodingExists(charset)) {
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), charset);
  }
  return decodeText(bytes);
}
