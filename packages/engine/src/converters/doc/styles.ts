import { headingLevelOfName, headingLevelOfOutline } from "../word/heading-names.js";
import { capitalsOf, toggle } from "./character-properties.js";
import type { StreamRange } from "./fib.js";
import { SPRM, readSprms } from "./sprms.js";

/** A paragraph or character style of the style sheet, reduced to what changes what a reader sees. */
export interface DocStyle {
  name: string;
  /** 1..9 for "heading 1..9"; Title counts as 1, as in the DOCX converter. */
  headingLevel: number | undefined;
  /** Set when the style itself puts the paragraph in a list (List Bullet, List Number, numbered headings). */
  listFormatOverride: number | undefined;
  /** The list level the style gives its paragraphs. */
  listLevel: number | undefined;
  /** The style shows its text in all caps or small caps. */
  capitals: boolean | undefined;
  /** The style shows its text in bold, or in italics (read for character styles such as Strong). */
  bold: boolean | undefined;
  italic: boolean | undefined;
  /** The style hides its text (`sprmCFVanish`), which Word does not show. */
  hidden: boolean | undefined;
  /** The style this one is based on, as an index into the style sheet. */
  baseIndex: number | undefined;
}

// Built-in style identifiers (sti, [MS-DOC] 2.9.305): 1..9 are "heading 1..9".
const STI_TITLE = 62;
const STI_USER_DEFINED = 0xffe;
const STYLE_KIND_PARAGRAPH = 1;
const STYLE_KIND_CHARACTER = 2;
const NO_BASE = 0xfff;
function headingLevelOf(sti: number, name: string, outlineLevel: number | undefined): number | undefined {
  if (sti >= 1 && sti <= 9) return sti;
  if (sti === STI_TITLE) return 1;
  const byOutline = outlineLevel === undefined ? undefined : headingLevelOfOutline(outlineLevel);
  if (byOutline !== undefined) return byOutline;
  // Note: names are the fallback for styles a tool saved without their built-in identifier
  // (LibreOffice writes localized names such as "Überschrift 1"). The outline level is tried first.
  return sti === STI_USER_DEFINED ? headingLevelOfName(name) : undefined;
}

/**
 * Read the paragraph and character styles of the style sheet (STSH, [MS-DOC] 2.9.271) by
 * style index (istd). Table and list styles leave holes in the array.
 */
export function readStyles(table: Uint8Array, range: StreamRange): Array<DocStyle | undefined> {
  const bytes = table.subarray(range.offset, range.offset + range.length);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = view.getUint16(0, true);
  const count = view.getUint16(2, true);
  const baseSize = view.getUint16(4, true);
  const styles: Array<DocStyle | undefined> = [];
  let at = 2 + headerSize;
  for (let index = 0; index < count && at + 2 <= bytes.length; index++) {
    const size = view.getUint16(at, true);
    const start = at + 2;
    at = start + size;
    if (size === 0 || at > bytes.length) {
      styles.push(undefined);
      continue;
    }
    const sti = view.getUint16(start, true) & 0x0fff;
    const kindAndBase = view.getUint16(start + 2, true);
    const upxCount = view.getUint16(start + 4, true) & 0x000f;
    const kind = kindAndBase & 0x000f;
    if (kind !== STYLE_KIND_PARAGRAPH && kind !== STYLE_KIND_CHARACTER) {
      styles.push(undefined);
      continue;
    }
    const nameLength = view.getUint16(start + baseSize, true);
    const nameStart = start + baseSize + 2;
    const name = new TextDecoder("utf-16le").decode(bytes.subarray(nameStart, nameStart + nameLength * 2));
    // The name ends with a NUL; each UPX (paragraph properties first for a paragraph style,
    // then character properties) is a size and its bytes, starting on an even offset.
    const upxs: Array<{ start: number; end: number }> = [];
    let upx = nameStart + (nameLength + 1) * 2;
    for (let index = 0; index < upxCount && upx + 2 <= at; index++) {
      if ((upx - start) % 2) upx++;
      const upxSize = view.getUint16(upx, true);
      upxs.push({ start: upx + 2, end: Math.min(upx + 2 + upxSize, at) });
      upx += 2 + upxSize;
    }
    const [first, second] = upxs;
    // The paragraph UPX opens with the istd (2 bytes) before its sprms.
    const paragraphSprms = kind === STYLE_KIND_PARAGRAPH && first ? readSprms(bytes, first.start + 2, first.end) : new Map<number, number>();
    const characterUpx = kind === STYLE_KIND_PARAGRAPH ? second : first;
    const characterSprms = characterUpx ? readSprms(bytes, characterUpx.start, characterUpx.end) : new Map<number, number>();
    const base = kindAndBase >> 4;
    styles.push({
      name,
      headingLevel: kind === STYLE_KIND_PARAGRAPH ? headingLevelOf(sti, name, paragraphSprms.get(SPRM.outlineLevel)) : undefined,
      listFormatOverride: paragraphSprms.get(SPRM.listFormatOverride) || undefined,
      listLevel: paragraphSprms.get(SPRM.listLevel),
      capitals: capitalsOf(characterSprms),
      bold: toggle(characterSprms, SPRM.bold),
      italic: toggle(characterSprms, SPRM.italic),
      hidden: toggle(characterSprms, SPRM.hidden),
      baseIndex: base === NO_BASE ? undefined : base,
    });
  }
  return styles;
}

/** The style sheet by style index (istd); table and list styles are holes. */
export type StyleSheet = ReadonlyArray<DocStyle | undefined>;

const MAX_STYLE_DEPTH = 10;

/** The first value `pick` finds on the style or the styles it is based on. */
export function inherited<T>(styles: StyleSheet, index: number, pick: (style: DocStyle) => T | undefined): T | undefined {
  let style = styles[index];
  for (let depth = 0; style && depth < MAX_STYLE_DEPTH; depth++) {
    const value = pick(style);
    if (value !== undefined) return value;
    style = style.baseIndex === undefined ? undefined : styles[style.baseIndex];
  }
  return undefined;
}
