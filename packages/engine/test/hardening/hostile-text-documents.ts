import { strToU8, zipSync } from "fflate";
import { LAUGHS_DTD, zipBombWith } from "./hostile-documents.js";

/** Hostile ODT, EPUB, RTF and HTML documents, generated in the test. */

const ODF_NS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"`;

const ODT_PARTS = {
  mimetype: "application/vnd.oasis.opendocument.text",
  "META-INF/manifest.xml": `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
};

const odtBody = (body: string, prolog = ""): string =>
  `<?xml version="1.0" encoding="UTF-8"?>${prolog}<office:document-content ${ODF_NS}><office:body><office:text>${body}</office:text></office:body></office:document-content>`;

/** An ODT whose body (`office:text`) is the given XML; `mimetype` first and stored, as ODF requires. */
export const odtWith = (body: string, parts: Record<string, string | Uint8Array> = {}, prolog = ""): Uint8Array =>
  zipSync(
    { mimetype: [strToU8(ODT_PARTS.mimetype), { level: 0 }], "META-INF/manifest.xml": strToU8(ODT_PARTS["META-INF/manifest.xml"]), ...Object.fromEntries(Object.entries(parts).map(([path, part]) => [path, typeof part === "string" ? strToU8(part) : part])), "content.xml": strToU8(odtBody(body, prolog)) },
    { level: 6 },
  );

/** A one-paragraph ODT: the good document. */
export const plainOdt = (text: string): Uint8Array => odtWith(`<text:p>${text}</text:p>`);

/** An ODT saved with a password: the manifest lists `encryption-data` and content.xml is ciphertext. */
export const encryptedOdt = (): Uint8Array =>
  zipSync({
    mimetype: [strToU8(ODT_PARTS.mimetype), { level: 0 }],
    "META-INF/manifest.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="x"/></manifest:encryption-data></manifest:file-entry></manifest:manifest>`,
    ),
    "content.xml": Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256),
  });

/** An ODT whose content.xml declares the billion laughs. */
export const billionLaughsOdt = (): Uint8Array => odtWith("<text:p>&lol9;</text:p>", {}, LAUGHS_DTD);

/** An ODT whose body nests `<text:span>` `depth` deep. */
export const deeplyNestedOdt = (depth: number): Uint8Array => odtWith(`<text:p>${"<text:span>".repeat(depth)}deep${"</text:span>".repeat(depth)}</text:p>`);

/** An ODT whose content.xml inflates to `inflatedBytes`. */
export const odtBomb = (inflatedBytes: number): Uint8Array => zipBombWith(ODT_PARTS, "content.xml", inflatedBytes);

const EPUB_PARTS = (encryption?: string): Record<string, string> => ({
  mimetype: "application/epub+zip",
  "META-INF/container.xml": `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
  ...(encryption && { "META-INF/encryption.xml": encryption }),
  "OEBPS/book.opf": `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Hostile Book</dc:title></metadata><manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>`,
});

/** An EPUB of one chapter with the given XHTML body, plus any further members (pictures). */
export const epubWith = (body: string, encryption?: string, members: Record<string, Uint8Array> = {}): Uint8Array =>
  zipSync({
    ...Object.fromEntries(Object.entries(EPUB_PARTS(encryption)).map(([path, text]) => [path, path === "mimetype" ? [strToU8(text), { level: 0 }] : strToU8(text)])),
    ...members,
    "OEBPS/c1.xhtml": strToU8(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>c1</title></head><body>${body}</body></html>`),
  } as Parameters<typeof zipSync>[0]);

/** An EPUB under Adobe DRM: its chapter is listed as AES-encrypted in META-INF/encryption.xml. */
export const drmEpub = (): Uint8Array =>
  epubWith(
    "<p>ciphertext</p>",
    `<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/c1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`,
  );

/** An EPUB whose one chapter inflates to `inflatedBytes`. */
export const epubBomb = (inflatedBytes: number): Uint8Array => zipBombWith(EPUB_PARTS(), "OEBPS/c1.xhtml", inflatedBytes);

/** An HTML page whose body nests `<div>` `depth` deep. */
export const deeplyNestedHtml = (depth: number): Uint8Array =>
  strToU8(`<!DOCTYPE html><html><body>${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}</body></html>`);

/** An RTF document that opens `depth` groups. */
export const deeplyNestedRtf = (depth: number): Uint8Array => strToU8(`{\\rtf1\\ansi ${"{".repeat(depth)}deep${"}".repeat(depth)}}`);

