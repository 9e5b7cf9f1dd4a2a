import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
// Note: a hyphen is "-" or U+2010 (HYPHEN), which browsers draw where they break a word at a soft
// hyphen or by their hyphenation.
const LOWERCASE_BEFORE_HYPHEN = /\p{Ll}[-\u2010]$/u;
// The last word of a line is a compound written with hyphens ("mixture-of-"): its final hyphen is
// one of them. Note: TeX (and most layout programs) never hyphenate a word that holds a hyphen; they
// break it at its own hyphens only.
const HYPHENATED_COMPOUND = /\p{L}[-\u2010]\p{L}+[-\u2010]$/u;
// A line that ends in a hyphen where the word on either side of it holds a digit breaks a code, a
// range or a name with a number ("407f-" "a055-…" of a UUID, "10-" "20", "COVID-" "19"): no
// layout program hyphenates such a word, so the hyphen is the text's own.
const CODE_BEFORE_BREAK = /[\p{L}\p{N}][-\u2010]$/u;
const DIGIT = /\p{N}/u;
const breaksCode = (text: string, next: string): boolean =>
  CODE_BEFORE_BREAK.test(text) && /^[\p{L}\p{N}]/u.test(next) && (DIGIT.test(/\S*$/u.exec(text)![0]) || DIGIT.test(/^\S*/u.exec(next)![0]));

// A word written with a hyphen between letters ("play-money", "co-operative").
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;
const NO_COMPOUNDS: ReadonlySet<string> = new Set();

/**
 * The words a document writes with a hyphen inside a line ("play-money"), in lowercase. Note: a
 * hyphen at the end of a line is either the word's own or one a hyphenation program added, and the
 * page does not say which; where the same word stands whole elsewhere in the document with its
 * hyphen, the hyphen is its own ("Co-" "operative" is "Co-operative" in a text that writes
 * "co-operative" elsewhere). A line's last word is left out: its hyphen is the question.
 */
export function hyphenatedCompounds(lines: readonly TextLine[]): Set<string> {
  const compounds = new Set<string>();
  for (const line of lines) {
    const text = lineText(line).replace(/\S*$/u, "");
    for (const [word] of text.matchAll(COMPOUND)) compounds.add(word.toLowerCase());
  }
  return compounds;
}

/**
 * Join two lines of one paragraph: undo end-of-line hyphenation, and no space between CJK
 * characters. A line that breaks after a hyphen inside a compound ("state-of-the-"), a code
 * ("407f-") or a word the document writes with that hyphen elsewhere (`compounds`) keeps it.
 */
export function joinLines(text: string, next: string, compounds: ReadonlySet<string> = NO_COMPOUNDS): string {
  if (breaksCode(text, next)) return text + next;
  if (LOWERCASE_BEFORE_HYPHEN.test(text) && /^\p{Ll}/u.test(next)) {
    return (HYPHENATED_COMPOUND.test(text) || compounds.has(brokenWord(text, next)) ? text : text.slice(0, -1)) + next;
  }
  if (CJK.test(text.at(-1) ?? "") && CJK.test(next[0] ?? "")) return text + next;
  return `${text} ${next}`;
}

/** The word a line break after a hyphen cuts, with a plain hyphen: "Tidewater Co-" and "operative (the" give "co-operative". */
const brokenWord = (text: string, next: string): string => `${/\p{L}+[-\u2010]$/u.exec(text)![0].slice(0, -1)}-${/^\p{L}*/u.exec(next)![0]}`.toLowerCase();
