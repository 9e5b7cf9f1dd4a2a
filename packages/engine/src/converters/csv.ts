import Papa from "papaparse";
import { decodeText } from "../text-decoding.js";
import type { Converter } from "../types.js";
import { dropEmptyRowsAndColumns, escapeMarkdownText, renderGfmTable } from "./gfm-table.js";

/** Options of {@link createCsvConverter}. */
export interface CsvConverterOptions {
  /** Rows read, the header included; longer files are cut with a warning. @default 10000 */
  maxRows?: number;
}

/**
 * A converter for CSV (and TSV): one GFM table whose header is the first row. The delimiter
 * (comma, semicolon, tab or pipe) and the encoding are detected; cell text is kept exactly as
 * written, with no type inference.
 *
 * Note: papaparse rather than SheetJS, because SheetJS infers types (`2024-03-01` becomes
 * `3/1/24`, `007` becomes `7`) and keeps the BOM in the first cell.
 */
export function createCsvConverter(options: CsvConverterOptions = {}): Converter {
  const maxRows = options.maxRows ?? 10_000;
  if (!Number.isInteger(maxRows) || maxRows < 1) {
    throw new TypeError(`Expected \`maxRows\` to be a positive integer, got ${maxRows}.`);
  }
  return {
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
        // One row past the limit tells a file of exactly maxRows rows from a longer one.
        preview: maxRows + 1,
      });
      const warnings: string[] = [];
      const unclosed = parsed.errors.find((error) => error.code === "MissingQuotes");
      if (unclosed) {
        warnings.push(`${name} has a quoted field that is never closed (row ${(unclosed.row ?? 0) + 1}); the rest of the file is read as that one field.`);
      }
      let rows = parsed.data;
      if (rows.length > maxRows) {
        rows = rows.slice(0, maxRows);
        warnings.push(`${name} has more than ${maxRows} rows; only the first ${maxRows} are included.`);
      }
      const table = dropEmptyRowsAndColumns(rows.map((row) => row.map(escapeMarkdownText)));
      if (table.length === 0) {
        warnings.push(`${name} has no values.`);
        return { markdown: "", metadata: {}, warnings };
      }
      return { markdown: `${renderGfmTable(table)}\n`, metadata: {}, warnings };
    },
  };
}

/** The CSV converter with default options. */
export const csvConverter: Converter = createCsvConverter();
