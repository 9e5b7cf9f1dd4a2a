import { DOMParser, type Document, type Element } from "@xmldom/xmldom";

/**
 * Parse one XML part of a package (ODF, EPUB). Note: xmldom never expands entities declared in
 * a DTD, so an entity attack inside a part reaches nothing; the ZIP guard refuses DTDs before.
 *
 * @throws {Error} naming the part when it is not well-formed XML.
 */
export function parseXml(text: string, part: string): Document {
  // Note: warnings and recoverable errors stay quiet; xmldom throws on a fatal one after reporting
  // it, so the message is taken from there (thrown from `onError`, it came back wrapped twice).
  const parser = new DOMParser({ onError: () => {} });
  try {
    return parser.parseFromString(text, "application/xml");
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new Error(`${part} is not well-formed XML (${reason})`, { cause: error });
  }
}

/** The element children of `parent`, in document order. */
export function childElements(parent: Element | Document): Element[] {
  const children: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) children.push(node as Element);
  }
  return children;
}

/** The descendants of `parent` with this local name, whatever their namespace prefix. */
export function descendants(parent: Element | Document, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS("*", localName));
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text with XML's entities and character references decoded (for XML read as text, without a parser). */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name.toLowerCase()] ?? entity;
    const codePoint = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return String.fromCodePoint(codePoint);
  });
}
