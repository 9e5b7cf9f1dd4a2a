/**
 * Numbers in English words, as Word writes the list formats `cardinalText` ("Twenty-one"),
 * `ordinalText` ("Twenty-first") and `ordinal` ("21st") in an English document: the first
 * letter in capitals.
 */

const ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
  "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
// The irregular ordinals; the others add "th" (with "y" as "ie": Twentieth).
const ORDINAL_WORDS: Record<string, string> = { one: "first", two: "second", three: "third", five: "fifth", eight: "eighth", nine: "ninth", twelve: "twelfth" };
// Note: Word spells numbers up to 32767 in words; past the thousands they are list labels no one reads.
const MAX_IN_WORDS = 9999;

function belowHundred(value: number): string {
  if (value < 20) return ONES[value]!;
  const ones = value % 10;
  return ones === 0 ? TENS[Math.floor(value / 10)]! : `${TENS[Math.floor(value / 10)]}-${ONES[ones]}`;
}

function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const head = hundreds > 0 ? `${ONES[hundreds]} hundred` : "";
  if (rest === 0) return head;
  return head ? `${head} ${belowHundred(rest)}` : belowHundred(rest);
}

const capitalized = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

/** 21 as "twenty-one"; undefined past {@link MAX_IN_WORDS}. */
function lowerCardinal(value: number): string | undefined {
  if (value < 1 || value > MAX_IN_WORDS || !Number.isInteger(value)) return undefined;
  const thousands = Math.floor(value / 1000);
  const rest = value % 1000;
  const head = thousands > 0 ? `${ONES[thousands]} thousand` : "";
  if (rest === 0) return head;
  return head ? `${head} ${belowThousand(rest)}` : belowThousand(rest);
}

/** 21 as "Twenty-one"; undefined past {@link MAX_IN_WORDS}. */
export function cardinalWords(value: number): string | undefined {
  const cardinal = lowerCardinal(value);
  return cardinal === undefined ? undefined : capitalized(cardinal);
}

/** 21 as "Twenty-first"; undefined past {@link MAX_IN_WORDS}. */
export function ordinalWords(value: number): string | undefined {
  const cardinal = lowerCardinal(value);
  if (cardinal === undefined) return undefined;
  const last = /[a-z]+$/.exec(cardinal)![0];
  const ordinal = ORDINAL_WORDS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return capitalized(cardinal.slice(0, -last.length) + ordinal);
}

/** 21 as "21st", 12 as "12th". */
export function ordinalNumber(value: number): string {
  const lastTwo = value % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : ["th", "st", "nd", "rd"][value % 10] ?? "th";
  return `${value}${suffix}`;
}
