import { SSF } from "@e965/xlsx";
import type { CellObject } from "@e965/xlsx";

/** The parts of a date serial, as SheetJS's SSF library splits them. */
interface DateCode {
  y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
}

// Note: @e965/xlsx types SSF as `any`; these are the two functions we call.
const ssf = SSF as {
  is_date(format: string): boolean;
  parse_date_code(serial: number, options?: { date1904?: boolean }): DateCode | null;
};

/** How a workbook counts dates. */
export interface CellTextOptions {
  /** Date serials count from 1904-01-01 (old Mac workbooks) instead of 1900-01-01. @default false */
  date1904?: boolean;
}

const pad = (value: number, length = 2): string => String(value).padStart(length, "0");

/** `HH:MM`, with `:SS` only when there are seconds. */
const isoTime = ({ H, M, S }: DateCode): string => `${pad(H)}:${pad(M)}${S ? `:${pad(S)}` : ""}`;

/** Whether a date format shows a calendar date (a year, a day, or a month name), not only a time. */
function showsCalendarDate(format: string): boolean {
  // Drop quoted literals, escaped characters and [colour]/[elapsed] brackets before looking.
  const codes = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "");
  return /[yd]/i.test(codes) || /m{3,}/i.test(codes);
}

/**
 * A date-formatted serial as an ISO date (`2024-03-01`), with the time only when there is one
 * (`2024-03-01 14:30`). Time-only formats give `14:30`; elapsed-time formats (`[h]:mm`) are
 * durations, not dates, so they keep the text the format shows.
 */
function dateText(serial: number, format: string, shown: string | undefined, options: CellTextOptions): string {
  if (/\[(h+|m+|s+)\]/i.test(format) && shown !== undefined) return shown;
  const code = ssf.parse_date_code(serial, { date1904: options.date1904 ?? false });
  if (!code) return exactNumber(serial);
  return showsCalendarDate(format) ? isoDateTime(code) : isoTime(code);
}

/** `2024-03-01`, or `2024-03-01 14:30` when there is a time of day. */
function isoDateTime(code: DateCode): string {
  const date = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  return code.H || code.M || code.S ? `${date} ${isoTime(code)}` : date;
}

/**
 * A number with all the precision a spreadsheet keeps (15 significant digits), without the
 * binary noise of doubles (`0.30000000000000004` is `0.3`).
 */
function exactNumber(value: number): string {
  return String(Number(value.toPrecision(15)));
}

/**
 * Whether text a number format produced (`$1,234.50`, `25%`, `(12)`) still says exactly `value`.
 * Formats that round (`0.00` on 3.14159) or hide the sign fail this check.
 */
function showsExactly(shown: string, value: number): boolean {
  const trimmed = shown.trim();
  const digits = trimmed.replace(/[^\d.eE+-]/g, "");
  if (!/\d/.test(digits)) return false;
  let parsed = Number(digits);
  if (Number.isNaN(parsed)) return false;
  if (trimmed.includes("%")) parsed /= 100;
  if (/^\(.*\)$/.test(trimmed)) parsed = -parsed;
  return Number(parsed.toPrecision(15)) === Number(value.toPrecision(15));
}

/**
 * The text a cell shows, without Markdown escaping: the cached value of a formula (never the
 * formula), dates as ISO dates, numbers as their format shows them when that loses nothing.
 *
 * @returns `""` for an empty cell or a formula with no saved result.
 */
export function cellText(cell: CellObject | undefined, options: CellTextOptions = {}): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  const { v: value, w: shown, z: format } = cell;
  switch (cell.t) {
    case "n": {
      const serial = value as number;
      if (typeof format === "string" && ssf.is_date(format)) return dateText(serial, format, shown, options);
      return shown !== undefined && showsExactly(shown, serial) ? shown.trim() : exactNumber(serial);
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
    default:
      return String(value);
  }
}
