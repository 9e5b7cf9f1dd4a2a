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
 * Give the collector the pictures of an HTML tree whose `src` names a file of the document
 * rather than a URL (an ODT's `Pictures/…`, an EPUB's `OEBPS/images/…`, an RTF's own
 * `rtf-picture-1`), in document order, and write the name it returns as their `src`: the HTML→GFM
 * path then writes `![alt](name)`. `read` gives the bytes of those files. A picture left out (no
 * collector, a limit, a missing file) gets an empty `src` and keeps its alt text; a URL stays as
 * it is. Mutates `tree`.
 */
export function collectPictures(tree: Root, images: ImageCollector | undefined, read: (paths: string[]) => Map<string, Uint8Array>): void {
  const pictures: Element[] = [];
  visit(tree, "element", (element: Element) => {
    if (element.tagName === "img" && isPackagePath(String(element.properties.src ?? ""))) pictures.push(element);
  });
  const files = images ? read(pictures.map((picture) => String(picture.properties.src))) : new Map<string, Uint8Array>();
  for (const picture of pictures) {
    const file = files.get(String(picture.properties.src));
    picture.properties.src = (file && file.length > 0 && images?.add(file, { alt: String(picture.properties.alt ?? "") })) || "";
  }
}

/** {@link collectPictures} for pictures that are members of the ZIP package `bytes`. */
export const collectPackagePictures = (tree: Root, bytes: Uint8Array, images: ImageCollector | undefined): void =>
  collectPictures(tree, images, (paths) => packageMembers(bytes, paths));
