import type { ElementContent } from "hast";

/** Character formatting that Markdown can show. */
export interface Marks {
  bold: boolean;
  italic: boolean;
  code: boolean;
  /** Struck through (GFM `~~`). */
  strike: boolean;
}

export const NO_MARKS: Marks = { bold: false, italic: false, code: false, strike: false };

/**
 * A run of text with its marks, as hast. Spaces stay outside the marks, since Markdown emphasis
 * cannot start or end with one.
 */
export function styledText(value: string, marks: Marks): ElementContent[] {
  const [, before = "", core = "", after = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(value) ?? [];
  let node: ElementContent = { type: "text", value: core };
  if (marks.code) node = { type: "element", tagName: "code", properties: {}, children: [node] };
  if (marks.strike) node = { type: "element", tagName: "del", properties: {}, children: [node] };
  if (marks.italic) node = { type: "element", tagName: "em", properties: {}, children: [node] };
  if (marks.bold) node = { type: "element", tagName: "strong", properties: {}, children: [node] };
  return [
    ...(before ? [{ type: "text", value: before } as const] : []),
    ...(core ? [node] : []),
    ...(after ? [{ type: "text", value: after } as const] : []),
  ];
}

/**
 * Join adjacent text nodes, and adjacent runs with the same mark, which word processors split
 * at every change of font, language or revision.
 */
export function mergeRuns(inline: readonly ElementContent[]): ElementContent[] {
  const merged: ElementContent[] = [];
  for (const node of inline) {
    const last = merged.at(-1);
    if (last?.type === "text" && node.type === "text") {
      last.value += node.value;
    } else if (last?.type === "element" && node.type === "element" && last.tagName === node.tagName && ["strong", "em", "code", "del"].includes(node.tagName)) {
      last.children = mergeRuns([...last.children, ...node.children]);
    } else {
      merged.push(node.type === "text" ? { ...node } : node);
    }
  }
  return merged;
}

/** Whether all the text of a node is bold: a `<strong>`, spaces, or a link all of whose text is. */
const allBold = (node: ElementContent): boolean =>
  (node.type === "text" && !node.value.trim()) ||
  (node.type === "element" && (node.tagName === "strong" || (node.tagName === "a" && node.children.length > 0 && node.children.every(allBold))));

const withoutBold = (node: ElementContent): ElementContent[] => {
  if (node.type !== "element") return [node];
  if (node.tagName === "strong") return node.children;
  return node.tagName === "a" ? [{ ...node, children: node.children.flatMap(withoutBold) }] : [node];
};

/**
 * A heading's content without the bold its style already implies (`# **Title**` reads as
 * `# Title`), a link's in it too: a bold heading with a link in it is bold in pieces.
 */
export function unbolded(content: ElementContent[]): ElementContent[] {
  return content.some((node) => node.type === "element") && content.every(allBold) ? content.flatMap(withoutBold) : content;
}
