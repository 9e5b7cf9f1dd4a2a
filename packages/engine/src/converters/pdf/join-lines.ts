import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u;
// Note: a hyphen is "-" or U+2010 (HYPHEN), which browsers draw where they break a word at a soft
// hyphen or by their hyphenation.
const LETTERS_BEFORE_HYPHEN = /(\p{L}+)[-\u2010]$/u;
// The letters a line starts with, after any emphasis marks ("**Parameter").
const LETTERS_AFTER_BREAK = /^([*_]*)(\p{L}+)/u;
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

// A word written with a hyphen between letters ("play-money", "co-operative"), and a plain one.
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;
const WORD = /\p{L}+/gu;
// A broken word is the one the document writes elsewhere with this many letters more at most ("co-operatives" after "co-operative").
const INFLECTION_LETTERS = 3;

/** The words of a document, in lowercase: those written with a hyphen inside a line, and the others. */
export interface DocumentWords {
  compounds: ReadonlySet<string>;
  whole: ReadonlySet<string>;
}

const NO_WORDS: DocumentWords = { compounds: new Set(), whole: new Set() };

/**
 * The words of a document's lines, in lowercase, leaving out a line's last word where it ends in a
 * hyphen (whose hyphen is the question `joinLines` asks of the others).
 */
export function documentWords(lines: readonly TextLine[]): DocumentWords {
  const compounds = new Set<string>();
  const whole = new Set<string>();
  for (const line of lines) {
    const text = lineText(line).replace(/\S*[-\u2010]$/u, "").toLowerCase();
    for (const [word] of text.matchAll(COMPOUND)) compounds.add(word);
    for (const [word] of text.matchAll(WORD)) whole.add(word);
  }
  return { compounds, whole };
}

/**
 * Join two lines of one paragraph: undo end-of-line hyphenation, and no space between CJK
 * characters. Note: a hyphen at the end of a line is either the word's own or one a hyphenation
 * program added, and the page does not say which. The document does where it writes the word
 * elsewhere, with its hyphen ("co-operative") or without ("SOLAR" after "SO-" "LAR"); otherwise a
 * word broken between lowercase letters is taken as hyphenated ("bench-" "mark"), and one with a
 * capital on either side of the break as a compound ("Billion-" "Parameter", "UK-" "based"). A
 * compound ("state-of-the-") or a code ("407f-") keeps its hyphen.
 */
export function joinLines(text: string, next: string, words: DocumentWords = NO_WORDS): string {
  const codeJoined = joinCodeSpans(text, next);
  if (codeJoined !== undefined) return codeJoined;
  if (breaksCode(text, next)) return text + next;
  const before = LETTERS_BEFORE_HYPHEN.exec(text)?.[1];
  const [, marks, after] = LETTERS_AFTER_BREAK.exec(next) ?? [];
  if (before !== undefined && after !== undefined) {
    if (keepsHyphen(text, before, after, words)) return text + next;
    // Note: emphasis that starts with the word's second half starts with the word ("_Social_", not
    // "So_cial_", which Markdown would not read as emphasis).
    const wordStart = text.length - before.length - 1;
    return `${text.slice(0, wordStart)}${marks}${before}${next.slice(marks!.length)}`;
  }
  if (CJK.test(text.at(-1) ?? "") && CJK.test(next[0] ?? "")) return text + next;
  return `${text} ${next}`;
}

// Inline code that ends a line, and inline code that starts one (single backticks).
const CODE_AT_END = /`([^`]+)`$/u;
const CODE_AT_START = /^`([^`]+)`/u;

/**
 * Inline code that wrapped from one line to the next as one span: "`3d-`" and "`raytrace`" give
 * "`3d-raytrace`", "`huggingface.co/`" and "`winglian`" "`huggingface.co/winglian`" (no space where
 * the code broke after a hyphen or a slash), "`SELF`" and "`TEST`" "`SELF TEST`".
 */
function joinCodeSpans(text: string, next: string): string | undefined {
  const end = CODE_AT_END.exec(text);
  const start = CODE_AT_START.exec(next);
  if (!end || !start) return undefined;
  const separator = /[-/]$/u.test(end[1]!) ? "" : " ";
  return `${text.slice(0, end.index)}\`${end[1]}${separator}${start[1]}\`${next.slice(start[0].length)}`;
}

/** Whether a word broken after a hyphen ("`before`-" over "`after`…") keeps it (see `joinLines`). */
function keepsHyphen(text: string, before: string, after: string, { compounds, whole }: DocumentWords): boolean {
  if (HYPHENATED_COMPOUND.test(text)) return true;
  const compound = `${before}-${after}`.toLowerCase();
  const inflected = Array.from({ length: INFLECTION_LETTERS }, (_, index) => compound.slice(0, -(index + 1))).filter((stem) => stem.length > before.length + 1);
  if (compounds.has(compound) || inflected.some((stem) => compounds.has(stem))) return true;
  if (whole.has(`${before}${after}`.toLowerCase())) return false;
  return !(/\p{Ll}$/u.test(before) && /^\p{Ll}/u.test(after));
}
