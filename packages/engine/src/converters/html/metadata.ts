import type { Element, Root } from "hast";
import { toText } from "hast-util-to-text";
import { visit } from "unist-util-visit";
import type { DocumentMetadata } from "../../types.js";

const META_FIELDS: Readonly<Record<string, "description" | "author">> = {
  description: "description",
  "og:description": "description",
  author: "author",
};

/** Title, description, author and language from a page's `<head>` and `<html lang>`. */
export function pageMetadata(tree: Root): DocumentMetadata {
  const metadata: DocumentMetadata = {};
  visit(tree, "element", (element: Element) => {
    const { properties } = element;
    if (element.tagName === "html" && typeof properties.lang === "string" && properties.lang) {
      metadata.language = properties.lang;
    } else if (element.tagName === "title" && !metadata.title) {
      metadata.title = toText(element).replace(/\s+/g, " ").trim() || undefined;
    } else if (element.tagName === "meta") {
      const field = META_FIELDS[String(properties.name ?? properties.property ?? "").toLowerCase()];
      const content = typeof properties.content === "string" ? properties.content.trim() : "";
      if (field && content) metadata[field] ??= content;
    } else if (element.tagName === "body") {
      return "skip";
    }
    return undefined;
  });
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}
