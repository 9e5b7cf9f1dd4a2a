import { utils } from "@e965/xlsx";
import type { CellObject, Comments, Hyperlink, Range, WorkSheet } from "@e965/xlsx";
import { escapeMarkdownText } from "../markdown-text.js";
import { cellText } from "./cell-text.js";
import type { CellTextOptions } from "./cell-text.js";
import { isFormulaWithoutResult } from "./formulas-without-result.js";

/** One comment on a cell. */
export interface CellComment {
  /** The cell's A1 address. */
  address: string;
  author: string | undefined;
  text: string;
}

/** A sheet's cells as Markdown, row by row, and what the cells carry besides their values. */
export interface SheetGrid {
  /** One Markdown string per cell; every cell of a merged range holds the range's value. */
  rows: string[][];
  /** Cell comments in reading order. */
  comments: CellComment[];
  /** The formulas whose file stores no result, as their cells show them (`=SUM(B2:B3)`). */
  formulasWithoutResult: string[];
}

/** `%XX` for the characters that would end or break a Markdown link destination. */
const encodeDestination = (href: string): string =>
  href.replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/**
 * A cell's Markdown: its text, as `[text](href)` when it links to the web or an e-mail address.
 * Note: links to other sheets (`#Sheet2!B5`) and local files (`file:///C:/...`) lead nowhere on a
 * published page, so only their text is kept.
 */
function cellMarkdown(text: string, link: Hyperlink | undefined): string {
  const markdown = escapeMarkdownText(text);
  const href = link?.Target;
  if (!markdown || !href || !/^(https?:|mailto:)/i.test(href)) return markdown;
  return `[${markdown}](${encodeDestination(href)})`;
}

/**
 * The part of the sheet that holds cells. Note: `!ref` comes from the file's own dimension record,
 * which can claim the whole sheet (A1:XFD1048576) when formatting was applied to full columns, or
 * less than the sheet holds when a generator wrote it before its rows (Excel and LibreOffice
 * ignore it and show every cell); the dense cell arrays say where the cells really are. Merged
 * ranges do not widen it: past the last cell they would only add rows and columns of repeated values.
 */
function usedRange(sheet: WorkSheet, data: readonly (readonly CellObject[] | undefined)[], maxRows: number): Range {
  const declared = utils.decode_range(sheet["!ref"] ?? "A1");
  const lastRow = Math.min(data.length - 1, maxRows - 1);
  let firstRow = declared.s.r;
  let firstColumn = declared.s.c;
  let lastColumn = declared.s.c;
  for (let r = 0; r <= lastRow; r++) {
    const cells = data[r] ?? [];
    const first = cells.findIndex((cell) => cell !== undefined);
    if (first < 0) continue;
    firstRow = Math.min(firstRow, r);
    firstColumn = Math.min(firstColumn, first);
    lastColumn = Math.max(lastColumn, cells.length - 1);
  }
  return { s: { r: firstRow, c: firstColumn }, e: { r: Math.max(lastRow, firstRow), c: lastColumn } };
}

/**
 * Read the first `maxRows` rows of a dense-mode SheetJS sheet into a grid of Markdown cells.
 * Note: GFM has no spans, so every cell of a merged range repeats the value (as docling does);
 * a row then reads on its own, and a header label spanning two columns heads both.
 */
export function readSheetGrid(sheet: WorkSheet, maxRows: number, textOptions: CellTextOptions): SheetGrid {
  const data: CellObject[][] = sheet["!data"] ?? [];
  const range = usedRange(sheet, data, maxRows);
  const rows: string[][] = [];
  const comments: CellComment[] = [];
  const formulasWithoutResult: string[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = data[r]?.[c];
      const text = cellText(cell, textOptions);
      row.push(cellMarkdown(text, cell?.l));
      if (isFormulaWithoutResult(cell)) formulasWithoutResult.push(text);
      for (const comment of (cell?.c ?? []) as Comments) {
        if (comment.t?.trim()) comments.push({ address: utils.encode_cell({ r, c }), author: comment.a?.trim() || undefined, text: comment.t });
      }
    }
    rows.push(row);
  }
  for (const merge of sheet["!merges"] ?? []) {
    const value = rows[merge.s.r - range.s.r]?.[merge.s.c - range.s.c] ?? "";
    for (let r = Math.max(merge.s.r, range.s.r); r <= Math.min(merge.e.r, range.e.r); r++) {
      for (let c = Math.max(merge.s.c, range.s.c); c <= Math.min(merge.e.c, range.e.c); c++) {
        rows[r - range.s.r]![c - range.s.c] = value;
      }
    }
  }
  return { rows, comments, formulasWithoutResult };
}
