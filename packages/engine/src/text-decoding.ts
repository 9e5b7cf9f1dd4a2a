import chardet from "chardet";
import iconv from "iconv-lite";

/** Replacement characters and C1 controls: what a wrong single- or multi-byte guess leaves behind. */
const UNDECODABLE = /[\uFFFD\u0080-\u009F]/;

/** Share of the non-ASCII characters that are letters (kanji, é, ж), rather than symbols (¼, ‘, Š). */
function letterShare(text: string): number {
  const nonAscii = text.match(/[^\x00-\x7F]/g) ?? [];
  if (nonAscii.length === 0) return 1;
  return nonAscii.filter((char) => /\p{L}/u.test(char)).length / nonAscii.length;
}

/** Bytes looked at to choose an encoding; decoding every guess of a large file in full would be slow. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The most plausible of chardet's guesses. Note: chardet ranks by byte statistics, which need
 * more text than a short CSV holds (a 70-byte Shift_JIS file ranks windows-1252 first), so a
 * guess that leaves undecodable bytes is dropped, and one whose non-ASCII characters are clearly
 * more often letters wins over chardet's order.
 */
function guessEncoding(sample: Buffer): string {
  const guesses = [...chardet.analyse(sample).map((match) => match.name), "windows-1252"];
  let best: { encoding: string; share: number } | undefined;
  for (const encoding of new Set(guesses)) {
    if (!iconv.encodingExists(encoding)) continue;
    // The sample may end inside a multi-byte character, so its last character does not count.
    const text = iconv.decode(sample, encoding).slice(0, -1);
    if (UNDECODABLE.test(text)) continue;
    const share = letterShare(text);
    if (!best || share > best.share + 0.25) best = { encoding, share };
  }
  return best?.encoding ?? "windows-1252";
}

/**
 * Decode text of unknown encoding: a BOM wins, then valid UTF-8, then the most plausible of
 * chardet's guesses (Shift_JIS, windows-1252, ...). The BOM is never part of the result.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return iconv.decode(buffer, guessEncoding(buffer.subarray(0, SAMPLE_BYTES)));
  }
}
