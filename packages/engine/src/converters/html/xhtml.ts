/** HTML's void elements: the only ones an HTML parser closes by itself. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const SELF_CLOSING = /<([a-zA-Z][\w:.-]*)((?:\s+(?:[^\s>"'/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/>/g;

/** Whether markup is XHTML: it starts with an XML declaration or declares the XHTML namespace. */
export const isXhtml = (markup: string): boolean =>
  /^\uFEFF?\s*<\?xml/.test(markup) || /<html[^>]+xmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']/i.test(markup.slice(0, 2048));

/**
 * Write XHTML's self-closed elements (`<title/>`, `<a id="p3"/>`, `<div/>`) as an open and a
 * close tag. Note: an HTML parser (parse5, like a browser reading XHTML served as text/html)
 * ignores the slash, so `<title/>` would swallow the whole page as the title's text and
 * `<a id="p3"/>` would make the rest of the paragraph a link; EPUB chapters are full of them.
 */
export function expandSelfClosingTags(xhtml: string): string {
  return xhtml.replace(SELF_CLOSING, (tag, name: string, attributes: string) =>
    VOID.has(name.toLowerCase()) ? tag : `<${name}${attributes}></${name}>`,
  );
}
