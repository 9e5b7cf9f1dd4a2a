import type { Element, Root } from "hast";
import { unzipSync } from "fflate";
import { visit } from "unist-util-visit";
import type { ImageCollector } from "../images.js";

/**
 * The members of a ZIP package named in `paths`, inflated (those it lacks are absent). Note: call
 * it after the ZIP guard has checked the package, which bounds what any member inflates to.
 */
export function packageMembers(bytes: Uint8Array, paths: Iterable<string>): Map<string, Uint8Array> {
  const wanted = new Set(paths);
  if (wanted.size === 0) return new Map();
  return new Map(Object.entries(unzipSync(bytes, { filter: (file) => wanted.has(file.name) })));
}

/** A `src` that names a file inside the package rather than a URL (`https:`, `data:`…). */
const isPackagePath = (src: string): boolean => src !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(src);

/**
 * Give the collector the pictures of an HTML tree whose `src` is a path inside the ZIP package
 * `bytes` (an ODT's `Pictures/…`, an EPUB's `OEBPS/images/…`), in document order, and write the
 * name it returns as their `src`: the HTML→GFM path then writes `![alt](name)`. A picture left out
 * (no collector, a limit, a missing member) gets an empty `src` and keeps its alt text; a URL
 * stays as it is. Mutates `tree`.
 */
export function collectPackagePictures(tree: Root, bytes: Uint8Array, images: ImageCollector | undefined): void {
  const pictures: Element[] = [];
  visit(tree, "element", (element: Element) => {
    if (element.tagName === "img" && isPackagePath(String(element.properties.src ?? ""))) pictures.push(element);
  });
  const members = images ? packageMembers(bytes, pictures.map((picture) => String(picture.properties.src))) : new Map<string, Uint8Array>();
  for (const picture of pictures) {
    const member = members.get(String(picture.properties.src));
    picture.properties.src = (member && images?.add(member, { alt: String(picture.properties.alt ?? "") })) || "";
  }
}
