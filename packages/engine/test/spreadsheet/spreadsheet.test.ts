import { utils, write } from "@e965/xlsx";
import CFB from "cfb";
import type { WorkSheet } from "@e965/xlsx";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createConversionPool } from "../../src/conversion-pool.js";
import { convert } from "../../src/convert.js";
import { MAX_TABLE_ROWS } from "../../src/converters/gfm-table.js";
import { corpusFile, tableRows, workbookBytes, workbookOf } from "./helpers.js";

const convertCorpus = (name: string) => convert(corpusFile(name), { filename: name });

/** A sheet with a blank leading row and column, a blank inner row and column, formulas and formats. */
const ledger = (): WorkSheet => ({
  "!ref": "A1:H7",
  B2: { t: "s", v: "Item" },
  C2: { t: "s", v: "When" },
  D2: { t: "s", v: "Price" },
  E2: { t: "s", v: "Share" },
  G2: { t: "s", v: "Total" },
  H2: { t: "s", v: "Done" },
  B3: { t: "s", v: "Widget | small" },
  C3: { t: "n", v: 45352, z: "yyyy-mm-dd" },
  D3: { t: "n", v: 3.14159, z: "0.00" },
  E3: { t: "n", v: 0.25, z: "0%" },
  G3: { t: "n", v: 6.28318, f: "D3*2" },
  H3: { t: "b", v: true },
  B5: { t: "s", v: "Gadget" },
  C5: { t: "n", v: 45352.604166666664, z: "m/d/yy h:mm" },
  D5: { t: "n", v: 1234.5, z: "#,##0.00" },
  E5: { t: "n", v: 0.5, z: "0%" },
  G5: { t: "n", v: 2469, f: "D5*2" },
  H5: { t: "b", v: false },
  B7: { t: "s", v: "Span" },
  "!merges": [utils.decode_range("B7:D7")],
});

describe("spreadsheet converter on corpus workbooks", () => {
  it("writes a section per sheet and names the sheets in the metadata", async () => {
    const { markdown, metadata } = await convertCorpus("md_test.xlsx");
    expect(markdown).toMatch(/^## Sheet1$/m);
    expect(markdown).toMatch(/^## 09060124-b5e7-4717-9d07-3c046eb$/m);
    expect(metadata.sheetNames).toEqual(["Sheet1", "09060124-b5e7-4717-9d07-3c046eb"]);
    expect(tableRows(markdown)).toContainEqual(["Alpha", "Beta", "Gamma", "Delta"]);
  });

  it("shows the saved results of formulas, never the formulas, and skips the chart sheet", async () => {
    const { markdown } = await convertCorpus("dl_xlsx_03_chartsheet.xlsx");
    expect(tableRows(markdown)).toContainEqual(["2019", "120", "80", "200"]);
    expect(markdown).not.toContain("B2+C2");
    expect(markdown).not.toContain("Duck Chart");
  });

  it.each(["cal_date.xlsx", "cal_date.xls"])("writes date cells of %s as ISO dates, not serial numbers", async (name) => {
    const { markdown } = await convertCorpus(name);
    expect(tableRows(markdown)).toContainEqual(["2021-01-01", "15"]);
    expect(markdown).not.toContain("44197");
    // An elapsed-time format is a duration, shown as the format shows it.
    expect(tableRows(markdown)).toContainEqual(["255:10:10", "17"]);
  });

  it("repeats a merged value across its cells, up to the last cell of the sheet", async () => {
    // Merges A1:B1, A2:A4 and B2:D4; the last cells are C1 and B2, so rows 3-4 and column D
    // would only repeat what row 2 and column C already say.
    expect(tableRows((await convertCorpus("cal_merge_cells.xlsx")).markdown)).toEqual([
      ["Row Merge", "Row Merge", "Not Merged"],
      ["Column Merge", "Chunk Merged", "Chunk Merged"],
    ]);
  });

  it("repeats merged values down and across inside a table", async () => {
    // Sheet3 has two tables, each with a header merged across two columns (B1:C1, F7:G7) and a
    // block merged over two rows and two columns (B6:C7, F12:G13).
    const rows = tableRows((await convertCorpus("dl_xlsx_01.xlsx")).markdown);
    expect(rows).toContainEqual(["first", "header", "header", "", "", ""]);
    expect(rows).toContainEqual(["8", "9", "9", "", "", ""]);
    expect(rows).toContainEqual(["10", "9", "9", "first (f)", "header (f)", "header (f)"]);
    expect(rows).toContainEqual(["", "", "", "10", "9", "9"]);
  });

  it("turns web and mail hyperlinks into Markdown links and keeps only the text of others", async () => {
    const { markdown } = await convertCorpus("cal_hyperlinks.xlsx");
    expect(markdown).toContain("[calamine repo](https://github.com/tafia/calamine)");
    expect(markdown).toContain("[mail link](mailto:foo@example.com)");
    expect(tableRows(markdown)).toContainEqual(["go to other sheet", "", ""]);
    expect(markdown).not.toContain("file://");
  });

  it("lists cell comments under the table, with cell and author", async () => {
    const { markdown } = await convertCorpus("dl_xlsx_comments.xlsx");
    expect(markdown).toContain("- A1, John Reviewer: Why Python specifically?");
    expect(markdown).toContain("- G12, Jane Smith (JS): Maximum number of ducks");
    expect(markdown.indexOf("Comments:")).toBeGreaterThan(markdown.indexOf("| 2024 |"));
  });

  it("writes a comment whose author is blank (as LibreOffice saves XLS comments) without an author", async () => {
    const sheet = utils.aoa_to_sheet([["Name"], ["Amara"]]);
    sheet.A2!.c = [{ a: " ", t: "Team lead" }];
    const { markdown } = await convert(workbookBytes(workbookOf({ Roster: sheet })), { filename: "comments.xlsx" });
    expect(markdown).toContain("- A2: Team lead");
  });

  it("puts a merged title row above the table so the real header heads it", async () => {
    const { markdown } = await convertCorpus("dl_xlsx_09_section_label_header.xlsx");
    expect(markdown).toMatch(/^Reading List\n\n\| # \| Genre \| Sub-Genre \|/m);
  });

  it("refuses random bytes named .xlsx with a clear error", async () => {
    await expect(convertCorpus("mal_random_bytes.xlsx")).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: expect.stringContaining("mal_random_bytes.xlsx is not a valid XLSX workbook"),
    });
  });

  it("refuses a truncated Excel 97 workbook in words a reader understands", async () => {
    const workbook = utils.book_new();
    utils.book_append_sheet(workbook, utils.aoa_to_sheet([["Region", "Sales"], ...Array.from({ length: 400 }, (_, row) => [`Region ${row}`, row])]), "Sales");
    const bytes = new Uint8Array(write(workbook, { type: "array", bookType: "xls" }) as ArrayBuffer);
    await expect(convert(bytes.subarray(0, bytes.length >> 1), { filename: "sales.xls" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "sales.xls is truncated or damaged (its Excel 97-2003 container cannot be read); check that the file is complete and not corrupt.",
    });
  });

  it("refuses a password-protected Excel 97 workbook (a FILEPASS record after its BOF) saying so", async () => {
    const workbook = utils.book_new();
    utils.book_append_sheet(workbook, utils.aoa_to_sheet([["Region", "Sales"], ["North", 10]]), "Sales");
    const container = CFB.read(new Uint8Array(write(workbook, { type: "array", bookType: "xls" }) as ArrayBuffer), { type: "array" });
    const stream = CFB.find(container, "Workbook")!;
    const content = Uint8Array.from(stream.content);
    const afterBof = 4 + (content[2]! | (content[3]! << 8));
    // FILEPASS (0x002F), RC4 encryption: its 54 bytes of salt and verifier are not read.
    const filePass = Uint8Array.from([0x2f, 0x00, 0x36, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x00, ...new Array<number>(48).fill(0x11)]);
    stream.content = Buffer.concat([content.subarray(0, afterBof), filePass, content.subarray(afterBof)]);
    const bytes = new Uint8Array(CFB.write(container, { type: "array" }) as number[]);
    await expect(convert(bytes, { filename: "locked.xls" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "locked.xls is password-protected; remove the password in Excel and try again.",
    });
  });

  it("reads the HTML table that web apps export as .xls, but refuses other text named .xls", async () => {
    const html = "<html><body><table><tr><td>Name</td><td>Due</td></tr><tr><td>Ada</td><td>2024-03-01</td></tr></table></body></html>";
    const { markdown } = await convert(new TextEncoder().encode(html), { filename: "export.xls" });
    expect(tableRows(markdown)).toEqual([["Name", "Due"], ["Ada", "2024-03-01"]]);
    await expect(convert(new TextEncoder().encode("a,b\n1,2\n"), { filename: "renamed.xls" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
    });
  });

  it("refuses a ZIP bomb named .xlsx before SheetJS inflates it", async () => {
    // 17 parts of 16 MiB of zeros: about 270 KiB packed, 272 MiB unpacked.
    const zeros = new Uint8Array(16 * 1024 * 1024);
    const parts: Record<string, Uint8Array> = { "xl/workbook.xml": new TextEncoder().encode("<workbook/>") };
    for (let i = 0; i < 17; i++) parts[`xl/media/image${i}.bin`] = zeros;
    await expect(convert(zipSync(parts), { filename: "bomb.xlsx" })).rejects.toMatchObject({
      code: "DOCUMENT_TOO_LARGE",
      message: expect.stringContaining("bomb.xlsx"),
    });
  });
});

describe("spreadsheet converter on generated workbooks", () => {
  it("trims empty rows and columns and formats cells as they read", async () => {
    const { markdown, warnings } = await convert(workbookBytes(workbookOf({ Ledger: ledger() })), { filename: "ledger.xlsx" });
    expect(tableRows(markdown)).toEqual([
      ["Item", "When", "Price", "Share", "Total", "Done"],
      // A format that rounds (0.00 on 3.14159) shows the rounded number, as Excel does.
      ["Widget \\| small", "2024-03-01", "3.14", "25%", "6.28318", "TRUE"],
      ["Gadget", "2024-03-01 14:30", "1,234.50", "50%", "2469", "FALSE"],
      ["Span", "Span", "Span", "", "", ""],
    ]);
    expect(warnings).toEqual([]);
  });

  // Note: SheetJS's ODS writer saves a number's bare value as its text; LibreOffice shows it in
  // the cell's format, as Excel does.
  it.each([
    ["xls", "3.14"],
    ["ods", "3.14"],
  ] as const)("reads the same cells from %s", async (bookType, price) => {
    const { markdown } = await convert(workbookBytes(workbookOf({ Ledger: ledger() }), bookType), { filename: `ledger.${bookType}` });
    const rows = tableRows(markdown);
    expect(rows[1]?.slice(0, 3)).toEqual(["Widget \\| small", "2024-03-01", price]);
    expect(rows[2]?.[1]).toBe("2024-03-01 14:30");
    expect(rows[1]?.[4]).toBe("6.28318");
  });

  it("shows the text an office suite saved for an ODS number, even where it reads as the bare value", async () => {
    // Note: LibreOffice saves what a cell shows; a style with conditions (SheetJS reads only one of
    // them) may show 3.14159 as "3.14159" where the format SheetJS reads says 0.00.
    const parts = unzipSync(workbookBytes(workbookOf({ Ledger: ledger() }), "ods"));
    const meta = '<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3"><office:meta><meta:generator>LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2</meta:generator></office:meta></office:document-meta>';
    parts["meta.xml"] = strToU8(meta);
    const { markdown } = await convert(zipSync(parts), { filename: "ledger.ods" });
    expect(tableRows(markdown)[1]?.[2]).toBe("3.14159");
  });

  it.each(["xlsx", "xls"] as const)("shows numbers and dates in their own formats as Excel does (%s)", async (bookType) => {
    const formats: Array<[number, string, string]> = [
      [0.2302, "0.0%", "23.0%"],
      [1234.5, '"$"#,##0.00', "$1,234.50"],
      [-1234.5, '"$"#,##0.00;("$"#,##0.00)', "($1,234.50)"],
      [1234567.891, "#,##0", "1,234,568"],
      [2.5, "0.000", "2.500"],
      [45352, "d mmmm yyyy", "1 March 2024"],
      [45352, "mmm-yy", "Mar-24"],
      [45352, "dd/mm/yyyy", "01/03/2024"],
      [0.604166666666667, "h:mm AM/PM", "2:30 PM"],
      // The default date format (numFmtId 14, shown in the reader's locale) becomes an ISO date,
      [45352, "m/d/yy", "2024-03-01"],
      // and a General number keeps every digit.
      [0.123456789012345, "General", "0.123456789012345"],
    ];
    const sheet: WorkSheet = { "!ref": `A1:B${formats.length}` };
    formats.forEach(([value, format], index) => {
      sheet[`A${index + 1}`] = { t: "s", v: format };
      sheet[`B${index + 1}`] = { t: "n", v: value, z: format };
    });
    const { markdown } = await convert(workbookBytes(workbookOf({ Formats: sheet }), bookType), { filename: `formats.${bookType}` });
    const shown = tableRows(markdown).map((row) => row[1]);
    // The first row is the table's header, so the cells start at row 0 as well.
    expect(shown).toEqual(formats.map(([, , expected]) => expected));
  });

  it.each(["xlsx", "xls"] as const)("writes a sign after the digits and General numbers past plain digits as Excel shows them (%s)", async (bookType) => {
    const formats: Array<[number, string, string]> = [
      [-42, "0;0-", "42-"],
      [-1234.5, "#,##0.00;#,##0.00-", "1,234.50-"],
      [5, "0.0-", "5.0-"],
      [5551234, "000-0000", "555-1234"],
      [0.0000001, "General", "1E-07"],
      [1.5e21, "General", "1.5E+21"],
    ];
    const sheet: WorkSheet = { "!ref": `A1:B${formats.length}` };
    formats.forEach(([value, format], index) => {
      sheet[`A${index + 1}`] = { t: "s", v: format };
      sheet[`B${index + 1}`] = { t: "n", v: value, z: format };
    });
    const { markdown } = await convert(workbookBytes(workbookOf({ Signs: sheet }), bookType), { filename: `signs.${bookType}` });
    expect(tableRows(markdown).map((row) => row[1])).toEqual(formats.map(([, , expected]) => expected));
  });

  it("shows formulas that have no saved result as formulas, with a warning", async () => {
    const sheet: WorkSheet = { "!ref": "A1:B2", A1: { t: "s", v: "x" }, B1: { t: "s", v: "double" }, A2: { t: "n", v: 2 }, B2: { t: "n", f: "A2*2" } };
    const { markdown, warnings } = await convert(workbookBytes(workbookOf({ Calc: sheet })), { filename: "calc.xlsx" });
    expect(tableRows(markdown)).toContainEqual(["2", "=A2\\*2"]);
    expect(warnings).toEqual([expect.stringMatching(/^calc\.xlsx has 1 formula\(s\) with no saved result/)]);
  });

  it("cuts a sheet past MAX_TABLE_ROWS and names the sheet in a warning", async () => {
    const rows = (count: number) => utils.aoa_to_sheet(Array.from({ length: count }, (_, i) => [`row ${i + 1}`, i + 1]));
    const { markdown, warnings } = await convert(workbookBytes(workbookOf({ Long: rows(MAX_TABLE_ROWS + 5) })), { filename: "long.xlsx" });
    expect(tableRows(markdown)).toHaveLength(MAX_TABLE_ROWS);
    expect(markdown).not.toContain(`row ${MAX_TABLE_ROWS + 1} `);
    expect(warnings).toEqual([`Sheet "Long" has more than ${MAX_TABLE_ROWS} rows; only the first ${MAX_TABLE_ROWS} are included.`]);
    const exact = await convert(workbookBytes(workbookOf({ Long: rows(MAX_TABLE_ROWS) })), { filename: "exact.xlsx" });
    expect(tableRows(exact.markdown)).toHaveLength(MAX_TABLE_ROWS);
    expect(exact.warnings).toEqual([]);
  });

  it("warns when a sheet's cells go on past MAX_TABLE_ROWS after empty rows", async () => {
    const sheet = utils.aoa_to_sheet([["Log", "Count"]]);
    utils.sheet_add_aoa(sheet, [["late entry", 1]], { origin: `A${MAX_TABLE_ROWS + 2001}` });
    const { warnings } = await convert(workbookBytes(workbookOf({ Log: sheet })), { filename: "log.xlsx" });
    expect(warnings).toEqual([
      `Sheet "Log" may go on past row ${MAX_TABLE_ROWS} (the file says it runs to row ${MAX_TABLE_ROWS + 2001}); only the first ${MAX_TABLE_ROWS} rows were read.`,
    ]);
  });

  // Note: 163 million cells if the claimed dimension were believed; the time limit is the check.
  it("reads only the cells of a sheet whose dimension claims 16384 columns", { timeout: 5000 }, async () => {
    const parts = unzipSync(workbookBytes(workbookOf({ Wide: utils.aoa_to_sheet([["a", "b"], [1, 2]]) })));
    const sheetXml = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    parts["xl/worksheets/sheet1.xml"] = strToU8(sheetXml.replace(/<dimension ref="[^"]*"/, '<dimension ref="A1:XFD9999"'));
    const { markdown, warnings } = await convert(zipSync(parts), { filename: "wide.xlsx" });
    expect(tableRows(markdown)).toEqual([["a", "b"], ["1", "2"]]);
    expect(warnings).toEqual([]);
  });

  it("leaves hidden sheets out, with a warning", async () => {
    const workbook = workbookOf({ Visible: utils.aoa_to_sheet([["shown"]]), Lookup: utils.aoa_to_sheet([["secret"]]) });
    utils.book_set_sheet_visibility(workbook, "Lookup", 1);
    const { markdown, warnings, metadata } = await convert(workbookBytes(workbook), { filename: "hidden.xlsx" });
    expect(markdown).toContain("shown");
    expect(markdown).not.toContain("secret");
    expect(metadata.sheetNames).toEqual(["Visible"]);
    expect(warnings).toEqual([expect.stringContaining('Sheet "Lookup" is hidden')]);
  });

  it("leaves out a sheet an ODS hides through its table style, with a warning", async () => {
    const workbook = workbookOf({ Visible: utils.aoa_to_sheet([["shown"]]), Lookup: utils.aoa_to_sheet([["secret"]]) });
    const parts = unzipSync(workbookBytes(workbook, "ods"));
    const content = strFromU8(parts["content.xml"]!)
      .replace("<office:automatic-styles>", `<office:automatic-styles><style:style style:name="taHidden" style:family="table"><style:table-properties table:display="false"/></style:style>`)
      .replace(/<table:table table:name="Lookup" table:style-name="[^"]*"/, '<table:table table:name="Lookup" table:style-name="taHidden"');
    parts["content.xml"] = strToU8(content);
    const { markdown, warnings, metadata } = await convert(zipSync(parts), { filename: "hidden.ods" });
    expect(markdown).toContain("shown");
    expect(markdown).not.toContain("secret");
    expect(metadata.sheetNames).toEqual(["Visible"]);
    expect(warnings).toEqual([expect.stringContaining('Sheet "Lookup" is hidden')]);
  });

  it("shows cells in Excel's built-in currency, accounting and East Asian date formats in those formats", async () => {
    const sheet: WorkSheet = {
      "!ref": "A1:B4",
      A1: { t: "s", v: "Fee" }, B1: { t: "n", v: 2718.28, z: "0.00" },
      A2: { t: "s", v: "Loss" }, B2: { t: "n", v: -50, z: "0" },
      A3: { t: "s", v: "Total" }, B3: { t: "n", v: 1234.5, z: "#,##0" },
      A4: { t: "s", v: "Day" }, B4: { t: "n", v: 45427, z: "#,##0.00" },
    };
    const parts = unzipSync(workbookBytes(workbookOf({ Dues: sheet })));
    // As Excel writes them: a built-in id and no <numFmt> (44 accounting, 7 currency, 62 "#,##0.00", 58 a date),
    // each the first cell in its format, which SheetJS leaves without one.
    const ids: Record<string, string> = { "2": "44", "1": "7", "3": "62", "4": "58" };
    parts["xl/styles.xml"] = strToU8(strFromU8(parts["xl/styles.xml"]!).replace(/numFmtId="([1-4])"/g, (_, id: string) => `numFmtId="${ids[id]}"`));
    const { markdown } = await convert(zipSync(parts), { filename: "dues.xlsx" });
    expect(tableRows(markdown)).toEqual([["Fee", "$2,718.28"], ["Loss", "($50.00)"], ["Total", "1,234.50"], ["Day", "2024-05-15"]]);
  });

  it("shows every cell when the sheet's dimension record claims less, as Excel does, and built-in format 47 as mm:ss.0", async () => {
    const sheet = utils.aoa_to_sheet([["Item", "Value", "Double"], ["Alpha", 10, 20], ["Beta", 15, 30], ["Lap", 0.000405092592592593]]);
    sheet.B4 = { t: "n", v: 0.000405092592592593, z: "0.00" };
    const parts = unzipSync(workbookBytes(workbookOf({ Loose: sheet })));
    const sheetXml = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    // As a generator that writes the dimension before its rows: one row and two columns, of four and three.
    parts["xl/worksheets/sheet1.xml"] = strToU8(sheetXml.replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:B2"/>`));
    // Excel's built-in 47 ("mm:ss.0"), written as an id without a <numFmt>.
    parts["xl/styles.xml"] = strToU8(strFromU8(parts["xl/styles.xml"]!).replace(/numFmtId="2"/g, `numFmtId="47"`));
    const { markdown } = await convert(zipSync(parts), { filename: "loose.xlsx" });
    expect(tableRows(markdown)).toEqual([["Item", "Value", "Double"], ["Alpha", "10", "20"], ["Beta", "15", "30"], ["Lap", "00:35.0", ""]]);
  });

  it("shows an ODS number saved as its bare value in the cell's format, as LibreOffice does, and keeps a formatted saved text", async () => {
    const sheet = utils.aoa_to_sheet([["Share", "Amount", "Count"], [0.125, 1234.5, 1234567], [0.5, -99, 2]]);
    for (const [ref, z] of [["A2", "0.0%"], ["A3", "0.0%"], ["B2", "#,##0.00"], ["B3", "#,##0.00"], ["C2", "#,##0"], ["C3", "#,##0"]]) sheet[ref!]!.z = z;
    const parts = unzipSync(workbookBytes(workbookOf({ Sums: sheet }), "ods"));
    // As LibreOffice saves a cell in a German locale: the text its format shows there.
    parts["content.xml"] = strToU8(strFromU8(parts["content.xml"]!).replace("<text:p>2</text:p>", "<text:p>2,0</text:p>"));
    const { markdown } = await convert(zipSync(parts), { filename: "sums.ods" });
    // SheetJS's ODS writer gives every percentage style two decimals, as LibreOffice then shows them.
    expect(tableRows(markdown)).toEqual([["Share", "Amount", "Count"], ["12.50%", "1,234.50", "1,234,567"], ["50.00%", "-99.00", "2,0"]]);
  });

  it("shows a boolean LibreOffice saved as a number in a boolean format as the word it shows", async () => {
    const workbook = workbookOf({ Checks: utils.aoa_to_sheet([["Check", "Result"], ["Booked", 1], ["Count", 1], ["Closed", 0]]) });
    const parts = unzipSync(workbookBytes(workbook, "ods"));
    // As LibreOffice writes a boolean from an XLSX or a `=TRUE()` formula: a float whose text is the word.
    const words = ["TRUE", "1", "FALSE"];
    const content = strFromU8(parts["content.xml"]!).replace(/(office:value="[01]"[^>]*>)<text:p>[01]<\/text:p>/g, (_, cell: string) => `${cell}<text:p>${words.shift()}</text:p>`);
    expect(words).toEqual([]);
    parts["content.xml"] = strToU8(content);
    const { markdown } = await convert(zipSync(parts), { filename: "checks.ods" });
    expect(tableRows(markdown)).toEqual([["Check", "Result"], ["Booked", "TRUE"], ["Count", "1"], ["Closed", "FALSE"]]);
  });

  it("keeps what SheetJS says of an ODS it cannot fully read out of the console, as one warning when a cell's text comes from that style", async () => {
    // A number style whose map has a condition SheetJS does not read ("value()>0"); it used to print
    // "ODS number format may be incorrect" to stderr for every such style.
    const style = `<number:number-style style:name="N9"><number:number number:decimal-places="2"/><style:map style:condition="value()&gt;0" style:apply-style-name="N9"/></number:number-style><style:style style:name="ce9" style:family="table-cell" style:data-style-name="N9"/>`;
    /** Fuel's price in that style, saved as `saved`. */
    const prices = (saved: string): Uint8Array => {
      const parts = unzipSync(workbookBytes(workbookOf({ Prices: utils.aoa_to_sheet([["Item", "Price"], ["Fuel", 12]]) }), "ods"));
      parts["content.xml"] = strToU8(
        strFromU8(parts["content.xml"]!)
          .replace("<office:automatic-styles>", `<office:automatic-styles>${style}`)
          .replace(`office:value="12"><text:p>12</text:p>`, `office:value="12" table:style-name="ce9"><text:p>${saved}</text:p>`),
      );
      return zipSync(parts);
    };
    const printed: unknown[] = [];
    const { error } = console;
    console.error = (...parts: unknown[]) => void printed.push(parts);
    try {
      // Saved as its bare value: the text comes from the style SheetJS misread.
      const bare = await convert(prices("12"), { filename: "prices.ods" });
      expect(bare.markdown).toContain("| Fuel | 12.00");
      expect(bare.warnings).toEqual(['Some cells may look different than in Excel: 1 problem(s) reading the workbook, the first: "ODS number format may be incorrect: value()>0".']);
      // Saved as LibreOffice shows it: that text is shown, and the style does not matter.
      const shown = await convert(prices("12,00"), { filename: "prices.ods" });
      expect(shown.markdown).toContain("| Fuel | 12,00");
      expect(shown.warnings).toEqual([]);
    } finally {
      console.error = error;
    }
    expect(printed).toEqual([]);
  });

  it("reads a worksheet Excel 2.1 to 4.0 saved as a bare BIFF stream, named .xls", async () => {
    const bytes = workbookBytes(workbookOf({ Ledger: utils.aoa_to_sheet([["Item", "Amount"], ["Fuel", 1234.5]]) }), "biff2");
    expect(Array.from(bytes.subarray(0, 2))).toEqual([0x09, 0x00]);
    const { markdown } = await convert(bytes, { filename: "ledger.xls" });
    expect(markdown).toContain("| Fuel | 1234.5 |");
  });

  it.each(["xlsx", "xls"] as const)("keeps the comments of a sheet without values (%s)", async (bookType) => {
    const notes: WorkSheet = { "!ref": "B2", B2: { t: "z", c: [{ a: "Bob", t: "Check the totals" }] } };
    const workbook = workbookOf({ Data: utils.aoa_to_sheet([["k", "v"], ["a", 1]]), Notes: notes });
    const { markdown } = await convert(workbookBytes(workbook, bookType), { filename: `notes.${bookType}` });
    expect(markdown).toMatch(/## Notes\n\nComments:\n\n- B2(, Bob)?: Check the totals\n$/);
  });

  it("keeps the comments LibreOffice saves on empty ODS cells, at their cells past repeated rows and cells", async () => {
    const parts = unzipSync(workbookBytes(workbookOf({ Data: utils.aoa_to_sheet([["k", "v"], ["a", 1]]), Notes: utils.aoa_to_sheet([]) }), "ods"));
    const note = (author: string, text: string) => `<table:table-cell><office:annotation><dc:creator>${author}</dc:creator><dc:date>2024-03-01T00:00:00</dc:date><text:p>${text}</text:p></office:annotation></table:table-cell>`;
    // As LibreOffice writes "Check & sign": the space before "&" as a text:s element.
    const emptyRows = `<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="3"/></table:table-row>`;
    const noted = `<table:table-row><table:table-cell table:number-columns-repeated="2"/>${note("Ann", "Check<text:s/>&amp; sign")}</table:table-row>`;
    const xml = strFromU8(parts["content.xml"]!);
    const notesTable = /<table:table table:name="Notes"[^>]*>/.exec(xml)![0];
    parts["content.xml"] = strToU8(
      xml
        .replace(/(<table:table table:name="Data"[\s\S]*?)(<\/table:table>)/, `$1${emptyRows}${noted}$2`)
        .replace(new RegExp(`${notesTable}[\\s\\S]*?</table:table>`), `${notesTable}<table:table-row><table:table-cell/>${note("Bob", "Lonely note")}</table:table-row></table:table>`),
    );
    const { markdown } = await convert(zipSync(parts), { filename: "notes.ods" });
    expect(markdown).toBe("## Data\n\n| k | v |\n| --- | --- |\n| a | 1 |\n\nComments:\n\n- C5, Ann: Check & sign\n\n## Notes\n\nComments:\n\n- B1, Bob: Lonely note\n");
  });

  it("gives empty Markdown and a warning for a workbook without values", async () => {
    const { markdown, warnings } = await convert(workbookBytes(workbookOf({ Empty: utils.aoa_to_sheet([]) })), { filename: "empty.xlsx" });
    expect(markdown).toBe("");
    expect(warnings).toEqual(["empty.xlsx has no cells with content."]);
  });

  it("takes the title from the workbook properties, and none when there is none", async () => {
    const workbook = workbookOf({ S: utils.aoa_to_sheet([["a"]]) });
    workbook.Props = { Title: "Budget 2026" };
    const titled = await convert(workbookBytes(workbook), { filename: "b.xlsx" });
    expect(titled.metadata.title).toBe("Budget 2026");
    const untitled = await convert(workbookBytes(workbookOf({ S: utils.aoa_to_sheet([["a"]]) })), { filename: "b.xlsx" });
    expect(untitled.metadata.title).toBeUndefined();
  });
});

/** Where a ZIP member's local header starts. */
function localHeaderOf(bytes: Uint8Array, member: string): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const name = new TextEncoder().encode(member);
  for (let at = 0; at + 30 < bytes.length; at++) {
    if (view.getUint32(at, true) !== 0x04034b50 || view.getUint16(at + 26, true) !== name.length) continue;
    if (name.every((byte, index) => bytes[at + 30 + index] === byte)) return at;
  }
  throw new Error(`no member ${member}`);
}

/** A copy of the bytes with `noise` written `offset` bytes into a ZIP member's local header (30 bytes, then its name, its extra field and its data). */
function damageZipMember(bytes: Uint8Array, member: string, offset: number, noise: number[]): Uint8Array {
  const damaged = bytes.slice();
  damaged.set(noise, localHeaderOf(bytes, member) + offset);
  return damaged;
}

describe("damaged workbooks", () => {
  // Note: in a worker with a time limit, so that a hang fails this test rather than the run.
  const pool = createConversionPool({ size: 1 });
  afterAll(() => pool.close());

  it("refuses an XLSX whose styles part cannot be unpacked, naming the part, where SheetJS would loop for good", async () => {
    // 30 bytes into the member's deflate data (its local header has no extra field).
    const damaged = damageZipMember(corpusFile("cal_merge_cells.xlsx"), "xl/styles.xml", 30 + "xl/styles.xml".length + 30, [0, 101, 202, 47, 148, 249, 94, 195]);
    await expect(pool.convert(damaged, { filename: "merged.xlsx", signal: AbortSignal.timeout(20_000) })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "merged.xlsx is damaged: its part xl/styles.xml cannot be unpacked (invalid distance); check that the file is complete and not corrupt.",
    });
  });

  it("refuses an XLSX whose part's local header names it with another length, where SheetJS would loop for good", async () => {
    // The name length, 26 bytes into the local header: SheetJS would look for the data 23,280 bytes on.
    const damaged = damageZipMember(corpusFile("cal_date.xlsx"), "xl/workbook.xml", 26, [0xf0, 0x5a]);
    await expect(pool.convert(damaged, { filename: "dates.xlsx", signal: AbortSignal.timeout(20_000) })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "dates.xlsx is damaged: its part xl/workbook.xml cannot be unpacked (its local and central headers disagree); check that the file is complete and not corrupt.",
    });
  });
});
