import type { StreamRange } from "./fib.js";
import { SPRM, readSprms } from "./sprms.js";

/** A paragraph style of the style sheet, reduced to what decides the Markdown block. */
export interface DocStyle {
  name: string;
  /** 1..9 for "heading 1..9"; Title counts as 1, as in the DOCX converter. */
  headingLevel: number | undefined;
  /** Set when the style itself puts the paragraph in a list (List Bullet, List Number). */
  listFormatOverride: number | undefined;
  /** The style this one is based on, as an index into the style sheet. */
  baseIndex: number | undefined;
}

// Built-in style identifiers (sti, [MS-DOC] 2.9.305): 1..9 are "heading 1..9".
const STI_TITLE = 62;
const STI_USER_DEFINED = 0xffe;
const STYLE_KIND_PARAGRAPH = 1;
const NO_BASE = 0xfff;
const BODY_TEXT_OUTLINE_LEVEL = 9;

// Note: names are the fallback for styles a tool saved without their built-in identifier
// (LibreOffice writes localized names such as "Überschrift 1"). The outline level is tried first.
const HEADING_NAME =
  /^(?:heading|überschrift|titre|titolo|título|kop|rubrik|nagłówek|заголовок)\s*([1-9])$/i;

function headingLevelOf(sti: number, name: string, outlineLevel: number | undefined): number | undefined {
  if (sti >= 1 && sti <= 9) return sti;
  if (sti === STI_TITLE) return 1;
  if (outlineLevel !== undefined && outlineLevel < BODY_TEXT_OUTLINE_LEVEL) return outlineLevel + 1;
  const match = sti === STI_USER_DEFINED ? HEADING_NAME.exec(name.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * Read the paragraph styles of the style sheet (STSH, [MS-DOC] 2.9.271) by style index (istd).
 * Character and table styles leave holes in the array.
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
    if ((kindAndBase & 0x000f) !== STYLE_KIND_PARAGRAPH) {
      styles.push(undefined);
      continue;
    }
    const nameLength = view.getUint16(start + baseSize, true);
    const nameStart = start + baseSize + 2;
    const name = new TextDecoder("utf-16le").decode(bytes.subarray(nameStart, nameStart + nameLength * 2));
    // The name ends with a NUL; the first UPX (the paragraph properties) starts on an even offset.
    let upx = nameStart + (nameLength + 1) * 2;
    if ((upx - start) % 2) upx++;
    const upxSize = upxCount > 0 && upx + 2 <= at ? view.getUint16(upx, true) : 0;
    // The paragraph UPX opens with the istd (2 bytes) before its sprms.
    const sprms = readSprms(bytes, upx + 4, Math.min(upx + 2 + upxSize, at));
    const base = kindAndBase >> 4;
    styles.push({
      name,
      headingLevel: headingLevelOf(sti, name, sprms.get(SPRM.outlineLevel)),
      listFormatOverride: sprms.get(SPRM.listFormatOverride) || undefined,
      baseIndex: base === NO_BASE ? undefined : base,
    });
  }
  return styles;
}
