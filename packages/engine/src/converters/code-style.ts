/**
 * Names of the paragraph styles that word processors give code and preformatted text
 * (LibreOffice's "Preformatted Text" and "Source Text", pandoc's "Source Code", Word's
 * "HTML Preformatted"): their paragraphs become a fenced code block.
 */
export const CODE_PARAGRAPH_STYLE = /^(preformatted text|source text|source code|code|html preformatted)/i;

/** Names of monospaced fonts: text set in one is code. */
export const MONOSPACE_FONT = /mono|courier|consolas|menlo|source code/i;
