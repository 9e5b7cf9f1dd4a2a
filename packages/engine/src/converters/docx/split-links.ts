import type { Element, ElementContent, Root } from "hast";

/** Inline marks a link may sit in, which the join moves inside it. */
// Note: not `<sup>`, whose link is a note reference (see notes.ts).
const MARKS: ReadonlySet<string> = new Set(["strong", "b", "em", "i", "u", "s", "del", "code", "span"]);

const isElement = (node: ElementContent | undefined, tagName?: string): node is Element =>
  node?.type === "element" && (tagName === undefined || node.tagName === tagName);

/** A mark whose only child is a link, as the link holding the mark (`<b><a>x</a></b>` → `<a><b>x</b></a>`). */
function linkOutside(node: ElementContent): ElementContent {
  if (!isElement(node) || !MARKS.has(node.tagName) || node.children.length !== 1) return node;
  const [link] = node.children;
  if (!isElement(link, "a")) return node;
  return { ...link, children: [{ ...node, children: link.children }] };
}

const sameTarget = (a: Element, b: Element): boolean => typeof a.properties.href === "string" && a.properties.href === b.properties.href;

/**
 * Links cut at each change of formatting joined into one (`[harbour ](u)**[map](u)**` →
 * `[harbour **map**](u)`). Note: mammoth writes each run of a HYPERLINK field as a link of its
 * own, and Word's "Save as Web Page" splits links at formatting too. Mutates `tree`.
 */
export function joinSplitLinks(tree: Root | Element): void {
  const joined: ElementContent[] = [];
  for (const child of tree.children as ElementContent[]) {
    const node = linkOutside(child);
    if (isElement(node)) joinSplitLinks(node);
    const previous = joined.at(-1);
    if (isElement(node, "a") && isElement(previous, "a") && sameTarget(previous, node)) previous.children.push(...node.children);
    else joined.push(node);
  }
  tree.children = joined as typeof tree.children;
}
