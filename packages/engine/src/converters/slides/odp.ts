import type { Element } from "@xmldom/xmldom";
import { ScrapeError } from "../../errors.js";
import type { Deck, PlacedBlocks, Slide, SlideBlock, SlideParagraph } from "./model.js";
import { pictureDescription, plainText } from "./model.js";
import { type OdfStyles, odfParagraphs, readEmphasisStyles, readListStyles } from "./odf-text.js";
import { readPackageParts } from "./package-parts.js";
import { attribute, child, children, descendants, textOf } from "./xml.js";

/** Placeholder classes that repeat on every slide: left out when `onlyMainContent` is set. */
const FURNITURE_CLASSES = new Set(["page-number", "footer", "date-time", "header"]);
const MAX_GROUP_DEPTH = 64;
// Note: a page's speaker notes are read apart; its forms hold no text; a review comment
// (`office:annotation`, Impress's slide comment) and its end mark are never the slide's content.
const NOT_SHAPES = new Set(["notes", "forms", "annotation", "annotation-end"]);
const CM_PER_UNIT: Readonly<Record<string, number>> = { cm: 1, mm: 0.1, in: 2.54, pt: 2.54 / 72, pc: 2.54 / 6, px: 2.54 / 96 };

/** An ODF length (`2.5cm`, `72pt`) in centimetres; 0 when absent or unreadable. */
function length(value: string | undefined): number {
  const match = /^(-?[\d.]+)([a-z]*)$/.exec(value?.trim() ?? "");
  return match ? Number(match[1]) * (CM_PER_UNIT[match[2]!] ?? 1) : 0;
}

interface PageContext {
  styles: OdfStyles;
  /** An embedded object's content part (`Object 1/content.xml`), if the package has it. */
  objectContent: (href: string) => Element | undefined;
  onlyMainContent: boolean;
  title?: string;
  shapes: PlacedBlocks[];
}

function readTable(table: Element, styles: OdfStyles): SlideBlock {
  const rows = descendants(table, "table-row", ["table"]).map((row) =>
    children(row, "table-cell", "covered-table-cell").map((cell) => odfParagraphs(cell, styles).map((paragraph) => paragraph.runs)),
  );
  return { kind: "table", rows };
}

/**
 * An embedded chart object as its title and data. Note: an ODF chart keeps its data in its own
 * table (the first column the categories, the first row the series names).
 */
function readChartObject(chartDocument: Element, styles: OdfStyles): SlideBlock | undefined {
  const officeChart = child(chartDocument, "body", "chart");
  const chart = child(officeChart, "chart");
  if (!chart) return undefined;
  const title = textOf(child(chart, "title"), "p").trim();
  const cellText = (cell: Element) => plainText(odfParagraphs(cell, styles));
  const table = descendants(officeChart, "table")[0];
  const [header = [], ...rows] = descendants(table, "table-row").map((row) => children(row, "table-cell").map(cellText));
  return { kind: "chart", ...(title && { title }), seriesNames: header.slice(1), rows: rows.filter((row) => row.some(Boolean)) };
}

/** What a shape holds: text, a table, a chart or a picture's description. */
function shapeBlocks(shape: Element, context: PageContext): SlideBlock[] {
  const { styles } = context;
  if (shape.localName !== "frame") return odfParagraphs(shape, styles);
  const object = child(shape, "object");
  const objectDocument = object ? context.objectContent(attribute(object, "href") ?? "") : undefined;
  if (objectDocument) return [readChartObject(objectDocument, styles)].filter((block) => block !== undefined);
  const table = child(shape, "table");
  if (table) return [readTable(table, styles)];
  const textBox = child(shape, "text-box");
  if (textBox) return odfParagraphs(textBox, styles);
  const image = child(shape, "image");
  if (image) {
    const alt = pictureDescription(child(shape, "desc")?.textContent || child(shape, "title")?.textContent);
    // An object's `draw:image` is its metafile preview, not a picture.
    const part = object ? undefined : attribute(image, "href")?.replace(/^\.\//, "");
    return [{ kind: "image", alt, ...(part && !/^[a-z][a-z0-9+.-]*:/i.test(part) && { part }) }];
  }
  return [];
}

function readShapes(container: Element, context: PageContext, depth: number): void {
  if (depth > MAX_GROUP_DEPTH) throw new Error(`its groups nest more than ${MAX_GROUP_DEPTH} deep`);
  for (const shape of children(container)) {
    if (NOT_SHAPES.has(shape.localName ?? "")) continue;
    if (shape.localName === "g") {
      readShapes(shape, context, depth + 1);
      continue;
    }
    const presentationClass = attribute(shape, "class");
    if (presentationClass && FURNITURE_CLASSES.has(presentationClass) && context.onlyMainContent) continue;
    // An empty placeholder ("Click to add Title") is a layout hint, not content.
    if (attribute(shape, "placeholder") === "true") continue;
    const blocks = shapeBlocks(shape, context);
    if (presentationClass === "title" && context.title === undefined) {
      context.title = plainText(blocks);
      continue;
    }
    if (blocks.length > 0) {
      context.shapes.push({ x: length(attribute(shape, "x")), y: length(attribute(shape, "y")), height: length(attribute(shape, "height")), blocks });
    }
  }
}

function readNotes(page: Element, styles: OdfStyles): SlideParagraph[] {
  return children(child(page, "notes"), "frame")
    .filter((frame) => attribute(frame, "class") === "notes")
    .flatMap((frame) => odfParagraphs(child(frame, "text-box"), styles));
}

/** The names of the drawing-page styles that hide a slide (`presentation:visibility="hidden"`). */
function hiddenPageStyles(automaticStyles: Element | undefined): Set<string> {
  return new Set(
    children(automaticStyles, "style")
      .filter((style) => attribute(child(style, "drawing-page-properties"), "visibility") === "hidden")
      .map((style) => attribute(style, "name") ?? ""),
  );
}

/** An ODF package whose content is encrypted says so in its manifest. */
function assertNotEncrypted(manifest: Element | undefined, name: string): void {
  if (descendants(manifest, "encryption-data").length > 0) {
    throw new ScrapeError("DOCUMENT_UNREADABLE", `${name} is password-protected; save it again without a password and try again.`);
  }
}

/** Read an OpenDocument presentation (ODP): its `draw:page`s in order, hidden ones left out. */
export function readOdp(bytes: Uint8Array, name: string, onlyMainContent: boolean): Deck {
  const parts = readPackageParts(bytes, name);
  assertNotEncrypted(parts.xml("META-INF/manifest.xml"), name);
  const content = parts.xml("content.xml");
  if (!content) throw new Error("it has no content.xml");
  const automaticStyles = child(content, "automatic-styles");
  const styleContainers = [automaticStyles, child(parts.xml("styles.xml"), "styles")];
  const styles: OdfStyles = { lists: readListStyles(styleContainers), emphasis: readEmphasisStyles(styleContainers) };
  const hidden = hiddenPageStyles(automaticStyles);
  const slides: Slide[] = [];
  let hiddenCount = 0;
  children(child(content, "body", "presentation"), "page").forEach((page, index) => {
    if (hidden.has(attribute(page, "style-name") ?? "")) {
      hiddenCount++;
      return;
    }
    const objectContent = (href: string) => parts.xml(`${href.replace(/^\.\//, "")}/content.xml`);
    const context: PageContext = { styles, objectContent, onlyMainContent, shapes: [] };
    readShapes(page, context, 0);
    slides.push({ number: index + 1, ...(context.title && { title: context.title }), shapes: context.shapes, notes: readNotes(page, styles) });
  });
  const meta = child(parts.xml("meta.xml"), "meta");
  const title = textOf(meta, "title").trim();
  const author = (textOf(meta, "initial-creator") || textOf(meta, "creator")).trim();
  return { slides, hiddenCount, ...(title && { title }), ...(author && { author }), warnings: [] };
}
