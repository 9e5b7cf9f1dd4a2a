import type { CellObject, WorkSheet } from "@e965/xlsx";
import { unzipSync } from "fflate";
import { worksheetParts } from "./package-parts.js";

// Note: SheetJS drops a formula cell whose file stores no result (openpyxl writes
// `<f>SUM(B2:B3)</f><v></v>`, as do other writers that do not calculate), unless read with
// `sheetStubs`, which also makes a cell object for every formatted empty cell. Measured: a sheet
// of 1M styled blank cells (20 MB of XML) keeps 83 MB more heap with stubs; one just under the
// ZIP guard's 256 MiB inflate bound keeps 0.9 GB and takes 26 s, past a worker's heap. So only
// the sheets that hold such formulas are read again with stubs, and only up to this much XML
// (at most about 70 MB of stubs); a larger sheet keeps them empty, with a warning.
export const MAX_REREAD_SHEET_BYTES = 16 * 1024 * 1024;
// Note: a sheet's XML is scanned in slices cut after a row, so a large part is never one string.
const SCAN_SLICE_BYTES = 1024 * 1024;

// A formula element (`<f>…</f>`, `<x:f …/>`) and the value element after it, if any (ECMA-376
// orders a cell's children f, v, is).
const FORMULA_AND_VALUE = /<(?:\w+:)?f\b[^>]*?(?:\/>|>[^<]*<\/(?:\w+:)?f>)\s*(?:<(?:\w+:)?v>([^<]*))?/g;
// Note: an empty `<v>` in a `t="str"` cell is a saved empty-text result (`=IF(A1,"x","")`).
const TEXT_RESULT = /\bt="str"/;

/** A sheet whose XML holds formula cells with no saved result. */
export interface SheetWithFormulasWithoutResult {
  name: string;
  count: number;
  /** Whether the sheet is small enough to read again for them (`MAX_REREAD_SHEET_BYTES`). */
  rereadable: boolean;
}

/** How many formula cells in a slice of sheet XML (whole rows) have no saved result. */
function countInSlice(xml: string): number {
  let count = 0;
  for (const match of xml.matchAll(FORMULA_AND_VALUE)) {
    if (match[1]?.trim()) continue;
    const cellTag = xml.slice(xml.lastIndexOf("<", match.index - 1), match.index);
    if (!TEXT_RESULT.test(cellTag)) count++;
  }
  return count;
}

/** How many formula cells of a worksheet part have no saved result (no `<v>`, or an empty one). */
export function countFormulasWithoutResult(part: Uint8Array): number {
  const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  let count = 0;
  for (let start = 0; start < bytes.length; ) {
    let end = start + SCAN_SLICE_BYTES;
    if (end < bytes.length) {
      // Cut after a row tag (`</row>`, `</x:row>`), never inside a cell.
      const cut = bytes.lastIndexOf("row>", end) > start ? bytes.lastIndexOf("row>", end) : bytes.indexOf("row>", end);
      end = cut < 0 ? bytes.length : cut + "row>".length;
    }
    count += countInSlice(bytes.toString("latin1", start, end));
    start = end;
  }
  return count;
}

/** The sheets of an XLSX package that hold formula cells with no saved result. The ZIP guard has checked the package. */
export function findFormulasWithoutResult(bytes: Uint8Array): SheetWithFormulasWithoutResult[] {
  const workbook = unzipSync(bytes, { filter: ({ name }) => name === "xl/workbook.xml" || name === "xl/_rels/workbook.xml.rels" });
  return worksheetParts(workbook).flatMap(({ name, path }) => {
    // One part at a time, so at most one sheet's XML is held.
    const part = unzipSync(bytes, { filter: (file) => file.name === path })[path];
    const count = part ? countFormulasWithoutResult(part) : 0;
    return count > 0 ? [{ name, count, rereadable: part!.length <= MAX_REREAD_SHEET_BYTES }] : [];
  });
}

// Note: OOXML prefixes functions newer than Excel 2007 (`_xlfn.STDEV.S`, `_xlfn._xlws.SORT`,
// LAMBDA's `_xlpm.x`); Excel shows them without, and SheetJS strips only `_xlfn.`.
const FUTURE_FUNCTION_PREFIX = /\b_xl(?:fn|ws|pm)\./g;

/** A formula as Excel shows it in the formula bar: `=SORT(A1:A3)`. */
export const formulaText = (formula: string): string => `=${formula.replace(FUTURE_FUNCTION_PREFIX, "")}`;

/** Whether a cell is a formula with no result to show: its text is the formula. */
export const isFormulaWithoutResult = (cell: CellObject | undefined): cell is CellObject & { f: string } =>
  cell?.f !== undefined && (cell.v === undefined || cell.t === "z");

/**
 * Put the formula cells of `stubs` (the same sheet read with `sheetStubs`) that `sheet` lacks
 * into `sheet`, as formulas without a result.
 */
export function restoreFormulaCells(sheet: WorkSheet, stubs: WorkSheet): void {
  const data: CellObject[][] = (sheet["!data"] ??= []);
  (stubs["!data"] ?? []).forEach((row, r) => {
    row?.forEach((cell, c) => {
      if (!isFormulaWithoutResult(cell) || data[r]?.[c] !== undefined) return;
      (data[r] ??= [])[c] = { t: "z", f: cell.f };
    });
  });
  sheet["!ref"] ??= stubs["!ref"];
}

/**
 * Treat the saved 0 of every formula as no result. Note: for a workbook that asks Excel to
 * recalculate everything on opening (`fullCalcOnLoad`), the writer did not calculate: XlsxWriter
 * and its ports save 0 for every formula unless given a value, which Excel replaces with the
 * real result. Showing the formula is true to the cell; showing 0 would show a wrong number. The
 * other cells of an array formula's range (`F`, a dynamic array's spill) hold the same
 * placeholder with no formula of their own, and are left empty.
 */
export function dropPlaceholderResults(sheet: WorkSheet): void {
  for (const row of sheet["!data"] ?? []) {
    row?.forEach((cell, c) => {
      if (cell?.t !== "n" || cell.v !== 0) return;
      if (cell.f !== undefined) row[c] = { t: "z", f: cell.f };
      else if (cell.F !== undefined) delete row[c];
    });
  }
}
