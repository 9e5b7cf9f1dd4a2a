import type { Nodes, Root } from "mdast";

/**
 * Write Word lists tight (no blank line between items). Note: hast-util-to-mdast marks an item
 * "spread" as soon as it holds a nested list of two or more items, which would put blank lines
 * through every list with sub-items. An item stays spread only when it holds two blocks that are
 * not lists (two paragraphs), which a tight item cannot keep apart. Mutates `tree`.
 */
export function tightenLists(tree: Root): void {
  const visit = (node: Nodes): void => {
    if (!("children" in node)) return;
    for (const child of node.children) visit(child);
    if (node.type === "listItem") {
      node.spread = node.children.filter((child) => child.type !== "list").length > 1;
    } else if (node.type === "list") {
      node.spread = node.children.some((item) => item.spread === true);
    }
  };
  visit(tree);
}
