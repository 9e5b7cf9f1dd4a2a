import type { Nodes, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { ScrapeError } from "../../errors.js";
import { expandSelfClosingTags, isXhtml } from "./xhtml.js";

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
    if (depth > MAX_ELEMENT_DEPTH) throw tooDeep(name);
    if ("children" in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
}

const tooDeep = (name: string): ScrapeError =>
  new ScrapeError(
    "DOCUMENT_UNREADABLE",
    `${name} nests elements more than ${MAX_ELEMENT_DEPTH} deep, which no real document does; simplify its markup and try again.`,
  );

/**
 * Parse an HTML or XHTML page into a tree no deeper than {@link MAX_ELEMENT_DEPTH}. Note: parse5 itself
 * parses any depth, but turning its tree into hast recurses, so tens of thousands of nested
 * `<div>`s overflow the stack there; that overflow is this same refusal.
 *
 * @throws {ScrapeError} `DOCUMENT_UNREADABLE` naming the document.
 */
export function parseShallowHtml(html: string, name: string): Root {
  let tree: Root;
  try {
    tree = fromHtml(isXhtml(html) ? expandSelfClosingTags(html) : html);
  } catch (error) {
    throw error instanceof RangeError && /call stack/i.test(error.message) ? tooDeep(name) : error;
  }
  assertShallow(tree, name);
  return tree;
}
