import { utils } from "@e965/xlsx";
import type { CellObject, WorkSheet } from "@e965/xlsx";
import { decodeXml } from "../xml.js";
import { attribute } from "./ods-hidden-sheets.js";

/** A comment on an empty cell of an ODS sheet, at its 0-based row and column. */
export interface OdsComment {
  row: number;
  column: number;
  author: string;
  text: string;
}

// The tags that move through a sheet's grid, and a cell's comment when it opens the cell.
const GRID_TAGS =
  /<table:table(?=[\s>])([^>]*)>|<\/table:table>|<table:table-row\b([^>]*?)(\/?)>|<\/table:table-row>|<table:(?:covered-)?table-cell\b([^>]*?)(\/?)>(\s*<office:annotation\b[^>]*>([\s\S]*?)<\/office:annotation>)?/g;
// A paragraph's space (`text:s`), tab and line break elements, and the text each stands for.
const INLINE_SPACES = /<text:(s|tab|line-break)\b[^>]*\/>/g;
const INLINE_SPACE_TEXT: Record<string, string> = { s: " ", tab: "\t", "line-break": "\n" };
const PARAGRAPH = /<text:p\b[^>]*>([\s\S]*?)<\/text:p>|<text:p\b[^>]*\/>/g;
const repeated = (attributes: string, name: string): number => Math.max(1, Number(attribute(attributes, name) ?? 1) || 1);

/** An annotation's author (`dc:creator`) and its paragraphs' text, one per line. */
function annotation(xml: string): Pick<OdsComment, "author" | "text"> {
  const author = decodeXml(/<dc:creator>([\s\S]*?)<\/dc:creator>/.exec(xml)?.[1] ?? "").trim();
  const text = [...xml.matchAll(PARAGRAPH)].map(([, inner = ""]) => decodeXml(inner.replace(INLINE_SPACES, (_: string, name: string) => INLINE_SPACE_TEXT[name] ?? "").replace(/<[^>]+>/g, ""))).join("\n");
  return { author, text };
}

/**
 * The comments on empty cells of each sheet of an ODS `content.xml`, by sheet name, up to `maxRows`
 * rows. Note: SheetJS drops an ODS cell with a comment and no value (LibreOffice saves a note on an
 * empty cell so), with its comment; reading them again with `sheetStubs` would make a cell object
 * for every covered cell of a merged range, which a hostile file can make billions of. So the grid
 * is walked here, counting repeated rows and cells, with patterns rather than a DOM since
 * `content.xml` holds every cell.
 */
export function readOdsCommentsOnEmptyCells(xml: string, maxRows: number): Map<string, OdsComment[]> {
  const comments = new Map<string, OdsComment[]>();
  if (!xml.includes("<office:annotation")) return comments;
  let sheet: OdsComment[] | undefined;
  let row = 0;
  let rowRepeats = 1;
  let column = 0;
  for (const [tag, tableAttributes, rowAttributes, rowClosed, cellAttributes, cellClosed, note, noteXml] of xml.matchAll(GRID_TAGS)) {
    if (tableAttributes !== undefined) {
      sheet = [];
      comments.set(decodeXml(attribute(tableAttributes, "table:name") ?? ""), sheet);
      row = 0;
    } else if (tag === "</table:table>") {
      sheet = undefined;
    } else if (rowAttributes !== undefined) {
      rowRepeats = repeated(rowAttributes, "table:number-rows-repeated");
      column = 0;
      if (rowClosed) row += rowRepeats;
    } else if (tag === "</table:table-row>") {
      row += rowRepeats;
    } else if (cellAttributes !== undefined) {
      const isEmpty = attribute(cellAttributes, "office:value-type") === undefined;
      if (note && !cellClosed && isEmpty && sheet && row < maxRows) sheet.push({ row, column, ...annotation(noteXml ?? "") });
      column += repeated(cellAttributes, "table:number-columns-repeated");
    }
  }
  for (const [name, list] of comments) if (list.length === 0) comments.delete(name);
  return comments;
}

/** Put comments on empty cells back into a dense-mode SheetJS sheet, as SheetJS keeps them for XLSX (`{ t: "z", c }`). */
export function restoreOdsComments(sheet: WorkSheet, comments: readonly OdsComment[]): void {
  const data: CellObject[][] = (sheet["!data"] ??= []);
  for (const { row, column, author, text } of comments) {
    if (data[row]?.[column] === undefined) (data[row] ??= [])[column] = { t: "z", c: [{ a: author, t: text }] } as CellObject;
  }
  const [first] = comments;
  if (first) sheet["!ref"] ??= utils.encode_range({ r: first.row, c: first.column }, { r: first.row, c: first.column });
}
