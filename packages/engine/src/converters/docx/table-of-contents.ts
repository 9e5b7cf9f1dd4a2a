import { DOMParser, type Element, XMLSerializer } from "@xmldom/xmldom";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { childElement, wordAttribute } from "./word-xml.js";

const DOCUMENT_PART = "word/document.xml";
// Note: Word (since 2007), LibreOffice and pandoc wrap a table of contents in a content control of
// the "Table of Contents" building-block gallery; its entries are a TOC field's result.
const TABLE_OF_CONTENTS_GALLERY = "Table of Contents";

/** Whether a content control (`w:sdt`) holds a table of contents. */
function isTableOfContents(control: Element): boolean {
  const gallery = childElement(childElement(childElement(control, "w:sdtPr"), "w:docPartObj"), "w:docPartGallery");
  return wordAttribute(gallery, "val") === TABLE_OF_CONTENTS_GALLERY;
}

/**
 * The DOCX without its table of contents: the headings it lists are in the Markdown already, and
 * its page numbers mean nothing on a web page (the ODT reader leaves its indexes out too).
 * Unchanged when it has none.
 */
export function withoutTableOfContents(bytes: Uint8Array): Uint8Array {
  const documentBytes = unzipSync(bytes, { filter: (file) => file.name === DOCUMENT_PART })[DOCUMENT_PART];
  const documentXml = documentBytes ? strFromU8(documentBytes) : "";
  if (!documentXml.includes(TABLE_OF_CONTENTS_GALLERY)) return bytes;
  const document = new DOMParser({ onError: () => {} }).parseFromString(documentXml, "text/xml");
  const controls = Array.from(document.getElementsByTagName("w:sdt")).filter(isTableOfContents);
  if (controls.length === 0) return bytes;
  for (const control of controls) control.parentNode?.removeChild(control);
  // Note: level 0 stores the parts; the result only lives until mammoth has read it.
  return zipSync({ ...unzipSync(bytes), [DOCUMENT_PART]: strToU8(new XMLSerializer().serializeToString(document)) }, { level: 0 });
}
