import { codePoint } from "dingbat-to-unicode";

// Note: Word stores a character of a symbol font at its code in the font, either as is (0x20-0xFF,
// "a" in Symbol is α) or moved into the private use area at U+F020-U+F0FF (Word's "symbol"
// encoding). Either way a reader sees the font's glyph, not the code.
const PRIVATE_USE_BASE = 0xf000;
const FIRST_CODE = 0x20;
const LAST_CODE = 0xff;

/**
 * Whether a font is one whose glyphs `dingbat-to-unicode` (mammoth's table for Word's `w:sym`)
 * knows: Symbol, Wingdings 1-3, Webdings.
 */
export function isSymbolFont(font: string | undefined): font is string {
  return font !== undefined && codePoint(font.trim(), FIRST_CODE) !== undefined;
}

/**
 * Text set in a symbol font as the characters it shows: in Symbol "a" and U+F061 are "α", in
 * Wingdings U+F0FC is "✓". Other fonts, and codes the font does not map, are left as they are.
 */
export function showSymbolFontText(font: string | undefined, text: string): string {
  if (!isSymbolFont(font)) return text;
  const typeface = font.trim();
  return Array.from(text, (character) => {
    const code = character.codePointAt(0)!;
    const inFont = code >= PRIVATE_USE_BASE + FIRST_CODE && code <= PRIVATE_USE_BASE + LAST_CODE ? code - PRIVATE_USE_BASE : code;
    if (inFont < FIRST_CODE || inFont > LAST_CODE) return character;
    return codePoint(typeface, inFont)?.string ?? character;
  }).join("");
}
