/** One lexical unit of RTF. */
export type RtfToken =
  | { type: "open" }
  | { type: "close" }
  | { type: "control"; word: string; param: number | undefined }
  /** A byte given as `\'hh`, in the current code page. */
  | { type: "byte"; value: number }
  | { type: "text"; value: string };

const isLetter = (byte: number): boolean => (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;
const HEX = /^[0-9a-f]{2}$/i;

/** Control symbols that stand for a character. */
const SYMBOLS: Readonly<Record<string, string>> = { "~": "\u00a0", _: "\u2011", "{": "{", "}": "}", "\\": "\\", "-": "" };

/**
 * Split RTF into tokens (RTF 1.9.1 §"Syntax"). Note: `\binN` data is skipped here, whatever
 * its bytes, since it is the one place a brace may appear unescaped. Plain text outside
 * control words is ASCII by the format's definition; other characters come as `\'hh` or `\uN`.
 */
export function* tokenize(bytes: Uint8Array): Generator<RtfToken> {
  let i = 0;
  let text = "";
  const flush = function* (): Generator<RtfToken> {
    if (text) yield { type: "text", value: text };
    text = "";
  };
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === 0x7b || byte === 0x7d) {
      yield* flush();
      yield { type: byte === 0x7b ? "open" : "close" };
      i++;
    } else if (byte === 0x5c) {
      yield* flush();
      const next = bytes[i + 1];
      if (next === undefined) break;
      if (isLetter(next)) {
        let end = i + 1;
        while (end < bytes.length && isLetter(bytes[end]!)) end++;
        const word = String.fromCharCode(...bytes.subarray(i + 1, end));
        let paramEnd = end;
        if (bytes[paramEnd] === 0x2d) paramEnd++;
        while (paramEnd < bytes.length && isDigit(bytes[paramEnd]!) && paramEnd - end < 11) paramEnd++;
        const digits = String.fromCharCode(...bytes.subarray(end, paramEnd));
        const param = /\d/.test(digits) ? Number(digits) : undefined;
        // One space ends a control word and belongs to it.
        i = bytes[paramEnd] === 0x20 ? paramEnd + 1 : paramEnd;
        if (word === "bin" && param !== undefined && param > 0) {
          i += param;
          continue;
        }
        yield { type: "control", word, param };
      } else if (next === 0x27) {
        const hex = String.fromCharCode(bytes[i + 2] ?? 0, bytes[i + 3] ?? 0);
        if (HEX.test(hex)) yield { type: "byte", value: Number.parseInt(hex, 16) };
        i += 4;
      } else if (next === 0x0a || next === 0x0d) {
        yield { type: "control", word: "par", param: undefined };
        i += 2;
      } else {
        const symbol = String.fromCharCode(next);
        if (symbol in SYMBOLS) yield { type: "text", value: SYMBOLS[symbol]! };
        else yield { type: "control", word: symbol, param: undefined };
        i += 2;
      }
    } else {
      // Line breaks in the source are not text; RTF marks paragraphs with \par.
      if (byte !== 0x0a && byte !== 0x0d) text += String.fromCharCode(byte);
      i++;
    }
  }
  yield* flush();
}
