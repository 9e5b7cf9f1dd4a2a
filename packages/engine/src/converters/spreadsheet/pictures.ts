import { DOMParser } from "@xmldom/xmldom";
import type { Element } from "@xmldom/xmldom";
import { strFromU8, unzipSync } from "fflate";
import { posix } from "node:path";

/** A picture placed on a sheet: its bytes, its description, and the cell its top-left corner is in. */
export interface SheetPicture {
  bytes: Uint8Array;
  alt: string;
  row: number;
  column: number;
}

const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * The pictures of each sheet of an XLSX package, by sheet name, top to bottom then left to right.
 * Note: SheetJS reads cells, not drawings, so the drawing parts are read here: workbook → sheet
 * → its drawing (`xl/drawings/*.xml`) → each `xdr:pic` anchor and the media it embeds. The ZIP
 * guard has already checked the package.
 */
export function readSheetPictures(bytes: Uint8Array): Map<string, SheetPicture[]> {
  const files = unzipSync(bytes, { filter: ({ name }) => name.endsWith(".rels") || name === "xl/workbook.xml" || /^xl\/(?:drawings|media)\//.test(name) });
  const xml = (path: string): Element | undefined => {
    const file = files[path];
    return file ? (new DOMParser().parseFromString(strFromU8(file), "text/xml").documentElement ?? undefined) : undefined;
  };
  const pictures = new Map<string, SheetPicture[]>();
  const workbookTargets = relationships(xml("xl/_rels/workbook.xml.rels"), "xl/workbook.xml");
  for (const sheet of elements(xml("xl/workbook.xml"), "sheet")) {
    const sheetPath = workbookTargets.get(sheet.getAttributeNS(RELATIONSHIPS, "id") ?? "");
    if (!sheetPath) continue;
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
      if (found.length > 0) pictures.set(sheet.getAttribute("name") ?? "", [...(pictures.get(sheet.getAttribute("name") ?? "") ?? []), ...found]);
    }
  }
  for (const list of pictures.values()) list.sort((a, b) => a.row - b.row || a.column - b.column);
  return pictures;
}

/** Elements by local name, whatever their namespace prefix (`xdr:pic`, `a:blip`). */
function elements(parent: Element | undefined, localName: string): Element[] {
  if (!parent) return [];
  return Array.from(parent.getElementsByTagNameNS("*", localName) as unknown as ArrayLike<Element>);
}

/** `xl/worksheets/sheet1.xml` → `xl/worksheets/_rels/sheet1.xml.rels`. */
const relationshipsPath = (path: string): string => posix.join(posix.dirname(path), "_rels", `${posix.basename(path)}.rels`);

/** A relationships part's targets by id, as package paths; only types ending in `typeSuffix` when given. */
function relationships(root: Element | undefined, source: string, typeSuffix?: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const relationship of elements(root, "Relationship")) {
    const type = relationship.getAttribute("Type") ?? "";
    const target = relationship.getAttribute("Target") ?? "";
    if (relationship.getAttribute("TargetMode") === "External" || (typeSuffix && !type.endsWith(typeSuffix))) continue;
    const path = target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join(posix.dirname(source), target));
    targets.set(relationship.getAttribute("Id") ?? "", path);
  }
  return targets;
}
