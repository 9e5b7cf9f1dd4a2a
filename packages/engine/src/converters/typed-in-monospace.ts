import type { Element, ElementContent, Root, RootContent } from "hast";
import { toText } from "hast-util-to-text";

// A document with more than this share of its text in code is typed in a monospaced font.
const MOSTLY = 0.8;

type Node = RootContent | ElementContent;

const isCode = (node: Node): node is Element => node.type === "element" && (node.tagName === "code" || node.tagName === "pre");

function countText(nodes: readonly Node[], inCode: boolean, counts: { code: number; all: number }): void {
  for (const node of nodes) {
    if (node.type === "text") {
      counts.all += node.value.length;
      if (inCode) counts.code += node.value.length;
    } else if (node.type === "element") {
      countText(node.children, inCode || isCode(node), counts);
    }
  }
}

/** Code unwrapped: inline code as its text, a code block as a paragraph a line. */
function unwrapCode(nodes: readonly ElementContent[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type !== "element") return [node];
    if (node.tagName === "pre") {
      return toText(node)
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line): Element => ({ type: "element", tagName: "p", properties: {}, children: [{ type: "text", value: line }] }));
    }
    if (node.tagName === "code") return unwrapCode(node.children);
    return [{ ...node, children: unwrapCode(node.children) }];
  });
}

/**
 * The document as prose when most of its text is code. Note: RTF and ODT mark code by its font,
 * and a document typed in Courier (memos, pleadings, screenplays) is prose in that font: where
 * code is most of the text, nothing is.
 */
export function proseWhenTypedInMonospace(root: Root): Root {
  const counts = { code: 0, all: 0 };
  countText(root.children, false, counts);
  if (counts.all === 0 || counts.code / counts.all <= MOSTLY) return root;
  return { ...root, children: unwrapCode(root.children as ElementContent[]) };
}
