// Note: Word stores built-in style names in English ("heading 1") whatever the UI language, but
// other tools (LibreOffice, older localized Word, converters) write the localized name or an id
// like `Heading1`/`berschrift1`. This list covers the languages seen in the wild.
const HEADING_NAME =
  /^(?:heading|überschrift|titre|titolo|título|kop|rubrik|nagłówek|заголовок|otsikko|overskrift|nadpis)\s*([1-9])$/i;
const TOP_HEADING_NAME = /^(?:title|toc\s*heading)$/i;
// Word's outline levels are 0..8 for headings and 9 for body text.
const BODY_TEXT_OUTLINE_LEVEL = 9;

/**
 * The heading level a paragraph's outline level stands for (0-based, as DOCX's `w:outlineLvl`,
 * DOC's sprmPOutLvl and RTF's `\outlinelevel` store it): 1..9, or undefined for body text.
 */
export const headingLevelOfOutline = (outlineLevel: number): number | undefined =>
  outlineLevel < BODY_TEXT_OUTLINE_LEVEL ? outlineLevel + 1 : undefined;

/**
 * The heading level a Word paragraph style's name (or id) stands for: 1..9 for "heading 1..9"
 * in English or a localized form, 1 for Title and TOC Heading; undefined for any other name.
 */
export function headingLevelOfName(name: string): number | undefined {
  const trimmed = name.trim();
  const match = HEADING_NAME.exec(trimmed);
  if (match) return Number(match[1]);
  return TOP_HEADING_NAME.test(trimmed) ? 1 : undefined;
}
