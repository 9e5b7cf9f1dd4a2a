import { utils } from "@e965/xlsx";
import type { CellObject, WorkSheet } from "@e965/xlsx";
import { decodeXml } from "../xml.js";
import { attribute } from "./ods-hidden-sheets.js";

/** An ODS cell without a value that SheetJS drops, at its 0-based row and column: a comment on an empty cell, or a formula with no saved result. */
export interface OdsDroppedCell {
  row: number;
  column: number;
  comment?: { author: string; text: string };
  /** The formula as Excel writes it (`SUM(B2:B3)`, from OpenFormula's `of:=SUM([.B2:.B3])`). */
  formula?: string;
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
function annotation(xml: string): { author: string; text: string } {
  const author = decodeXml(/<dc:creator>([\s\S]*?)<\/dc:creator>/.exec(xml)?.[1] ?? "").trim();
  const text = [...xml.matchAll(PARAGRAPH)].map(([, inner = ""]) => decodeXml(inner.replace(INLINE_SPACES, (_: string, name: string) => INLINE_SPACE_TEXT[name] ?? "").replace(/<[^>]+>/g, ""))).join("\n");
  return { author, text };
}

// An OpenFormula reference in brackets: `[.B2]`, `[.B2:.B3]`, `[$Sheet2.A1]`, `['My sheet'.A1]`.
const REFERENCE = /\[([^\]]*)\]/g;
const SHEET_AND_CELL = /^(?:\$?('[^']*'|[^.']*))?\.(.*)$/;

/** One end of an OpenFormula reference as Excel writes it: `.B2` → `B2`, `$Sheet2.A1` → `Sheet2!A1`. */
function excelReference(part: string): string {
  const match = SHEET_AND_CELL.exec(part);
  if (!match) return part;
  const [, sheet, cell = ""] = match;
  return sheet ? `${sheet}!${cell}` : cell;
}

/**
 * An ODS formula (OpenFormula, `of:=SUM([.B2:.B3];[Data.A1])`) as Excel writes one
 * (`SUM(B2:B3,Data!A1)`): no namespace, plain references, commas between arguments.
 */
export function excelFormula(formula: string): string {
  const body = formula.replace(/^[a-z]+:/, "").replace(/^=/, "");
  // Text in quotes keeps its semicolons and brackets.
  return body
    .split(/("[^"]*")/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(REFERENCE, (_: string, inner: string) => inner.split(":").map(excelReference).join(":")).replace(/;/g, ",")))
    .join("");
}

/**
 * The cells of each sheet of an ODS `content.xml` that SheetJS drops, by sheet name, up to
 * `maxRows` rows: a cell without a value that holds a comment (LibreOffice saves a note on an empty
 * cell so) or a formula (a writer that does not calculate). Note: reading them again with
 * `sheetStubs` would make a cell object for every covered cell of a merged range, which a hostile
 * file can make billions of; so the grid is walked here, counting repeated rows and cells, with
 * patterns rather than a DOM since `content.xml` holds every cell.
 */
export function readOdsDroppedCells(xml: string, maxRows: number): Map<string, OdsDroppedCell[]> {
  const dropped = new Map<string, OdsDroppedCell[]>();
  if (!xml.includes("<office:annotation") && !xml.includes("table:formula=")) return dropped;
  let sheet: OdsDroppedCell[] | undefined;
  let row = 0;
  let rowRepeats = 1;
  let column = 0;
  for (const [tag, tableAttributes, rowAttributes, rowClosed, cellAttributes, cellClosed, note, noteXml] of xml.matchAll(GRID_TAGS)) {
    if (tableAttributes !== undefined) {
      sheet = [];
      dropped.set(decodeXml(attribute(tableAttributes, "table:name") ?? ""), sheet);
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
      const formula = attribute(cellAttributes, "table:formula");
      const comment = note && !cellClosed ? annotation(noteXml ?? "") : undefined;
      const isEmpty = attribute(cellAttributes, "office:value-type") === undefined;
      // Note: LibreOffice saves a formula whose result is empty text (`=""`) with an empty
      // paragraph and no value type; a formula with no saved result has no paragraph at all.
      const unresolved = cellClosed === "/" ? formula : undefined;
      if (isEmpty && (comment || unresolved) && sheet && row < maxRows) {
        sheet.push({ row, column, ...(comment && { comment }), ...(unresolved && { formula: excelFormula(decodeXml(unresolved)) }) });
      }
      column += repeated(cellAttributes, "table:number-columns-repeated");
    }
  }
  for (const [name, list] of dropped) if (list.length === 0) dropped.delete(name);
  return dropped;
}

/**
 * Put the cells SheetJS dropped back into a dense-mode SheetJS sheet where it has none, as SheetJS
 * keeps them for XLSX: `{ t: "z", c }` for a comment, `{ t: "z", f }` for a formula with no result.
 */
export function restoreOdsCells(sheet: WorkSheet, cells: readonly OdsDroppedCell[]): void {
  const data: CellObject[][] = (sheet["!data"] ??= []);
  for (const { row, column, comment, formula } of cells) {
    if (data[row]?.[column] !== undefined) continue;
    (data[row] ??= [])[column] = { t: "z", ...(formula && { f: formula }), ...(comment && { c: [{ a: comment.author, t: comment.text }] }) } as CellObject;
  }
  const [first] = cells;
  if (first) sheet["!ref"] ??= utils.encode_range({ r: first.row, c: first.column }, { r: first.row, c: first.column });
}
