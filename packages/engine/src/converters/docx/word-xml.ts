import type { Element } from "@xmldom/xmldom";

/** A paragraph's place in a Word list: `w:numPr`. */
export interface NumberingReference {
  numId: string;
  /** 0-based; undefined when only the list is named (a style's numbering). */
  level: number | undefined;
}

// Note: Word always writes WordprocessingML with the `w:` prefix, which is what these helpers
// look for (as mammoth's own reader does through its namespace map).

import { decodeXml } from "../xml.js";

/** The `w:name` attribute in the attributes text of a start tag. */
export function attributeIn(attributes: string, name: string): string | undefined {
  const value = new RegExp(`\\bw:${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? undefined : decodeXml(value);
}

/** The `w:val` of the first `<w:name …/>` element in some XML, e.g. `valueIn(xml, "basedOn")`. */
export function valueIn(xml: string | undefined, name: string): string | undefined {
  const attributes = xml === undefined ? undefined : new RegExp(`<w:${name}\\b([^>]*)>`).exec(xml)?.[1];
  return attributes === undefined ? undefined : attributeIn(attributes, "val");
}

/** A Word on/off property (`<w:caps/>`, `<w:caps w:val="false"/>`) in some XML: true, false, or undefined when absent. */
export function toggleIn(xml: string | undefined, name: string): boolean | undefined {
  const attributes = xml === undefined ? undefined : new RegExp(`<w:${name}\\b([^>]*)>`).exec(xml)?.[1];
  if (attributes === undefined) return undefined;
  const value = attributeIn(attributes, "val");
  return value === undefined || !["0", "false", "off"].includes(value);
}

/** The `w:name` attribute of an element. */
export const wordAttribute = (element: Element | undefined, name: string): string | undefined =>
  element?.getAttribute(`w:${name}`) ?? undefined;

/** The child elements of `parent` named `name`, in order. */
export function childElements(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).tagName === name) found.push(node as Element);
  }
  return found;
}

/** The first child element of `parent` named `name`. */
export function childElement(parent: Element | undefined, name: string): Element | undefined {
  for (let node = parent?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).tagName === name) return node as Element;
  }
  return undefined;
}

/**
 * A Word on/off property (`<w:b/>`, `<w:caps w:val="false"/>`), or an on/off attribute when
 * `attribute` is given: true, false, or undefined when the element or attribute is absent.
 */
export function booleanProperty(element: Element | undefined, attribute = "val"): boolean | undefined {
  if (!element) return undefined;
  const value = wordAttribute(element, attribute);
  if (value === undefined || value === "") return attribute === "val" ? true : undefined;
  return !["0", "false", "off"].includes(value);
}

/** The `w:numPr` of paragraph properties. `numId` 0 means "not in a list", overriding a style's list. */
export function numberingReference(paragraphProperties: Element | undefined): NumberingReference | undefined {
  const numPr = childElement(paragraphProperties, "w:numPr");
  const numId = wordAttribute(childElement(numPr, "w:numId"), "val");
  if (!numPr || numId === undefined) return undefined;
  const level = wordAttribute(childElement(numPr, "w:ilvl"), "val");
  return { numId, level: level === undefined ? undefined : Number(level) };
}
