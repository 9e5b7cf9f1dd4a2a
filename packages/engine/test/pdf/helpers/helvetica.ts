// Advance widths (thousandths of an em) of Helvetica's glyphs, from its Adobe font metrics: what a
// test needs to set a line of its own to a measure (justified, or filled to a column's edge).
const LOWERCASE = [556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500];
const UPPERCASE = [667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611];
const WIDTHS: Record<string, number> = {
  ...Object.fromEntries([..."abcdefghijklmnopqrstuvwxyz"].map((letter, index) => [letter, LOWERCASE[index]!])),
  ...Object.fromEntries([..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [letter, UPPERCASE[index]!])),
  ...Object.fromEntries([..."0123456789"].map((digit) => [digit, 556])),
  " ": 278,
  ",": 278,
  ".": 278,
  ":": 278,
  ";": 278,
  "-": 333,
  "'": 191,
  "(": 333,
  ")": 333,
  "%": 889,
};

/** The width in points of `text` set in Helvetica at `size`; it throws on a character it has no width for. */
export function helveticaWidth(text: string, size: number): number {
  return ([...text].reduce((sum, character) => {
    const width = WIDTHS[character];
    if (width === undefined) throw new Error(`no Helvetica width for ${JSON.stringify(character)}`);
    return sum + width;
  }, 0) * size) / 1000;
}
