import { createRequire } from "node:module";
import * as docx from "docx";
import { strToU8, zipSync } from "fflate";
import { PPTX_NAMESPACES, pptxWith } from "../hardening/hostile-documents.js";
import { odtWith } from "../hardening/hostile-text-documents.js";

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

/** The namespaces of an ODF picture frame. */
export const ODF_DRAWING_NS = `xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"`;

/** An ODF frame holding the picture at `href` with its description, as LibreOffice writes it. */
const odfPicture = (href: string, description: string): string =>
  `<draw:frame ${ODF_DRAWING_NS} draw:name="Image1" svg:width="8cm" svg:height="5cm"><draw:image xlink:href="${href}" xlink:type="simple" xlink:show="embed"/><svg:desc>${description}</svg:desc></draw:frame>`;

/** An ODT: a paragraph, a picture anchored in its own paragraph, a paragraph. */
export const odtWithPicture = (picture: Uint8Array, description = "Sales by quarter"): Uint8Array =>
  odtWith(`<text:p>Before the chart.</text:p><text:p>${odfPicture("Pictures/chart.png", description)}</text:p><text:p>After the chart.</text:p>`, {
    "Pictures/chart.png": picture,
  });

/** A one-slide PPTX: a text box above a picture (`ppt/media/image1.png`) with its description. */
export function pptxWithPicture(picture: Uint8Array, description = "The ferry at the north pier"): Uint8Array {
  const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree>
    <p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:p><a:r><a:t>Ferry season</a:t></a:r></a:p></p:txBody></p:sp>
    <p:pic><p:nvPicPr><p:cNvPr id="5" name="Photo" descr="${description}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rId2"/></p:blipFill><p:spPr><a:xfrm><a:off x="0" y="2000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr></p:pic>
    <p:sp><p:nvSpPr><p:cNvPr id="4" name="Text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="1000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:t>Boats leave every hour.</a:t></a:r></a:p></p:txBody></p:sp>
  </p:spTree></p:cSld></p:sld>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="../media/image1.png"/></Relationships>`;
  return pptxWith(slide, { "ppt/slides/_rels/slide1.xml.rels": rels, "ppt/media/image1.png": picture });
}

/** A two-page ODP: a title and a text, then a picture on the second page. */
export function odpWithPicture(picture: Uint8Array): Uint8Array {
  const page = (name: string, title: string, body: string) =>
    `<draw:page draw:name="${name}"><draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm" svg:height="2cm"><draw:text-box><text:p>${title}</text:p></draw:text-box></draw:frame>${body}</draw:page>`;
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" ${ODF_DRAWING_NS}><office:body><office:presentation>
    ${page("p1", "Harbour lights", `<draw:frame svg:x="1cm" svg:y="4cm" svg:height="2cm"><draw:text-box><text:p>Opening in spring.</text:p></draw:text-box></draw:frame>`)}
    ${page("p2", "The lighthouse", odfPicture("Pictures/10000000lighthouse.jpg", "The lighthouse at dusk").replace("<draw:frame ", `<draw:frame svg:x="1cm" svg:y="4cm" `))}
  </office:presentation></office:body></office:document-content>`;
  return zipSync({
    mimetype: [strToU8("application/vnd.oasis.opendocument.presentation"), { level: 0 }],
    "META-INF/manifest.xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.presentation"/></manifest:manifest>`),
    "content.xml": strToU8(content),
    "Pictures/10000000lighthouse.jpg": picture,
  });
}

/**
 * A two-sheet ODS: "Notes" (one cell), then "Sales" (a small table and a picture anchored to a
 * cell below it, as LibreOffice writes one), with a chart object whose preview is no picture.
 */
export function odsWithPicture(picture: Uint8Array, description = "Sales by quarter"): Uint8Array {
  const cell = (value: string | number) =>
    typeof value === "number"
      ? `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"><text:p>${value}</text:p></table:table-cell>`;
  const row = (...values: Array<string | number>) => `<table:table-row>${values.map(cell).join("")}</table:table-row>`;
  const chartObject = `<draw:frame ${ODF_DRAWING_NS}><draw:object xlink:href="./Object 1"/><draw:image xlink:href="./ObjectReplacements/Object 1"/></draw:frame>`;
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ${ODF_DRAWING_NS} office:version="1.3"><office:body><office:spreadsheet>
    <table:table table:name="Notes">${row("Figures are provisional.")}</table:table>
    <table:table table:name="Sales">${row("Quarter", "Sales")}${row("Q1", 120)}${row("Q2", 180)}<table:table-row><table:table-cell>${odfPicture("Pictures/chart.png", description)}${chartObject}</table:table-cell></table:table-row></table:table>
  </office:spreadsheet></office:body></office:document-content>`;
  return zipSync({
    mimetype: [strToU8("application/vnd.oasis.opendocument.spreadsheet"), { level: 0 }],
    "META-INF/manifest.xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`),
    "content.xml": strToU8(content),
    "styles.xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.3"/>`),
    "Pictures/chart.png": picture,
    "ObjectReplacements/Object 1": strToU8("SVM not a picture browsers show"),
  });
}
