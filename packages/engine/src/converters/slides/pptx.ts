import type { Element } from "@xmldom/xmldom";
import type { Deck, PlacedBlocks, Slide, SlideBlock, SlideParagraph } from "./model.js";
import { pictureDescription, plainText } from "./model.js";
import { bulletOf, levelProperties, textBodyParagraphs } from "./drawingml-text.js";
import {
  type PackageParts,
  RELATIONSHIPS_NS,
  type Relationship,
  readPackageParts,
  relationshipId,
  relationshipOfType,
  relationships,
} from "./package-parts.js";
import { chartRelationshipId, readChart } from "./pptx-chart.js";
import { diagramDataId, readDiagram } from "./pptx-diagram.js";
import { attribute, child, children, textOf } from "./xml.js";

const TITLE_TYPES = new Set(["title", "ctrTitle"]);
/** Placeholders that repeat on every slide: left out when `onlyMainContent` is set. */
const FURNITURE_TYPES = new Set(["dt", "ftr", "sldNum", "hdr"]);
/** Placeholders whose text is not bulleted by the master's body style. */
const UNBULLETED_TYPES = new Set([...TITLE_TYPES, ...FURNITURE_TYPES, "subTitle", "pic", "chart", "tbl", "clipArt", "dgm", "media", "sldImg"]);
/** Groups nest at most this deep; deeper is a hostile file, not a deck. */
const MAX_GROUP_DEPTH = 64;

/** Maps a shape's coordinates into the slide's, through the groups around it. */
type Transform = (x: number, y: number, height: number) => { x: number; y: number; height: number };
const IDENTITY: Transform = (x, y, height) => ({ x, y, height });

interface Box {
  x: number;
  y: number;
  height: number;
}

function xfrmBox(xfrm: Element | undefined): Box | undefined {
  const offset = child(xfrm, "off");
  if (!offset) return undefined;
  return { x: Number(attribute(offset, "x")) || 0, y: Number(attribute(offset, "y")) || 0, height: Number(attribute(child(xfrm, "ext"), "cy")) || 0 };
}

/** A group's transform: child coordinates (`chOff`/`chExt`) scaled into the group's box. */
function groupTransform(xfrm: Element | undefined, outer: Transform): Transform {
  const num = (name: string, key: string) => Number(attribute(child(xfrm, name), key)) || 0;
  const scaleX = num("chExt", "cx") ? num("ext", "cx") / num("chExt", "cx") : 1;
  const scaleY = num("chExt", "cy") ? num("ext", "cy") / num("chExt", "cy") : 1;
  return (x, y, height) => outer(num("off", "x") + (x - num("chOff", "x")) * scaleX, num("off", "y") + (y - num("chOff", "y")) * scaleY, height * scaleY);
}

/** A placeholder's `p:ph`, type (`body` when unset, as the schema defaults) and index. */
function placeholderOf(shape: Element): { type: string; idx?: string } | undefined {
  const ph = child(shape, "nvSpPr", "nvPr", "ph") ?? child(shape, "nvGraphicFramePr", "nvPr", "ph") ?? child(shape, "nvPicPr", "nvPr", "ph");
  if (!ph) return undefined;
  const idx = attribute(ph, "idx");
  return { type: attribute(ph, "type") ?? "body", ...(idx !== undefined && { idx }) };
}

/**
 * The shapes a placeholder inherits from: the matching placeholder on its layout, then on the
 * master (by index, else by type). Note: PowerPoint writes no `a:xfrm` and no bullets for a
 * placeholder left as the layout has it, which is most of them.
 */
function inheritedShapes(placeholder: { type: string; idx?: string }, layouts: readonly (Element | undefined)[]): Element[] {
  return layouts.flatMap((layout) => {
    const candidates = children(child(layout, "cSld", "spTree"), "sp");
    const byIdx = placeholder.idx === undefined ? undefined : candidates.find((shape) => placeholderOf(shape)?.idx === placeholder.idx);
    const match = byIdx ?? candidates.find((shape) => placeholderOf(shape)?.type === placeholder.type);
    return match ? [match] : [];
  });
}

interface SlideContext {
  parts: PackageParts;
  rels: Map<string, Relationship>;
  /** The slide's layout, then its master. */
  layouts: (Element | undefined)[];
  /** The master's `p:bodyStyle`: the bullets of body placeholders. */
  bodyStyle: Element | undefined;
  onlyMainContent: boolean;
  title?: string;
  shapes: PlacedBlocks[];
}

function place(context: SlideContext, box: Box | undefined, transform: Transform, blocks: SlideBlock[]): void {
  if (blocks.length === 0) return;
  // A shape with no known position reads after the positioned ones, in document order.
  const placed = box ? transform(box.x, box.y, box.height) : { x: 0, y: Number.MAX_SAFE_INTEGER, height: 0 };
  context.shapes.push({ ...placed, blocks });
}

function readShape(shape: Element, context: SlideContext, transform: Transform): void {
  const placeholder = placeholderOf(shape);
  if (placeholder && FURNITURE_TYPES.has(placeholder.type) && context.onlyMainContent) return;
  const inherited = placeholder ? inheritedShapes(placeholder, context.layouts) : [];
  const bodyStyle = placeholder && !UNBULLETED_TYPES.has(placeholder.type) ? context.bodyStyle : undefined;
  const bullet = (level: number) =>
    inherited.map((source) => bulletOf(levelProperties(child(source, "txBody", "lstStyle"), level))).find(Boolean) ??
    bulletOf(levelProperties(bodyStyle, level));
  const paragraphs = textBodyParagraphs(child(shape, "txBody"), context.rels, bullet);
  if (placeholder && TITLE_TYPES.has(placeholder.type) && context.title === undefined) {
    context.title = plainText(paragraphs);
    return;
  }
  const box = [shape, ...inherited].map((source) => xfrmBox(child(source, "spPr", "xfrm"))).find(Boolean);
  place(context, box, transform, paragraphs);
}

function readTable(table: Element, context: SlideContext): SlideBlock {
  const rows = children(table, "tr").map((row) =>
    children(row, "tc").map((cell) =>
      // Cells merged into their neighbour (`hMerge`, `vMerge`) repeat nothing.
      attribute(cell, "hMerge") === "1" || attribute(cell, "vMerge") === "1" ? [] : textBodyParagraphs(child(cell, "txBody"), context.rels).map((p) => p.runs),
    ),
  );
  return { kind: "table", rows };
}

function readGraphicFrame(frame: Element, context: SlideContext, transform: Transform): void {
  const data = child(frame, "graphic", "graphicData");
  const placeholder = placeholderOf(frame);
  const inherited = placeholder ? inheritedShapes(placeholder, context.layouts) : [];
  const box = xfrmBox(child(frame, "xfrm")) ?? inherited.map((source) => xfrmBox(child(source, "spPr", "xfrm"))).find(Boolean);
  const table = child(data, "tbl");
  if (table) return place(context, box, transform, [readTable(table, context)]);
  const chartId = chartRelationshipId(data);
  const chartPart = chartId ? context.rels.get(chartId) : undefined;
  const chartSpace = chartPart && !chartPart.external ? context.parts.xml(chartPart.target) : undefined;
  if (chartSpace) return place(context, box, transform, [readChart(chartSpace)]);
  const diagramPart = context.rels.get(diagramDataId(data) ?? "");
  const dataModel = diagramPart && !diagramPart.external ? context.parts.xml(diagramPart.target) : undefined;
  if (dataModel) place(context, box, transform, readDiagram(dataModel));
}

function readPicture(picture: Element, context: SlideContext, transform: Transform): void {
  const properties = child(picture, "nvPicPr", "cNvPr");
  const alt = pictureDescription(attribute(properties, "descr") || attribute(properties, "title"));
  // Note: a picture's bytes are named by `r:embed` (`r:link` is a file outside the package, never read).
  const embedded = context.rels.get(child(picture, "blipFill", "blip")?.getAttributeNS(RELATIONSHIPS_NS, "embed") ?? "");
  const part = embedded && !embedded.external ? embedded.target : undefined;
  place(context, xfrmBox(child(picture, "spPr", "xfrm")), transform, [{ kind: "image", alt, ...(part && { part }) }]);
}

/** The shapes of a shape tree or group, flattened into the slide's coordinates. */
function readShapeTree(tree: Element, context: SlideContext, transform: Transform, depth: number): void {
  if (depth > MAX_GROUP_DEPTH) throw new Error(`its groups nest more than ${MAX_GROUP_DEPTH} deep`);
  for (const element of children(tree)) {
    switch (element.localName) {
      case "sp":
        readShape(element, context, transform);
        break;
      case "grpSp":
        readShapeTree(element, context, groupTransform(child(element, "grpSpPr", "xfrm"), transform), depth + 1);
        break;
      case "graphicFrame":
        readGraphicFrame(element, context, transform);
        break;
      case "pic":
        readPicture(element, context, transform);
        break;
      case "AlternateContent": {
        // Markup compatibility: read the first branch (newer features), else the fallback.
        const branch = child(element, "Choice") ?? child(element, "Fallback");
        if (branch) readShapeTree(branch, context, transform, depth + 1);
        break;
      }
    }
  }
}

/** The speaker notes of a slide: the body placeholder of its notes slide. */
function readNotes(parts: PackageParts, rels: Map<string, Relationship>): SlideParagraph[] {
  const notesPart = relationshipOfType(rels, "notesSlide");
  const notes = notesPart ? parts.xml(notesPart.target) : undefined;
  if (!notes || !notesPart) return [];
  const notesRels = relationships(parts, notesPart.target);
  return children(child(notes, "cSld", "spTree"), "sp")
    .filter((shape) => placeholderOf(shape)?.type === "body")
    .flatMap((shape) => textBodyParagraphs(child(shape, "txBody"), notesRels));
}

function readSlide(parts: PackageParts, part: string, number: number, onlyMainContent: boolean): Slide {
  const root = parts.xml(part);
  if (!root) throw new Error(`its slide ${part} is missing`);
  const rels = relationships(parts, part);
  const layoutPart = relationshipOfType(rels, "slideLayout")?.target;
  const masterPart = layoutPart ? relationshipOfType(relationships(parts, layoutPart), "slideMaster")?.target : undefined;
  const master = masterPart ? parts.xml(masterPart) : undefined;
  const context: SlideContext = {
    parts,
    rels,
    layouts: [layoutPart ? parts.xml(layoutPart) : undefined, master],
    bodyStyle: child(master, "txStyles", "bodyStyle"),
    onlyMainContent,
    shapes: [],
  };
  const tree = child(root, "cSld", "spTree");
  if (tree) readShapeTree(tree, context, IDENTITY, 0);
  return { number, ...(context.title && { title: context.title }), shapes: context.shapes, notes: readNotes(parts, rels) };
}

/** Title and author from the package's core properties. */
function coreProperties(parts: PackageParts): Pick<Deck, "title" | "author"> {
  const core = parts.xml("docProps/core.xml");
  const title = textOf(core, "title").trim();
  const author = textOf(core, "creator").trim();
  return { ...(title && { title }), ...(author && { author }) };
}

/**
 * Read a PowerPoint 2007+ deck (PPTX, PPTM): slides in the presentation's order, hidden ones
 * (`show="0"`) counted and left out.
 */
export function readPptx(bytes: Uint8Array, name: string, onlyMainContent: boolean): Deck {
  const parts = readPackageParts(bytes, name);
  const presentation = parts.xml("ppt/presentation.xml");
  if (!presentation) throw new Error("it has no ppt/presentation.xml");
  const rels = relationships(parts, "ppt/presentation.xml");
  const slides: Slide[] = [];
  let hiddenCount = 0;
  children(child(presentation, "sldIdLst"), "sldId").forEach((slideId, index) => {
    const target = rels.get(relationshipId(slideId) ?? "")?.target;
    if (!target) return;
    if (attribute(parts.xml(target), "show") === "0") {
      hiddenCount++;
      return;
    }
    slides.push(readSlide(parts, target, index + 1, onlyMainContent));
  });
  return { slides, hiddenCount, ...coreProperties(parts), warnings: [] };
}
