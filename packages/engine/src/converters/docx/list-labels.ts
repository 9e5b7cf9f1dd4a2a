import type { Element, Root, RootContent } from "hast";
import { listsShowingLabels } from "../hast-lists.js";

/**
 * The id of the bookmark that carries a numbered list item's Word label through mammoth.
 * Note: mammoth numbers every list 1, 2, 3 (it ignores `w:start`, counts that go on after an
 * interruption, and merges neighbouring lists of different definitions) and knows no label
 * formats, so `showWhatWordShows` puts a bookmark at the start of each numbered item, which
 * mammoth writes as `<a id>`, and {@link showWordListLabels} reads the labels back from them.
 */
export const listLabelBookmark = (index: number): string => `docscrape-list-label-${index}`;
const BOOKMARK_ID = /^docscrape-list-label-(\d+)$/;

const isElement = (node: RootContent, tagName?: string): node is Element =>
  node.type === "element" && (tagName === undefined || node.tagName === tagName);

/** The label of a list item, taking its bookmark out; undefined when it has none. */
function takeLabel(item: Element, labels: readonly string[]): string | undefined {
  const index = item.children.findIndex((child) => isElement(child, "a") && BOOKMARK_ID.test(String(child.properties.id ?? "")));
  if (index < 0) return undefined;
  const anchor = item.children[index] as Element;
  item.children.splice(index, 1);
  return labels[Number(BOOKMARK_ID.exec(String(anchor.properties.id))![1])];
}

/**
 * Number mammoth's ordered lists as Word does: from the labels `showWhatWordShows` computed
 * (`labels[i]` for the item bookmarked {@link listLabelBookmark}(i)). Mutates `tree`.
 */
export function showWordListLabels(tree: Root, labels: readonly string[]): void {
  if (labels.length === 0) return;
  const visit = (parent: Root | Element): void => {
    const children: RootContent[] = [];
    for (const child of parent.children as RootContent[]) {
      if (isElement(child)) visit(child);
      if (isElement(child, "ol")) children.push(...listsShowingLabels(child, (item) => takeLabel(item, labels)));
      else children.push(child);
    }
    parent.children = children as typeof parent.children;
  };
  visit(tree);
}
