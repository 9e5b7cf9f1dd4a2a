import { strFromU8, unzipSync } from "fflate";
import { packageMembers } from "../package-pictures.js";
import { childElements, descendants, parseXml } from "../xml.js";
import type { SheetPicture } from "./pictures.js";

/** A link to a file outside the package (`https:`, `file:`): never opened. */
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The pictures of each sheet of an ODS package, by sheet name, in document order: those anchored
 * to the page (`table:shapes`, first in the sheet's XML), then those anchored to cells, row by row.
 * Note: SheetJS reads cells, not drawings, so `content.xml` is read here; an embedded object
 * (chart) is left out, its `draw:image` being a metafile preview. The ZIP guard has already
 * checked the package.
 */
export function readOdsPictures(bytes: Uint8Array): Map<string, Array<Pick<SheetPicture, "bytes" | "alt">>> {
  const content = unzipSync(bytes, { filter: (file) => file.name === "content.xml" })["content.xml"];
  if (!content) return new Map();
  const sheets = descendants(parseXml(strFromU8(content), "content.xml"), "table").filter((table) => table.parentNode?.localName === "spreadsheet");
  const placed = sheets.flatMap((sheet) =>
    descendants(sheet, "frame").flatMap((frame) => {
      const children = childElements(frame);
      const href = children.find((child) => child.localName === "image")?.getAttribute("xlink:href")?.replace(/^\.\//, "");
      if (!href || EXTERNAL.test(href) || children.some((child) => child.localName === "object")) return [];
      const described = children.find((child) => child.localName === "desc") ?? children.find((child) => child.localName === "title");
      return [{ sheet: sheet.getAttribute("table:name") ?? "", href, alt: described?.textContent?.trim() ?? "" }];
    }),
  );
  const members = packageMembers(bytes, placed.map((picture) => picture.href));
  const pictures = new Map<string, Array<Pick<SheetPicture, "bytes" | "alt">>>();
  for (const { sheet, href, alt } of placed) {
    const picture = members.get(href);
    if (picture) pictures.set(sheet, [...(pictures.get(sheet) ?? []), { bytes: picture, alt }]);
  }
  return pictures;
}
