import type { Element, ElementContent } from "hast";
import { defaultHandlers, type Handle } from "hast-util-to-mdast";
import type { FootnoteDefinition, FootnoteReference, Root } from "mdast";
import { visit } from "unist-util-visit";

// mammoth writes a note reference as <sup><a href="#footnote-1">[1]</a></sup> and the notes
// themselves as <ol><li id="footnote-1">… <a href="#footnote-ref-1">↑</a></li></ol>.
const NOTE_ID = /^(footnote|endnote)-(\d+)$/;
const BACKLINK = /^#(footnote|endnote)-ref-\d+$/;

/** `footnote-3` → `3`, `endnote-3` → `e3`: short GFM labels that cannot collide. */
function noteLabel(id: string): string | undefined {
  const match = NOTE_ID.exec(id);
  if (!match) return undefined;
  return match[1] === "footnote" ? match[2] : `e${match[2]}`;
}

const elementChildren = (element: Element): Element[] =>
  element.children.filter((child): child is Element => child.type === "element");

/** The note a `<sup>` points at, when the `<sup>` is nothing but a note reference. */
function referencedNote(sup: Element): string | undefined {
  const [link, ...others] = elementChildren(sup);
  if (!link || others.length > 0 || link.tagName !== "a") return undefined;
  const href = String(link.properties.href ?? "");
  return href.startsWith("#") ? noteLabel(href.slice(1)) : undefined;
}

function withoutBacklinks(element: Element): Element {
  const keep = (child: ElementContent): boolean =>
    !(child.type === "element" && child.tagName === "a" && BACKLINK.test(String(child.properties.href ?? "")));
  return {
    ...element,
    children: element.children
      .filter(keep)
      .map((child) => (child.type === "element" ? withoutBacklinks(child) : child)),
  };
}

const supHandler: Handle = (state, node) => {
  const label = referencedNote(node);
  if (label === undefined) return defaultHandlers.sup!(state, node);
  const reference: FootnoteReference = { type: "footnoteReference", identifier: label, label };
  return reference;
};

const olHandler: Handle = (state, node) => {
  const items = elementChildren(node);
  const labels = items.map((item) => noteLabel(String(item.properties.id ?? "")));
  if (items.length === 0 || labels.some((label) => label === undefined)) {
    return defaultHandlers.ol!(state, node);
  }
  return items.map((item, index): FootnoteDefinition => {
    const label = labels[index]!;
    const children = state.toFlow(state.all(withoutBacklinks(item)));
    return { type: "footnoteDefinition", identifier: label, label, children };
  });
};

/** hast-util-to-mdast handlers that turn mammoth's footnotes and endnotes into GFM `[^1]` notes. */
export const noteHandlers: Record<string, Handle> = { sup: supHandler, ol: olHandler };

/**
 * Number the notes as Word shows them: footnotes 1, 2, 3… and endnotes e1, e2… in the order they
 * are first referenced. Note: mammoth labels a note with its `w:id`, which is the order the notes
 * were created in, not read in (pandoc's start at 20, and a note added later to an earlier page
 * gets a higher one).
 */
export function numberNotesInOrder(tree: Root): void {
  const renamed = new Map<string, string>();
  const counts = { footnote: 0, endnote: 0 };
  const rename = (label: string): string => {
    let next = renamed.get(label);
    if (next === undefined) {
      next = label.startsWith("e") ? `e${++counts.endnote}` : String(++counts.footnote);
      renamed.set(label, next);
    }
    return next;
  };
  visit(tree, "footnoteReference", (reference) => {
    reference.identifier = reference.label = rename(reference.identifier);
  });
  visit(tree, "footnoteDefinition", (definition) => {
    definition.identifier = definition.label = rename(definition.identifier);
  });
}
