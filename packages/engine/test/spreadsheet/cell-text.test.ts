import type { CellObject } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { cellText } from "../../src/converters/spreadsheet/cell-text.js";

const number = (v: number, z: string, w?: string): CellObject => ({ t: "n", v, z, ...(w !== undefined && { w }) });

describe("cellText", () => {
  it("writes date serials as ISO dates, with a time only when there is one", () => {
    expect(cellText(number(45352, "m/d/yy", "3/1/24"))).toBe("2024-03-01");
    expect(cellText(number(45352.604166666664, "m/d/yy h:mm"))).toBe("2024-03-01 14:30");
    expect(cellText(number(45352.60416666667 + 5 / 86400, "yyyy-mm-dd hh:mm:ss"))).toBe("2024-03-01 14:30:05");
  });

  it("counts from 1904 in workbooks that say so", () => {
    // 1904 serials are 1462 days behind 1900 ones.
    expect(cellText(number(45352 - 1462, "yyyy-mm-dd"), { date1904: true })).toBe("2024-03-01");
  });

  it("writes time-only formats as a time and elapsed formats as shown", () => {
    expect(cellText(number(0.5, "h:mm AM/PM", "12:00 PM"))).toBe("12:00");
    expect(cellText(number(1.5, "[h]:mm", "36:00"))).toBe("36:00");
  });

  it("keeps a number's formatted text only when it says the exact value", () => {
    expect(cellText(number(1234.5, "#,##0.00", "1,234.50"))).toBe("1,234.50");
    expect(cellText(number(0.125, "0.0%", "12.5%"))).toBe("12.5%");
    expect(cellText(number(-12, "#,##0;(#,##0)", "(12)"))).toBe("(12)");
    expect(cellText(number(3.14159, "0.00", "3.14"))).toBe("3.14159");
    expect(cellText(number(12345678901234, "General", "1.23457E+13"))).toBe("12345678901234");
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

  it("writes nothing for an empty cell or a formula without a saved result", () => {
    expect(cellText(undefined)).toBe("");
    expect(cellText({ t: "n", f: "A1*2" })).toBe("");
  });
});
