import { createRequire } from "node:module";
import * as docx from "docx";

// Note: pdfkit is CommonJS with `export =` types; createRequire keeps its types without esModuleInterop.
const PDFDocument = createRequire(import.meta.url)("pdfkit") as typeof import("pdfkit");

/** A picture to put in a generated document. */
export interface Picture {
  type: "png" | "jpg" | "bmp" | "gif";
  bytes: Uint8Array;
  alt: string;
}

/** A DOCX of paragraphs and pictures, in order, built with the `docx` package as Word would save it. */
export async function docxWithPictures(content: ReadonlyArray<string | Picture>): Promise<Uint8Array> {
  const children = content.map((item) =>
    typeof item === "string"
      ? new docx.Paragraph(item)
      : new docx.Paragraph({
          children: [
            new docx.ImageRun({
              type: item.type,
              data: Buffer.from(item.bytes),
              transformation: { width: 200, height: 120 },
              altText: { title: item.alt, description: item.alt, name: item.alt },
            } as docx.IImageOptions),
          ],
        }),
  );
  return new Uint8Array(await docx.Packer.toBuffer(new docx.Document({ sections: [{ children }] })));
}

/** One thing drawn on a generated PDF page: text at a position, or a picture in a box (points, top-down). */
export type PdfItem =
  | { text: string; x: number; y: number; size?: number }
  | { image: Uint8Array; x: number; y: number; width: number }
  | { draw: (pdf: InstanceType<typeof PDFDocument>) => void };

/** A PDF (A4 pages) with text and raster pictures where the test puts them, built with pdfkit. */
export async function pdfWithPictures(pages: ReadonlyArray<ReadonlyArray<PdfItem>>): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: "A4", autoFirstPage: false });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => pdf.on("end", () => resolve()));
  for (const items of pages) {
    pdf.addPage({ size: "A4", margin: 0 });
    for (const item of items) {
      if ("text" in item) pdf.fontSize(item.size ?? 11).text(item.text, item.x, item.y, { lineBreak: false });
      else if ("draw" in item) item.draw(pdf);
      else pdf.image(Buffer.from(item.image), item.x, item.y, { width: item.width });
    }
  }
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * An XLSX whose first sheet holds `rows` and a picture anchored at `anchor` (0-based row and
 * column). SheetJS writes the workbook (it cannot write drawings); the drawing parts are added
 * as Excel saves them: sheet → drawing → media, with their relationships and content types.
 */
export async function xlsxWithPicture(rows: unknown[][], picture: Picture, anchor: { row: number; column: number }): Promise<Uint8Array> {
  const XLSX = await import("@e965/xlsx");
  const { strFromU8, strToU8, unzipSync, zipSync } = await import("fflate");
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Sales");
  const files = unzipSync(new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
  const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const extension = picture.type === "jpg" ? "jpeg" : picture.type;
  files[`xl/media/image1.${extension}`] = new Uint8Array(picture.bytes);
  files["xl/drawings/drawing1.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="${R}">` +
      `<xdr:oneCellAnchor><xdr:from><xdr:col>${anchor.column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${anchor.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="3048000" cy="1905000"/>` +
      `<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture 1" descr="${picture.alt}"/><xdr:cNvPicPr/></xdr:nvPicPr>` +
      `<xdr:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:prstGeom prst="rect"/></xdr:spPr></xdr:pic><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>`,
  );
  const relationships = (target: string, type: string) =>
    strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/${type}" Target="${target}"/></Relationships>`);
  files["xl/drawings/_rels/drawing1.xml.rels"] = relationships(`../media/image1.${extension}`, "image");
  files["xl/worksheets/_rels/sheet1.xml.rels"] = relationships("../drawings/drawing1.xml", "drawing");
  files["xl/worksheets/sheet1.xml"] = strToU8(strFromU8(files["xl/worksheets/sheet1.xml"]!).replace("</worksheet>", `<drawing r:id="rId1" xmlns:r="${R}"/></worksheet>`));
  files["[Content_Types].xml"] = strToU8(
    strFromU8(files["[Content_Types].xml"]!).replace(
      "</Types>",
      `<Default Extension="${extension}" ContentType="image/${extension}"/><Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>`,
    ),
  );
  return zipSync(files);
}

/** A bar chart drawn with vector paths at (x, y), as plotting libraries write one: axes, filled bars, labels. */
export const vectorBarChart = (x: number, y: number): PdfItem => ({
  draw: (pdf) => {
    pdf.save();
    pdf.lineWidth(1).strokeColor("#333333").moveTo(x, y).lineTo(x, y + 160).lineTo(x + 280, y + 160).stroke();
    [60, 110, 90, 140].forEach((height, index) => {
      pdf.rect(x + 20 + index * 65, y + 160 - height, 40, height).fillColor(["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"][index]!).fill();
      pdf.fillColor("#000000").fontSize(9).text(`Q${index + 1}`, x + 32 + index * 65, y + 166, { lineBreak: false });
    });
    pdf.restore();
  },
});

/** A ruled table with a shaded header row at (x, y): cells drawn as stroked rectangles, text in every cell. */
export const ruledTable = (x: number, y: number, rows: readonly (readonly string[])[]): PdfItem => ({
  draw: (pdf) => {
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (r === 0) pdf.rect(x + c * 120, y + r * 22, 120, 22).fillColor("#e5e7eb").fill();
        pdf.rect(x + c * 120, y + r * 22, 120, 22).lineWidth(0.5).strokeColor("#000000").stroke();
        pdf.fillColor("#000000").fontSize(10).text(cell, x + c * 120 + 5, y + r * 22 + 7, { lineBreak: false });
      }),
    );
  },
});
