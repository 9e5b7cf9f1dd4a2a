/**
 * Rows of cells to a GitHub-flavoured Markdown table, shared by the spreadsheet, CSV and PDF converters.
 *
 * Note: we write the few lines of table syntax ourselves rather than build an mdast tree and
 * serialize it: a table of plain cells is three rules (a separator line, escaped pipes, `<br>`
 * for line breaks), and the cells are flat text, so there is no tree worth building.
 */

/**
 * Rows a CSV file or a sheet is cut to, with a warning. Note: a bound on memory and output size,
 * like the PDF converter's page limit, not a setting: a 10,000-row table is already past what a
 * page of documentation shows.
 */
export const MAX_TABLE_ROWS = 10_000;

// Note: a loop, not Math.max(...rows): spreading 100k+ rows overflows the call stack.
const widest = (rows: readonly (readonly string[])[], least: number): number =>
  rows.reduce((width, row) => Math.max(width, row.length), least);

/**
 * Make one cell's Markdown fit on a table line: surrounding whitespace trimmed, line breaks as
 * `<br>`, and `|` escaped so it does not end the cell. Note: a `|` already escaped (after an odd
 * number of backslashes, as the PDF converter writes it) is left as it is.
 */
function tableCell(markdown: string): string {
  return markdown
    .trim()
    .replace(/\r\n?|\n/g, "<br>")
    .replace(/(?<!\\)((?:\\\\)*)\|/g, "$1\\|");
}

/**
 * Render rows as a GFM table. The first row is the header; rows shorter than the widest one are
 * padded with empty cells, so ragged input still gives a valid table.
 *
 * @param rows Cells as Markdown inline content (escape plain text with `escapeMarkdownText` from markdown-text.ts).
 * @returns The table without a trailing newline, or `""` when there are no rows.
 */
export function renderGfmTable(rows: readonly (readonly string[])[]): string {
  const width = widest(rows, 1);
  const line = (cells: readonly string[]): string =>
    `| ${Array.from({ length: width }, (_, i) => tableCell(cells[i] ?? "")).join(" | ")} |`;
  const [header, ...body] = rows;
  if (!header) return "";
  return [line(header), line(Array(width).fill("---")), ...body.map(line)].join("\n");
}

/**
 * Drop the rows and the columns in which every cell is empty (leading, trailing and inner ones):
 * spreadsheets space tables out with blank rows and columns that would be empty table cells.
 */
export function dropEmptyRowsAndColumns(rows: readonly (readonly string[])[]): string[][] {
  const filled = rows.filter((row) => row.some((cell) => cell.trim() !== ""));
  const width = widest(filled, 0);
  const keptColumns = Array.from({ length: width }, (_, column) => column).filter((column) =>
    filled.some((row) => (row[column] ?? "").trim() !== ""),
  );
  return filled.map((row) => keptColumns.map((column) => row[column] ?? ""));
}
