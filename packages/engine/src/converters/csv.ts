import Papa from "papaparse";
import { decodeText } from "../text-decoding.js";
import type { Converter } from "../types.js";
import { MAX_TABLE_ROWS, dropEmptyRowsAndColumns, renderGfmTable } from "./gfm-table.js";
import { escapeMarkdownText } from "./markdown-text.js";

const GUESSED_DELIMITERS = [",", ";", "\t", "|"];
/** Papaparse's errors for a quote that does not close, or closes in the middle of a field. */
const QUOTE_ERRORS: ReadonlySet<string> = new Set(["MissingQuotes", "InvalidQuotes"]);
/** A quote character no text holds: papaparse then reads every quote as written. */
const NO_QUOTE = "\u0000";

interface Field {
  value: string;
  /** The index just past the field. */
  end: number;
}

/** A field as written, up to the next delimiter or line end. */
function plainField(text: string, start: number, delimiter: string): Field {
  let end = start;
  while (end < text.length && text[end] !== delimiter && text[end] !== "\n" && text[end] !== "\r") end++;
  return { value: text.slice(start, end), end };
}

/** A field in quotes (doubled quotes inside), when its closing quote ends the field; else `undefined`. */
function quotedField(text: string, start: number, delimiter: string): Field | undefined {
  let value = "";
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== '"') value += text[i];
    else if (text[i + 1] === '"') value += text[i++];
    else if (i + 1 === text.length || [delimiter, "\n", "\r"].includes(text[i + 1]!)) return { value, end: i + 1 };
    else return undefined;
  }
  return undefined;
}

/**
 * Rows read as LibreOffice reads them: a field in quotes only when its closing quote ends the
 * field; otherwise (`"a" b`, or a quote never closed) the field is read as written, up to the
 * next delimiter. Note: papaparse reads such a field on to the next closing quote, often the
 * rest of the file as one cell.
 */
function readLeniently(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (let i = 0; i <= text.length; ) {
    const field = (text[i] === '"' && quotedField(text, i, delimiter)) || plainField(text, i, delimiter);
    row.push(field.value);
    i = field.end;
    if (text[i] === delimiter) {
      i++;
      continue;
    }
    if (row.some((value) => value.trim() !== "")) rows.push(row);
    row = [];
    i += text.startsWith("\r\n", i) ? 2 : 1;
  }
  return rows;
}

/** The delimiter papaparse guesses with quotes read as written, as a quote gone wrong hides it. */
const guessDelimiter = (text: string): string => Papa.parse<string[]>(text, { delimitersToGuess: GUESSED_DELIMITERS, quoteChar: NO_QUOTE, preview: 100 }).meta.delimiter;

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
      ...(hint ? { delimiter: hint[1] } : { delimitersToGuess: GUESSED_DELIMITERS }),
      skipEmptyLines: "greedy",
      // One row past the limit tells a file of exactly MAX_TABLE_ROWS rows from a longer one.
      preview: MAX_TABLE_ROWS + 1,
    });
    const warnings: string[] = [];
    const badQuote = parsed.errors.find((error) => QUOTE_ERRORS.has(error.code));
    let rows = parsed.data;
    if (badQuote) {
      rows = readLeniently(text, hint?.[1] ?? guessDelimiter(text)).slice(0, MAX_TABLE_ROWS + 1);
      warnings.push(`${name} has a quote that does not close its field (near row ${(badQuote.row ?? 0) + 1}); such a field is read as written.`);
    }
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
