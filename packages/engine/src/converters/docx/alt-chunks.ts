import type { Element, Root, RootContent } from "hast";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { visit } from "unist-util-visit";
import { readablePage } from "../html/readable-page.js";
import { readRtf } from "../rtf/reader.js";
import { rtfToHast } from "../rtf/to-hast.js";
import { decodeXml } from "../xml.js";

const DOCUMENT_PART = "word/document.xml";
const DOCUMENT_RELATIONSHIPS = "word/_rels/document.xml.rels";
const ALT_CHUNK = /<w:altChunk\b([^>]*?)(?:\/>|>[\s\S]*?<\/w:altChunk>)/g;
const RELATIONSHIP = /<Relationship\b([^>]*?)\/?>/g;
// Note: Word also imports MHT and nested DOCX chunks; HTML is what generators write (report
// tools, "HTML to DOCX" libraries), RTF what the Open XML SDK's samples write.
const HTML_CHUNK = /\.x?html?$/i;
const RTF_CHUNK = /\.rtf$/i;
// A private-use character cannot come from the document's own text by accident.
const MARKER = (index: number) => `\uE000docscrape-alt-chunk-${index}\uE000`;

/** A DOCX with its HTML alt-chunks replaced by marker paragraphs, and the chunks' content in order. */
export interface MarkedAltChunks {
  bytes: Uint8Array;
  chunks: Root[];
}

/**
 * The chunk's pictures keep only their alt text. Note: their `src` points at files beside the
 * HTML the generator read, which are not in the package.
 */
function withoutPictureSources(content: Root): Root {
  visit(content, "element", (element: Element) => {
    if (element.tagName === "img") delete element.properties.src;
  });
  return content;
}

/**
 * A chunk's content as HTML in mammoth's shape: an HTML chunk read as an HTML document is
 * (sanitised, without scripts or styles), an RTF chunk as the RTF converter reads it, without its
 * footnotes (their numbers would clash with the document's own).
 */
function chunkContent(bytes: Uint8Array, label: string, target: string): Root {
  if (!RTF_CHUNK.test(target)) return readablePage(bytes, label, { onlyMainContent: false }).content;
  const document = readRtf(bytes, label);
  return rtfToHast({ ...document, notes: [] });
}

/** An attribute of an XML start tag's attributes text, by its qualified name, decoded. */
function attributeIn(attributes: string, name: string): string | undefined {
  const value = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
  return value === undefined ? undefined : decodeXml(value);
}

/** The package part a document relationship points at, by id. */
function relationshipTargets(relationshipsXml: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const [, attributes = ""] of relationshipsXml.matchAll(RELATIONSHIP)) {
    const id = attributeIn(attributes, "Id");
    const target = attributeIn(attributes, "Target");
    if (id && target && attributeIn(attributes, "TargetMode") !== "External") targets.set(id, target.startsWith("/") ? target.slice(1) : `word/${target}`);
  }
  return targets;
}

/**
 * Find the document's HTML and RTF alt-chunks (`<w:altChunk r:id>`: a part a generator asked Word
 * to import where it stands, which Word shows as part of the document) and put a marker paragraph
 * in the place of each, to be swapped for the chunk's content (see {@link chunkContent}) after
 * mammoth (which skips alt-chunks). Other chunks stay, and mammoth reports them as skipped.
 */
export function markAltChunks(bytes: Uint8Array, name: string): MarkedAltChunks {
  const unchanged = { bytes, chunks: [] };
  const parts = unzipSync(bytes, { filter: (file) => file.name === DOCUMENT_PART || file.name === DOCUMENT_RELATIONSHIPS });
  const documentXml = parts[DOCUMENT_PART] ? strFromU8(parts[DOCUMENT_PART]) : "";
  if (!documentXml.includes("<w:altChunk")) return unchanged;
  const targets = relationshipTargets(parts[DOCUMENT_RELATIONSHIPS] ? strFromU8(parts[DOCUMENT_RELATIONSHIPS]) : "");
  const wanted = new Set([...targets.values()].filter((target) => HTML_CHUNK.test(target) || RTF_CHUNK.test(target)));
  const chunkParts = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  const chunks: Root[] = [];
  const marked = documentXml.replace(ALT_CHUNK, (whole, attributes: string) => {
    const target = targets.get(attributeIn(attributes, "r:id") ?? "");
    const chunk = target ? chunkParts[target] : undefined;
    if (!target || !chunk) return whole;
    chunks.push(withoutPictureSources(chunkContent(chunk, `${name} (${target})`, target)));
    return `<w:p><w:r><w:t>${MARKER(chunks.length - 1)}</w:t></w:r></w:p>`;
  });
  if (chunks.length === 0) return unchanged;
  // Note: level 0 stores the parts; the result only lives until mammoth has read it.
  return { bytes: zipSync({ ...unzipSync(bytes), [DOCUMENT_PART]: strToU8(marked) }, { level: 0 }), chunks };
}

const markerIndex = (node: RootContent): number | undefined => {
  if (node.type !== "element" || node.tagName !== "p" || node.children.length !== 1) return undefined;
  const [text] = node.children;
  const match = text?.type === "text" ? /^\uE000docscrape-alt-chunk-(\d+)\uE000$/.exec(text.value) : null;
  return match ? Number(match[1]) : undefined;
};

/** Swap each marker paragraph of mammoth's HTML for its chunk's content. Mutates `tree`. */
export function spliceAltChunks(tree: Root | Element, chunks: readonly Root[]): void {
  if (chunks.length === 0) return;
  tree.children = tree.children.flatMap((child) => {
    const index = markerIndex(child);
    if (index !== undefined) return (chunks[index]?.children ?? []) as typeof tree.children;
    if (child.type === "element") spliceAltChunks(child, chunks);
    return [child];
  }) as typeof tree.children;
}
