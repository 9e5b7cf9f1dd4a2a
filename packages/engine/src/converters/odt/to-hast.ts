import type { Element as XmlElement, Node as XmlNode } from "@xmldom/xmldom";
import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";
import { visit } from "unist-util-visit";
import { ScrapeError } from "../../errors.js";
import { CODE_PARAGRAPH_STYLE } from "../code-style.js";
import { listsShowingLabels } from "../hast-lists.js";
import { type Marks, NO_MARKS, mergeRuns, styledText, unbolded } from "../hast-runs.js";
import { MAX_ELEMENT_DEPTH } from "../html/depth.js";
import { proseWhenTypedInMonospace } from "../typed-in-monospace.js";
import { headingLevelOfName } from "../word/heading-names.js";
import { createListNumbering } from "../word/list-numbers.js";
import { showSymbolFontText } from "../word/symbol-fonts.js";
import { childElements, descendants } from "../xml.js";
import { markedLatex } from "../docx/equations.js";
import { formFieldText } from "./form-fields.js";
import type { Formula } from "./formulas.js";
import type { OdfStyles } from "./styles.js";

const el = (tagName: string, children: ElementContent[], properties: Element["properties"] = {}): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: "text", value });

/** Elements that hold nothing for the reader: declarations, tracked changes, comments, forms. */
const SKIPPED = new Set([
  "sequence-decls", "variable-decls", "user-field-decls", "tracked-changes", "annotation", "annotation-end",
  "forms", "bookmark", "bookmark-start", "bookmark-end", "reference-mark", "reference-mark-start",
  "reference-mark-end", "soft-page-break", "note-citation", "alphabetical-index-mark", "toc-mark",
  // A ruby's reading (`text:ruby-text`); its base text shows, as of a DOCX ruby.
  "ruby-text",
]);
/** Generated indexes: a table of contents repeats the headings, with page numbers a web page has not. */
const INDEXES = new Set(["table-of-content", "illustration-index", "alphabetical-index", "table-index", "object-index", "user-index", "bibliography"]);
const QUOTE_STYLE = /^(quotations|quote|block text|intense quote)$/i;
/** Caption paragraphs: LibreOffice's `Caption` and its categories, pandoc's `FigureCaption`. */
const CAPTION_STYLE = /caption|^(figure|illustration|drawing)$/i;

interface Walk {
  styles: OdfStyles;
  name: string;
  onlyMainContent: boolean;
  /** The notes met so far, written as `<li id="footnote-n">` after the body. */
  notes: Element[];
  depth: number;
  /** The marks of the spans around the text being read. */
  marks: Marks;
  /** Whether the styles around the text show it in capitals (all caps or small caps). */
  capitals: boolean;
  /** Whether the styles around the text hide it (`text:display="none"`), as a hidden paragraph style does. */
  hidden?: boolean;
  /** The font of the innermost span around the text that names one (a symbol font shows other characters). */
  font?: string | undefined;
  /** The paragraphs written in a caption style. */
  captions: WeakSet<Element>;
  /** The numbers of the document's numbered lists, counted in document order. */
  numbering: ReturnType<typeof createListNumbering>;
  /** Which count each list goes on with (see {@link listKey}). */
  listKeys: { lastByStyle: Map<string, string>; byId: Map<string, string>; created: number };
  /** The blocks of the text frames anchored to the paragraph being read, written after it. */
  anchored?: ElementContent[] | undefined;
  /** The formula an embedded object (by its `xlink:href`) holds, if it is one. */
  formulaAt: (href: string) => Formula | undefined;
}

function deeper(walk: Walk): Walk {
  if (walk.depth >= MAX_ELEMENT_DEPTH) {
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${walk.name} nests elements more than ${MAX_ELEMENT_DEPTH} deep, which no real document does; save it again from LibreOffice or Word.`,
    );
  }
  return { ...walk, depth: walk.depth + 1 };
}

function inline(node: XmlElement, walk: Walk): ElementContent[] {
  const inner = deeper(walk);
  const out: ElementContent[] = [];
  for (let child: XmlNode | null = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.TEXT_NODE) {
      if (walk.hidden) continue;
      // ODF collapses white space as HTML does; `text:s` carries the spaces that count.
      const shown = showSymbolFontText(walk.font, (child.nodeValue ?? "").replace(/\s+/g, " "));
      out.push(...styledText(walk.capitals ? shown.toUpperCase() : shown, walk.marks));
    } else if (child.nodeType === child.ELEMENT_NODE) {
      out.push(...inlineElement(child as XmlElement, inner));
    }
  }
  return out;
}

function inlineElement(node: XmlElement, walk: Walk): ElementContent[] {
  switch (node.localName) {
    case "s":
      return [text(" ".repeat(Math.min(Number(node.getAttribute("text:c") ?? 1) || 1, 100)))];
    case "tab":
      return [text(" ")];
    case "line-break":
      return [el("br", [])];
    case "span": {
      const style = node.getAttribute("text:style-name") ?? undefined;
      const hidden = walk.styles.hidden("text", style) ?? walk.hidden;
      if (hidden) return [];
      const own = walk.styles.marks(style);
      const marks = { ...walk.marks, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)) };
      const capitals = walk.styles.capitals("text", style) ?? walk.capitals;
      return inline(node, { ...walk, marks, capitals, hidden, font: walk.styles.fontFamily(style) ?? walk.font });
    }
    case "a": {
      const href = node.getAttribute("xlink:href");
      return href ? [el("a", inline(node, walk), { href })] : inline(node, walk);
    }
    case "note":
      return [noteReference(node, walk)];
    case "fieldmark": {
      const shown = formFieldText(node);
      return shown === undefined ? inline(node, walk) : styledText(shown, walk.marks);
    }
    case "frame":
      return frame(node, walk);
    case "custom-shape":
    case "rect":
    case "ellipse":
      // A drawing shape holding text (LibreOffice reads a Word text box as one).
      return boxedText(node, node, walk);
    default:
      return SKIPPED.has(node.localName ?? "") ? [] : inline(node, walk);
  }
}

/** A footnote or endnote: the reference here, the body with the others after the text. */
function noteReference(note: XmlElement, walk: Walk): Element {
  const kind = note.getAttribute("text:note-class") === "endnote" ? "endnote" : "footnote";
  const id = `${kind}-${walk.notes.length + 1}`;
  const body = childElements(note).find((child) => child.localName === "note-body");
  walk.notes.push(el("li", body ? blocks(body, walk) : [], { id }));
  return el("sup", [el("a", [text(String(walk.notes.length))], { href: `#${id}` })]);
}

/** A link to a file outside the package (`https:`, `file:`): never opened. */
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A picture as `<img>` with its description (alt text) and, when embedded, its path inside the
 * package as `src` (`Pictures/….png`, see `collectPackagePictures`); a text box keeps its text,
 * after the paragraph it is anchored to.
 */
function frame(node: XmlElement, walk: Walk): ElementContent[] {
  const children = childElements(node);
  // Note: Word's alt text is saved as svg:desc and its title as svg:title, so the description comes first, as in DOCX.
  const described = children.find((child) => child.localName === "desc") ?? children.find((child) => child.localName === "title");
  const textBox = children.find((child) => child.localName === "text-box");
  if (textBox) return boxedText(node, textBox, walk);
  const image = children.find((child) => child.localName === "image");
  // A formula object is written as LaTeX math; another embedded object (a chart) keeps its
  // description: its `draw:image` is a metafile preview.
  const object = children.find((child) => child.localName === "object");
  const formula = object && walk.formulaAt(object.getAttribute("xlink:href") ?? "");
  if (formula) return [{ type: "text", value: markedLatex(formula.latex, formula.display) }];
  if (image || object) {
    const href = (!object && image?.getAttribute("xlink:href")?.replace(/^\.\//, "")) || "";
    return [el("img", [], { src: EXTERNAL.test(href) ? "" : href, alt: described?.textContent?.trim() ?? "" })];
  }
  return [];
}

/**
 * The text of a frame's text box or of a drawing shape (`shape` anchors it, `box` holds its
 * paragraphs). Note: one anchored to its paragraph (not set as a character) stands apart from the
 * paragraph's text, as a box of its own lines, so it is written after the paragraph; inside the
 * text, its paragraphs ran into it.
 */
function boxedText(shape: XmlElement, box: XmlElement, walk: Walk): ElementContent[] {
  // LibreOffice's captioned picture: a text frame holding the picture and its caption's text.
  const content = blocks(box, { ...walk, anchored: undefined });
  describeLonePicture(content, toText(el("div", content)));
  if (walk.anchored && shape.getAttribute("text:anchor-type") !== "as-char") {
    walk.anchored.push(...content);
    return [];
  }
  return content.flatMap((block) => [...(block.type === "element" ? block.children : [block]), text(" ")]);
}

/** Give the one undescribed picture among `content` the description `alt` (a caption). Mutates it. */
function describeLonePicture(content: ElementContent[], alt: string): void {
  const undescribed: Element[] = [];
  visit(el("div", content), "element", (element: Element) => {
    if (element.tagName === "img" && !element.properties.alt) undescribed.push(element);
  });
  const caption = alt.replace(/\s+/g, " ").trim();
  if (undescribed.length === 1 && caption) undescribed[0]!.properties.alt = caption;
}

/** A picture without a description takes the caption paragraph right after it (pandoc's `FigureCaption`). Mutates the blocks. */
function captionPictures(blocks: ElementContent[], captions: WeakSet<Element>): ElementContent[] {
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (block.type === "element" && captions.has(block) && previous?.type === "element" && previous.tagName === "p" && !toText(previous).trim()) {
      describeLonePicture([previous], toText(block));
    }
  });
  return blocks;
}

/** The walk inside a paragraph or heading: its style may show the text in capitals. */
function insideParagraph(node: XmlElement, walk: Walk): Walk {
  const style = node.getAttribute("text:style-name") ?? undefined;
  return { ...walk, capitals: walk.styles.capitals("paragraph", style) ?? false, hidden: walk.styles.hidden("paragraph", style) ?? false };
}

function paragraph(node: XmlElement, walk: Walk): Element {
  const style = node.getAttribute("text:style-name") ?? undefined;
  const lineage = walk.styles.lineage(style);
  if (lineage.some((name) => CAPTION_STYLE.test(name))) {
    const caption = el("p", mergeRuns(inline(node, walk)));
    walk.captions.add(caption);
    return caption;
  }
  if (lineage.some((name) => CODE_PARAGRAPH_STYLE.test(name)) || walk.styles.isMonospace(style)) {
    // Note: read as preformatted text, which keeps the indentation `text:s` spaces give (as a `p` it collapsed).
    return el("pre", [el("code", [text(toText(el("pre", inline(node, { ...walk, marks: NO_MARKS }))))])]);
  }
  const content = mergeRuns(inline(node, walk));
  // Note: LibreOffice writes a paragraph in a heading style that starts a page as `text:p`, and
  // Word's headings in a localized style (`Überschrift 2`) keep their name; both show as headings.
  const headingLevel = lineage.map(headingLevelOfName).find((level) => level !== undefined);
  if (headingLevel !== undefined) return el(`h${Math.min(headingLevel, 6)}`, unbolded(content));
  if (lineage.some((name) => QUOTE_STYLE.test(name))) return el("blockquote", [el("p", content)]);
  return el("p", content);
}

/**
 * A heading, with the number the document's outline numbering gives it ("2.1 Scope"), as
 * LibreOffice shows it: not for a heading in a list (the list numbers it), one marked as a list
 * header (`text:is-list-header`) or one whose style turns numbering off.
 */
function heading(node: XmlElement, walk: Walk, inList: boolean): Element {
  const outlineLevel = Math.min(Math.max(Number(node.getAttribute("text:outline-level") ?? 1) || 1, 1), LIST_LEVELS);
  const content = unbolded(mergeRuns(inline(node, insideParagraph(node, walk))));
  const numbered = !inList && node.getAttribute("text:is-list-header") !== "true" && !walk.styles.turnsNumberingOff(node.getAttribute("text:style-name") ?? undefined);
  if (numbered) {
    const levels = Array.from({ length: LIST_LEVELS }, (_, index) => walk.styles.outlineLevel(index + 1));
    const startAt = node.getAttribute("text:start-value");
    const label = walk.numbering.next(OUTLINE_KEY, levels, outlineLevel - 1, startAt ? Number(startAt) || undefined : undefined);
    if (label) content.unshift(text(`${label} `));
  }
  return el(`h${Math.min(outlineLevel, 6)}`, content);
}

/** The count of the document's outline numbering, which no list shares. */
const OUTLINE_KEY = "outline";

// ODF lists nest ten levels deep at most.
const LIST_LEVELS = 10;

/**
 * The count a top-level list's numbers belong to: a list counts from its start unless it says it
 * goes on with the list before it in its style (`text:continue-numbering`) or with a list by id
 * (`text:continue-list`), as LibreOffice writes a list interrupted by a paragraph.
 */
function listKey(node: XmlElement, style: string | undefined, walk: Walk): string {
  const keys = walk.listKeys;
  const continued = node.getAttribute("text:continue-list");
  const key =
    (continued && keys.byId.get(continued)) ||
    (node.getAttribute("text:continue-numbering") === "true" && keys.lastByStyle.get(style ?? "")) ||
    `list-${++keys.created}`;
  const id = node.getAttribute("xml:id");
  if (id) keys.byId.set(id, key);
  keys.lastByStyle.set(style ?? "", key);
  return key;
}

/** A list item that holds only a nested list: LibreOffice shows no label for it and counts no number. */
const onlyHoldsLists = (item: XmlElement): boolean => childElements(item).every((child) => child.localName === "list");

/** Whether a list numbers headings (LibreOffice's and Word's numbered headings): Markdown has no headings in lists. */
const numbersHeadings = (node: XmlElement): boolean =>
  descendants(node, "list-item").some((item) => childElements(item)[0]?.localName === "h");

/**
 * A list, with each numbered item's label as LibreOffice shows it (its style's prefix, number
 * format and suffix, from its start or an item's `text:start-value`): labels Markdown cannot
 * number ("Article 1.", "(a)", "IV.") become the items' text. A list of headings gives its
 * headings, each led by its label ("2.1 Scope"), and what they hold, out of any list.
 */
function list(node: XmlElement, walk: Walk, context: ListContext): ElementContent[] {
  const style = node.getAttribute("text:style-name") || context.style;
  const key = context.key ?? listKey(node, style, walk);
  const levels = Array.from({ length: LIST_LEVELS }, (_, index) => walk.styles.listLevel(style, index + 1));
  const numbered = levels[context.level - 1] !== undefined;
  const labelOf = (item: XmlElement): string | undefined => {
    if (!numbered || item.localName !== "list-item" || onlyHoldsLists(item)) return undefined;
    const startAt = item.getAttribute("text:start-value");
    return walk.numbering.next(key, levels, context.level - 1, startAt ? Number(startAt) || undefined : undefined);
  };
  const items = childElements(node).filter((child) => (child.localName === "list-item" || child.localName === "list-header") && !isWhollyHidden(child, walk));
  if (numbersHeadings(node)) {
    return items.flatMap((item) => {
      const label = labelOf(item);
      const content = blocks(item, walk, { level: context.level + 1, style, key });
      const [first] = content;
      if (label && first?.type === "element") first.children.unshift(text(`${label} `));
      return content;
    });
  }
  const labels = new Map<Element, string>();
  const elements = items.map((item) => {
    const label = labelOf(item);
    const element = el("li", blocks(item, walk, { level: context.level + 1, style, key }));
    if (label) labels.set(element, label);
    return element;
  });
  const whole = el(numbered ? "ol" : "ul", elements);
  return numbered ? listsShowingLabels(whole, (item) => labels.get(item)) : [whole];
}

function tableRows(node: XmlElement, walk: Walk, header: boolean): Element[] {
  return childElements(node).flatMap((child): Element[] => {
    if (child.localName === "table-header-rows") return tableRows(child, walk, true);
    if (["table-rows", "table-row-group"].includes(child.localName ?? "")) return tableRows(child, walk, header);
    if (child.localName !== "table-row") return [];
    const cells = childElements(child).flatMap((cell): Element[] => {
      if (cell.localName !== "table-cell" && cell.localName !== "covered-table-cell") return [];
      const content = cell.localName === "table-cell" ? blocks(cell, walk) : [];
      // A run of identical (usually empty) cells is written once with a count; 50 keeps a sheet-wide run small.
      const repeat = Math.min(Number(cell.getAttribute("table:number-columns-repeated") ?? 1) || 1, 50);
      return Array.from({ length: repeat }, () => el(header ? "th" : "td", content));
    });
    return [el("tr", cells)];
  });
}

interface ListContext {
  level: number;
  style: string | undefined;
  /** The count of the top-level list this one is nested in. */
  key?: string | undefined;
}

const isList = (node: ElementContent | undefined): node is Element => node?.type === "element" && (node.tagName === "ul" || node.tagName === "ol");

/**
 * LibreOffice continues a list whose next items are nested one level down as a new list whose
 * first item holds only that nested list. Move it under the previous list's last item, where it
 * belongs. Mutates `blocks`.
 */
function joinContinuedLists(blocks: ElementContent[]): ElementContent[] {
  return blocks.filter((block, index) => {
    const previous = blocks[index - 1];
    if (!isList(block) || !isList(previous)) return true;
    const [first] = block.children;
    const lastItem = previous.children.at(-1);
    if (first?.type !== "element" || lastItem?.type !== "element" || !first.children.every(isList)) return true;
    lastItem.children.push(...first.children);
    block.children.shift();
    if (block.children.length > 0) return true;
    // The emptied list stands for the one it continued, so that a second continuation finds it.
    blocks[index] = previous;
    return false;
  });
}

const isCode = (node: ElementContent | undefined): node is Element => node?.type === "element" && node.tagName === "pre";

/** Consecutive code paragraphs are one code block, a line each. Mutates the blocks. */
function joinCodeLines(blocks: ElementContent[]): ElementContent[] {
  return blocks.filter((block, index) => {
    const previous = blocks[index - 1];
    if (!isCode(block) || !isCode(previous)) return true;
    const code = previous.children[0] as Element;
    code.children.push(text(`\n${toText(block)}`));
    blocks[index] = previous;
    return false;
  });
}

/** A section the writer hid (`text:display="none"`): neither shown nor printed. */
const isHiddenSection = (node: XmlElement): boolean => node.localName === "section" && node.getAttribute("text:display") === "none";

/**
 * The text of `node` its styles show (or all of it, with `all`): hidden spans and paragraphs left
 * out, frames counted as shown. Note: past {@link MAX_ELEMENT_DEPTH} it counts as shown, for the
 * walk to refuse the nesting (xmldom's `textContent` recurses without a bound).
 */
function shownText(node: XmlElement, walk: Walk, hidden: boolean, all: boolean, depth = 0): string {
  if (depth > MAX_ELEMENT_DEPTH) return "nested";
  let shown = "";
  for (let child: XmlNode | null = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === child.TEXT_NODE) shown += hidden && !all ? "" : (child.nodeValue ?? "");
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const element = child as XmlElement;
    const style = element.getAttribute("text:style-name") ?? undefined;
    if (element.localName === "frame" || element.localName === "custom-shape") return "frame";
    if (element.localName === "span") shown += shownText(element, walk, walk.styles.hidden("text", style) ?? hidden, all, depth + 1);
    else if (element.localName === "p" || element.localName === "h") shown += shownText(element, walk, walk.styles.hidden("paragraph", style) ?? false, all, depth + 1);
    else shown += shownText(element, walk, hidden, all, depth + 1);
  }
  return shown;
}

/**
 * Whether a heading or list item has text and none of it shows (hidden spans, a hidden paragraph
 * style). Note: it is left out with its number, as Word leaves out a paragraph hidden to its mark
 * (LibreOffice writes Word's hidden mark as an empty hidden span); written, it was an empty
 * heading or an empty numbered item.
 */
const isWhollyHidden = (node: XmlElement, walk: Walk): boolean =>
  shownText(node, walk, false, true).trim() !== "" && shownText(node, walk, false, false).trim() === "";

/** The blocks inside `node`: paragraphs, headings, lists, tables, sections (hidden ones left out). */
function blocks(node: XmlElement, walk: Walk, listContext: ListContext = { level: 1, style: undefined }): ElementContent[] {
  const inner = deeper(walk);
  return captionPictures(joinCodeLines(joinContinuedLists(childElements(node).flatMap((child): ElementContent[] => {
    switch (child.localName) {
      case "h":
        return isWhollyHidden(child, inner) ? [] : [heading(child, inner, listContext.level > 1)];
      case "p": {
        const anchored: ElementContent[] = [];
        return [paragraph(child, { ...insideParagraph(child, inner), anchored }), ...anchored];
      }
      case "list":
        return list(child, inner, listContext);
      case "table":
        return [el("table", tableRows(child, inner, false))];
      default:
        if (SKIPPED.has(child.localName ?? "") || isHiddenSection(child)) return [];
        if (INDEXES.has(child.localName ?? "") && walk.onlyMainContent) return [];
        return blocks(child, inner, listContext);
    }
  }))), walk.captions);
}

/**
 * The body of an ODT (`office:text`) as HTML in the shape mammoth writes for DOCX, so that the
 * DOCX converter's HTML→GFM path turns it into Markdown: headings, nested lists (numbered or
 * bulleted as their list style says), tables, links, emphasis, and footnotes as
 * `<sup><a href="#footnote-n">` plus an `<ol>` of `<li id="footnote-n">` at the end.
 */
export function odtBodyToHast(
  body: XmlElement,
  styles: OdfStyles,
  options: { name: string; onlyMainContent: boolean; formulaAt: (href: string) => Formula | undefined },
): Root {
  const walk: Walk = {
    styles, ...options, notes: [], depth: 0, marks: NO_MARKS, capitals: false, captions: new WeakSet(),
    numbering: createListNumbering(), listKeys: { lastByStyle: new Map(), byId: new Map(), created: 0 },
  };
  const children = blocks(body, walk);
  if (walk.notes.length > 0) children.push(el("ol", walk.notes));
  return proseWhenTypedInMonospace({ type: "root", children });
}
