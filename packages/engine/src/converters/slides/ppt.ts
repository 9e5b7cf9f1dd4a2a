import CFB from "cfb";
import { ScrapeError } from "../../errors.js";
import { readOleContainer } from "../ole-container.js";
import { readOleSummary } from "../ole-summary.js";
import type { Deck, PlacedBlocks, Slide, SlideBlock, SlideParagraph } from "./model.js";
import { pictureDescription, plainText } from "./model.js";
import { type PptRecord, PptStream, RT, readPersistDirectory } from "./ppt-records.js";
import { type Pp9Paragraph, type PptText, TEXT_TYPE, addTextRecord, outlineNumbering, pptParagraphs, readHyperlinks, shapeNumbering } from "./ppt-text.js";

/** PlaceholderAtom ids of footers, dates, slide numbers and headers ([MS-PPT] PlaceholderEnum). */
const FURNITURE_PLACEHOLDERS: ReadonlySet<number> = new Set([0x07, 0x08, 0x09, 0x0a]);
const TITLE_PLACEHOLDERS: ReadonlySet<number> = new Set([0x01, 0x03, 0x0d, 0x0f, 0x11]);
const NOTES_BODY_PLACEHOLDER = 0x0c;
/** Office Art shape property that marks a group as a table. */
const TABLE_PROPERTIES = 0x03a0;
const PICTURE_FRAME_SHAPE = 75;
/** The shape property that names a picture's entry in the blip store (1-based). */
const PIB = 0x0104;
/** The shape property that holds a picture's alternative text ([MS-ODRAW] 2.3.4.3 wzDescription), a complex property. */
const DESCRIPTION = 0x0381;
const PROPERTY_ID = 0x3fff;
const COMPLEX_PROPERTY = 0x8000;
/** Bitmap blips ([MS-ODRAW] 2.2.23): type → the instances that carry a second 16-byte UID. */
const BITMAP_BLIPS: ReadonlyMap<number, ReadonlySet<number>> = new Map([
  [0xf01d, new Set([0x46b, 0x6e3])], // JPEG
  [0xf02a, new Set([0x46b, 0x6e3])], // JPEG (CMYK)
  [0xf01e, new Set([0x6e1])], // PNG
  [0xf029, new Set([0x6e5])], // TIFF
]);
const MAX_GROUP_DEPTH = 64;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
type Transform = (rect: Rect) => Rect;

/** One slide's entry in the document's slide list: its persist id and its placeholder texts. */
interface SlideEntry {
  persistId: number;
  /** The id of a notes entry (in the notes list) or of a slide (in the slide list). */
  id: number;
  texts: PptText[];
}

/** A SlideListWithText: SlidePersistAtoms, each followed by the texts of its placeholders. */
function readSlideList(stream: PptStream, list: PptRecord | undefined, hyperlinks: Map<number, string>): SlideEntry[] {
  const entries: SlideEntry[] = [];
  for (const record of list ? stream.children(list) : []) {
    const current = entries.at(-1);
    if (record.type === RT.SlidePersistAtom) {
      entries.push({ persistId: stream.u32(record.start), id: stream.u32(record.start + 12), texts: [] });
    } else if (record.type === RT.TextHeaderAtom && current) {
      current.texts.push({ textType: stream.u32(record.start), text: "", links: [] });
    } else if (current?.texts.at(-1)) {
      addTextRecord(stream, current.texts.at(-1)!, record, hyperlinks);
    }
  }
  return entries;
}

/** The text inside a shape's ClientTextbox: inline, or a reference to the slide list's texts. */
function shapeText(stream: PptStream, textbox: PptRecord, outline: readonly PptText[], hyperlinks: Map<number, string>): PptText | undefined {
  let text: PptText | undefined;
  for (const record of stream.children(textbox)) {
    if (record.type === RT.OutlineTextRefAtom) return outline[stream.u32(record.start)];
    if (record.type === RT.TextHeaderAtom) text = { textType: stream.u32(record.start), text: "", links: [] };
    else if (text) addTextRecord(stream, text, record, hyperlinks);
  }
  return text;
}

/** A shape's anchor: ClientAnchor (slide coordinates, 16- or 32-bit) or ChildAnchor (group's). */
function anchorOf(stream: PptStream, shape: PptRecord): Rect | undefined {
  const client = stream.child(shape, RT.ClientAnchor);
  if (client && client.end - client.start === 8) {
    return { top: stream.i16(client.start), left: stream.i16(client.start + 2), right: stream.i16(client.start + 4), bottom: stream.i16(client.start + 6) };
  }
  const anchor = client ?? stream.child(shape, RT.ChildAnchor);
  if (!anchor) return undefined;
  const at = (i: number) => stream.i32(anchor.start + i * 4);
  // Note: a 16-byte ClientAnchor is top-left-right-bottom; a ChildAnchor is left-top-right-bottom.
  return client ? { top: at(0), left: at(1), right: at(2), bottom: at(3) } : { left: at(0), top: at(1), right: at(2), bottom: at(3) };
}

/** The value of a shape property in its property tables (primary or tertiary); `undefined` when unset. */
function shapeProperty(stream: PptStream, shape: PptRecord, propertyId: number): number | undefined {
  for (const table of stream.children(shape)) {
    if (table.type !== RT.FOPT && table.type !== RT.TertiaryFOPT) continue;
    // The fixed part: one 6-byte entry per property (the record instance counts them).
    for (let i = 0, offset = table.start; i < table.instance && offset + 6 <= table.end; i++, offset += 6) {
      if ((stream.u16(offset) & PROPERTY_ID) === propertyId) return stream.u32(offset + 2);
    }
  }
  return undefined;
}

/**
 * A complex shape property's text (UTF-16, as wzDescription), or `undefined` when unset. Note: the
 * complex values follow the fixed entries, one after another in the entries' order, each as long
 * as its entry's value says.
 */
function complexShapeText(stream: PptStream, shape: PptRecord, propertyId: number): string | undefined {
  for (const table of stream.children(shape)) {
    if (table.type !== RT.FOPT && table.type !== RT.TertiaryFOPT) continue;
    let complexAt = table.start + table.instance * 6;
    for (let i = 0, offset = table.start; i < table.instance && offset + 6 <= table.end; i++, offset += 6) {
      const id = stream.u16(offset);
      if (!(id & COMPLEX_PROPERTY)) continue;
      const size = stream.u32(offset + 2);
      if ((id & PROPERTY_ID) === propertyId && complexAt + size <= table.end) {
        return new TextDecoder("utf-16le").decode(stream.bytes.subarray(complexAt, complexAt + size)).replace(/\0+$/, "");
      }
      complexAt += size;
    }
  }
  return undefined;
}

interface DrawingContext {
  stream: PptStream;
  /** The bytes of the blip store's picture `pib` (1-based), when it is a bitmap. */
  picture: (pib: number) => Uint8Array | undefined;
  outline: readonly PptText[];
  /** The numbering the document keeps for the slide's placeholder text at an outline index. */
  outlineNumbering: (index: number) => Pp9Paragraph[] | undefined;
  hyperlinks: Map<number, string>;
  onlyMainContent: boolean;
  title?: string;
  shapes: PlacedBlocks[];
  /** Notes slides keep only their body placeholder. */
  notesOnly: boolean;
}

function placeBlocks(context: DrawingContext, rect: Rect | undefined, blocks: SlideBlock[]): void {
  if (blocks.length === 0) return;
  context.shapes.push(rect ? { x: rect.left, y: rect.top, height: rect.bottom - rect.top, blocks } : { x: 0, y: Number.MAX_SAFE_INTEGER, height: 0, blocks });
}

function readShape(shape: PptRecord, context: DrawingContext, transform: Transform): void {
  const { stream } = context;
  const fsp = stream.child(shape, RT.FSP);
  if (!fsp || stream.u32(fsp.start + 4) & 0b1001) return; // the group's own shape, or a deleted one
  const clientData = stream.child(shape, RT.ClientData);
  const placeholderAtom = stream.child(clientData, RT.PlaceholderAtom);
  const placeholder = placeholderAtom ? stream.u8(placeholderAtom.start + 4) : undefined;
  if (context.notesOnly && placeholder !== NOTES_BODY_PLACEHOLDER) return;
  if (placeholder !== undefined && FURNITURE_PLACEHOLDERS.has(placeholder) && context.onlyMainContent) return;
  const anchor = anchorOf(stream, shape);
  const rect = anchor && transform(anchor);
  const textbox = stream.child(shape, RT.ClientTextbox);
  const text = textbox ? shapeText(stream, textbox, context.outline, context.hyperlinks) : undefined;
  if (text && textbox) {
    // Numbering: the shape's own PP9 tag, else the document's for the placeholder's outline text
    // (by its OutlineTextRefAtom, or by the placeholder's position where the text is inline, as LibreOffice writes it).
    const outlineRef = stream.child(textbox, RT.OutlineTextRefAtom);
    const outlineIndex = outlineRef ? stream.u32(outlineRef.start) : placeholderAtom ? stream.i32(placeholderAtom.start) : undefined;
    const numbering = shapeNumbering(stream, clientData) ?? (outlineIndex === undefined ? undefined : context.outlineNumbering(outlineIndex));
    const paragraphs = pptParagraphs(stream, text, numbering);
    const isTitle = text.textType === TEXT_TYPE.title || text.textType === TEXT_TYPE.centerTitle || (placeholder !== undefined && TITLE_PLACEHOLDERS.has(placeholder));
    if (isTitle && context.title === undefined) context.title = plainText(paragraphs);
    else placeBlocks(context, rect, paragraphs);
  } else if (fsp && (stream.u16(fsp.start - 8) >>> 4) === PICTURE_FRAME_SHAPE) {
    const bytes = context.picture(shapeProperty(stream, shape, PIB) ?? 0);
    const alt = pictureDescription(complexShapeText(stream, shape, DESCRIPTION));
    placeBlocks(context, rect, [{ kind: "image", alt, ...(bytes && { bytes }) }]);
  }
}

/** A table group: its cells' texts laid out in a grid by their positions. */
function readTableGroup(group: PptRecord, context: DrawingContext, transform: Transform): void {
  const cells: DrawingContext = { ...context, title: "", shapes: [] };
  readGroup(group, cells, transform, 0);
  const tops = [...new Set(cells.shapes.map((cell) => cell.y))].sort((a, b) => a - b);
  const lefts = [...new Set(cells.shapes.map((cell) => cell.x))].sort((a, b) => a - b);
  const rows = tops.map(() => lefts.map((): SlideParagraph["runs"][] => []));
  for (const cell of cells.shapes) {
    rows[tops.indexOf(cell.y)]![lefts.indexOf(cell.x)] = cell.blocks.flatMap((block) => (block.kind === "paragraph" ? [block.runs] : []));
  }
  if (cells.shapes.length > 0) context.shapes.push({ x: lefts[0]!, y: tops[0]!, height: 0, blocks: [{ kind: "table", rows }] });
}

/** The shapes of a group (OfficeArtSpgrContainer), groups flattened into slide coordinates. */
function readGroup(group: PptRecord, context: DrawingContext, transform: Transform, depth: number): void {
  if (depth > MAX_GROUP_DEPTH) throw new Error(`its groups nest more than ${MAX_GROUP_DEPTH} deep`);
  const { stream } = context;
  const [groupShape, ...members] = stream.children(group);
  if (!groupShape) return;
  for (const member of members) {
    if (member.type === RT.SpContainer) readShape(member, context, transform);
    if (member.type !== RT.SpgrContainer) continue;
    const [inner] = stream.children(member);
    const outer = inner && anchorOf(stream, inner);
    const frame = inner && stream.child(inner, RT.FSPGR); // the group's own coordinate space
    const innerTransform: Transform =
      outer && frame
        ? (rect) => {
            const space = { left: stream.i32(frame.start), top: stream.i32(frame.start + 4), right: stream.i32(frame.start + 8), bottom: stream.i32(frame.start + 12) };
            const sx = (outer.right - outer.left) / (space.right - space.left || 1);
            const sy = (outer.bottom - outer.top) / (space.bottom - space.top || 1);
            const map = (x: number, y: number) => ({ x: outer.left + (x - space.left) * sx, y: outer.top + (y - space.top) * sy });
            const a = map(rect.left, rect.top);
            const b = map(rect.right, rect.bottom);
            return transform({ left: a.x, top: a.y, right: b.x, bottom: b.y });
          }
        : transform;
    if (inner && shapeProperty(stream, inner, TABLE_PROPERTIES) !== undefined) readTableGroup(member, context, innerTransform);
    else readGroup(member, context, innerTransform, depth + 1);
  }
}

/** The shapes of a slide or notes container's drawing. */
function readDrawing(stream: PptStream, container: PptRecord, context: Omit<DrawingContext, "shapes" | "stream">): DrawingContext {
  const drawing: DrawingContext = { ...context, stream, shapes: [] };
  const group = stream.child(stream.child(stream.child(container, RT.PPDrawing), RT.DgContainer), RT.SpgrContainer);
  if (group) readGroup(group, drawing, (rect) => rect, 0);
  return drawing;
}

/**
 * The pictures of the deck: the blip store's entries (OfficeArtFBSE) point into the "Pictures"
 * stream (`foDelay`), where each is a blip record; a bitmap's bytes follow its UIDs and a tag
 * byte. Metafiles (EMF, WMF, PICT, stored deflated) and DIBs are left to their description.
 */
function blipStore(stream: PptStream, documentRecord: PptRecord, pictures: PptStream | undefined): (pib: number) => Uint8Array | undefined {
  const store = stream.child(stream.child(stream.child(documentRecord, RT.PPDrawingGroup), RT.DggContainer), RT.BStoreContainer);
  const entries = store ? stream.children(store).filter((record) => record.type === RT.FBSE) : [];
  return (pib) => {
    const entry = entries[pib - 1];
    if (!entry || !pictures || entry.end - entry.start < 36) return undefined;
    let blip: PptRecord;
    try {
      blip = pictures.record(stream.u32(entry.start + 28));
    } catch {
      return undefined; // a picture pointing past its stream keeps its description; the slides are still read
    }
    const twoUids = BITMAP_BLIPS.get(blip.type);
    if (!twoUids) return undefined;
    const start = blip.start + (twoUids.has(blip.instance) ? 33 : 17);
    return start < blip.end ? pictures.bytes.subarray(start, blip.end) : undefined;
  };
}

const passwordProtected = (name: string) =>
  new ScrapeError("DOCUMENT_UNREADABLE", `${name} is password-protected; remove the password in PowerPoint and save it again.`);

function streamOf(container: CFB.CFB$Container, path: string): PptStream {
  const entry = CFB.find(container, path);
  if (!entry?.content) throw new Error(`it has no ${path} stream`);
  return new PptStream(Uint8Array.from(entry.content));
}

/**
 * Read a PowerPoint 97-2003 deck (PPT) from its records: the slide list in the document
 * container, each slide's drawing (placeholders, text boxes, groups, tables), its notes.
 * Note: no maintained npm library reads PPT; SheetJS's `ppt` package stopped at plain text in 2017.
 */
export function readPpt(bytes: Uint8Array, name: string, onlyMainContent: boolean): Deck {
  const container = readOleContainer(bytes);
  if (CFB.find(container, "EncryptedSummary")) throw passwordProtected(name);
  const stream = streamOf(container, "PowerPoint Document");
  const directory = readPersistDirectory(streamOf(container, "Current User"), stream);
  if (directory.encrypted) throw passwordProtected(name);
  const recordOf = (persistId: number, type: number): PptRecord | undefined => {
    const offset = directory.offsets.get(persistId);
    const record = offset === undefined ? undefined : stream.record(offset);
    return record?.type === type ? record : undefined;
  };
  const documentRecord = recordOf(directory.documentPersistId, RT.Document);
  if (!documentRecord) throw new Error("it has no document record");
  const lists = stream.children(documentRecord).filter((record) => record.type === RT.SlideListWithText);
  const hyperlinks = readHyperlinks(stream, documentRecord);
  const numberingByOutline = outlineNumbering(stream, documentRecord);
  const numberingOf = (slideId: number) => (index: number) => numberingByOutline.get(`${slideId}:${index}`);
  // Note: a view, not a copy: the pictures' bytes are only read when pictures are asked for.
  const pictures = CFB.find(container, "Pictures")?.content;
  const picture = blipStore(stream, documentRecord, pictures ? new PptStream(pictures instanceof Uint8Array ? pictures : Uint8Array.from(pictures)) : undefined);
  const notesByNotesId = new Map(readSlideList(stream, lists.find((list) => list.instance === 2), hyperlinks).map((entry) => [entry.id, entry]));
  const slides: Slide[] = [];
  let hiddenCount = 0;
  readSlideList(stream, lists.find((list) => list.instance === 0), hyperlinks).forEach((entry, index) => {
    const slide = recordOf(entry.persistId, RT.Slide);
    if (!slide) return;
    const showInfo = stream.child(slide, RT.SlideShowSlideInfoAtom);
    if (showInfo && stream.u16(showInfo.start + 10) & 0x4) {
      hiddenCount++;
      return;
    }
    const drawing = readDrawing(stream, slide, { outline: entry.texts, outlineNumbering: numberingOf(entry.id), hyperlinks, picture, onlyMainContent, notesOnly: false });
    const slideAtom = stream.child(slide, RT.SlideAtom);
    const notesEntry = slideAtom ? notesByNotesId.get(stream.u32(slideAtom.start + 16)) : undefined;
    const notesRecord = notesEntry && recordOf(notesEntry.persistId, RT.Notes);
    const notes = notesRecord ? readDrawing(stream, notesRecord, { outline: notesEntry.texts, outlineNumbering: numberingOf(notesEntry.id), hyperlinks, picture, onlyMainContent, notesOnly: true }).shapes.flatMap((shape) => shape.blocks) : [];
    slides.push({ number: index + 1, ...(drawing.title && { title: drawing.title }), shapes: drawing.shapes, notes });
  });
  return { slides, hiddenCount, ...readOleSummary(container), warnings: [] };
}
