import type { Document, Element, Node } from "@xmldom/xmldom";
import { childElement, wordAttribute } from "./word-xml.js";

/** A cheap test on the raw XML: some paragraph is a drop cap. */
export const HAS_DROP_CAP = /w:dropCap="(?:drop|margin)"/;
/** Marks that may stand between a drop cap and its paragraph without being content. */
const MARKS_BETWEEN = new Set(["w:bookmarkStart", "w:bookmarkEnd", "w:proofErr", "w:permStart", "w:permEnd"]);

const isElement = (node: Node | null): node is Element => node?.nodeType === 1;

/** The paragraph right after `paragraph`, past bookmarks and proofing marks; undefined when a table or anything else comes first. */
function followingParagraph(paragraph: Element): Element | undefined {
  for (let node = paragraph.nextSibling; node; node = node.nextSibling) {
    if (!isElement(node)) continue;
    if (node.tagName === "w:p") return node;
    if (!MARKS_BETWEEN.has(node.tagName)) return undefined;
  }
  return undefined;
}

/**
 * Join each drop cap to the paragraph it begins. Note: Word keeps the large first letter in a
 * framed paragraph of its own (`w:framePr w:dropCap="drop"` or `"margin"`), before the rest of
 * the paragraph, and shows the two as one; read apart, the first word was cut in two ("T", then
 * "he harbour opened…"). Mutates `document`.
 */
export function joinDropCaps(document: Document): void {
  for (const paragraph of Array.from(document.getElementsByTagName("w:p"))) {
    const properties = childElement(paragraph, "w:pPr");
    const dropCap = wordAttribute(childElement(properties, "w:framePr"), "dropCap");
    if (dropCap !== "drop" && dropCap !== "margin") continue;
    const rest = followingParagraph(paragraph);
    if (!rest) continue;
    const firstContent = childElement(rest, "w:pPr")?.nextSibling ?? rest.firstChild;
    for (const node of Array.from(paragraph.childNodes)) {
      if (node !== properties) rest.insertBefore(node, firstContent);
    }
    paragraph.parentNode?.removeChild(paragraph);
  }
}
