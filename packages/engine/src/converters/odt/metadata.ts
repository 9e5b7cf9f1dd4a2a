import type { Document } from "@xmldom/xmldom";
import type { DocumentMetadata } from "../../types.js";
import { descendants } from "../xml.js";

/** Title, author, description and language from an ODF package's `meta.xml`. */
export function readOdfMetadata(meta: Document | undefined): DocumentMetadata {
  if (!meta) return {};
  const field = (localName: string): string | undefined => descendants(meta, localName)[0]?.textContent?.replace(/\s+/g, " ").trim() || undefined;
  const metadata: DocumentMetadata = {
    title: field("title"),
    author: field("creator") ?? field("initial-creator"),
    description: field("description") ?? field("subject"),
    language: field("language"),
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}
