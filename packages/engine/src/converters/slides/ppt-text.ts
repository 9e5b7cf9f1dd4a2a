import type { SlideParagraph } from "./model.js";
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
    position += line.length + 1;
    const bulleted = run?.hasBullet ?? bulletedByDefault;
    return {
      kind: "paragraph",
      runs: [{ text: line.replace(/\v/g, "\n") }],
      level: Math.min(run?.level ?? 0, 8),
      ...(bulleted && { list: "bullet" as const }),
    };
  });
}
