import { DOMParser, type Document, type Element, XMLSerializer } from "@xmldom/xmldom";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { headingLevelOfOutline } from "../word/heading-names.js";
import { type ListLevel, createListNumbering } from "../word/list-numbers.js";
import { hasFieldToShow, showFieldResults } from "./complex-fields.js";
import { hasUnreadText, unwrapSkippedElements } from "./unread-text.js";
import { showSymbolFontText } from "../word/symbol-fonts.js";
import { listLabelBookmark } from "./list-labels.js";
import { SKIPS_GRID_COLUMNS, fillSkippedGridColumns } from "./row-offsets.js";
import { HAS_DROP_CAP, joinDropCaps } from "./drop-caps.js";
import { HAS_VML_PICTURE, showVmlPictures } from "./vml-pictures.js";
import { type WordList, readNumbering } from "./numbering.js";
import { type StyleSheet, readStyleSheet } from "./style-sheet.js";
import { decodeXml } from "../xml.js";
import { booleanProperty, childElement, numberingReference, valueIn, wordAttribute } from "./word-xml.js";

const DOCUMENT_PART = "word/document.xml";
const STYLES_PART = "word/styles.xml";
const NUMBERING_PART = "word/numbering.xml";

/** The style id given to heading paragraphs; {@link HEADING_STYLE_MAP} maps it to `<hN>`. */
const headingStyleId = (level: number) => `DocscrapeHeading${Math.min(level, 6)}`;

/** mammoth style-map lines for the heading styles {@link showWhatWordShows} assigns. */
export const HEADING_STYLE_MAP = [1, 2, 3, 4, 5, 6].map((level) => `p.${headingStyleId(level)} => h${level}:fresh`);

// Cheap tests on the raw XML that tell whether a document needs the DOM pass at all.
const DIRECT_FORMATTING = /<w:(?:caps|smallCaps|outlineLvl|vanish)\b/;
// Note: a cheap pre-test only; isSymbolFont decides which fonts are symbol fonts.
const SYMBOL_FONT_RUN = /<w:rFonts\b[^>]*="(?:Symbol|Wingdings|Webdings)/i;
const STYLE_REFERENCE = /<w:[pr]Style w:val="([^"]*)"/g;
const CUSTOM_NOTE_MARK = /w:customMarkFollows="(?:1|true|on)"/;
const PARAGRAPH_PROPERTIES = /<w:pPr>([\s\S]*?)<\/w:pPr>/g;
const NUMBERED_LEVEL = /<w:numFmt w:val="(?!bullet"|none")/;
const UNMARKED_LEVEL = /<w:numFmt w:val="none"|<w:lvlText w:val="\s*"/;

/**
 * Whether anything in the document reads differently once its styles are resolved: direct caps,
 * hidden text (directly or by style), symbol fonts or outline levels, text mammoth skips (unread wrappers, text boxes without a VML
 * copy), a VML picture, fields it shows wrongly, a note reference with a custom mark, a table row that starts past
 * its first column, a drop cap, a style it uses that shows capitals or is a heading mammoth does not know by name, or a
 * numbered paragraph (a list item or a numbered heading). Note: the DOM pass costs about as much
 * as mammoth itself, so documents without any of these skip it.
 */
function needsResolving(documentXml: string, styles: StyleSheet, numberingXml: string): boolean {
  if (DIRECT_FORMATTING.test(documentXml) || SYMBOL_FONT_RUN.test(documentXml) || hasUnreadText(documentXml) || hasFieldToShow(documentXml)) return true;
  if (CUSTOM_NOTE_MARK.test(documentXml) || SKIPS_GRID_COLUMNS.test(documentXml) || HAS_DROP_CAP.test(documentXml)) return true;
  if (HAS_VML_PICTURE.test(documentXml)) return true;
  const numbered = NUMBERED_LEVEL.test(numberingXml);
  if ((numbered || UNMARKED_LEVEL.test(numberingXml)) && documentXml.includes("<w:numPr>")) return true;
  const used = new Set(Array.from(documentXml.matchAll(STYLE_REFERENCE), (match) => decodeXml(match[1]!)));
  if (styles.defaultParagraphStyle) used.add(styles.defaultParagraphStyle);
  for (const id of used) {
    const heading = styles.headingLevel(id) !== undefined;
    if (styles.capitals(id) || styles.hidden(id) || (numbered && styles.numbering(id)) || (heading && !styles.mappedByName(id))) return true;
  }
  for (const [, properties = ""] of documentXml.matchAll(PARAGRAPH_PROPERTIES)) {
    if (properties.includes("<w:numPr>") && styles.headingLevel(valueIn(properties, "pStyle")) !== undefined) return true;
  }
  return false;
}

function parseXml(bytes: Uint8Array | undefined): Document | undefined {
  if (!bytes) return undefined;
  return new DOMParser({ onError: () => {} }).parseFromString(strFromU8(bytes), "text/xml");
}

/** Whether run properties ask for capitals: true, false (explicitly off) or undefined (not said). */
function capitalsOf(runProperties: Element | undefined): boolean | undefined {
  const caps = booleanProperty(childElement(runProperties, "w:caps"));
  const smallCaps = booleanProperty(childElement(runProperties, "w:smallCaps"));
  if (caps === undefined && smallCaps === undefined) return undefined;
  return Boolean(caps || smallCaps);
}

function elementsIn(root: Element, name: string): Element[] {
  return Array.from(root.getElementsByTagName(name));
}

/**
 * Whether a paragraph is in the `mc:Choice` branch of alternate content (a DrawingML text box
 * whose VML copy follows in `mc:Fallback`). mammoth reads only the fallback, so only that copy
 * may count towards list numbers.
 */
function inAlternateChoice(paragraph: Element): boolean {
  for (let node = paragraph.parentNode; node; node = node.parentNode) {
    if (node.nodeName === "mc:Choice") return true;
  }
  return false;
}

/** The list a paragraph is in (its own `w:numPr`, else its style's) and its level there. */
function listPlace(paragraphProperties: Element | undefined, styleId: string | undefined, styles: StyleSheet, listOf: (numId: string) => WordList | undefined) {
  const reference = numberingReference(paragraphProperties) ?? styles.numbering(styleId);
  if (!reference || reference.numId === "0") return undefined;
  const list = listOf(reference.numId);
  if (!list) return undefined;
  const level = reference.level ?? (styleId === undefined ? undefined : list.levelOfStyle(styleId)) ?? 0;
  return { list, level };
}

/**
 * Whether a list level shows no marker: no number (`none`) or a bullet that is blank. Note: pandoc
 * writes a list item's second paragraph so, indented under the item without a bullet.
 */
const showsNoMarker = (level: ListLevel | undefined): boolean =>
  level !== undefined && (level.format === "none" || (level.format === "bullet" && level.text.trim() === ""));

/**
 * Whether a paragraph's own `w:numId` 0 takes it out of the list its style puts it in. Note:
 * mammoth reads a `w:numPr` without `w:ilvl` as no reference and falls back on the style's list.
 */
const leavesStyleList = (paragraphProperties: Element | undefined, styleId: string | undefined, styles: StyleSheet): boolean =>
  numberingReference(paragraphProperties)?.numId === "0" && styles.numbering(styleId) !== undefined;

/**
 * Take a paragraph out of its list, so mammoth reads it as a paragraph: `w:numId` 0 at level 0,
 * as mammoth needs both to let the reference override a style's list.
 */
function unlist(document: Document, paragraph: Element): void {
  let properties = childElement(paragraph, "w:pPr");
  if (!properties) {
    properties = document.createElement("w:pPr");
    paragraph.insertBefore(properties, paragraph.firstChild);
  }
  const own = childElement(properties, "w:numPr");
  if (own) properties.removeChild(own);
  const numberingProperties = document.createElement("w:numPr");
  const numId = document.createElement("w:numId");
  numId.setAttribute("w:val", "0");
  const level = document.createElement("w:ilvl");
  level.setAttribute("w:val", "0");
  numberingProperties.appendChild(level);
  numberingProperties.appendChild(numId);
  properties.appendChild(numberingProperties);
}

/** Upper-case the text of runs shown in capitals (`w:caps`, `w:smallCaps`, directly or by style). */
function capitalizeRuns(paragraph: Element, paragraphStyleCapitals: boolean | undefined, styles: StyleSheet): void {
  for (const run of elementsIn(paragraph, "w:r")) {
    const properties = childElement(run, "w:rPr");
    const capitals =
      capitalsOf(properties) ?? styles.capitals(wordAttribute(childElement(properties, "w:rStyle"), "val")) ?? paragraphStyleCapitals;
    if (!capitals) continue;
    for (const text of elementsIn(run, "w:t")) text.textContent = (text.textContent ?? "").toUpperCase();
  }
}

/**
 * Write the text of runs set in a symbol font as the characters Word shows ("a" or U+F061 in
 * Symbol is "α"). Note: mammoth maps a `w:sym` element, but not text typed in the font itself.
 */
function showSymbolFontRuns(paragraph: Element): void {
  for (const run of elementsIn(paragraph, "w:r")) {
    const fonts = childElement(childElement(run, "w:rPr"), "w:rFonts");
    const font = wordAttribute(fonts, "ascii") ?? wordAttribute(fonts, "hAnsi");
    if (font === undefined) continue;
    for (const text of elementsIn(run, "w:t")) text.textContent = showSymbolFontText(font, text.textContent ?? "");
  }
}

/**
 * Remove the runs Word does not show: hidden text (`w:vanish` on the run, else on its character
 * style, else on the paragraph's style). Note: mammoth ignores `w:vanish`; a `w:vanish` in the
 * paragraph mark's properties only hides the mark and is left alone.
 */
function removeHiddenRuns(paragraph: Element, paragraphStyleHidden: boolean | undefined, styles: StyleSheet): void {
  for (const run of elementsIn(paragraph, "w:r")) {
    const properties = childElement(run, "w:rPr");
    const hidden =
      booleanProperty(childElement(properties, "w:vanish")) ?? styles.hidden(wordAttribute(childElement(properties, "w:rStyle"), "val")) ?? paragraphStyleHidden;
    if (hidden) run.parentNode?.removeChild(run);
  }
}

/** Whether a run shows anything: text, a tab, a break, a picture…, not just its properties. */
const showsContent = (run: Element): boolean =>
  Array.from(run.childNodes).some((node) => node.nodeType === 1 && (node as Element).tagName !== "w:rPr");

/** Whether a run is tracked as deleted or moved away, which mammoth leaves out. */
const isRemovedRun = (run: Element): boolean => {
  for (let node = run.parentNode; node && node.nodeName !== "w:p"; node = node.parentNode) {
    if (node.nodeName === "w:del" || node.nodeName === "w:moveFrom") return true;
  }
  return false;
};

/**
 * Whether a paragraph shows nothing once its hidden runs are gone: its mark is hidden too (`w:vanish`
 * in its mark's properties, else by its style) and no run is left. Note: Word then shows no line
 * for it at all, nor a list number, where mammoth wrote an empty paragraph or list item ("2.").
 */
function isWhollyHidden(paragraph: Element, paragraphProperties: Element | undefined, paragraphStyleHidden: boolean | undefined): boolean {
  const markHidden = booleanProperty(childElement(childElement(paragraphProperties, "w:rPr"), "w:vanish")) ?? paragraphStyleHidden;
  if (!markHidden || elementsIn(paragraph, "m:oMath").length > 0) return false;
  return !elementsIn(paragraph, "w:r").some((run) => showsContent(run) && !isRemovedRun(run));
}

/**
 * Whether a paragraph's mark is tracked as deleted or moved away (`w:del`, `w:moveFrom` in its
 * mark's properties): what is left of it joins the next paragraph, which keeps its own list place
 * and style, so it counts for no list number. Note: mammoth joins a paragraph whose mark is
 * deleted but not one whose mark moved away, which is marked deleted for it here.
 */
function joinsNextParagraph(document: Document, paragraphProperties: Element | undefined): boolean {
  const mark = childElement(paragraphProperties, "w:rPr");
  const moved = childElement(mark, "w:moveFrom");
  if (moved) mark!.replaceChild(document.createElement("w:del"), moved);
  return Boolean(moved ?? childElement(mark, "w:del"));
}

/**
 * Remove the text of a custom note mark (`w:customMarkFollows`: the "*" typed after the reference
 * in its run), which Word shows instead of the note's number. Note: the Markdown footnote
 * reference stands for the mark; mammoth kept both ("[^1]*").
 */
function removeCustomNoteMarks(document: Document): void {
  for (const name of ["w:footnoteReference", "w:endnoteReference"]) {
    for (const reference of Array.from(document.getElementsByTagName(name))) {
      if (!booleanProperty(reference, "customMarkFollows")) continue;
      for (let next = reference.nextSibling; next; next = next.nextSibling) {
        if (next.nodeType === 1 && (next as Element).tagName === "w:t") (next as Element).textContent = "";
      }
    }
  }
}

/** Put a bookmark at the start of a list item, which carries its label through mammoth (see list-labels.ts). */
function bookmarkListItem(document: Document, paragraph: Element, index: number): void {
  const bookmark = document.createElement("w:bookmarkStart");
  bookmark.setAttribute("w:id", String(900_000_000 + index));
  bookmark.setAttribute("w:name", listLabelBookmark(index));
  paragraph.insertBefore(bookmark, childElement(paragraph, "w:pPr")?.nextSibling ?? paragraph.firstChild);
}

/** Give a heading paragraph the style mammoth maps to `<hN>`, and write its number into its text. */
function markHeading(document: Document, paragraph: Element, level: number, label: string | undefined): void {
  let properties = childElement(paragraph, "w:pPr");
  if (!properties) {
    properties = document.createElement("w:pPr");
    paragraph.insertBefore(properties, paragraph.firstChild);
  }
  let style = childElement(properties, "w:pStyle");
  if (!style) {
    style = document.createElement("w:pStyle");
    properties.insertBefore(style, properties.firstChild);
  }
  style.setAttribute("w:val", headingStyleId(level));
  // The number is now text: the paragraph must not also become a list item.
  const numbering = childElement(properties, "w:numPr");
  if (numbering) properties.removeChild(numbering);
  if (!label) return;
  const run = document.createElement("w:r");
  const text = document.createElement("w:t");
  text.setAttribute("xml:space", "preserve");
  text.appendChild(document.createTextNode(`${label} `));
  run.appendChild(text);
  paragraph.insertBefore(run, properties.nextSibling);
}

/**
 * Rewrite word/document.xml so that mammoth shows what Word shows: a paragraph whose style is a
 * heading through its `w:basedOn` chain, a localized name or an outline level (or that has an
 * outline level itself) gets a style mapped to `<hN>`; a numbered heading gets its number
 * ("2.1", counted across the document as Word counts it) as text; text in all caps or small
 * caps is upper-cased; hidden text is removed (a paragraph hidden to its mark with it, taking
 * no list number), and a paragraph whose mark is deleted or moved away takes none either; simple
 * fields, bidi wrappers and rubies are rewritten so that mammoth reads their text, complex fields
 * so that it shows their results, VML pictures as DrawingML ones (their alt text kept); a row that
 * starts past its table's first column gets empty cells for the columns it skips, and a
 * drop cap joins the paragraph it begins. Note: mammoth maps styles by their own name only and ignores outline
 * levels, list numbers on headings and capitals, hence this pass before it.
 * Each numbered list item is bookmarked with its label, `listLabels[i]` for
 * {@link listLabelBookmark}(i), for `showWordListLabels` to apply to mammoth's lists.
 * Returns the DOCX unchanged when nothing in it needs this. Call only after `assertSafeZip`.
 */
export function showWhatWordShows(bytes: Uint8Array): { bytes: Uint8Array; listLabels: string[] } {
  const listLabels: string[] = [];
  const unchanged = { bytes, listLabels };
  const parts = unzipSync(bytes, { filter: (file) => [DOCUMENT_PART, STYLES_PART, NUMBERING_PART].includes(file.name) });
  const documentBytes = parts[DOCUMENT_PART];
  if (!documentBytes) return unchanged;
  const styles = readStyleSheet(parts[STYLES_PART] ? strFromU8(parts[STYLES_PART]) : "");
  const documentXml = strFromU8(documentBytes);
  const numberingXml = parts[NUMBERING_PART] ? strFromU8(parts[NUMBERING_PART]) : "";
  if (!needsResolving(documentXml, styles, numberingXml)) return unchanged;
  const document = new DOMParser({ onError: () => {} }).parseFromString(documentXml, "text/xml");
  const body = document.documentElement;
  if (!body) return unchanged;
  unwrapSkippedElements(document);
  showVmlPictures(document);
  showFieldResults(document);
  removeCustomNoteMarks(document);
  fillSkippedGridColumns(document);
  joinDropCaps(document);
  const listOf = readNumbering(parseXml(parts[NUMBERING_PART])?.documentElement ?? undefined);
  const numbering = createListNumbering();

  for (const paragraph of elementsIn(body, "w:p")) {
    const properties = childElement(paragraph, "w:pPr");
    const styleId = wordAttribute(childElement(properties, "w:pStyle"), "val") ?? styles.defaultParagraphStyle;
    const outline = wordAttribute(childElement(properties, "w:outlineLvl"), "val");
    const headingLevel = outline === undefined ? styles.headingLevel(styleId) : headingLevelOfOutline(Number(outline));
    showSymbolFontRuns(paragraph);
    capitalizeRuns(paragraph, styles.capitals(styleId), styles);
    removeHiddenRuns(paragraph, styles.hidden(styleId), styles);
    if (isWhollyHidden(paragraph, properties, styles.hidden(styleId))) {
      paragraph.parentNode?.removeChild(paragraph);
      continue;
    }
    if (joinsNextParagraph(document, properties)) continue;
    // Every list item is counted, so that a heading's number follows the items before it.
    const place = inAlternateChoice(paragraph) ? undefined : listPlace(properties, styleId, styles, listOf);
    const label = place ? numbering.next(place.list.counterKey, place.list.levels, place.level, place.list.takeRestart(place.level)) : undefined;
    if (headingLevel !== undefined) markHeading(document, paragraph, headingLevel, label);
    else if ((place && showsNoMarker(place.list.levels[place.level])) || leavesStyleList(properties, styleId, styles)) unlist(document, paragraph);
    else if (label) bookmarkListItem(document, paragraph, listLabels.push(label) - 1);
  }
  const rewritten = new XMLSerializer().serializeToString(document);
  // Note: level 0 stores the parts; the result only lives until mammoth has read it.
  return { bytes: zipSync({ ...unzipSync(bytes), [DOCUMENT_PART]: strToU8(rewritten) }, { level: 0 }), listLabels };
}
