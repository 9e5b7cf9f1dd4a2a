import type { Nodes } from "hast";
import { ScrapeError } from "../../errors.js";

/** Deeper than any real document nests; the tree walkers after this point recurse. */
export const MAX_ELEMENT_DEPTH = 512;

/**
 * Refuse a tree that nests deeper than {@link MAX_ELEMENT_DEPTH}. Note: parse5 and xmldom build
 * any depth without trouble, but sanitising and hast-util-to-mdast recurse, so a hostile file of
 * nested `<div>`s would otherwise end in a stack overflow; this walk keeps its own stack.
 *
 * @throws {ScrapeError} `DOCUMENT_UNREADABLE` naming the document.
 */
export function assertShallow(tree: Nodes, name: string): void {
  const stack: Array<[Nodes, number]> = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_ELEMENT_DEPTH) {
      throw new ScrapeError(
        "DOCUMENT_UNREADABLE",
        `${name} nests elements more than ${MAX_ELEMENT_DEPTH} deep, which no real document does; simplify its markup and try again.`,
      );
    }
    if ("children" in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
}
