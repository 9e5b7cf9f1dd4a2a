/**
 * Backslash-escape the characters that would turn plain text into Markdown markup: `\`, `*`,
 * `` ` ``, `<` (raw HTML), `[`/`]` (links) and `~` (strikethrough; GFM takes a single `~` too).
 * `_` is left alone because it is inert inside words and escaping it would break URLs that GFM
 * turns into links. The one escaper of every converter that writes Markdown text itself (CSV,
 * spreadsheets, PDF); the DOCX and DOC converters build mdast, whose serializer escapes.
 */
export function escapeMarkdownText(text: string): string {
  return text.replace(/[\\*`<[\]~]/g, "\\$&");
}
