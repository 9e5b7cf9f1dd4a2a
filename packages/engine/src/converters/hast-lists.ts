import type { Element, ElementContent } from "hast";

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
