import type { CellObject } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { cellText } from "../../src/converters/spreadsheet/cell-text.js";

const number = (v: number, z: string, w?: string): CellObject => ({ t: "n", v, z, ...(w !== undefined && { w }) });

describe("cellText", () => {
  it("writes serials in the default date format as ISO dates, with a time only when there is one", () => {
    expect(cellText(number(45352, "m/d/yy", "3/1/24"))).toBe("2024-03-01");
    expect(cellText(number(45352.604166666664, "m/d/yy h:mm", "3/1/24 14:30"))).toBe("2024-03-01 14:30");
  });

  it("writes dates in the cell's own date format as that format shows them", () => {
    expect(cellText(number(45352, "d mmmm yyyy", "1 March 2024"))).toBe("1 March 2024");
    expect(cellText(number(45352.60416666667 + 5 / 86400, "yyyy-mm-dd hh:mm:ss", "2024-03-01 14:30:05"))).toBe("2024-03-01 14:30:05");
    // Without the formatted text (a format SSF cannot read), the date is still a date.
    expect(cellText(number(45352, "yyyy-mm-dd hh:mm:ss.0000"))).toBe("2024-03-01");
  });

  it("writes dates in a format with dots (dd.mm.yyyy), which SheetJS leaves unformatted, as the format shows them", () => {
    expect(cellText(number(45427, "dd.mm.yy"))).toBe("15.05.24");
    expect(cellText(number(45427.6041666667, "d.m.yyyy hh:mm"))).toBe("15.5.2024 14:30");
    expect(cellText(number(45427 - 1462, "dd.mm.yyyy"), { date1904: true })).toBe("15.05.2024");
    expect(cellText(number(45427.6041666667, 'dd"."mm "um" hh:mm:ss.0'))).toBe("15.05 um 14:30:00.0");
  });

  it("counts from 1904 in workbooks that say so", () => {
    // 1904 serials are 1462 days behind 1900 ones.
    expect(cellText(number(45352 - 1462, "yyyy-mm-dd"), { date1904: true })).toBe("2024-03-01");
  });

  it("writes times and elapsed times as their formats show them", () => {
    expect(cellText(number(0.5, "h:mm AM/PM", "12:00 PM"))).toBe("12:00 PM");
    expect(cellText(number(1.5, "[h]:mm", "36:00"))).toBe("36:00");
  });

  it("writes a number as its own format shows it, and a General number with every digit", () => {
    expect(cellText(number(1234.5, "#,##0.00", "1,234.50"))).toBe("1,234.50");
    expect(cellText(number(0.2302, "0.0%", "23.0%"))).toBe("23.0%");
    expect(cellText(number(-12, "#,##0;(#,##0)", "(12)"))).toBe("(12)");
    expect(cellText(number(3.14159, "0.00", "3.14"))).toBe("3.14");
    expect(cellText(number(12345678901234, "General", "1.23457E+13"))).toBe("12345678901234");
    expect(cellText(number(2.5, "0.000"))).toBe("2.5");
  });

  it("drops the binary noise of doubles but no digit a spreadsheet keeps", () => {
    expect(cellText({ t: "n", v: 0.1 + 0.2 })).toBe("0.3");
    expect(cellText({ t: "n", v: 0.123456789012345 })).toBe("0.123456789012345");
  });

  it("writes booleans, errors and strings as a spreadsheet shows them", () => {
    expect(cellText({ t: "b", v: true })).toBe("TRUE");
    expect(cellText({ t: "e", v: 7, w: "#DIV/0!" })).toBe("#DIV/0!");
    expect(cellText({ t: "s", v: " two\nlines " })).toBe(" two\nlines ");
  });

  it("writes a text cell as its format's text section shows it, and as it is without one", () => {
    expect(cellText({ t: "s", v: "abc", z: '0;-0;"zero";"Text: "@' })).toBe("Text: abc");
    expect(cellText({ t: "s", v: "Bay 4", z: '"Berth "@' })).toBe("Berth Bay 4");
    expect(cellText({ t: "s", v: "00123", z: "@" })).toBe("00123");
    expect(cellText({ t: "s", v: "abc", z: '0.00" @ sea"' })).toBe("abc");
  });

  it("writes nothing for an empty cell, and a formula without a saved result as its formula", () => {
    expect(cellText(undefined)).toBe("");
    expect(cellText({ t: "n", f: "A1*2" })).toBe("=A1*2");
  });
});
