import type { Element } from "@xmldom/xmldom";
import { unzipSync } from "fflate";
import { elements, partXml, relationships, relationshipsPath, worksheetParts } from "./package-parts.js";

/** A text box's paragraphs, and the cell its top-left corner is in. */
interface PlacedText {
  paragraphs: string[];
  row: number;
  column: number;
}

/** The paragraphs of a shape's text body (`xdr:txBody`), each its runs' text; empty ones left out. */
function shapeParagraphs(shape: Element): string[] {
  const body = elements(shape, "txBody")[0];
  return elements(body, "p")
    .map((paragraph) => elements(paragraph, "t").map((run) => run.textContent ?? "").join("").trim())
    .filter((text) => text !== "");
}

/**
 * Whether a shape is the fallback of an `mc:AlternateContent`. Note: Excel saves a slicer, a
 * timeline or a newer chart with a fallback text box for old readers ("This shape represents a
 * table slicer..."); Excel itself shows the `mc:Choice`.
 */
function isFallback(shape: Element): boolean {
  for (let node = shape.parentNode; node; node = node.parentNode) {
    if (node.localName === "Fallback") return true;
  }
  return false;
}

/** The cell a drawing element's anchor starts in (`xdr:from`), searched up from the element. */
function anchorCell(shape: Element): { row: number; column: number } {
  let node: Element | null = shape;
  while (node && !elements(node, "from")[0]) node = node.parentNode as Element | null;
  const from = node ? elements(node, "from")[0] : undefined;
  return { row: Number(elements(from, "row")[0]?.textContent ?? 0), column: Number(elements(from, "col")[0]?.textContent ?? 0) };
}

/**
 * The text of the text boxes and shapes drawn on each sheet of an XLSX package, by sheet name, top
 * to bottom then left to right; each as its paragraphs. Note: SheetJS reads cells, not drawings,
 * so a note typed in a text box (a dashboard's caption, a "figures are provisional") would be
 * lost; the drawing parts are read here, as for pictures. The ZIP guard has checked the package.
 */
export function readSheetTextBoxes(bytes: Uint8Array): Map<string, string[][]> {
  const files = unzipSync(bytes, { filter: ({ name }) => name.endsWith(".rels") || name === "xl/workbook.xml" || /^xl\/drawings\/[^/]+\.xml$/.test(name) });
  const textBoxes = new Map<string, string[][]>();
  for (const { name, path } of worksheetParts(files)) {
    const placed: PlacedText[] = [];
    for (const drawingPath of relationships(partXml(files, relationshipsPath(path)), path, "/drawing").values()) {
      for (const shape of elements(partXml(files, drawingPath), "sp")) {
        const paragraphs = isFallback(shape) ? [] : shapeParagraphs(shape);
        if (paragraphs.length > 0) placed.push({ paragraphs, ...anchorCell(shape) });
      }
    }
    placed.sort((a, b) => a.row - b.row || a.column - b.column);
    if (placed.length > 0) textBoxes.set(name, placed.map((text) => text.paragraphs));
  }
  return textBoxes;
}
