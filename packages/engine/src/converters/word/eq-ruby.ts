/**
 * An EQ field that sets a ruby (Word's Phonetic Guide) over its base text, as Word 97-2003 and
 * LibreOffice store rubies in .doc and .rtf: `EQ \* jc2 \* "Font:…" \* hps10 \o\ad(\s\up 9(とうきょう),東京)`.
 * The overstrike (`\o`, with an alignment switch) stacks the raised reading (`\s\up N(…)`) on the base.
 */
const EQ_RUBY = /^\s*EQ\b[\s\S]*?\\o\s*(?:\\a[a-z]\s*)?\(\s*\\s\s*\\up\s*-?\d+\s*\([^()]*\)\s*,([^()]*)\)/i;

/**
 * The base text of a ruby written as an EQ field, or undefined for any other field. Note: Word
 * draws such a field from its code and saves no result, so the code is the only place the text
 * is; the reading is left out, as it is of a DOCX ruby.
 */
export function equationRubyBase(fieldCode: string): string | undefined {
  return EQ_RUBY.exec(fieldCode)?.[1]?.trim() || undefined;
}
