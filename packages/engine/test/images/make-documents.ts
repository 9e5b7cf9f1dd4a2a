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
export type PdfItem = { text: string; x: number; y: number; size?: number } | { image: Uint8Array; x: number; y: number; width: number };

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
      else pdf.image(Buffer.from(item.image), item.x, item.y, { width: item.width });
    }
  }
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}
