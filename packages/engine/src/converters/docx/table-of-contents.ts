import { DOMParser, type Document, type Element, XMLSerializer } from "@xmldom/xmldom";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { childElement, wordAttribute } from "./word-xml.js";

const DOCUMENT_PART = "word/document.xml";
// Note: Word (since 2007), LibreOffice and pandoc wrap a table of contents in a content control of
// the "Table of Contents" building-block gallery; its entries are a TOC field's result.
const TABLE_OF_CONTENTS_GALLERY = "Table of Contents";
// Note: a TOC field's instruction; Word 2003, tools that write fields themselves and tables of
// figures (`TOC \c "Figure"`) put it in the body without a content control around it.
const TABLE_OF_CONTENTS_FIELD = /<w:instrText\b[^>]*>\s*TOC\b/;
const TOC_INSTRUCTION = /^\s*TOC\b/;

/** Whether a content control (`w:sdt`) holds a table of contents. */
function isTableOfContents(control: Element): boolean {
  const gallery = childElement(childElement(childElement(control, "w:sdtPr"), "w:docPartObj"), "w:docPartGallery");
  return wordAttribute(gallery, "val") === TABLE_OF_CONTENTS_GALLERY;
}

const ancestorNamed = (node: Element, name: string): Element | undefined => {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (parent.nodeName === name) return parent as Element;
  }
  return undefined;
};

/**
 * The paragraphs a TOC field spans (from the one holding its begin character to the one holding
 * its end), each list in document order. Fields nested in it (each entry's PAGEREF) are skipped
 * over by counting begin and end characters.
 */
function tableOfContentsFields(document: Document): Element[][] {
  const spans: Element[][] = [];
  const characters = Array.from(document.getElementsByTagName("*")).filter((node) => node.tagName === "w:fldChar" || node.tagName === "w:instrText");
  let open: { begin: Element; depth: number } | undefined;
  let pendingBegin: Element | undefined;
  for (const node of characters) {
    const kind = node.getAttribute("w:fldCharType");
    if (open) {
      if (kind === "begin") open.depth++;
      else if (kind === "end" && --open.depth === 0) {
        const first = ancestorNamed(open.begin, "w:p");
        const last = ancestorNamed(node, "w:p");
        if (first && last && first.parentNode === last.parentNode) spans.push(paragraphsFrom(first, last));
        open = undefined;
      }
    } else if (kind === "begin") pendingBegin = node;
    else if (node.tagName === "w:instrText" && pendingBegin) {
      if (TOC_INSTRUCTION.test(node.textContent ?? "")) open = { begin: pendingBegin, depth: 1 };
      pendingBegin = undefined;
    } else pendingBegin = undefined;
  }
  return spans;
}

/** The sibling elements from `first` to `last`, both included. */
function paragraphsFrom(first: Element, last: Element): Element[] {
  const paragraphs: Element[] = [];
  for (let node: Element | null = first; node; node = node.nextSibling as Element | null) {
    if (node.nodeType === 1) paragraphs.push(node);
    if (node === last) break;
  }
  return paragraphs;
}

/**
 * The DOCX without its table of contents (a content control of that gallery, or the paragraphs of a
 * TOC field outside one): the headings it lists are in the Markdown already, and its page numbers
 * mean nothing on a web page (the ODT reader leaves its indexes out too).
 * Unchanged when it has none.
 */
export function withoutTableOfContents(bytes: Uint8Array): Uint8Array {
  const documentBytes = unzipSync(bytes, { filter: (file) => file.name === DOCUMENT_PART })[DOCUMENT_PART];
  const documentXml = documentBytes ? strFromU8(documentBytes) : "";
  if (!documentXml.includes(TABLE_OF_CONTENTS_GALLERY) && !TABLE_OF_CONTENTS_FIELD.test(documentXml)) return bytes;
  const document = new DOMParser({ onError: () => {} }).parseFromString(documentXml, "text/xml");
  const controls = Array.from(document.getElementsByTagName("w:sdt")).filter(isTableOfContents);
  for (const control of controls) control.parentNode?.removeChild(control);
  const fields = tableOfContentsFields(document);
  if (controls.length === 0 && fields.length === 0) return bytes;
  for (const paragraph of fields.flat()) paragraph.parentNode?.removeChild(paragraph);
  // Note: level 0 stores the parts; the result only lives until mammoth has read it.
  return zipSync({ ...unzipSync(bytes), [DOCUMENT_PART]: strToU8(new XMLSerializer().serializeToString(document)) }, { level: 0 });
}
