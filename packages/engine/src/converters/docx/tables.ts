import type { Element, ElementContent, Root as HastRoot } from "hast";
import { toText } from "hast-util-to-text";
import type { ListItem, Nodes as MdastNodes, PhrasingContent, Root as MdastRoot, TableCell } from "mdast";
import { phrasing } from "mdast-util-phrasing";
import { joinCellLines } from "../word/cell-lines.js";
import { CHECKED_BOX, UNCHECKED_BOX } from "../word/ballot-boxes.js";

type HastParent = HastRoot | Element;

const isElement = (node: ElementContent | HastRoot, tagName: string): node is Element =>
  node.type === "element" && node.tagName === tagName;

/** The `<tr>`s of a table, looking through `<thead>`/`<tbody>`/`<tfoot>` but not into nested tables. */
function tableRows(table: Element): Element[] {
  return table.children.flatMap((child) => {
    if (child.type !== "element") return [];
    if (child.tagName === "tr") return [child];
    if (["thead", "tbody", "tfoot"].includes(child.tagName)) {
      return child.children.filter((row): row is Element => isElement(row, "tr"));
    }
    return [];
  });
}

const rowCells = (row: Element): Element[] =>
  row.children.filter((cell): cell is Element => isElement(cell, "td") || isElement(cell, "th"));

/**
 * A nested table cannot live in a GFM cell: it becomes one paragraph per row, its cells'
 * text separated by ` | ` (escaped by the serializer, so the outer row stays intact).
 */
function nestedTableAsParagraphs(table: Element): Element[] {
  return tableRows(table).map((row) => ({
    type: "element",
    tagName: "p",
    properties: {},
    children: [
      {
        type: "text",
        value: rowCells(row)
          .map((cell) => toText(cell).replace(/\s+/g, " ").trim())
          .join(" | "),
      },
    ],
  }));
}

/** Mark the first row as the header row when the document did not say which row it is. */
function ensureHeaderRow(table: Element): void {
  const rows = tableRows(table);
  const [firstRow] = rows;
  if (!firstRow || rows.some((row) => rowCells(row).some((cell) => cell.tagName === "th"))) return;
  for (const cell of rowCells(firstRow)) cell.tagName = "th";
}

function normaliseChildren(parent: HastParent, insideTable: boolean): void {
  const children: ElementContent[] = [];
  const pending = [...parent.children] as ElementContent[];
  while (pending.length > 0) {
    const child = pending.shift()!;
    if (child.type !== "element") {
      children.push(child);
    } else if (child.tagName !== "table") {
      normaliseChildren(child, insideTable);
      children.push(child);
    } else {
      const rows = tableRows(child);
      const onlyCell = rows.length === 1 ? rowCells(rows[0]!) : [];
      if (onlyCell.length === 1) {
        // Note: a one-cell table is a layout frame (a boxed list, a table inside a box), not
        // data: its content is read as ordinary blocks, which is how docling reads it too.
        pending.unshift(...onlyCell[0]!.children);
      } else if (insideTable) {
        children.push(...nestedTableAsParagraphs(child));
      } else {
        ensureHeaderRow(child);
        for (const cell of rows.flatMap(rowCells)) normaliseChildren(cell, true);
        children.push(child);
      }
    }
  }
  parent.children = children as typeof parent.children;
}

/**
 * Reshape mammoth's tables so that each becomes one GFM table: one-cell layout tables are
 * unwrapped, nested tables are flattened into their parent cell, and a headerless table
 * takes its first row as the header. Mutates `tree`.
 */
export function normaliseTables(tree: HastRoot): void {
  normaliseChildren(tree, false);
}


function listItemMarker(item: ListItem, ordered: boolean, index: number): string {
  if (item.checked === true) return `${CHECKED_BOX} `;
  if (item.checked === false) return `${UNCHECKED_BOX} `;
  return ordered ? `${index + 1}. ` : "• ";
}

/** The lines a block turns into inside a cell, each line a run of phrasing content. */
function cellLines(nodes: readonly MdastNodes[]): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [];
  let current: PhrasingContent[] = [];
  const endLine = () => {
    if (current.length > 0) lines.push(current);
    current = [];
  };
  for (const node of nodes) {
    if (node.type === "break") {
      endLine();
    } else if (phrasing(node)) {
      current.push(node);
    } else if (node.type === "paragraph" || node.type === "heading") {
      endLine();
      lines.push(...cellLines(node.children));
    } else if (node.type === "list") {
      endLine();
      node.children.forEach((item, index) => {
        const [first = [], ...rest] = cellLines(item.children);
        // A numbered list counts from its first number, as it would outside the table.
        lines.push([{ type: "text", value: listItemMarker(item, node.ordered === true, (node.start ?? 1) - 1 + index) }, ...first], ...rest);
      });
    } else if (node.type === "math") {
      endLine();
      lines.push([{ type: "inlineMath", value: node.value }]);
    } else if (node.type === "code") {
      endLine();
      lines.push(...node.value.split("\n").map((line): PhrasingContent[] => [{ type: "inlineCode", value: line }]));
    } else if ("children" in node) {
      endLine();
      lines.push(...cellLines(node.children as MdastNodes[]));
    }
  }
  endLine();
  return lines;
}

/**
 * Keep every table row on one Markdown line: a cell's paragraphs, list items and line breaks
 * are joined with `<br>`. Mutates `tree`.
 */
export function flattenTableCells(tree: MdastRoot): void {
  const visit = (node: MdastNodes): void => {
    if (node.type === "tableCell") {
      flattenCell(node);
    } else if ("children" in node) {
      for (const child of node.children) visit(child);
    }
  };
  visit(tree);
}

function flattenCell(cell: TableCell): void {
  cell.children = joinCellLines(cellLines(cell.children as MdastNodes[]));
}
