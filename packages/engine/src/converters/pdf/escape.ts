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

/** Escape what would make the start of a paragraph a heading, quote or list item in Markdown. */
export const escapeLineStart = (text: string): string => text.replace(/^(#|[>+](?=\s))/, "\\$1").replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
