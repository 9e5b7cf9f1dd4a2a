import type { Element, ElementContent } from "hast";
import type { Handle } from "hast-util-to-mdast";
import type { BlockContent, Paragraph, PhrasingContent } from "mdast";

const isElement = (node: ElementContent, tagName: string): node is Element => node.type === "element" && node.tagName === tagName;

/** A `<dl>`'s terms and definitions in order, with the `<div>` groups HTML allows unwrapped. */
const entriesOf = (list: Element): ElementContent[] =>
  list.children.flatMap((child) => (isElement(child, "div") ? child.children : [child]));

/**
 * hast-util-to-mdast handler for `<dl>`: each term as a bold paragraph, its definitions as the
 * paragraphs (or lists, tables…) after it. Note: GFM has no definition list, and the default
 * handler writes terms and definitions alike as bullet items, so a glossary read as a list of
 * unrelated points; pandoc's GFM writer also sets the term apart and the definition under it.
 */
export const definitionList: Handle = (state, node) => {
  const blocks: BlockContent[] = [];
  for (const entry of entriesOf(node)) {
    if (isElement(entry, "dt")) {
      // A term written as a paragraph (`<dt><p>…</p></dt>`) keeps only its text runs.
      const term = state.all(entry).flatMap((child) => (child.type === "paragraph" ? child.children : [child])) as PhrasingContent[];
      if (term.length > 0) blocks.push({ type: "paragraph", children: [{ type: "strong", children: term }] } satisfies Paragraph);
    } else if (isElement(entry, "dd")) {
      blocks.push(...(state.toFlow(state.all(entry)) as BlockContent[]));
    }
  }
  return blocks;
};
