/** Escape the characters that would otherwise turn PDF text into Markdown syntax. */
export const escapeMarkdown = (text: string): string => text.replace(/[\\`*_[\]<>|]/g, "\\$&");

/** A Markdown inline link; `)` and spaces in the target are percent-encoded so it stays one link. */
export const markdownLink = (label: string, href: string): string =>
  `[${label}](${href.replace(/[()\s]/g, (char) => encodeURIComponent(char))})`;

/** Escape what would make the start of a paragraph a heading, quote or list item in Markdown. */
export const escapeLineStart = (text: string): string => text.replace(/^(#|[>+](?=\s))/, "\\$1").replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
