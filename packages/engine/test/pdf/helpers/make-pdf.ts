/** One line of text on a generated page: Helvetica (or Helvetica-Bold) at a position in points. */
export interface PdfLine {
  text: string;
  x: number;
  /** Baseline, from the bottom of the page as in PDF. */
  y: number;
  size?: number;
  bold?: boolean;
}

/** A straight line drawn on a generated page (a table border), from (x1, y1) to (x2, y2) in PDF points. */
export interface PdfRule {
  rule: [x1: number, y1: number, x2: number, y2: number];
  /** Line width in points; 0.5 unless given. */
  width?: number;
}

const drawRule = ({ rule: [x1, y1, x2, y2], width = 0.5 }: PdfRule): string => `${width} w ${x1} ${y1} m ${x2} ${y2} l S`;

/**
 * Build a small, valid PDF (US Letter pages, standard fonts, no compression) from positioned
 * lines of ASCII text and drawn rules, so tests can state exactly what is on each page.
 */
export function makePdf(pages: readonly (readonly (PdfLine | PdfRule)[])[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add("");
  const pageTree = add("");
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const pageIds = pages.map((lines) => {
    const content = lines
      .map((line) => {
        if ("rule" in line) return drawRule(line);
        const escaped = line.text.replace(/[\\()]/g, "\\$&");
        return `BT /${line.bold ? "F2" : "F1"} ${line.size ?? 11} Tf ${line.x} ${line.y} Td (${escaped}) Tj ET`;
      })
      .join("\n");
    const stream = add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 612 792] /Contents ${stream} 0 R /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, "latin1");
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
