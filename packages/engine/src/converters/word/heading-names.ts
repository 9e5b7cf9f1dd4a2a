// Note: Word stores built-in style names in English ("heading 1") whatever the UI language, but
// other tools (LibreOffice, older localized Word, converters) write the localized name or an id
// like `Heading1`/`berschrift1`. This list covers the languages seen in the wild.
const HEADING_NAME =
  /^(?:heading|überschrift|titre|titolo|título|kop|rubrik|nagłówek|заголовок|otsikko|overskrift|nadpis)\s*([1-9])$/i;
const TOP_HEADING_NAME = /^(?:title|toc\s*heading)$/i;

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
