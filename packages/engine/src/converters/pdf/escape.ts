import { escapeMarkdownText } from "../markdown-text.js";

/**
 * Escape the characters that would otherwise turn PDF text into Markdown syntax: the shared set,
 * plus `_`, `>` and `|`. Note: PDF text is prose whose lines are joined by layout analysis, where
 * a `|` could start a table row and a `_` emphasis, and its links are written as Markdown links
 * (see markdownLink), so escaping `_` breaks no autolink the author meant.
 */
export const escapeMarkdown = (text: string): string => escapeMarkdownText(text).replace(/[_>|]/g, "\\$&");

/** A Markdown inline link; `)` and spaces in the target are percent-encoded so it stays one link. */
export const markdownLink = (label: string, href: string): string =>
  `[${label}](${href.replace(/[()\s]/g, (char) => encodeURIComponent(char))})`;

// Two links (as markdownLink writes them) to one target with only spaces between them.
const SPLIT_LINK = /\[((?:\\.|[^\]\\])*)\]\(([^()\s]+)\)(\s+)\[((?:\\.|[^\]\\])*)\]\(\2\)/g;

/**
 * Join the parts of one link: a link that wraps onto the next line, or whose words the PDF holds
 * as separate items, is written once ("[survey protocol](…)" rather than "[survey](…) [protocol](…)").
 */
export function joinSplitLinks(text: string): string {
  let joined = text;
  for (let previous = ""; previous !== joined; ) {
    previous = joined;
    joined = joined.replace(SPLIT_LINK, "[$1$3$4]($2)");
  }
  return joined;
}

/** Escape what would make the start of a paragraph a heading, quote or list item in Markdown. */
export const escapeLineStart = (text: string): string => text.replace(/^(#|[>+](?=\s))/, "\\$1").replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
