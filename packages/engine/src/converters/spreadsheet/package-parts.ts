import { DOMParser } from "@xmldom/xmldom";
import type { Element } from "@xmldom/xmldom";
import { strFromU8 } from "fflate";
import { posix } from "node:path";

export const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The unzipped parts of an XLSX package, by path. */
export type PackageFiles = Record<string, Uint8Array>;

/** A sheet of the workbook and the package path of its part (`xl/worksheets/sheet1.xml`). */
export interface WorksheetPart {
  name: string;
  path: string;
}

/** The root element of a package part, or undefined when the package lacks it. */
export function partXml(files: PackageFiles, path: string): Element | undefined {
  const file = files[path];
  return file ? (new DOMParser().parseFromString(strFromU8(file), "text/xml").documentElement ?? undefined) : undefined;
}

/** The workbook's sheets in workbook order, each with its part; `files` needs `xl/workbook.xml` and its relationships. */
export function worksheetParts(files: PackageFiles): WorksheetPart[] {
  const workbookTargets = relationships(partXml(files, "xl/_rels/workbook.xml.rels"), "xl/workbook.xml");
  return elements(partXml(files, "xl/workbook.xml"), "sheet").flatMap((sheet) => {
    const path = workbookTargets.get(sheet.getAttributeNS(RELATIONSHIPS, "id") ?? "");
    return path ? [{ name: sheet.getAttribute("name") ?? "", path }] : [];
  });
}

/** Elements by local name, whatever their namespace prefix (`xdr:pic`, `a:blip`). */
export function elements(parent: Element | undefined, localName: string): Element[] {
  if (!parent) return [];
  return Array.from(parent.getElementsByTagNameNS("*", localName) as unknown as ArrayLike<Element>);
}

/** `xl/worksheets/sheet1.xml` → `xl/worksheets/_rels/sheet1.xml.rels`. */
export const relationshipsPath = (path: string): string => posix.join(posix.dirname(path), "_rels", `${posix.basename(path)}.rels`);

/** A relationships part's targets by id, as package paths; only types ending in `typeSuffix` when given. */
export function relationships(root: Element | undefined, source: string, typeSuffix?: string): Map<string, string> {
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
