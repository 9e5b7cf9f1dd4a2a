import { cardinalWords, ordinalNumber, ordinalWords } from "./number-words.js";

/** One level of a Word list, as both DOCX (numbering.xml) and DOC (the LVL records) define it. */
export interface ListLevel {
  /** The number of the first item. */
  start: number;
  /** The number style, with the names of WordprocessingML's `w:numFmt` (`decimal`, `upperRoman`, `bullet`...). */
  format: string;
  /** What the marker shows: `%1.%2.` puts the numbers of levels 1 and 2 around literal dots. */
  text: string;
  /**
   * Write every level's number in Arabic digits (`w:isLgl`): "Article II, Section 1" becomes "2.1";
   * a level already in digits keeps its style ("Section 2.01").
   */
  legal?: boolean;
  /**
   * After which levels' items this level counts from its start again (`w:lvlRestart`): those up to
   * this 1-based level; 0 never. Undefined: after any higher level's item, as by default.
   */
  restartAfter?: number | undefined;
}

const ROMAN: Array<[number, string]> = [
  [1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"],
  [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"],
];

function roman(value: number): string {
  let rest = value;
  let text = "";
  for (const [amount, digits] of ROMAN) {
    for (; rest >= amount; rest -= amount) text += digits;
  }
  return text;
}

/** a..z, then aa..zz, as Word counts letters. */
function letters(value: number): string {
  const letter = String.fromCharCode(97 + ((value - 1) % 26));
  return letter.repeat(Math.floor((value - 1) / 26) + 1);
}

/** One number written in a level's style; formats this reader does not know are written in decimal. */
function formatNumber(value: number, format: string): string {
  if (value < 1 && format !== "decimal" && format !== "decimalZero") return String(value);
  switch (format) {
    case "none":
      return "";
    case "upperRoman":
      return roman(value).toUpperCase();
    case "lowerRoman":
      return roman(value);
    case "upperLetter":
      return letters(value).toUpperCase();
    case "lowerLetter":
      return letters(value);
    case "decimalZero":
      return String(value).padStart(2, "0");
    case "ordinal":
      return ordinalNumber(value);
    case "cardinalText":
      return cardinalWords(value) ?? String(value);
    case "ordinalText":
      return ordinalWords(value) ?? String(value);
    default:
      return String(value);
  }
}

/**
 * Whether a Markdown ordered-list marker can show a Word label: only a bare number followed by
 * "." or ")" ("3.", "3)"). Any other label ("Article 1.", "(a)", "IV.", "1.2.", "Step 5:") is
 * written as text at the start of its item, since Markdown would number the item 1, 2, 3.
 */
export const isPlainNumberLabel = (label: string): boolean => /^\d{1,9}[.)]$/.test(label);

/** The formats that already write a number in Arabic digits, which legal numbering keeps. */
const ARABIC_FORMATS = new Set(["decimal", "decimalZero"]);

/** The format a level's number is written in within a label of a legal level (`w:isLgl`) or not. */
const shownFormat = (format: string, legal: boolean | undefined): string => (legal && !ARABIC_FORMATS.has(format) ? "decimal" : format);

/** Whether a level's count restarts after an item of the higher level `level` (0-based). */
const restartsAfter = (definition: ListLevel | undefined, level: number): boolean =>
  definition?.restartAfter === undefined || level < definition.restartAfter;

/** The formats whose marker is a symbol, not a number: they give no label. */
const UNNUMBERED = new Set(["bullet"]);

/**
 * Counts the items of Word lists in document order and writes their labels ("2.1", "IV.", "b)").
 * A level's counter restarts whenever an item of a higher level comes, as in Word.
 */
export function createListNumbering() {
  const countersByList = new Map<string, Array<number | undefined>>();
  return {
    /**
     * Count one item at `level` (0-based) of the list `listKey` and return its label, or
     * undefined for a bulleted level. Items with the same key count on from each other; an item
     * with `startAt` (ODF's `text:start-value`) takes that number.
     */
    next(listKey: string, levels: ReadonlyArray<ListLevel | undefined>, level: number, startAt?: number): string | undefined {
      const definition = levels[level];
      if (!definition) return undefined;
      const counters = countersByList.get(listKey) ?? [];
      countersByList.set(listKey, counters);
      counters[level] = startAt ?? (counters[level] ?? definition.start - 1) + 1;
      for (let deeper = level + 1; deeper < counters.length; deeper++) {
        if (restartsAfter(levels[deeper], level)) counters[deeper] = undefined;
      }
      if (UNNUMBERED.has(definition.format)) return undefined;
      const label = definition.text.replace(/%([1-9])/g, (_, digit: string) => {
        const index = Number(digit) - 1;
        const shown = levels[index];
        if (!shown || index > level) return "";
        const value = counters[index] ?? shown.start;
        return formatNumber(value, shownFormat(shown.format, definition.legal));
      });
      return label.trim() || undefined;
    },
  };
}
