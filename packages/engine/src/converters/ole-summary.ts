import CFB from "cfb";

/** Title and author from an OLE2 file's SummaryInformation property set. */
export interface OleSummary {
  title?: string;
  author?: string;
}

const PID_CODEPAGE = 1;
const PID_TITLE = 2;
const PID_AUTHOR = 4;
const VT_I2 = 0x02;
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;

/** A TextDecoder for a Windows code page, falling back to windows-1252 for ones Node lacks. */
function decoderFor(codePage: number): { decode(bytes: Uint8Array): string } {
  if (codePage === 65001) return new TextDecoder("utf-8");
  try {
    return new TextDecoder(`windows-${codePage}`);
  } catch {
    return new TextDecoder("windows-1252");
  }
}

/**
 * Read the title and author of an OLE2 document (PPT; the same stream exists in DOC and XLS) from
 * its `\u0005SummaryInformation` stream ([MS-OLEPS]). Note: a few fixed offsets, so no library;
 * anything unexpected gives no metadata rather than an error.
 */
export function readOleSummary(container: CFB.CFB$Container): OleSummary {
  const entry = CFB.find(container, "\u0005SummaryInformation");
  if (!entry?.content || entry.content.length < 48) return {};
  const bytes = Uint8Array.from(entry.content);
  const view = new DataView(bytes.buffer);
  const inside = (offset: number, size: number) => offset >= 0 && offset + size <= bytes.length;
  try {
    const section = view.getUint32(44, true);
    if (!inside(section, 8)) return {};
    const count = Math.min(view.getUint32(section + 4, true), 1024);
    const properties = new Map<number, number>();
    for (let i = 0; i < count && inside(section + 8 + i * 8, 8); i++) {
      properties.set(view.getUint32(section + 8 + i * 8, true), section + view.getUint32(section + 12 + i * 8, true));
    }
    const codePageAt = properties.get(PID_CODEPAGE);
    const codePage = codePageAt !== undefined && inside(codePageAt, 6) && view.getUint32(codePageAt, true) === VT_I2 ? view.getUint16(codePageAt + 4, true) : 1252;
    const text = (id: number): string | undefined => {
      const at = properties.get(id);
      if (at === undefined || !inside(at, 8)) return undefined;
      const type = view.getUint32(at, true);
      const length = view.getUint32(at + 4, true);
      const size = type === VT_LPWSTR ? length * 2 : length;
      if ((type !== VT_LPSTR && type !== VT_LPWSTR) || !inside(at + 8, size)) return undefined;
      const raw = bytes.subarray(at + 8, at + 8 + size);
      const value = (type === VT_LPWSTR ? new TextDecoder("utf-16le") : decoderFor(codePage)).decode(raw);
      return value.replace(/\0+$/, "").trim() || undefined;
    };
    const title = text(PID_TITLE);
    const author = text(PID_AUTHOR);
    return { ...(title && { title }), ...(author && { author }) };
  } catch {
    return {};
  }
}
