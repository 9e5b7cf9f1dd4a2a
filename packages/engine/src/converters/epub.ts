import type { Element, ElementContent, Root, RootContent } from "hast";
import { unzipSync } from "fflate";
import { toText } from "hast-util-to-text";
import { visit } from "unist-util-visit";
import { imageCollectorFor } from "../images.js";
import type { Converter } from "../types.js";
import { assertSafeZip } from "../zip-guard.js";
import { hastToMarkdown } from "./docx/html-to-markdown.js";
import { assertNotDrm, packagePath, readPackage, resolvePath } from "./epub/package.js";
import { decodeHtml } from "./html/decode.js";
import { parseShallowHtml } from "./html/depth.js";
import { mainContent } from "./html/main-content.js";
import { captionsBeforeTables, mathAsLatex } from "./html/math-and-captions.js";
import { normaliseNotes } from "./html/notes.js";
import { keepWhatTheSanitiserDrops } from "./html/sanitised-away.js";
import { sanitizePage } from "./html/sanitize.js";
import { collectPackagePictures } from "./package-pictures.js";

// Note: chapters are held as strings and then as hast trees, many times their size, so an EPUB
// gets the DOCX and ODT cap. Pictures count towards it too; a book of pictures past 64 MiB
// unpacked is past the 50 MiB download limit in any case.
const EPUB_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** Links that mean something in the Markdown: to the web, or to a footnote (see `normaliseNotes`). */
const KEPT_LINK = /^(?:https?:|mailto:|#footnote-)/i;

/**
 * Links between a book's own files (`ch2.xhtml#sec`) lead nowhere once the book is one Markdown
 * page, so they keep only their text; links to the web stay. Mutates `parent`.
 */
function unwrapInternalLinks(parent: Root | Element): void {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type !== "element") return [child];
    unwrapInternalLinks(child);
    const href = child.properties.href;
    return child.tagName === "a" && !(typeof href === "string" && KEPT_LINK.test(href)) ? child.children : [child];
  }) as typeof parent.children;
}

/**
 * Point each picture of the chapter at `chapterPath` at its file in the book (`../images/a.png`
 * → `OEBPS/images/a.png`), for `collectPackagePictures`; a figure's one picture without alt text
 * takes its `<figcaption>` (a paragraph of its own, see `keepWhatTheSanitiserDrops`). Mutates `tree`.
 */
function resolvePictures(tree: Root, chapterPath: string): void {
  visit(tree, "element", (element: Element) => {
    if (element.tagName === "img" && typeof element.properties.src === "string" && element.properties.src !== "") {
      element.properties.src = resolvePath(chapterPath, element.properties.src) ?? element.properties.src;
    }
    if (element.tagName !== "figure") return;
    const pictures: Element[] = [];
    let caption = "";
    visit(element, "element", (inner: Element) => {
      if (inner.tagName === "img") pictures.push(inner);
      if (inner.tagName !== "figcaption") return;
      caption = toText(inner).replace(/\s+/g, " ").trim();
    });
    if (pictures.length === 1 && !pictures[0]!.properties.alt && caption) pictures[0]!.properties.alt = caption;
  });
}

/**
 * One chapter's body, without scripts, styles and a table of contents (`<nav>`). Note: a chapter
 * is decoded as it declares (EPUB 2 allows UTF-16 and older books name ISO-8859-1 in the XML
 * declaration), not as UTF-8 always.
 */
function chapterContent(bytes: Uint8Array, path: string, name: string, notes: { next: number }): ElementContent[] {
  const page = parseShallowHtml(decodeHtml(bytes), `${name} (${path})`);
  resolvePictures(page, path);
  // Before mainContent, which leaves out MathML as it leaves out SVG.
  mathAsLatex(page);
  const content = mainContent(page, false);
  content.children = content.children.filter((child) => !(child.type === "element" && child.tagName === "nav"));
  notes.next = normaliseNotes(content, notes.next);
  captionsBeforeTables(content);
  keepWhatTheSanitiserDrops(content);
  return content.children as ElementContent[];
}

/**
 * EPUB 2 and 3 to GFM: the chapters in spine order, each through the HTML path (headings,
 * lists, tables, emphasis), the book's title, author, description and language as metadata.
 * Links inside the book keep their text; its pictures come back when asked for, else keep their
 * alt text. A book under DRM is refused.
 * Note: no npm EPUB reader fits: epub2 and epubjs read from a path or a browser, and all of
 * them hand back HTML strings; an EPUB is a ZIP, two small XML files and XHTML, which fflate,
 * xmldom and parse5 (already here) read directly.
 */
export const epubConverter: Converter = {
  formats: ["epub"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    assertSafeZip(bytes, name, { maxInflatedBytes: EPUB_MAX_INFLATED_BYTES });
    const parts = unzipSync(bytes, { filter: (file) => file.name.startsWith("META-INF/") });
    assertNotDrm(parts, name);
    const opfPath = packagePath(parts["META-INF/container.xml"]);
    const opf = unzipSync(bytes, { filter: (file) => file.name === opfPath })[opfPath];
    if (!opf) throw new Error(`it has no package document ${opfPath}`);
    const { metadata, chapters } = readPackage(opf, opfPath);
    const wanted = new Set(chapters);
    const files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
    const missing = chapters.filter((path) => !files[path]);
    const notes = { next: 1 };
    const book: Root = {
      type: "root",
      children: chapters.flatMap((path) => (files[path] ? chapterContent(files[path], path, name, notes) : [])),
    };
    unwrapInternalLinks(book);
    const content = sanitizePage(book, undefined);
    const images = await imageCollectorFor(options);
    collectPackagePictures(content, bytes, images);
    const { markdown, firstHeading, imageCount } = hastToMarkdown(content);
    const collected = await images?.finish();
    const warnings = [
      ...(missing.length > 0 ? [`${missing.length} chapter(s) listed in the spine are missing from the file (${missing.join(", ")}).`] : []),
      ...(collected?.warnings ?? (imageCount > 0 ? [`${imageCount} image(s) were replaced by their alt text.`] : [])),
    ];
    return {
      markdown,
      metadata: { ...metadata, title: metadata.title ?? firstHeading },
      warnings,
      ...(collected && { images: collected.images }),
    };
  },
};
