import { strFromU8, unzipSync } from "fflate";
import { ScrapeError } from "../errors.js";
import { imageCollectorFor } from "../images.js";
import type { Converter } from "../types.js";
import { assertSafeZip } from "../zip-guard.js";
import { hastToMarkdown } from "./docx/html-to-markdown.js";
import { OBJECT_CONTENT, readFormula } from "./odt/formulas.js";
import { readOdfMetadata } from "./odt/metadata.js";
import { readStyles } from "./odt/styles.js";
import { odtBodyToHast } from "./odt/to-hast.js";
import { collectPackagePictures } from "./package-pictures.js";
import { descendants, parseXml } from "./xml.js";

const PARTS = new Set(["content.xml", "styles.xml", "meta.xml", "META-INF/manifest.xml"]);
// Note: like DOCX (see docx.ts), the XML is held as strings and then as a DOM many times its size.
const ODT_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * OpenDocument text (ODT) to GFM with the same structure as DOCX: headings, nested lists,
 * tables, links, emphasis, footnotes and endnotes, formulas (MathML objects) as LaTeX math, and
 * its pictures (`Pictures/…`) when asked for. Tables of contents and other generated indexes are left out with `onlyMainContent`;
 * comments and tracked deletions always are.
 * Note: no maintained npm library reads ODT's structure (odt2html is a 2014 XSLT wrapper;
 * officeparser flattens to its own AST), while the format is plain XML that xmldom reads and
 * the DOCX path already writes as Markdown.
 */
export const odtConverter: Converter = {
  formats: ["odt"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    assertSafeZip(bytes, name, { maxInflatedBytes: ODT_MAX_INFLATED_BYTES });
    const parts = unzipSync(bytes, { filter: (file) => PARTS.has(file.name) || OBJECT_CONTENT.test(file.name) });
    const manifest = parts["META-INF/manifest.xml"] ? strFromU8(parts["META-INF/manifest.xml"]) : "";
    if (manifest.includes("encryption-data")) {
      throw new ScrapeError("DOCUMENT_UNREADABLE", `${name} is password-protected; remove the password in LibreOffice (File > Properties) and save it again.`);
    }
    if (!parts["content.xml"]) throw new Error("it has no content.xml");
    const content = parseXml(strFromU8(parts["content.xml"]), "content.xml");
    const styles = parts["styles.xml"] ? parseXml(strFromU8(parts["styles.xml"]), "styles.xml") : undefined;
    const meta = parts["meta.xml"] ? parseXml(strFromU8(parts["meta.xml"]), "meta.xml") : undefined;
    const [body] = descendants(content, "text").filter((element) => element.parentNode?.localName === "body");
    if (!body) throw new Error("content.xml has no office:text body (is it a spreadsheet or a presentation?)");
    // An object's `xlink:href` names its folder: `./Object 1`, `Formula-0/`.
    const formulaAt = (href: string) => readFormula(parts[`${href.replace(/^\.\//, "").replace(/\/$/, "")}/content.xml`]);
    const hast = odtBodyToHast(body, readStyles(content, styles), { name, onlyMainContent: options.onlyMainContent !== false, formulaAt });
    const images = await imageCollectorFor(options);
    collectPackagePictures(hast, bytes, images);
    const { markdown, firstHeading, imageCount } = hastToMarkdown(hast);
    const metadata = readOdfMetadata(meta);
    const collected = await images?.finish();
    const warnings = collected?.warnings ?? (imageCount > 0 ? [`${imageCount} image(s) were replaced by their alt text.`] : []);
    return {
      markdown,
      metadata: { ...metadata, title: metadata.title ?? firstHeading },
      warnings,
      ...(collected && { images: collected.images }),
    };
  },
};
