import type { Element, ElementContent, Root } from "hast";

type Parent = Root | Element;

/** What only a data table has: header cells, a caption, header or footer row groups, column groups. */
const DATA_TABLE_PARTS: ReadonlySet<string> = new Set(["th", "caption", "thead", "tfoot", "colgroup", "col"]);
/** Roles that say a table only lays out the page (WAI-ARIA). */
const LAYOUT_ROLES: ReadonlySet<string> = new Set(["presentation", "none"]);

const isElement = (node: ElementContent): node is Element => node.type === "element";

/** The rows of `table`, through its row groups but not into nested tables. */
function rowsOf(table: Element): Element[] {
  return table.children.filter(isElement).flatMap((child) => {
    if (child.tagName === "tr") return [child];
    return ["thead", "tbody", "tfoot"].includes(child.tagName) ? child.children.filter(isElement).filter((row) => row.tagName === "tr") : [];
  });
}

const cellsOf = (row: Element): Element[] => row.children.filter(isElement).filter((cell) => cell.tagName === "td" || cell.tagName === "th");

/** Whether a data table's part (a header cell, a caption) is in `table` itself, not in a table nested in it. */
function hasDataParts(table: Element): boolean {
  const stack: Element[] = table.children.filter(isElement);
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (DATA_TABLE_PARTS.has(element.tagName)) return true;
    if (element.tagName !== "table") stack.push(...element.children.filter(isElement));
  }
  return false;
}

const holdsTable = (cells: readonly Element[]): boolean => {
  const stack: Element[] = [...cells];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element.tagName === "table") return true;
    stack.push(...element.children.filter(isElement));
  }
  return false;
};

/**
 * Whether `table` lays out a page rather than holding data, as browsers guess for accessibility:
 * its role says so, or it has no header cell or caption and either holds another table, or has
 * a single row or a single column. Note: HTML email and older sites build their whole layout from
 * such tables; read as data they became one GFM table with the page in a cell.
 */
function isLayoutTable(table: Element): boolean {
  if (LAYOUT_ROLES.has(String(table.properties.role ?? ""))) return true;
  if (hasDataParts(table)) return false;
  const rows = rowsOf(table);
  const cells = rows.map(cellsOf);
  return holdsTable(cells.flat()) || rows.length <= 1 || cells.every((row) => row.length <= 1);
}

/** A spacer cell: only white space (`&nbsp;`) and no picture, which email layouts put between columns. */
function isSpacer(cell: Element): boolean {
  const stack: ElementContent[] = [...cell.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "text" && node.value.trim() !== "") return false;
    if (isElement(node)) {
      if (node.tagName === "img") return false;
      stack.push(...node.children);
    }
  }
  return true;
}

/** A cell's content as a block of its own, so that cells side by side do not run together. */
const cellAsBlock = (cell: Element): Element => ({ type: "element", tagName: "div", properties: {}, children: cell.children });

/**
 * Each layout table (see {@link isLayoutTable}) replaced by its cells' content in reading order,
 * row by row, spacer cells left out; data tables, including those inside a layout, stay tables. Mutates `tree`.
 */
export function unwrapLayoutTables(tree: Parent): void {
  const children: ElementContent[] = [];
  for (const child of tree.children as ElementContent[]) {
    if (isElement(child) && child.tagName === "table" && isLayoutTable(child)) {
      const blocks = rowsOf(child).flatMap(cellsOf).filter((cell) => !isSpacer(cell)).map(cellAsBlock);
      for (const block of blocks) unwrapLayoutTables(block);
      children.push(...blocks);
    } else {
      if (isElement(child)) unwrapLayoutTables(child);
      children.push(child);
    }
  }
  tree.children = children as typeof tree.children;
}
