import type { PlacedBlock } from "./output.js";

// Note: a title page holds the title, perhaps a subtitle, the authors and a date: no paragraph of
// text longer than this many characters (a line of the authors' names at most).
const TITLE_PAGE_LINE_CHARACTERS = 80;

/**
 * The blocks with the title on a document's own title page ranked first: a book or report sets its
 * title smaller than its chapters' titles (LaTeX's `\maketitle` in `\LARGE` over chapters in
 * `\Huge`), so by its type alone it ranks under them. Note: only a first page of a longer document
 * that holds no text but headings and short lines is a title page; the title is the page's largest
 * heading.
 */
export function rankTitlePageFirst(placed: readonly PlacedBlock[]): PlacedBlock[] {
  const onFirstPage = placed.filter((entry) => entry.pageIndex === 0);
  const later = placed.filter((entry) => entry.pageIndex > 0);
  const isShort = (entry: PlacedBlock): boolean => entry.block.kind === "heading" || (entry.block.kind === "paragraph" && entry.block.text.length <= TITLE_PAGE_LINE_CHARACTERS);
  if (onFirstPage.length === 0 || later.length === 0 || !onFirstPage.every(isShort)) return [...placed];
  const topLevel = Math.min(...later.flatMap((entry) => (entry.block.kind === "heading" ? [entry.block.level] : [])));
  const size = (entry: PlacedBlock): number => Math.max(0, ...(entry.block.lines ?? []).map((line) => line.fontSize));
  const title = onFirstPage.filter((entry) => entry.block.kind === "heading").sort((a, b) => size(b) - size(a))[0];
  if (title?.block.kind !== "heading" || !Number.isFinite(topLevel) || title.block.level <= topLevel) return [...placed];
  return placed.map((entry) => (entry === title && entry.block.kind === "heading" ? { ...entry, block: { ...entry.block, level: topLevel } } : entry));
}
