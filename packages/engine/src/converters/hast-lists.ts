import type { Element, ElementContent } from "hast";
import { isPlainNumberLabel } from "./word/list-numbers.js";

/** A paragraph that is a list item, as word processors store them: flat, with a level. */
export interface FlatListItem {
  /** 0 for the outermost list. */
  level: number;
  ordered: boolean;
  content: ElementContent[];
  /** The item's number, when it has one: a list opened by the item counts from it. */
  start?: number | undefined;
}

const list = (ordered: boolean, start?: number): Element => ({
  type: "element",
  tagName: ordered ? "ol" : "ul",
  properties: ordered && start !== undefined && start !== 1 ? { start } : {},
  children: [],
});
const item = (children: ElementContent[]): Element => ({ type: "element", tagName: "li", properties: {}, children });

/**
 * Nest a run of flat list items by level, as HTML lists: a deeper item opens a list inside the
 * item before it (or inside an empty item when there is none), a shallower one closes lists.
 */
export function nestList(items: readonly FlatListItem[]): Element {
  const root = list(items[0]?.ordered ?? false, items[0]?.start);
  const open: Element[] = [root];
  for (const { level: wanted, ordered, content, start } of items) {
    const level = Math.min(wanted, open.length);
    open.length = level + 1;
    let current = open[level];
    if (!current) {
      const parent = open[level - 1]!;
      const parentItem = parent.children.at(-1) as Element | undefined;
      current = list(ordered, start);
      if (parentItem) parentItem.children.push(current);
      else parent.children.push(item([current]));
      open[level] = current;
    }
    current.children.push(item(content));
  }
  return root;
}

/**
 * Split one `<ol>` into lists that show the labels a word processor shows: items numbered n,
 * n+1, … stay an ordered list starting at n; an item whose label Markdown cannot show ("Article
 * 1.", "(a)", "IV.") gets the label as text and goes into a bulleted list. `labelOf` gives an
 * item's label (undefined: numbered on from the item before).
 */
export function listsShowingLabels(list: Element, labelOf: (item: Element) => string | undefined): Element[] {
  const lists: Element[] = [];
  let current: Element | undefined;
  let next = 1;
  for (const item of list.children) {
    if (item.type !== "element" || item.tagName !== "li") {
      current?.children.push(item);
      continue;
    }
    const label = labelOf(item);
    const number = label !== undefined && isPlainNumberLabel(label) ? Number.parseInt(label, 10) : undefined;
    const ordered = label === undefined || number !== undefined;
    if (!current || (current.tagName === "ol") !== ordered || (number !== undefined && number !== next)) {
      current = { type: "element", tagName: ordered ? "ol" : "ul", properties: ordered && number !== undefined && number !== 1 ? { start: number } : {}, children: [] };
      lists.push(current);
    }
    if (!ordered) {
      // The label goes into the item's first paragraph, where there is one, so it starts its line.
      const first = item.children[0];
      const holder = first?.type === "element" && first.tagName === "p" ? first : item;
      holder.children.unshift({ type: "text", value: `${label} ` });
    }
    next = (number ?? next) + 1;
    current.children.push(item);
  }
  return lists;
}
