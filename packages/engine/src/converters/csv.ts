import Papa from "papaparse";
import { decodeText } from "../text-decoding.js";
import type { Converter } from "../types.js";
import { MAX_TABLE_ROWS, dropEmptyRowsAndColumns, renderGfmTable } from "./gfm-table.js";
import { escapeMarkdownText } from "./markdown-text.js";

/**
 * A converter for CSV (and TSV): one GFM table whose header is the first row. The delimiter
 * (comma, semicolon, tab or pipe) and the encoding are detected; cell text is kept exactly as
 * written, with no type inference.
 *
 * Note: papaparse rather than SheetJS, because SheetJS infers types (`2024-03-01` becomes
 * `3/1/24`, `007` becomes `7`) and keeps the BOM in the first cell.
 */
export const csvConverter: Converter = {
  formats: ["csv"],
  async convert(bytes, { filename }) {
    const name = filename ?? "the CSV file";
    let text = decodeText(bytes);
    // Note: Excel writes a `sep=;` first line to name the delimiter; it is a hint, not a row.
    const hint = /^sep=(.)\r?\n/.exec(text);
    if (hint) text = text.slice(hint[0].length);
    const parsed = Papa.parse<string[]>(text, {
      ...(hint ? { delimiter: hint[1] } : { delimitersToGuess: [",", ";", "\t", "|"] }),
      skipEmptyLines: "greedy",
      // One row past the limit tells a file of exactly MAX_TABLE_ROWS rows from a longer one.
      preview: MAX_TABLE_ROWS + 1,
    });
    const warnings: string[] = [];
    const unclosed = parsed.errors.find((error) => error.code === "MissingQuotes");
    if (unclosed) {
      warnings.push(`${name} has a quoted field that is never closed (row ${(unclosed.row ?? 0) + 1}); the rest of the file is read as that one field.`);
    }
    let rows = parsed.data;
    if (rows.length > MAX_TABLE_ROWS) {
      rows = rows.slice(0, MAX_TABLE_ROWS);
      warnings.push(`${name} has more than ${MAX_TABLE_ROWS} rows; only the first ${MAX_TABLE_ROWS} are included.`);
    }
    const table = dropEmptyRowsAndColumns(rows.map((row) => row.map(escapeMarkdownText)));
    if (table.length === 0) {
      warnings.push(`${name} has no values.`);
      return { markdown: "", metadata: {}, warnings };
    }
    return { markdown: `${renderGfmTable(table)}\n`, metadata: {}, warnings };
  },
};
