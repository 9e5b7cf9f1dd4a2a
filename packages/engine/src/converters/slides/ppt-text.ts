import type { SlideParagraph, TextRun } from "./model.js";
import { type PptRecord, PptStream, RT } from "./ppt-records.js";

/** TextHeaderAtom text types ([MS-PPT] 2.13.33 TextTypeEnum). */
export const TEXT_TYPE = { title: 0, body: 1, notes: 2, other: 4, centerBody: 5, centerTitle: 6, halfBody: 7, quarterBody: 8 } as const;
const BULLETED_TYPES: ReadonlySet<number> = new Set([TEXT_TYPE.body, TEXT_TYPE.centerBody, TEXT_TYPE.halfBody, TEXT_TYPE.quarterBody]);

/** One text of a slide: its kind (title, body, ...), characters and paragraph styles. */
export interface PptText {
  textType: number;
  text: string;
  /** The StyleTextPropAtom that follows the characters, if any. */
  style?: PptRecord;
  /** Character ranges that are hyperlinks, with their URLs. */
  links: Array<{ start: number; end: number; href: string }>;
  /** The hyperlink an InteractiveInfo named, waiting for the range that follows it. */
  pendingHref?: string;
}

/** Schemes a hyperlink may keep; others (`file:`, slide jumps, macros) stay plain text. */
const LINK_SCHEME = /^(?:https?|mailto):/i;

/** The document's hyperlink targets by id (ExObjList → ExHyperlink → CString instance 1). */
export function readHyperlinks(stream: PptStream, document: PptRecord): Map<number, string> {
  const targets = new Map<number, string>();
  const objects = stream.child(document, RT.ExObjList);
  for (const link of objects ? stream.children(objects).filter((record) => record.type === RT.ExHyperlink) : []) {
    const atom = stream.child(link, RT.ExHyperlinkAtom);
    const target = stream.children(link).find((record) => record.type === RT.CString && record.instance === 1);
    if (atom && target) targets.set(stream.u32(atom.start), new TextDecoder("utf-16le").decode(stream.bytes.subarray(target.start, target.end)));
  }
  return targets;
}

/**
 * Add one record that follows a TextHeaderAtom to its text: the characters, the paragraph styles,
 * and hyperlinks (an InteractiveInfo naming the link, then the character range it covers).
 */
export function addTextRecord(stream: PptStream, text: PptText, record: PptRecord, hyperlinks: Map<number, string>): void {
  if (record.type === RT.TextCharsAtom || record.type === RT.TextBytesAtom) text.text = textOfRecord(stream, record);
  else if (record.type === RT.StyleTextPropAtom) text.style = record;
  else if (record.type === RT.InteractiveInfo) {
    const atom = stream.child(record, RT.InteractiveInfoAtom);
    const href = atom ? hyperlinks.get(stream.u32(atom.start + 4)) : undefined;
    text.pendingHref = href && LINK_SCHEME.test(href) ? href : undefined;
  } else if (record.type === RT.TxInteractiveInfoAtom && text.pendingHref) {
    text.links.push({ start: stream.u32(record.start), end: stream.u32(record.start + 4), href: text.pendingHref });
    text.pendingHref = undefined;
  }
}

/** The runs of the characters [start, end), split where hyperlinks begin and end. */
function linkedRuns(text: PptText, start: number, end: number): TextRun[] {
  const cuts = new Set([start, end]);
  for (const link of text.links) for (const at of [link.start, link.end]) if (at > start && at < end) cuts.add(at);
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((from, i) => {
    const href = text.links.find((link) => link.start <= from && from < link.end)?.href;
    return { text: text.text.slice(from, points[i + 1]).replace(/\v/g, "\n"), ...(href && { href }) };
  });
}

/** Per paragraph run: how many characters it covers, its indent level and explicit bullet flag. */
interface ParagraphRun {
  count: number;
  level: number;
  hasBullet?: boolean;
}

/** Bytes of the optional fields of a TextPFException, in the order the masks list them. */
const PF_FIELDS: ReadonlyArray<[mask: number, size: number]> = [
  [1 << 7, 2], // bulletChar
  [1 << 4, 2], // bulletFontRef
  [1 << 6, 2], // bulletSize
  [1 << 5, 4], // bulletColor
  [1 << 11, 2], // textAlignment
  [1 << 12, 2], // lineSpacing
  [1 << 13, 2], // spaceBefore
  [1 << 14, 2], // spaceAfter
  [1 << 8, 2], // leftMargin
  [1 << 10, 2], // indent
  [1 << 9, 2], // defaultTabSize
];

/**
 * The paragraph runs of a StyleTextPropAtom ([MS-PPT] 2.9.44). Only the indent level and the
 * bullet flag are kept, but every field present has to be stepped over to find the next run.
 */
function paragraphRuns(stream: PptStream, style: PptRecord, characters: number): ParagraphRun[] {
  const runs: ParagraphRun[] = [];
  let covered = 0;
  let offset = style.start;
  while (covered <= characters && offset + 10 <= style.end) {
    const count = stream.u32(offset);
    const level = stream.u16(offset + 4);
    const masks = stream.u32(offset + 6);
    offset += 10;
    let hasBullet: boolean | undefined;
    if (masks & 0xf) {
      if (masks & 1) hasBullet = (stream.u16(offset) & 1) === 1;
      offset += 2;
    }
    for (const [mask, size] of PF_FIELDS) if (masks & mask) offset += size;
    if (masks & (1 << 20)) offset += 2 + stream.u16(offset) * 4; // tabStops
    if (masks & (1 << 16)) offset += 2; // fontAlign
    if (masks & 0xe0000) offset += 2; // wrapFlags
    if (masks & (1 << 21)) offset += 2; // textDirection
    runs.push({ count, level, ...(hasBullet !== undefined && { hasBullet }) });
    if (count === 0) break;
    covered += count;
  }
  return runs;
}

/** Read a text's characters: UTF-16LE (TextCharsAtom) or one byte per character (TextBytesAtom). */
export function textOfRecord(stream: PptStream, record: PptRecord): string {
  const bytes = stream.bytes.subarray(record.start, record.end);
  return record.type === RT.TextCharsAtom ? new TextDecoder("utf-16le").decode(bytes) : new TextDecoder("latin1").decode(bytes);
}

/**
 * A text's paragraphs. Paragraphs end with `\r`, `\v` is a line break. Body texts are bulleted by
 * the master unless a run says otherwise. Note: numbered lists live in an extension record
 * (PP9) that this reader does not read, so they come out as bullets.
 */
export function pptParagraphs(stream: PptStream, text: PptText): SlideParagraph[] {
  const runs = text.style ? paragraphRuns(stream, text.style, text.text.length) : [];
  const bulletedByDefault = BULLETED_TYPES.has(text.textType);
  let position = 0;
  let runIndex = 0;
  let runEnd = runs[0]?.count ?? Number.POSITIVE_INFINITY;
  return text.text.split("\r").map((line) => {
    while (position >= runEnd && runIndex + 1 < runs.length) runEnd += runs[++runIndex]!.count;
    const run = runs[runIndex];
    const start = position;
    position += line.length + 1;
    const bulleted = run?.hasBullet ?? bulletedByDefault;
    return {
      kind: "paragraph",
      runs: linkedRuns(text, start, start + line.length),
      level: Math.min(run?.level ?? 0, 8),
      ...(bulleted && { list: "bullet" as const }),
    };
  });
}
