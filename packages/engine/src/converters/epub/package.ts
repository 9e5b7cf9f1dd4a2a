import type { Element } from "@xmldom/xmldom";
import { ScrapeError } from "../../errors.js";
import type { DocumentMetadata } from "../../types.js";
import { childElements, descendants, parseXml } from "../xml.js";

/** What an EPUB's package document says: its metadata and its chapters in reading order. */
export interface EpubPackage {
  metadata: DocumentMetadata;
  /** ZIP paths of the spine's (X)HTML documents, in spine order. */
  chapters: string[];
}

const CONTAINER = "META-INF/container.xml";
const CHAPTER_TYPES = new Set(["application/xhtml+xml", "text/html"]);
// Note: the two font obfuscation schemes (IDPF and Adobe) are "encryption" that hides nothing a
// reader needs; anything else listed in encryption.xml is DRM.
const FONT_OBFUSCATION = new Set(["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]);

const text = (element: Element | undefined): string | undefined => element?.textContent?.replace(/\s+/g, " ").trim() || undefined;

/**
 * The ZIP path an href in the file at `fromPath` points to (`OEBPS/text/ch1.xhtml` from the
 * OPF's `text/ch1.xhtml`); `undefined` for a URL (`https:`, `data:`), which is no file of the book.
 */
export function resolvePath(fromPath: string, href: string): string | undefined {
  const url = URL.parse(href, `epub:/${fromPath}`);
  if (url?.protocol !== "epub:") return undefined;
  try {
    return decodeURIComponent(url.pathname.slice(1));
  } catch {
    return undefined;
  }
}

/**
 * Refuse an EPUB under DRM: `META-INF/rights.xml` (Adobe ADEPT), or `META-INF/encryption.xml`
 * listing anything other than obfuscated fonts.
 */
export function assertNotDrm(parts: Record<string, Uint8Array>, name: string): void {
  const encryption = parts["META-INF/encryption.xml"];
  const methods = encryption
    ? descendants(parseXml(new TextDecoder().decode(encryption), "META-INF/encryption.xml"), "EncryptionMethod").map((method) =>
        method.getAttribute("Algorithm") ?? "",
      )
    : [];
  if (parts["META-INF/rights.xml"] || methods.some((algorithm) => !FONT_OBFUSCATION.has(algorithm))) {
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} is protected by DRM, so its chapters are encrypted; use a DRM-free copy of the book.`,
    );
  }
}

/** The path of the package document (OPF), from `META-INF/container.xml`. */
export function packagePath(container: Uint8Array | undefined): string {
  if (!container) throw new Error(`it has no ${CONTAINER}`);
  const rootfile = descendants(parseXml(new TextDecoder().decode(container), CONTAINER), "rootfile")[0];
  const path = rootfile?.getAttribute("full-path");
  if (!path) throw new Error(`${CONTAINER} names no package document`);
  return path;
}

/** Read the package document: Dublin Core metadata, then the spine resolved through the manifest. */
export function readPackage(opf: Uint8Array, opfPath: string): EpubPackage {
  const document = parseXml(new TextDecoder().decode(opf), opfPath);
  const [metadataElement] = descendants(document, "metadata");
  const dc = (localName: string): Element[] => (metadataElement ? descendants(metadataElement, localName) : []);
  const authors = dc("creator").map(text).filter((name): name is string => name !== undefined);
  const metadata: DocumentMetadata = {
    title: text(dc("title")[0]),
    author: authors.length > 0 ? authors.join(", ") : undefined,
    description: text(dc("description")[0]),
    language: text(dc("language")[0]),
  };
  const manifest = new Map(
    descendants(document, "item").map((item) => [item.getAttribute("id") ?? "", item] as const),
  );
  const [spine] = descendants(document, "spine");
  const chapters = (spine ? childElements(spine) : [])
    .map((itemref) => manifest.get(itemref.getAttribute("idref") ?? ""))
    .filter((item): item is Element => item !== undefined && CHAPTER_TYPES.has(item.getAttribute("media-type") ?? ""))
    .map((item) => resolvePath(opfPath, item.getAttribute("href") ?? ""))
    .filter((path) => path !== undefined);
  return {
    metadata: Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined)),
    chapters: [...new Set(chapters)],
  };
}
