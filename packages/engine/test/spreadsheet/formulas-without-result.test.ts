import { utils } from "@e965/xlsx";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { MAX_TABLE_ROWS } from "../../src/converters/gfm-table.js";
import { MAX_REREAD_SHEET_BYTES, countFormulasWithoutResult } from "../../src/converters/spreadsheet/formulas-without-result.js";
import { excelFormula } from "../../src/converters/spreadsheet/ods-dropped-cells.js";
import { tableRows, workbookBytes, workbookOf } from "./helpers.js";

type Parts = Record<string, Uint8Array>;

/** An XLSX of these sheets (rows of text and numbers), with each sheet's XML then edited as `edit` says. */
function editedWorkbook(sheets: Record<string, unknown[][]>, edit: (sheetXml: string, index: number) => string, editParts?: (parts: Parts) => void): Uint8Array {
  const workbook = workbookOf(Object.fromEntries(Object.entries(sheets).map(([name, rows]) => [name, utils.aoa_to_sheet(rows)])));
  const parts = unzipSync(workbookBytes(workbook));
  Object.keys(sheets).forEach((_, index) => {
    const path = `xl/worksheets/sheet${index + 1}.xml`;
    parts[path] = strToU8(edit(strFromU8(parts[path]!), index));
  });
  editParts?.(parts);
  return zipSync(parts);
}

/** Cell `ref` made a formula cell as `cellXml` writes it (`<f>…</f><v></v>`, as openpyxl does). */
const asFormula = (sheetXml: string, ref: string, cellXml: string): string =>
  sheetXml.replace(new RegExp(`<c r="${ref}"[^>]*>.*?</c>`), `<c r="${ref}"${cellXml}</c>`);

/** Workbook.xml with a calcPr asking Excel to recalculate everything on opening, as XlsxWriter and openpyxl write it. */
const recalculateOnLoad = (parts: Parts): void => {
  parts["xl/workbook.xml"] = strToU8(strFromU8(parts["xl/workbook.xml"]!).replace("</workbook>", `<calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>`));
};

describe("formulas whose file stores no result", () => {
  it("shows such a formula as its formula text and names every sheet that has one in one warning", async () => {
    const bytes = editedWorkbook(
      { Stock: [["Item", "Qty"], ["a", 2], ["Total", 0]], Notes: [["Double", 0]] },
      (xml, index) => (index === 0 ? asFormula(xml, "B3", `><f>SUM(B2:B2)</f><v></v>`) : asFormula(xml, "B1", `><f>Stock!B2*2</f>`)),
    );
    const { markdown, warnings } = await convert(bytes, { filename: "stock.xlsx" });
    expect(tableRows(markdown)).toEqual([["Item", "Qty"], ["a", "2"], ["Total", "=SUM(B2:B2)"], ["Double", "=Stock!B2\\*2"]]);
    expect(warnings).toEqual([
      `stock.xlsx has 2 formula(s) with no saved result (on sheets "Stock", "Notes"; the program that wrote it did not calculate them), shown as formulas such as =SUM(B2:B2); open and save the workbook in Excel or LibreOffice to store the results.`,
    ]);
  });

  it("keeps a saved empty-text result empty, and saved results as they are", async () => {
    const bytes = editedWorkbook({ Calc: [["Flag", "Label", "Sum"], [1, "x", 3]] }, (xml) =>
      asFormula(asFormula(xml, "B2", ` t="str"><f>IF(A2&gt;1,"big","")</f><v></v>`), "C2", `><f>A2+2</f><v>3</v>`),
    );
    const { markdown, warnings } = await convert(bytes, { filename: "calc.xlsx" });
    expect(tableRows(markdown)).toEqual([["Flag", "Label", "Sum"], ["1", "", "3"]]);
    expect(warnings).toEqual([]);
  });

  it("shows a formula's saved 0 as the formula when the workbook asks to be recalculated on opening", async () => {
    const sheets = { Sum: [["Qty", "Total", "Count"], [2, 0, 5]] };
    const placeholders = (xml: string) => asFormula(asFormula(xml, "B2", `><f>A2*2</f><v>0</v>`), "C2", `><f>C2</f><v>5</v>`);
    const recalculated = await convert(editedWorkbook(sheets, placeholders, recalculateOnLoad), { filename: "sum.xlsx" });
    expect(tableRows(recalculated.markdown)).toEqual([["Qty", "Total", "Count"], ["2", "=A2\\*2", "5"]]);
    expect(recalculated.warnings).toEqual([expect.stringMatching(/^sum\.xlsx has 1 formula\(s\) with no saved result \(on sheet "Sum";/)]);
    // Without the request, a saved 0 is a result like any other.
    const saved = await convert(editedWorkbook(sheets, placeholders), { filename: "sum.xlsx" });
    expect(tableRows(saved.markdown)).toEqual([["Qty", "Total", "Count"], ["2", "0", "5"]]);
  });

  it("shows a dynamic array's formula as Excel does and leaves its spilled placeholders empty", async () => {
    const sheets = { Sorted: [["Raw", "Sorted", "Spread"], [3, 0, 0], [1, 0], [2, 0]] };
    const dynamicArray = (xml: string) =>
      asFormula(asFormula(xml, "B2", ` cm="1"><f t="array" ref="B2:B4">_xlfn._xlws.SORT(A2:A4)</f><v>0</v>`), "C2", `><f>_xlfn.STDEV.S(A2:A4)</f><v>0</v>`);
    const { markdown, warnings } = await convert(editedWorkbook(sheets, dynamicArray, recalculateOnLoad), { filename: "sorted.xlsx" });
    expect(tableRows(markdown)).toEqual([["Raw", "Sorted", "Spread"], ["3", "=SORT(A2:A4)", "=STDEV.S(A2:A4)"], ["1", "", ""], ["2", "", ""]]);
    expect(warnings).toEqual([expect.stringContaining("2 formula(s) with no saved result")]);
  });

  it("counts formulas without a result across scan slices, in prefixed XML too", () => {
    const filler = `<row r="1">${`<c r="A1" s="1"/>`.repeat(100_000)}</row>`;
    const cells = `<x:row r="2"><x:c r="A2"><x:f>SUM(1,2)</x:f><x:v></x:v></x:c><x:c r="B2"><x:f t="shared" si="0"/></x:c><x:c r="C2"><x:f>1</x:f><x:v>1</x:v></x:c></x:row>`;
    const xml = `<x:worksheet><x:sheetData>${filler}${cells}${filler}${cells}</x:sheetData></x:worksheet>`;
    expect(countFormulasWithoutResult(strToU8(xml))).toBe(4);
  });

  it("leaves the formulas of a sheet too large to read again empty, with a warning", { timeout: 20_000 }, async () => {
    const columns = 60;
    const blankRow = (r: number) => `<row r="${r}">${Array.from({ length: columns }, (_, c) => `<c r="${utils.encode_cell({ r: r - 1, c })}" s="1"/>`).join("")}</row>`;
    const rows = Math.ceil(MAX_REREAD_SHEET_BYTES / blankRow(2).length) + 1;
    const bytes = editedWorkbook({ Big: [["Total", 0]] }, (xml) =>
      asFormula(xml, "B1", `><f>SUM(1,2)</f><v></v>`).replace("</sheetData>", `${Array.from({ length: rows }, (_, r) => blankRow(r + 2)).join("")}</sheetData>`),
    );
    const { markdown, warnings } = await convert(bytes, { filename: "big.xlsx" });
    expect(tableRows(markdown)).toEqual([["Total"]]);
    expect(warnings).toContainEqual(
      `Sheet "Big" has 1 formula(s) with no saved result, left empty: the sheet is too large to read them; open and save the workbook in Excel or LibreOffice to store the results.`,
    );
  });
});

describe("ODS formulas whose file stores no result", () => {
  it("show as formulas as Excel writes them; a formula saved with an empty paragraph is an empty result", async () => {
    const parts = unzipSync(workbookBytes(workbookOf({ Stock: utils.aoa_to_sheet([["Item", "Qty"], ["a", 2], ["b", 3], ["Total", "x"], ["Label", "y"]]) }), "ods"));
    // As a writer that does not calculate saves one: a formula, no value type, no value, no
    // paragraph; and as LibreOffice saves an empty text result (`=""`): an empty paragraph.
    const content = strFromU8(parts["content.xml"]!)
      .replace(`<table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell>`, `<table:table-cell table:formula="of:=SUM([.B2:.B3])"/>`)
      .replace(`<table:table-cell office:value-type="string"><text:p>y</text:p></table:table-cell>`, `<table:table-cell table:formula="of:=IF([.B2]&gt;5;&quot;high&quot;;&quot;&quot;)"><text:p/></table:table-cell>`);
    parts["content.xml"] = strToU8(content);
    const { markdown, warnings } = await convert(zipSync(parts), { filename: "stock.ods" });
    expect(tableRows(markdown).slice(3)).toEqual([["Total", "=SUM(B2:B3)"], ["Label", ""]]);
    expect(warnings).toEqual([expect.stringMatching(/^stock\.ods has 1 formula\(s\) with no saved result \(on sheet "Stock";/)]);
  });

  it("are written in Excel's syntax: plain references, sheet names with !, commas between arguments", () => {
    expect(excelFormula("of:=SUM([.B2:.B3];['My sheet'.$A$1:.A4])")).toBe("SUM(B2:B3,'My sheet'!$A$1:A4)");
    expect(excelFormula('of:=IF([.A1]>0;"a;[b]";"")')).toBe('IF(A1>0,"a;[b]","")');
  });
});
