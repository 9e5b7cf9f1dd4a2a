import type { Element, ElementContent, Root } from "hast";

/** The paragraph's content without leading whitespace, when it opens with a checkbox. */
function checkboxItemContent(node: ElementContent): ElementContent[] | undefined {
  if (node.type !== "element" || node.tagName !== "p") return undefined;
  const start = node.children.findIndex((child) => !(child.type === "text" && child.value.trim() === ""));
  const first = node.children[start];
  if (first?.type !== "element" || first.tagName !== "input" || first.properties.type !== "checkbox") {
    return undefined;
  }
  return node.children.slice(start);
}

function groupChildren(parent: Root | Element): void {
  const children: ElementContent[] = [];
  let list: Element | undefined;
  for (const child of parent.children as ElementContent[]) {
    const itemContent = checkboxItemContent(child);
    if (itemContent) {
      if (!list) {
        list = { type: "element", tagName: "ul", properties: {}, children: [] };
        children.push(list);
      }
      list.children.push({ type: "element", tagName: "li", properties: {}, children: itemContent });
      continue;
    }
    // Note: whitespace between two checkbox paragraphs must not end their list.
    if (!(list && child.type === "text" && child.value.trim() === "")) list = undefined;
    if (child.type === "element") groupChildren(child);
    children.push(child);
  }
  parent.children = children as typeof parent.children;
}

/**
 * Word has no checklist: a "list" of checkboxes is a run of paragraphs that each start with a
 * checkbox. Group each run into a `<ul>` so it becomes a GFM task list (`- [x] Design`).
 * Mutates `tree`.
 */
export function groupCheckboxParagraphs(tree: Root): void {
  groupChildren(tree);
}
