import type { Element, Root, RootContent } from "hast";
import { toText } from "hast-util-to-text";

type Parent = Root | Element;

const isElement = (node: RootContent): node is Element => node.type === "element";
const classes = (element: Element): string[] =>
  Array.isArray(element.properties.className) ? element.properties.className.map(String) : [];
const semantics = (element: Element): string =>
  `${String(element.properties.role ?? "")} ${String(element.properties["epub:type"] ?? element.properties.epubType ?? "")}`;

/** A link to a note: DPUB-ARIA `doc-noteref`, EPUB `noteref`, or pandoc's `footnote-ref` class. */
const isNoteReference = (element: Element): boolean =>
  element.tagName === "a" &&
  String(element.properties.href ?? "").startsWith("#") &&
  (/\bdoc-noteref\b|\bnoteref\b/.test(semantics(element)) || classes(element).includes("footnote-ref"));

/** The link back from a note to its reference, which has no place in Markdown. */
const isBacklink = (element: Element): boolean =>
  element.tagName === "a" && (/\bdoc-backlink\b/.test(semantics(element)) || classes(element).some((name) => /^footnote-back/.test(name)));

/**
 * The link inside `body` back to `reference`, when `reference` is a footnote mark that the markup
 * does not name as one (LibreOffice's XHTML, hand-written pages): a short mark (`1`, `[2]`, `*`)
 * linking to a block that links back to it. Note: the mark's length and the heading check keep a
 * table of contents whose headings link back to it from reading as notes.
 */
function linkBack(reference: Element, body: Element): Element | undefined {
  if (/^h[1-6]$/.test(body.tagName)) return undefined;
  return elements(body).find((element) => isBackTo(element, reference));
}

/** Whether `link` leads back to `reference`, a short mark (`1`, `[2]`, `*`). */
function isBackTo(link: Element, reference: Element): boolean {
  const id = anchorOf(reference);
  return link.tagName === "a" && id !== undefined && link.properties.href === `#${id}` && toText(reference).trim().length <= 4;
}

/**
 * The name a link's `#fragment` finds an element by: its id, or the `name` of an `<a>`. Note:
 * Word's "Save as Web Page" (`_ftn1`, `_ftnref1`) and LibreOffice's HTML export (`sdfootnote1sym`)
 * mark notes and their references with `<a name>` only.
 */
function anchorOf(element: Element): string | undefined {
  const { id, name } = element.properties;
  if (typeof id === "string") return id;
  return element.tagName === "a" && typeof name === "string" ? name : undefined;
}

/** Word's "Save as Web Page" holds its notes in `<div style="mso-element:footnote-list">` (or endnote-list). */
const WORD_NOTES_LIST = /mso-element\s*:\s*(?:foot|end)note-list/i;

/** The block that holds the notes (`<section class="footnotes">`, `doc-endnotes`). */
export const isNotesSection = (element: Element): boolean =>
  /\bdoc-endnotes\b|\bfootnotes\b|\bendnotes\b/.test(semantics(element)) ||
  classes(element).includes("footnotes") ||
  WORD_NOTES_LIST.test(String(element.properties.style ?? ""));

/** Every element under `parent`, in document order, with the parent of each. */
function elements(parent: Parent, parents?: Map<Element, Parent>): Element[] {
  const found: Element[] = [];
  const stack: Array<[RootContent, Parent]> = [...parent.children].reverse().map((child) => [child, parent]);
  while (stack.length > 0) {
    const [node, above] = stack.pop()!;
    if (!isElement(node)) continue;
    found.push(node);
    parents?.set(node, above);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, node]);
  }
  return found;
}

const BLOCKS = new Set(["p", "div", "li", "aside", "section", "dd", "td"]);

/** The block an element sits in. */
function blockAround(element: Element, parents: Map<Element, Parent>): Element | undefined {
  for (let current = parents.get(element); current && current.type === "element"; current = parents.get(current)) {
    if (BLOCKS.has(current.tagName)) return current;
  }
  return undefined;
}

function remove(parent: Parent, doomed: ReadonlySet<Element>): void {
  parent.children = parent.children.filter((child) => !(isElement(child) && doomed.has(child))) as typeof parent.children;
  for (const child of parent.children) if (isElement(child)) remove(child, doomed);
}

/**
 * Rewrite an HTML page's notes (pandoc's, EPUB 3's, DPUB-ARIA's) into the shape the shared
 * HTML→GFM path turns into `[^n]` footnotes: `<sup><a href="#footnote-n">` at each reference
 * and one `<ol>` of `<li id="footnote-n">` at the end. Numbers start at `first`, so that the
 * chapters of a book do not collide. Returns the next free number. Mutates `tree`.
 */
export function normaliseNotes(tree: Root, first = 1): number {
  const parents = new Map<Element, Parent>();
  const all = elements(tree, parents);
  const byId = new Map(all.flatMap((element) => (anchorOf(element) === undefined ? [] : [[anchorOf(element)!, element] as const])));
  const notes: Element[] = [];
  const numberOf = new Map<Element, number>();
  const backlinks = new Set(all.filter(isBacklink));
  for (const reference of all.filter((element) => element.tagName === "a" && String(element.properties.href ?? "").startsWith("#"))) {
    const target = byId.get(String(reference.properties.href).slice(1));
    // LibreOffice puts the note's id on its link back; the note is the block around that link.
    const body = target?.tagName === "a" ? blockAround(target, parents) : target;
    if (!target || !body) continue;
    const back = target.tagName === "a" ? (isBackTo(target, reference) ? target : undefined) : linkBack(reference, body);
    if (!isNoteReference(reference) && !back) continue;
    if (back) backlinks.add(back);
    if (!numberOf.has(body)) {
      numberOf.set(body, first + notes.length);
      notes.push(body);
    }
    const link: Element = { type: "element", tagName: "a", properties: { href: `#footnote-${numberOf.get(body)}` }, children: [] };
    Object.assign(reference, { tagName: "sup", properties: {}, children: [link] });
  }
  if (notes.length === 0) return first;
  remove(tree, backlinks);
  const doomed = new Set<Element>(notes);
  remove(tree, doomed);
  // The emptied notes section and its rule go too.
  remove(tree, new Set(all.filter((element) => isNotesSection(element) && !elements(element).some((child) => child.tagName === "p" || child.tagName === "li"))));
  const items = notes.map((body): Element => ({
    type: "element",
    tagName: "li",
    properties: { id: `footnote-${numberOf.get(body)}` },
    children: body.tagName === "li" ? body.children : [body],
  }));
  tree.children.push({ type: "element", tagName: "ol", properties: {}, children: items });
  return first + notes.length;
}
