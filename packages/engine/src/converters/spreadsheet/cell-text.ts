import { SSF } from "@e965/xlsx";
import type { CellObject } from "@e965/xlsx";
import { formulaText, isFormulaWithoutResult } from "./formulas-without-result.js";

/** The parts of a date serial, as SheetJS's SSF library splits them. */
interface DateCode {
  y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
}

// Note: @e965/xlsx types SSF as `any`; these are the functions we call.
const ssf = SSF as {
  format(format: string, value: number | string, options?: { date1904?: boolean }): string;
  is_date(format: string): boolean;
  parse_date_code(serial: number, options?: { date1904?: boolean }): DateCode | null;
};

/** How a workbook counts dates. */
export interface CellTextOptions {
  /** Date serials count from 1904-01-01 (old Mac workbooks) instead of 1900-01-01. @default false */
  date1904?: boolean;
  /**
   * SheetJS wrote each number's text from the cell's number format (XLSX, XLSB, XLS; an ODS cell's
   * text is the one saved in the file). @default false
   */
  textFromFormat?: boolean;
  /**
   * An ODS cell's saved text is what the writer showed, however like the bare value it reads (an
   * office suite wrote the file: LibreOffice saves `150` for 150 in a style whose condition shows
   * no decimals, which SheetJS reads as `0.00`). @default false
   */
  savedTextShown?: boolean;
}

const pad = (value: number, length = 2): string => String(value).padStart(length, "0");

// Note: Excel gives a typed-in date the built-in short date format (numFmtId 14, written in the
// reader's locale: 3/1/24 in the US, 01.03.24 in Germany) or its date-time variant (22). Those
// say "a date", not how to write it, so they become ISO dates; any other date format is the
// author's choice and is shown as Excel shows it.
const DEFAULT_DATE_FORMATS = new Set(["m/d/yy", "m/d/yy h:mm", "mm-dd-yy"]);
// Note: SheetJS names Excel's built-in format 47 as ECMA-376 lists it, "mmss.0" (00:35.0 shown
// as 0035.0); Excel shows it as "mm:ss.0".
const BUILT_IN_AS_EXCEL_SHOWS: Record<string, string> = { "mmss.0": "mm:ss.0" };

/** A date serial in the default date format as `2024-03-01`, or `2024-03-01 14:30` with a time of day. */
function isoDateText(serial: number, options: CellTextOptions): string {
  const code = ssf.parse_date_code(serial, { date1904: options.date1904 ?? false });
  return code ? isoDateTime(code) : exactNumber(serial);
}

/** `HH:MM`, with `:SS` only when there are seconds. */
const isoTime = ({ H, M, S }: DateCode): string => `${pad(H)}:${pad(M)}${S ? `:${pad(S)}` : ""}`;

/** `2024-03-01`, or `2024-03-01 14:30` when there is a time of day. */
function isoDateTime(code: DateCode): string {
  const date = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  return code.H || code.M || code.S ? `${date} ${isoTime(code)}` : date;
}

/**
 * A date format with its dots escaped (`dd\.mm\.yyyy`). Note: SheetJS's SSF reads an unescaped dot
 * in a date as fractional seconds and fails on `dd.mm.yyyy`, the usual date format in much of
 * Europe, leaving such cells unformatted; a dot before `0` is fractional seconds (`ss.00`) and
 * stays, as do quoted text and escaped characters.
 */
const escapeDateDots = (format: string): string =>
  format.replace(/("[^"]*"|\\.)|\.(?!0)/g, (_: string, kept: string | undefined) => kept ?? "\\.");

/** A date in its own format, written as SheetJS's SSF writes it once the format's dots are escaped; undefined if it still cannot. */
function dateInOwnFormat(serial: number, format: string, options: CellTextOptions): string | undefined {
  try {
    return ssf.format(escapeDateDots(format), serial, { date1904: options.date1904 ?? false }).trim();
  } catch {
    return undefined;
  }
}

// A sign straight after a digit placeholder ("0;0-", "#,##0.00-"), outside quotes, escapes,
// padding (`_-`), fills and [brackets].
const SIGN_AFTER_DIGIT = /("[^"]*"|\\.|_.|\*.|\[[^\]]*\])|([0#?])([-+])/g;

/**
 * A number in its own format when that format writes a sign after the digits (`42-`, the trailing
 * minus of accounting exports), written as SheetJS's SSF writes it once the sign is escaped;
 * undefined when the format has no such sign or SSF still cannot. Note: SSF rejects `0-` and drops
 * the sign of `0.0-`, which Excel shows as a literal.
 */
function numberWithTrailingSign(serial: number, format: string): string | undefined {
  const escaped = format.replace(SIGN_AFTER_DIGIT, (_: string, kept: string | undefined, digit: string, sign: string) => kept ?? `${digit}\\${sign}`);
  if (escaped === format) return undefined;
  try {
    return ssf.format(escaped, serial).trim();
  } catch {
    return undefined;
  }
}

// The exponent of JavaScript's number text (`1e-7`, `1.5e+21`).
const JS_EXPONENT = /e([-+])(\d+)$/;

/**
 * A number with all the precision a spreadsheet keeps (15 significant digits), without the
 * binary noise of doubles (`0.30000000000000004` is `0.3`). A number too small or too large for
 * plain digits is written as Excel writes it in scientific notation (`1E-07`, `1.5E+21`), not as
 * JavaScript does (`1e-7`).
 */
function exactNumber(value: number): string {
  return String(Number(value.toPrecision(15))).replace(JS_EXPONENT, (_: string, sign: string, digits: string) => `E${sign}${digits.padStart(2, "0")}`);
}

/**
 * Whether an ODS number's saved text is its bare value (`1234.5` in a `#,##0.00` cell). Note:
 * LibreOffice saves the text its format shows; writers that do not format (SheetJS, odfpy,
 * pandas) save the bare value, and LibreOffice shows the format all the same.
 */
const isBareSavedValue = (serial: number, shown: string | undefined, options: CellTextOptions): shown is string =>
  !options.textFromFormat && !options.savedTextShown && shown === String(serial);

/**
 * Whether a cell's text comes from its number format as SheetJS read it rather than from the
 * file: an ODS number in a format of its own whose writer saved the bare value.
 */
export const isOdsTextFromStyle = (cell: CellObject | undefined, options: CellTextOptions): boolean =>
  cell?.t === "n" && typeof cell.z === "string" && cell.z !== "General" && !ssf.is_date(cell.z) && isBareSavedValue(cell.v as number, cell.w, options);

/** A number in its own format, as SheetJS's SSF writes it; undefined if SSF cannot. */
function numberInOwnFormat(serial: number, format: string): string | undefined {
  try {
    return ssf.format(format, serial).trim();
  } catch {
    return undefined;
  }
}

/**
 * Whether a number without a format has the text of one all the same. Note: SheetJS names a
 * cell's format only once its table holds it, and loads Excel's built-in formats it lacks (the
 * currency and accounting ones, `$ 2,718.28`) while formatting the first cell in one: that cell
 * has the format's text but no format.
 */
const hasUnnamedFormat = (serial: number, shown: string | undefined, options: CellTextOptions): shown is string =>
  Boolean(options.textFromFormat) && shown !== undefined && shown !== ssf.format("General", serial);

/** Whether a number's text is a date in the default date format (East Asian built-in ids show one). */
const isDefaultDateText = (serial: number, shown: string, options: CellTextOptions): boolean =>
  [...DEFAULT_DATE_FORMATS].some((format) => ssf.format(format, serial, { date1904: options.date1904 ?? false }) === shown);

/**
 * Whether a 0 or 1 in the General format is a boolean as LibreOffice keeps one: a number in a
 * boolean format, whose saved text is the word it shows (`TRUE`, `WAHR`). Note: SheetJS does not
 * read ODS boolean formats, and computes the text of XLSX and XLS numbers itself, so a word there
 * can only come from the file.
 */
const isSavedBoolean = (serial: number, shown: string | undefined): shown is string =>
  (serial === 0 || serial === 1) && shown !== undefined && /^\p{L}+$/u.test(shown.trim());

/**
 * The text of a number cell. A cell with its own number format shows what Excel shows
 * (`23.0%`, `$1,234.50`, `(12)`, `1 March 2024`), which SheetJS's SSF computed as `cell.w`
 * (an ODS cell's saved text, formatted here when the writer saved the bare value). A cell in the General format keeps every digit (Excel would round `0.123456789012345` to fit
 * the column), unless it is a boolean LibreOffice saved as a number, and one in the default date
 * format becomes an ISO date.
 */
function numberText(serial: number, format: string | undefined, shown: string | undefined, options: CellTextOptions): string {
  if (format === undefined && hasUnnamedFormat(serial, shown, options)) {
    return isDefaultDateText(serial, shown, options) ? isoDateText(serial, options) : shown.trim();
  }
  if (format === undefined || format === "General") return isSavedBoolean(serial, shown) ? shown.trim() : exactNumber(serial);
  const asExcelShows = BUILT_IN_AS_EXCEL_SHOWS[format];
  if (asExcelShows && options.textFromFormat) return ssf.format(asExcelShows, serial, { date1904: options.date1904 ?? false }).trim();
  const isDate = DEFAULT_DATE_FORMATS.has(format) || ssf.is_date(format);
  // Note: SheetJS leaves ODS cells unformatted (`w` is the bare value); a date is still a date.
  const formatted = shown !== undefined && !(isDate && shown === String(serial)) ? shown.trim() : undefined;
  if (isDate && DEFAULT_DATE_FORMATS.has(format)) return isoDateText(serial, options);
  // Note: no text at all means SSF failed on the format; the bare value as text is an ODS date,
  // whose format SheetJS reads wrong.
  const ownFormat = isDate && shown === undefined ? dateInOwnFormat(serial, format, options) : undefined;
  if (isDate && formatted === undefined) return ownFormat ?? isoDateText(serial, options);
  if (!isDate && isBareSavedValue(serial, shown, options)) return numberWithTrailingSign(serial, format) ?? numberInOwnFormat(serial, format) ?? shown;
  const signed = !isDate && options.textFromFormat ? numberWithTrailingSign(serial, format) : undefined;
  return signed ?? formatted ?? exactNumber(serial);
}

/** Quoted text and escaped characters of a number format, which may hold an `@` of their own. */
const FORMAT_LITERALS = /"[^"]*"|\\./g;

/**
 * A text cell as its number format's text section shows it (`0;-0;0;"Text: "@` shows `abc` as
 * `Text: abc`); without a text section (no `@`), the text as it is.
 */
function textInFormat(text: string, format: string | undefined): string {
  if (format === undefined || !format.replace(FORMAT_LITERALS, "").includes("@")) return text;
  try {
    return ssf.format(format, text).trim();
  } catch {
    return text;
  }
}

/**
 * The text a cell shows, without Markdown escaping: the saved result of a formula, numbers and
 * dates as their own format shows them, General numbers with every digit, and dates in the
 * default date format as ISO dates.
 *
 * A formula whose file stores no result shows the formula (`=SUM(B2:B3)`), as the best a
 * reader without a calculation engine can give.
 *
 * @returns `""` for an empty cell.
 */
export function cellText(cell: CellObject | undefined, options: CellTextOptions = {}): string {
  if (isFormulaWithoutResult(cell)) return formulaText(cell.f);
  if (!cell || cell.v === undefined || cell.v === null) return "";
  const { v: value, w: shown, z: format } = cell;
  switch (cell.t) {
    case "n": {
      return numberText(value as number, typeof format === "string" ? format : undefined, shown, options);
    }
    case "d": {
      // Note: SheetJS builds these dates in UTC, so the UTC parts are the ones the sheet shows.
      const date = value instanceof Date ? value : new Date(String(value));
      if (Number.isNaN(date.getTime())) return shown ?? String(value);
      return isoDateTime({
        y: date.getUTCFullYear(),
        m: date.getUTCMonth() + 1,
        d: date.getUTCDate(),
        H: date.getUTCHours(),
        M: date.getUTCMinutes(),
        S: date.getUTCSeconds(),
      });
    }
    case "b":
      return value ? "TRUE" : "FALSE";
    case "e":
      return shown ?? "#ERROR!";
    case "s":
      return textInFormat(String(value), typeof format === "string" ? format : undefined);
    default:
      return String(value);
  }
}
