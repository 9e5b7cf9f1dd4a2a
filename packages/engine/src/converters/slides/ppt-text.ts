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

/** Where each character run starts and ends in the text, with its emphasis. */
interface PlacedCharacterRun {
  start: number;
  end: number;
  bold: boolean;
  italic: boolean;
}

function placeCharacterRuns(characters: readonly CharacterRun[]): PlacedCharacterRun[] {
  let start = 0;
  return characters.map(({ count, bold, italic }) => ({ start, end: (start += count), bold, italic }));
}

/** The runs of the characters [start, end), split where hyperlinks and character runs begin and end. */
function styledRuns(text: PptText, characters: readonly PlacedCharacterRun[], start: number, end: number): TextRun[] {
  const cuts = new Set([start, end]);
  for (const range of [...text.links, ...characters]) for (const at of [range.start, range.end]) if (at > start && at < end) cuts.add(at);
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((from, i) => {
    const href = text.links.find((link) => link.start <= from && from < link.end)?.href;
    const look = characters.find((run) => run.start <= from && from < run.end);
    return {
      text: text.text.slice(from, points[i + 1]).replace(/\v/g, "\n"),
      ...(href && { href }),
      ...(look?.bold && { bold: true }),
      ...(look?.italic && { italic: true }),
    };
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
  [1 << 15, 2], // defaultTabSize
];

/**
 * The paragraph runs of a StyleTextPropAtom ([MS-PPT] 2.9.44), and where its character runs
 * begin. Only the indent level and the bullet flag are kept, but every field present has to be
 * stepped over to find the next run.
 */
function paragraphRuns(stream: PptStream, style: PptRecord, characters: number): { runs: ParagraphRun[]; end: number } {
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
  return { runs, end: offset };
}

/** Per character run: how many characters it covers, its emphasis, and which StyleTextProp9 entry it names. */
interface CharacterRun {
  count: number;
  bold: boolean;
  italic: boolean;
  pp9: number;
}

/** CFMasks and CFStyle bits ([MS-PPT] 2.9.46, 2.9.47): the mask says a run sets it, the style bit how. */
const CF_BOLD = 1 << 0;
const CF_ITALIC = 1 << 1;

/** Bytes of the optional fields of a TextCFException after its style bits, in the order the masks list them. */
const CF_FIELDS: ReadonlyArray<[mask: number, size: number]> = [
  [1 << 16, 2], // fontRef
  [1 << 21, 2], // oldEAFontRef
  [1 << 22, 2], // ansiFontRef
  [1 << 23, 2], // symbolFontRef
  [1 << 17, 2], // fontSize
  [1 << 18, 4], // color
  [1 << 19, 2], // position
  [1 << 20, 4], // pp10runid (not in a StyleTextPropAtom, by the spec)
  [1 << 24, 2], // newEAFontRef (idem)
  [1 << 25, 2], // csFontRef (idem)
  [1 << 26, 4], // pp11ext (idem)
];

/**
 * The character runs of a StyleTextPropAtom ([MS-PPT] 2.9.44), from where its paragraph runs end.
 * Kept: bold and italic, and `pp9rt`: bits 10-13 of the style bits (CFStyle), the index of the
 * run's entry in the text's StyleTextProp9Atom. LibreOffice writes indexes from 16 on into bits 14-15 too.
 */
function characterRuns(stream: PptStream, style: PptRecord, offset: number, characters: number): CharacterRun[] {
  const runs: CharacterRun[] = [];
  let covered = 0;
  while (covered <= characters && offset + 8 <= style.end) {
    const count = stream.u32(offset);
    const masks = stream.u32(offset + 4);
    offset += 8;
    let fontStyle = 0;
    if (masks & 0xffff) {
      fontStyle = stream.u16(offset);
      offset += 2;
    }
    for (const [mask, size] of CF_FIELDS) if (masks & mask) offset += size;
    if (offset > style.end) throw new Error("a character run runs past its StyleTextPropAtom");
    runs.push({
      count,
      bold: (masks & fontStyle & CF_BOLD) !== 0,
      italic: (masks & fontStyle & CF_ITALIC) !== 0,
      pp9: masks & 0xfc00 ? (fontStyle >>> 10) & 0x3f : 0,
    });
    if (count === 0) break;
    covered += count;
  }
  return runs;
}

/** What one StyleTextProp9 entry says of its paragraphs' bullets ([MS-PPT] 2.9.26 TextPFException9). */
export interface Pp9Paragraph {
  /** fBulletHasAutoNumber: the bullet is a number (Arabic, alphabetic, Roman, ...). */
  numbered: boolean;
  /** The number of the list's first paragraph (bulletAutoNumberScheme's startNum; 1 when unstated). */
  start: number;
}

/** The optional fields of a TextSIException ([MS-PPT] 2.9.32) in a StyleTextProp9. */
const SI_FIELDS: ReadonlyArray<[mask: number, size: number]> = [
  [1 << 0, 2], // spellInfo
  [1 << 1, 2], // lid
  [1 << 2, 2], // altLid
  [1 << 6, 2], // bidi
  [1 << 5, 4], // pp10runid, grammarError
];

/**
 * The entries of a StyleTextProp9Atom ([MS-PPT] 2.9.67), in order: a TextPFException9 (bullet
 * picture, whether the bullet is a number, the numbering scheme and start), a TextCFException9
 * and a TextSIException, each a mask followed by the fields it names. Throws when an entry runs
 * past the atom.
 */
export function readStyleTextProp9(stream: PptStream, atom: PptRecord): Pp9Paragraph[] {
  const entries: Pp9Paragraph[] = [];
  for (let offset = atom.start; offset + 12 <= atom.end; ) {
    const pfMasks = stream.u32(offset);
    offset += 4;
    if (pfMasks & (1 << 23)) offset += 2; // bulletBlipRef
    let numbered = false;
    let start = 1;
    if (pfMasks & (1 << 25)) {
      numbered = stream.u16(offset) !== 0; // fBulletHasAutoNumber
      offset += 2;
    }
    if (pfMasks & (1 << 24)) {
      start = stream.i16(offset + 2); // after the scheme (Arabic, alphabetic, Roman...): all ordered lists here
      offset += 4;
    }
    if (pfMasks & (1 << 26)) offset += 4; // pp10ext
    const cfMasks = stream.u32(offset);
    offset += 4;
    if (cfMasks & (1 << 20)) offset += 4; // pp10runid
    const siMasks = stream.u32(offset);
    offset += 4;
    for (const [mask, size] of SI_FIELDS) if (siMasks & mask) offset += size;
    if (siMasks & (1 << 9)) offset += 4 + stream.u32(offset) * 4; // smartTags, which the spec rules out here
    if (offset > atom.end) throw new Error("a StyleTextProp9 entry runs past its atom");
    entries.push({ numbered, start: start >= 1 ? start : 1 });
  }
  return entries;
}

/** The "___PPT9" tag's data in a ProgTags container (shape: PP9ShapeBinaryTagExtension; document: PP9DocBinaryTagExtension). */
function pp9TagData(stream: PptStream, progTags: PptRecord | undefined): PptRecord | undefined {
  for (const tag of progTags ? stream.children(progTags) : []) {
    if (tag.type !== RT.ProgBinaryTag) continue;
    const [name, data] = stream.children(tag);
    if (name?.type !== RT.CString || data?.type !== RT.BinaryTagDataBlob) continue;
    if (new TextDecoder("utf-16le").decode(stream.bytes.subarray(name.start, name.end)) === "___PPT9") return data;
  }
  return undefined;
}

/**
 * A shape's numbering: the StyleTextProp9Atom in its ClientData's "___PPT9" tag, for the text in
 * its ClientTextbox. `undefined` when it has none, or when the tag is damaged (the text keeps
 * its bullets).
 */
export function shapeNumbering(stream: PptStream, clientData: PptRecord | undefined): Pp9Paragraph[] | undefined {
  try {
    const atom = stream.child(pp9TagData(stream, stream.child(clientData, RT.ProgTags)), RT.StyleTextProp9Atom);
    return atom ? readStyleTextProp9(stream, atom) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The numbering of placeholder texts, from the document's "___PPT9" tag (DocInfoList → ProgTags):
 * its OutlineTextProps9Container pairs an OutlineTextPropsHeaderExAtom (slide id; the text's
 * index in the slide's outline as the record instance) with a StyleTextProp9Atom. Keyed
 * `slideId:index`; a damaged entry, or a damaged container, numbers nothing.
 */
export function outlineNumbering(stream: PptStream, document: PptRecord): Map<string, Pp9Paragraph[]> {
  const found = new Map<string, Pp9Paragraph[]>();
  try {
    const container = stream.child(pp9TagData(stream, stream.child(stream.child(document, RT.List), RT.ProgTags)), RT.OutlineTextProps9Container);
    let key: string | undefined;
    for (const record of container ? stream.children(container) : []) {
      if (record.type === RT.OutlineTextPropsHeaderExAtom && record.end - record.start >= 4) {
        key = `${stream.u32(record.start)}:${record.instance}`;
      } else if (record.type === RT.StyleTextProp9Atom && key !== undefined) {
        try {
          found.set(key, readStyleTextProp9(stream, record));
        } catch {
          // this text keeps its bullets
        }
        key = undefined;
      }
    }
  } catch {
    // the texts keep their bullets
  }
  return found;
}

/** The StyleTextProp9 entry a character run names. Note: by the spec the index has four bits; LibreOffice carries longer ones into the next two. */
const pp9Entry = (run: CharacterRun | undefined, numbering: readonly Pp9Paragraph[]): Pp9Paragraph | undefined => {
  const index = run?.pp9 ?? 0;
  return numbering[index < numbering.length ? index : index & 0xf];
};

/** Read a text's characters: UTF-16LE (TextCharsAtom) or one byte per character (TextBytesAtom). */
export function textOfRecord(stream: PptStream, record: PptRecord): string {
  const bytes = stream.bytes.subarray(record.start, record.end);
  return record.type === RT.TextCharsAtom ? new TextDecoder("utf-16le").decode(bytes) : new TextDecoder("latin1").decode(bytes);
}

/**
 * A text's paragraphs. Paragraphs end with `\r`, `\v` is a line break. Body texts are bulleted by
 * the master unless a run says otherwise. A bulleted paragraph is numbered when the PowerPoint
 * 2000 extension says so (`numbering`, the StyleTextProp9 entries of the text): the character
 * run at the paragraph's start names its entry, as LibreOffice reads it. Note: the master's own
 * numbering (TextMasterStyle9Atom) is not read; its placeholders are bulleted by default.
 */
export function pptParagraphs(stream: PptStream, text: PptText, numbering?: readonly Pp9Paragraph[]): SlideParagraph[] {
  const { runs, end } = text.style ? paragraphRuns(stream, text.style, text.text.length) : { runs: [], end: 0 };
  let characters: CharacterRun[] = [];
  if (text.style) {
    try {
      characters = characterRuns(stream, text.style, end, text.text.length);
    } catch {
      characters = []; // damaged character runs: the paragraphs keep their bullets, the text is plain
    }
  }
  const placed = placeCharacterRuns(characters);
  const bulletedByDefault = BULLETED_TYPES.has(text.textType);
  let position = 0;
  let runIndex = 0;
  let runEnd = runs[0]?.count ?? Number.POSITIVE_INFINITY;
  let characterIndex = 0;
  let characterEnd = characters[0]?.count ?? Number.POSITIVE_INFINITY;
  return text.text.split("\r").map((line) => {
    while (position >= runEnd && runIndex + 1 < runs.length) runEnd += runs[++runIndex]!.count;
    while (position >= characterEnd && characterIndex + 1 < characters.length) characterEnd += characters[++characterIndex]!.count;
    const run = runs[runIndex];
    const start = position;
    position += line.length + 1;
    const bulleted = run?.hasBullet ?? bulletedByDefault;
    const numbered = bulleted && numbering && numbering.length > 0 && characters.length > 0 ? pp9Entry(characters[characterIndex], numbering) : undefined;
    return {
      kind: "paragraph",
      runs: styledRuns(text, placed, start, start + line.length),
      level: Math.min(run?.level ?? 0, 8),
      ...(bulleted && { list: numbered?.numbered ? ("ordered" as const) : ("bullet" as const) }),
      ...(numbered?.numbered && { start: numbered.start }),
    };
  });
}
