import { utils } from "@e965/xlsx";
import type { WorkSheet } from "@e965/xlsx";
import { dropEmptyRowsAndColumns, renderGfmTable } from "../gfm-table.js";
import { escapeMarkdownText } from "../markdown-text.js";
import type { CellTextOptions } from "./cell-text.js";
import { readSheetGrid } from "./sheet-grid.js";
import type { CellComment } from "./sheet-grid.js";

/** A sheet's Markdown section and what was lost on the way. */
export interface SheetSection {
  /** `""` when the sheet holds no values. */
  markdown: string;
  warnings: string[];
  /** The formulas with no saved result, shown as formulas (`=SUM(B2:B3)`), in reading order. */
  formulasWithoutResult: string[];
}

/** A paragraph of cell text that cannot start a heading, list, quote or setext underline. */
const paragraph = (markdown: string): string => markdown.replace(/^(\s*)([#>=+-]|\d+[.)])/gm, "$1\\$2");

/** `## Name`, with a trailing `#` escaped so it is not read as the heading's closing sequence. */
const heading = (name: string): string => `## ${escapeMarkdownText(name).replace(/#$/, "\\#")}`;

/** A text box drawn on a sheet as Markdown: its paragraphs, each a paragraph of plain text. */
export const textBoxMarkdown = (paragraphs: readonly string[]): string => paragraphs.map((text) => paragraph(escapeMarkdownText(text))).join("\n\n");

const commentItem = ({ address, author, text }: CellComment): string =>
  `- ${address}${author ? `, ${escapeMarkdownText(author)}` : ""}: ${escapeMarkdownText(text.replace(/\s+/g, " ").trim())}`;

/**
 * Split off leading title rows (one value across the row, like a merged "Reading List" banner
 * over the header) as paragraphs, so the real header row heads the table.
 */
function splitTitleRows(rows: string[][]): { titles: string[]; table: string[][] } {
  const titles: string[] = [];
  let table = rows;
  while (table.length > 1 && (table[0]?.length ?? 0) > 1) {
    const values = new Set(table[0]!.filter((cell) => cell.trim() !== ""));
    if (values.size !== 1) break;
    titles.push(...values);
    table = dropEmptyRowsAndColumns(table.slice(1));
  }
  return { titles, table };
}

/**
 * One sheet as a `## Name` section: title rows as paragraphs, the cells as one GFM table with
 * empty rows and columns dropped, the cell comments listed under it, then what is drawn on the
 * sheet.
 *
 * @param sheet A dense-mode SheetJS sheet read with `sheetRows: maxRows + 1`.
 * @param drawings The sheet's text boxes then its pictures as Markdown (`![alt](name)`), each top to bottom.
 */
export function renderSheetSection(
  name: string,
  sheet: WorkSheet,
  maxRows: number,
  textOptions: CellTextOptions,
  drawings: readonly string[] = [],
): SheetSection {
  const warnings: string[] = [];
  const grid = readSheetGrid(sheet, maxRows, textOptions);
  const { titles, table } = splitTitleRows(dropEmptyRowsAndColumns(grid.rows));
  // Note: SheetJS reads one row past the limit, and a cell there proves the sheet goes on. Its
  // `!fullref`, set only when the limit cut the sheet, repeats the file's dimension record, which
  // can reach past the last cell (formatted empty rows), so it only says the sheet may go on; but
  // it is the one sign of cells that start further down, after empty rows.
  const lastRow = sheet["!fullref"] === undefined ? 0 : utils.decode_range(sheet["!fullref"]).e.r + 1;
  if ((sheet["!data"]?.[maxRows]?.length ?? 0) > 0) {
    warnings.push(`Sheet "${name}" has more than ${maxRows} rows; only the first ${maxRows} are included.`);
  } else if (lastRow > maxRows) {
    warnings.push(`Sheet "${name}" may go on past row ${maxRows} (the file says it runs to row ${lastRow}); only the first ${maxRows} rows were read.`);
  }
  // Title rows are split off only while a table row remains, so no table means no values; a
  // sheet without values still shows the comments on its empty cells and what is drawn on it.
  const { formulasWithoutResult } = grid;
  const notes = grid.comments.length > 0 ? ["Comments:", grid.comments.map(commentItem).join("\n")] : [];
  const parts = table.length > 0 ? [...titles.map(paragraph), renderGfmTable(table), ...notes, ...drawings] : [...notes, ...drawings];
  return { markdown: parts.length > 0 ? [heading(name), ...parts].join("\n\n") : "", warnings, formulasWithoutResult };
}
