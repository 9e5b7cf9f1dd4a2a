import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A glyph of a `showText` operator, as pdf.js puts it in the operator list. */
interface ShownGlyph {
  unicode: string;
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const LETTERS = "\\p{L}\\p{M}";
const ALL_LETTERS = new RegExp(`^[${LETTERS}]+$`, "u");
const WHOLE_WORD = new RegExp(`(?<![${LETTERS}])[${LETTERS}]+(?![${LETTERS}])`, "gu");

const isGlyph = (value: unknown): value is ShownGlyph => typeof value === "object" && value !== null && typeof (value as ShownGlyph).unicode === "string";

/**
 * Repairs for right-to-left words that hold a glyph standing for several letters, found in a
 * page's operator list: each maps the word as pdf.js's text layer spells it to the word as written.
 *
 * Why: a PDF shows right-to-left text in visual order, and pdf.js turns it into reading order by
 * reversing the whole string, letters of one glyph included. Arabic fonts draw lam followed by
 * alef as one ligature glyph whose Unicode is the two letters "لا", so "المشكلات" comes out as
 * "المشكالت" (pdftotext does the same). The operator list still holds the glyphs, so the word can
 * be put back in order glyph by glyph. Only whole words (runs of letters) are repaired, so a word
 * split across operators is left as pdf.js gave it.
 */
export function rightToLeftLigatureRepairs(operatorList: { fnArray: number[]; argsArray: unknown[] }): Map<string, string> {
  const repairs = new Map<string, string>();
  operatorList.fnArray.forEach((operator, index) => {
    if (operator !== OPS.showText) return;
    const glyphs = ((operatorList.argsArray[index] as unknown[] | null)?.[0] as unknown[] | undefined)?.filter(isGlyph) ?? [];
    if (!glyphs.some((glyph) => glyph.unicode.length > 1 && RIGHT_TO_LEFT.test(glyph.unicode))) return;
    let word: ShownGlyph[] = [];
    const endWord = (): void => {
      const shown = word.map((glyph) => glyph.unicode);
      const spelled = [...shown.join("")].reverse().join("");
      const written = shown.reverse().join("");
      if (spelled !== written && RIGHT_TO_LEFT.test(written)) repairs.set(spelled, written);
      word = [];
    };
    for (const glyph of glyphs) {
      if (ALL_LETTERS.test(glyph.unicode)) word.push(glyph);
      else endWord();
    }
    endWord();
  });
  return repairs;
}

/** `text` with every whole word that `repairs` knows written as the PDF shows it. */
export function repairRightToLeftLigatures(text: string, repairs: ReadonlyMap<string, string>): string {
  if (repairs.size === 0 || !RIGHT_TO_LEFT.test(text)) return text;
  return text.replace(WHOLE_WORD, (word) => repairs.get(word) ?? word);
}
