import { DOMParser, type Element, onErrorStopParsing } from "@xmldom/xmldom";

/**
 * Small helpers over @xmldom/xmldom for the slide readers. Elements are matched by local name,
 * so a part that binds a namespace to an unusual prefix reads the same.
 */

/**
 * Parse one XML part. Note: the ZIP guard has already refused parts that declare a DTD, and
 * xmldom expands no external entities; a malformed part stops parsing with an error naming it.
 */
export function parseXml(text: string, part: string): Element {
  const document = new DOMParser({ onError: onErrorStopParsing, locator: false }).parseFromString(text, "text/xml");
  const root = document.documentElement;
  if (!root) throw new Error(`${part} is not XML`);
  return root;
}

/** Child elements, optionally only those with a local name in `names`. */
export function children(element: Element | undefined, ...names: string[]): Element[] {
  const found: Element[] = [];
  for (let node = element?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (names.length === 0 || names.includes((node as Element).localName ?? ""))) found.push(node as Element);
  }
  return found;
}

/** The first child element with the local name, following the path of names given. */
export function child(element: Element | undefined, ...path: string[]): Element | undefined {
  let current = element;
  for (const name of path) current = current && children(current, name)[0];
  return current;
}

/**
 * Descendant elements with the local name, in document order. Iterative, so deep nesting cannot
 * overflow the stack; `stopAt` names elements not to look inside (e.g. nested tables).
 */
export function descendants(element: Element | undefined, name: string, stopAt: readonly string[] = []): Element[] {
  const found: Element[] = [];
  const stack: Element[] = element ? children(element).reverse() : [];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.localName === name) found.push(current);
    if (!stopAt.includes(current.localName ?? "")) stack.push(...children(current).reverse());
  }
  return found;
}

/** An attribute by its local name (the prefix ignored), or `undefined`. */
export function attribute(element: Element | undefined, localName: string): string | undefined {
  const attributes = element?.attributes;
  if (!attributes) return undefined;
  for (let i = 0; i < attributes.length; i++) {
    const item = attributes.item(i);
    if (item && (item.localName ?? item.name) === localName) return item.value;
  }
  return undefined;
}

/** The concatenated text of every descendant with the local name (e.g. every `a:t`). */
export const textOf = (element: Element | undefined, name: string): string =>
  descendants(element, name)
    .map((node) => node.textContent ?? "")
    .join("");
