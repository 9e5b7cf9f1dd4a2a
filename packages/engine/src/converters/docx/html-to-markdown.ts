import type { Element, ElementContent, Root as HastRoot } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toText } from "hast-util-to-text";
import { type Handle, defaultHandlers, toMdast } from "hast-util-to-mdast";
import type { Image, Root, Text } from "mdast";
import { spliceAltChunks } from "./alt-chunks.js";
import { groupCheckboxParagraphs } from "./checkboxes.js";
import { definitionList } from "./definition-lists.js";
import { equationsToMath } from "./equations.js";
import { showWordListLabels } from "./list-labels.js";
import { tightenLists } from "./lists.js";
import { type WrittenMarkdown, writeMarkdown } from "../word/markdown-writer.js";
import { noteHandlers, numberNotesInOrder } from "./notes.js";
import { joinSplitLinks } from "./split-links.js";
import { CHECKED_BOX, UNCHECKED_BOX } from "../word/ballot-boxes.js";
import { flattenTableCells, normaliseTables } from "./tables.js";

/** Markdown written from mammoth's HTML, plus facts the converter reports. */
export interface DocxMarkdown extends WrittenMarkdown {
  /** How many images were replaced by their alt text (or dropped, having none): those without a `src`. */
  imageCount: number;
}

// Note: mammoth writes Word bookmarks as <a id="…"></a> and links to them as href="#…"; neither
// exists in the Markdown, so both keep only their text.
const linkOrText: Handle = (state, node) => {
  const href = node.properties.href;
  return typeof href === "string" && !href.startsWith("#") ? defaultHandlers.a!(state, node) : state.all(node);
};

/**
 * Turn mammoth's HTML into GFM: headings, nested lists, one-line table rows, task lists for
 * checkboxes, `[^1]` footnotes, equations as `$…$` math, and images as `![alt](name)` (those
 * with a `src`) or their alt text. `listLabels` are the Word labels of mammoth's numbered list
 * items (see list-labels.ts), `altChunks` the content of the HTML chunks marked in the document
 * (see alt-chunks.ts).
 */
export function htmlToMarkdown(html: string, listLabels: readonly string[] = [], altChunks: readonly HastRoot[] = []): DocxMarkdown {
  const hast = fromHtml(html, { fragment: true });
  showWordListLabels(hast, listLabels);
  spliceAltChunks(hast, altChunks);
  return hastToMarkdown(hast);
}

const normalised = (text: string): string => text.replace(/\s+/g, " ").trim();

/** The picture a paragraph holds and nothing else, when it has no `src` (it will be written as its alt text). */
function lonePictureWithoutSource(paragraph: Element): Element | undefined {
  if (paragraph.tagName !== "p") return undefined;
  const elements = paragraph.children.filter((child): child is Element => child.type === "element");
  const textOutside = paragraph.children.some((child) => child.type === "text" && child.value.trim() !== "");
  const [picture] = elements;
  return elements.length === 1 && !textOutside && picture!.tagName === "img" && !picture!.properties.src ? picture : undefined;
}

/**
 * A picture written as its alt text is left out where the caption right after it says the same.
 * Note: pandoc gives a figure's picture its caption as alt text, and the caption came out twice.
 * Mutates `tree`.
 */
function dropAltTextRepeatedByCaption(tree: HastRoot | Element): void {
  const siblings = (tree.children as ElementContent[]).filter((child): child is Element => child.type === "element");
  siblings.forEach((element, index) => {
    const picture = lonePictureWithoutSource(element);
    const caption = siblings[index + 1];
    const alt = normalised(String(picture?.properties.alt ?? ""));
    if (picture && caption && alt && normalised(toText(caption)) === alt) picture.properties.alt = "";
    dropAltTextRepeatedByCaption(element);
  });
}

/**
 * {@link htmlToMarkdown} for a tree already parsed or built: the one HTML→GFM path that the
 * DOCX, ODT, RTF, EPUB and HTML converters share. Footnotes are recognised in mammoth's shape
 * (`<sup><a href="#footnote-1">` and `<ol><li id="footnote-1">`), which the other readers write
 * too; other raised and lowered text as its plain characters (H2O: GFM has no script, the site's
 * renderer drops raw `<sub>`, and text extraction reads "H2O"), definition lists as bold terms with
 * their definitions. Mutates `hast`.
 */
export function hastToMarkdown(hast: HastRoot): DocxMarkdown {
  normaliseTables(hast);
  groupCheckboxParagraphs(hast);
  dropAltTextRepeatedByCaption(hast);
  joinSplitLinks(hast);

  // Note: this is where pictures end up for every format read through HTML; image extraction
  // (bytes and a stable name instead of the alt text) replaces this handler.
  let imageCount = 0;
  // Note: a picture the collector took has its name as `src`; any other keeps only its alt text.
  const imageOrAltText: Handle = (_state, node) => {
    // Office writes generated descriptions on several lines; one line reads better inline.
    const alt = String(node.properties.alt ?? "").replace(/\s+/g, " ").trim();
    const src = String(node.properties.src ?? "");
    if (src) return { type: "image", url: src, alt } satisfies Image;
    imageCount++;
    const text: Text = { type: "text", value: alt };
    return alt ? text : undefined;
  };
  // Note: a checkbox that is not the start of a list item (one inside a table cell) is written
  // as a ballot box, as Word shows it, rather than an escaped `\[x]`.
  const mdast = toMdast(hast, {
    handlers: { ...noteHandlers, a: linkOrText, img: imageOrAltText, dl: definitionList },
    checked: CHECKED_BOX,
    unchecked: UNCHECKED_BOX,
  }) as Root;
  equationsToMath(mdast);
  numberNotesInOrder(mdast);
  flattenTableCells(mdast);
  tightenLists(mdast);
  return { ...writeMarkdown(mdast), imageCount };
}
