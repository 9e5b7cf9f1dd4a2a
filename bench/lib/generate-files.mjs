import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as XLSX from "@e965/xlsx";
import * as docx from "docx";
import PDFDocument from "pdfkit";
import { generatedDocument } from "./documents.mjs";

/** Paragraph texts of the generated reports: `count` reports' worth, deterministic. */
function paragraphs(count) {
  return Array.from({ length: count }, (_, index) => generatedDocument(index).markdown.split("\n\n").filter((block) => !/^[#|-]/.test(block)))
    .flat();
}

function tableRows(rows) {
  return Array.from({ length: rows }, (_, row) => [`item-${row}`, row * 7, (row * 3.25).toFixed(2), `note ${row % 13}`, row % 2 === 0 ? "yes" : "no"]);
}

/** A PDF of `reports` generated reports (about two thirds of a page each), as pdfkit writes it. */
export async function generatedPdf(reports) {
  const document = new PDFDocument({ size: "A4", margin: 64, info: { Title: "Generated report" } });
  const chunks = [];
  document.on("data", (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => document.on("end", resolve));
  document.font("Helvetica-Bold").fontSize(20).text("Generated report").moveDown();
  for (const [index, text] of paragraphs(reports).entries()) {
    if (index % 5 === 0) document.font("Helvetica-Bold").fontSize(14).text(`Section ${index / 5 + 1}`).moveDown(0.4);
    document.font("Helvetica").fontSize(11).text(text).moveDown(0.6);
  }
  document.end();
  await done;
  return Buffer.concat(chunks);
}

// Note: pdf.js and Skia are the engine's dependencies, not the bench's: resolved from the engine.
const engineRequire = createRequire(fileURLToPath(import.meta.resolve("docscrape")));

/**
 * The same PDF as a scan: each page rendered at `dpi` by pdf.js and placed as an image on a page
 * of its own, with no text layer — what `mode: "auto"` OCRs.
 * @param {Uint8Array} pdf
 */
export async function scannedPdf(pdf, dpi = 200) {
  const { getDocument } = await import(pathToFileURL(engineRequire.resolve("pdfjs-dist/legacy/build/pdf.mjs")).href);
  const { createCanvas } = engineRequire("@napi-rs/canvas");
  const task = getDocument({ data: pdf.slice(), verbosity: 0, standardFontDataUrl: join(engineRequire.resolve("pdfjs-dist/package.json"), "../standard_fonts/") });
  const source = await task.promise;
  const scan = new PDFDocument({ autoFirstPage: false });
  const chunks = [];
  scan.on("data", (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => scan.on("end", resolve));
  for (let number = 1; number <= source.numPages; number++) {
    const page = await source.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    scan.addPage({ size: [width, height], margin: 0 }).image(canvas.toBuffer("image/png"), 0, 0, { width, height });
  }
  await task.destroy();
  scan.end();
  await done;
  return Buffer.concat(chunks);
}

function docxFile(reports) {
  const { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } = docx;
  const children = [new Paragraph({ text: "Generated report", heading: HeadingLevel.TITLE })];
  for (const [index, text] of paragraphs(reports).entries()) {
    if (index % 5 === 0) children.push(new Paragraph({ text: `Section ${index / 5 + 1}`, heading: HeadingLevel.HEADING_1 }));
    children.push(new Paragraph({ text }));
  }
  const cell = (value) => new TableCell({ children: [new Paragraph(String(value))] });
  children.push(new Table({ rows: tableRows(reports * 2).map((row) => new TableRow({ children: row.map(cell) })) }));
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

function xlsx(rows) {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["Item", "Count", "Amount", "Note", "Paid"], ...tableRows(rows)]), "Data");
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx" });
}

function csv(rows) {
  return ["Item,Count,Amount,Note,Paid", ...tableRows(rows).map((row) => row.join(","))].join("\n");
}

/**
 * Writes one larger generated document per type into `dir`, sized by `size` (1 = about
 * 40 pages of PDF, 2,000 spreadsheet rows, 20,000 CSV rows): the corpus files are small, and
 * throughput on small files is mostly fixed cost.
 *
 * @param {string} dir
 * @param {number} size
 * @returns {Promise<string[]>} the paths written
 */
export async function writeGeneratedFiles(dir, size) {
  const files = {
    "generated.pdf": await generatedPdf(Math.ceil(60 * size)),
    "generated.docx": await docxFile(Math.ceil(60 * size)),
    "generated.xlsx": xlsx(Math.ceil(2000 * size)),
    "generated.csv": csv(Math.ceil(20000 * size)),
  };
  const paths = [];
  for (const [name, bytes] of Object.entries(files)) {
    paths.push(join(dir, name));
    await writeFile(join(dir, name), bytes);
  }
  return paths;
}
