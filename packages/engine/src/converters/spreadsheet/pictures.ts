import type { Element } from "@xmldom/xmldom";
import { unzipSync } from "fflate";
import { RELATIONSHIPS, elements, partXml, relationships, relationshipsPath, worksheetParts } from "./package-parts.js";

/** A picture placed on a sheet: its bytes, its description, and the cell its top-left corner is in. */
export interface SheetPicture {
  bytes: Uint8Array;
  alt: string;
  row: number;
  column: number;
}

/**
 * The pictures of each sheet of an XLSX package, by sheet name, top to bottom then left to right.
 * Note: SheetJS reads cells, not drawings, so the drawing parts are read here: workbook → sheet
 * → its drawing (`xl/drawings/*.xml`) → each `xdr:pic` anchor and the media it embeds. The ZIP
 * guard has already checked the package.
 */
export function readSheetPictures(bytes: Uint8Array): Map<string, SheetPicture[]> {
  const files = unzipSync(bytes, { filter: ({ name }) => name.endsWith(".rels") || name === "xl/workbook.xml" || /^xl\/(?:drawings|media)\//.test(name) });
  const xml = (path: string): Element | undefined => partXml(files, path);
  const pictures = new Map<string, SheetPicture[]>();
  for (const { name, path: sheetPath } of worksheetParts(files)) {
    const sheetRelationships = xml(relationshipsPath(sheetPath));
    for (const drawingPath of relationships(sheetRelationships, sheetPath, "/drawing").values()) {
      const media = relationships(xml(relationshipsPath(drawingPath)), drawingPath);
      const found = elements(xml(drawingPath), "pic").flatMap((picture): SheetPicture[] => {
        const embed = elements(picture, "blip")[0]?.getAttributeNS(RELATIONSHIPS, "embed");
        const mediaBytes = embed ? files[media.get(embed) ?? ""] : undefined;
        if (!mediaBytes) return [];
        const description = elements(picture, "cNvPr")[0];
        const anchor = elements(picture.parentNode as Element, "from")[0];
        return [
          {
            bytes: mediaBytes,
            alt: description?.getAttribute("descr") || description?.getAttribute("title") || "",
            row: Number(elements(anchor, "row")[0]?.textContent ?? 0),
            column: Number(elements(anchor, "col")[0]?.textContent ?? 0),
          },
        ];
      });
      if (found.length > 0) pictures.set(name, [...(pictures.get(name) ?? []), ...found]);
    }
  }
  for (const list of pictures.values()) list.sort((a, b) => a.row - b.row || a.column - b.column);
  return pictures;
}
