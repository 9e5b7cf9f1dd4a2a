import { read, set_cptable } from "@e965/xlsx";
import type { ParsingOptions, WorkBook } from "@e965/xlsx";
import * as cptable from "@e965/xlsx/dist/cpexcel.full.mjs";
import { strFromU8, unzipSync } from "fflate";
import { imageCollectorFor, imageMarkdown } from "../images.js";
import { OLE2_SIGNATURE, startsWith } from "../signatures.js";
import type { Converter, DocumentFormat } from "../types.js";
import { MAX_TABLE_ROWS } from "./gfm-table.js";
import { isOdsTextFromStyle } from "./spreadsheet/cell-text.js";
import type { CellTextOptions } from "./spreadsheet/cell-text.js";
import { assertWorkbookContainer, isZip } from "./spreadsheet/container.js";
import { dropPlaceholderResults, findFormulasWithoutResult, restoreFormulaCells } from "./spreadsheet/formulas-without-result.js";
import type { SheetWithFormulasWithoutResult } from "./spreadsheet/formulas-without-result.js";
import { readOdsDroppedCells, restoreOdsCells } from "./spreadsheet/ods-dropped-cells.js";
import { readOdsHiddenSheets } from "./spreadsheet/ods-hidden-sheets.js";
import { readOdsPictures } from "./spreadsheet/ods-pictures.js";
import { readSheetPictures } from "./spreadsheet/pictures.js";
import type { SheetPicture } from "./spreadsheet/pictures.js";
import { renderSheetSection, textBoxMarkdown } from "./spreadsheet/sheet-section.js";
import { readSheetTextBoxes } from "./spreadsheet/text-boxes.js";
import { readXlsTextBoxes } from "./spreadsheet/xls-text-boxes.js";
import { decodeXml } from "./xml.js";

// Note: the ESM build of SheetJS ships without code pages; legacy XLS files (BIFF5 and older)
// store their text in the workbook's code page (cp1251, cp932, ...) and would come out garbled.
set_cptable(cptable);

/** The pictures of each sheet, by sheet name, for the ZIP formats whose drawings are read (XLSX, ODS). */
function sheetPictures(bytes: Uint8Array, format: DocumentFormat): Map<string, Array<Pick<SheetPicture, "bytes" | "alt">>> {
  if (bytes[0] !== 0x50) return new Map();
  return format === "xlsx" ? readSheetPictures(bytes) : format === "ods" ? readOdsPictures(bytes) : new Map();
}

/**
 * Read a workbook with SheetJS, keeping what it prints about the file. Note: SheetJS reports what
 * it cannot read (an ODS number format with conditions) with `console.error`, which would reach a
 * CLI user's terminal and a server's log once per cell; the read is synchronous, so nothing else
 * prints while the console is borrowed.
 */
function readWorkbook(bytes: Uint8Array, extra: ParsingOptions = {}): { workbook: WorkBook; complaints: string[] } {
  const complaints: string[] = [];
  const { error, warn } = console;
  console.error = console.warn = (...parts: unknown[]) => void complaints.push(parts.map(String).join(" "));
  try {
    // One row past the limit tells a sheet of exactly MAX_TABLE_ROWS rows from a longer one.
    const workbook = read(bytes, { type: "array", dense: true, cellNF: true, cellHTML: false, sheetRows: MAX_TABLE_ROWS + 1, ...extra });
    return { workbook, complaints };
  } finally {
    Object.assign(console, { error, warn });
  }
}

// Note: SheetJS complains of the ODS number styles it misreads (a `style:map` condition, which
// LibreOffice writes into every file's default styles), but an ODS cell shows the text saved with
// it; the complaint matters only when some cell's text comes from its style.
const ODS_STYLE_COMPLAINT = /^ODS number format may be incorrect/;

/** What SheetJS said of the workbook that bears on the cells shown. */
function complaintsThatMatter(complaints: string[], format: DocumentFormat, workbook: WorkBook, textOptions: CellTextOptions): string[] {
  if (format !== "ods") return complaints;
  const textFromStyles = Object.values(workbook.Sheets).some((sheet) => (sheet["!data"] ?? []).some((row) => row?.some((cell) => isOdsTextFromStyle(cell, textOptions))));
  return textFromStyles ? complaints : complaints.filter((complaint) => !ODS_STYLE_COMPLAINT.test(complaint));
}

/** The text boxes of each sheet, by sheet name, for the formats whose drawings are read (XLSX, XLS 97-2003). */
function sheetTextBoxes(bytes: Uint8Array, format: DocumentFormat): Map<string, string[][]> {
  if (format === "xlsx" && isZip(bytes)) return readSheetTextBoxes(bytes);
  return format === "xls" && startsWith(bytes, OLE2_SIGNATURE) ? readXlsTextBoxes(bytes) : new Map();
}

// The office suites whose ODS files save each number's text as they show it (`meta:generator`).
const OFFICE_SUITE = /^(?:LibreOffice|OpenOffice|Apache_OpenOffice|StarOffice|Collabora|CollaboraOffice|NeoOffice|Calligra|KOffice|gnumeric|MicrosoftOffice)/i;

/**
 * The parts of an ODS package read beside SheetJS, in one pass over it: `content.xml`, which
 * holds its sheets, and whether an office suite wrote it (its `meta.xml`), which saves what each
 * cell shows. The ZIP guard has checked the package.
 */
function readOdsPackage(bytes: Uint8Array): { content: string | undefined; byOfficeSuite: boolean } {
  const parts = unzipSync(bytes, { filter: (file) => file.name === "content.xml" || file.name === "meta.xml" });
  const content = parts["content.xml"] && strFromU8(parts["content.xml"]);
  const generator = parts["meta.xml"] && /<meta:generator>([^<]*)</.exec(strFromU8(parts["meta.xml"]))?.[1];
  return { content, byOfficeSuite: generator !== undefined && OFFICE_SUITE.test(generator.trim()) };
}

/**
 * Put the cells of an ODS (its `content.xml`) that SheetJS drops back into its sheets: comments on
 * empty cells, and formulas with no saved result, which then show as formulas with a warning.
 */
function restoreOdsDroppedCells(content: string, workbook: WorkBook): void {
  for (const [sheetName, cells] of readOdsDroppedCells(content, MAX_TABLE_ROWS)) {
    const sheet = workbook.Sheets[sheetName];
    if (sheet) restoreOdsCells(sheet, cells);
  }
}

/** Whether an XLSX workbook asks Excel to recalculate every formula on opening (`<calcPr fullCalcOnLoad="1"/>`). */
function asksForFullRecalculation(workbook: WorkBook): boolean {
  const fullCalcOnLoad = (workbook.Workbook as { CalcPr?: { fullCalcOnLoad?: string } } | undefined)?.CalcPr?.fullCalcOnLoad;
  return fullCalcOnLoad === "1" || fullCalcOnLoad === "true";
}

/**
 * Put back the formula cells with no saved result that SheetJS dropped, from a second read of
 * their sheets with stubs, and show the placeholder results of a workbook whose writer did not
 * calculate as formulas too. Note: XLSX only, the format most writers that do not calculate
 * (openpyxl, XlsxWriter and their ports) write; an ODS's are put back from its `content.xml`
 * (`restoreOdsDroppedCells`), and Excel and LibreOffice save every result in XLS and XLSB.
 *
 * @returns The sheets too large to read again, whose formulas stay empty.
 */
function restoreFormulasWithoutResult(bytes: Uint8Array, format: DocumentFormat, workbook: WorkBook): SheetWithFormulasWithoutResult[] {
  if (format !== "xlsx" || bytes[0] !== 0x50) return [];
  if (asksForFullRecalculation(workbook)) Object.values(workbook.Sheets).forEach(dropPlaceholderResults);
  const found = findFormulasWithoutResult(bytes);
  const rereadable = found.filter((sheet) => sheet.rereadable).map((sheet) => sheet.name);
  if (rereadable.length > 0) {
    const { workbook: stubs } = readWorkbook(bytes, { sheetStubs: true, sheets: rereadable });
    for (const name of rereadable) {
      const [sheet, stubSheet] = [workbook.Sheets[name], stubs.Sheets[name]];
      if (sheet && stubSheet) restoreFormulaCells(sheet, stubSheet);
    }
  }
  return found.filter((sheet) => !sheet.rereadable);
}

/** One warning for every formula shown as its formula, naming the sheets, with the first as an example. */
function formulasWithoutResultWarning(name: string, formulasBySheet: Map<string, string[]>): string[] {
  const formulas = [...formulasBySheet.values()].flat();
  if (formulas.length === 0) return [];
  const sheets = `sheet${formulasBySheet.size > 1 ? "s" : ""} ${[...formulasBySheet.keys()].map((sheet) => `"${sheet}"`).join(", ")}`;
  return [
    `${name} has ${formulas.length} formula(s) with no saved result (on ${sheets}; the program that wrote it did not calculate them), shown as formulas such as ${formulas[0]}; open and save the workbook in Excel or LibreOffice to store the results.`,
  ];
}

const tooLargeWarning = ({ name, count }: SheetWithFormulasWithoutResult): string =>
  `Sheet "${name}" has ${count} formula(s) with no saved result, left empty: the sheet is too large to read them; open and save the workbook in Excel or LibreOffice to store the results.`;

/**
 * A converter for XLSX, XLSB, XLS and ODS workbooks, built on SheetJS: one `## SheetName` section and
 * one GFM table per sheet, formulas as their saved results (or their formulas when none was
 * saved), numbers and dates as their formats show them (ISO dates for the default date format),
 * hyperlinks as Markdown links and cell comments listed under the table, then the text of an XLSX
 * or XLS sheet's text boxes. Hidden sheets are left out, with a warning; chart sheets and empty sheets
 * give no section. With `options.images`, an XLSX or ODS sheet's pictures follow its table.
 */
export const spreadsheetConverter: Converter = {
  formats: ["xlsx", "xlsb", "xls", "ods"],
  async convert(bytes, options) {
    const { format, filename } = options;
    const name = filename ?? "the workbook";
    assertWorkbookContainer(bytes, format, name);
    const images = await imageCollectorFor(options);
    const picturesBySheet = images ? sheetPictures(bytes, format) : new Map<string, Array<Pick<SheetPicture, "bytes" | "alt">>>();
    const { workbook, complaints: allComplaints } = readWorkbook(bytes);
    const tooLarge = restoreFormulasWithoutResult(bytes, format, workbook);
    const ods = format === "ods" && bytes[0] === 0x50 ? readOdsPackage(bytes) : undefined;
    const textOptions = { date1904: Boolean(workbook.Workbook?.WBProps?.date1904), textFromFormat: format !== "ods", savedTextShown: ods?.byOfficeSuite ?? false };
    const complaints = complaintsThatMatter(allComplaints, format, workbook, textOptions);
    const warnings: string[] = complaints.length > 0 ? [`Some cells may look different than in Excel: ${complaints.length} problem(s) reading the workbook, the first: "${decodeXml(complaints[0]!)}".`] : [];
    warnings.push(...tooLarge.map(tooLargeWarning));
    const sections: string[] = [];
    const sheetNames: string[] = [];
    const formulasBySheet = new Map<string, string[]>();
    const textBoxesBySheet = sheetTextBoxes(bytes, format);
    const odsContent = ods?.content;
    const hiddenOdsSheets = odsContent ? readOdsHiddenSheets(odsContent) : new Set<string>();
    if (odsContent) restoreOdsDroppedCells(odsContent, workbook);
    workbook.SheetNames.forEach((sheetName, index) => {
      const sheet = workbook.Sheets[sheetName];
      if (workbook.Workbook?.Sheets?.[index]?.Hidden || hiddenOdsSheets.has(sheetName)) {
        warnings.push(`Sheet "${sheetName}" is hidden and was left out; unhide it in Excel to include it.`);
        return;
      }
      sheetNames.push(sheetName);
      if (sheet?.["!type"] === "chart") {
        warnings.push(`Sheet "${sheetName}" is a chart sheet; charts are not converted.`);
        return;
      }
      const pictures = (picturesBySheet.get(sheetName) ?? []).flatMap(({ bytes: picture, alt }) => {
        const pictureName = images?.add(picture, { alt, page: index + 1 });
        return pictureName ? [imageMarkdown(alt, pictureName)] : [];
      });
      const drawings = [...(textBoxesBySheet.get(sheetName) ?? []).map(textBoxMarkdown), ...pictures];
      if (!sheet?.["!ref"] && drawings.length === 0) return;
      const section = renderSheetSection(sheetName, sheet!, MAX_TABLE_ROWS, textOptions, drawings);
      if (section.markdown) sections.push(section.markdown);
      if (section.formulasWithoutResult.length > 0) formulasBySheet.set(sheetName, section.formulasWithoutResult);
      warnings.push(...section.warnings);
    });
    warnings.push(...formulasWithoutResultWarning(name, formulasBySheet));
    if (sections.length === 0) warnings.push(`${name} has no cells with content.`);
    const title = workbook.Props?.Title?.trim() || undefined;
    const author = workbook.Props?.Author?.trim() || undefined;
    const collected = await images?.finish();
    return {
      markdown: sections.length > 0 ? `${sections.join("\n\n")}\n` : "",
      metadata: { sheetNames, ...(title && { title }), ...(author && { author }) },
      warnings: [...warnings, ...(collected?.warnings ?? [])],
      ...(collected && { images: collected.images }),
    };
  },
};
