import { unzipSync } from "fflate";
import { formatFromContentType, formatFromFilename } from "./formats.js";
import type { DocumentFormat, StreamInfo } from "./types.js";


/** Whether `bytes` hold `signature` at `offset`. */
export const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, i) => bytes[offset + i] === byte);

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RTF_SIGNATURE = [0x7b, 0x5c, 0x72, 0x74, 0x66]; // {\rtf

/**
 * The format the bytes themselves prove, if they prove one. Text formats are never proven by
 * bytes, so this answers only for PDF, RTF (`{\rtf`), OOXML/ODF/EPUB packages and OLE2 compound files.
 */
function formatFromBytes(bytes: Uint8Array, hint?: DocumentFormat): DocumentFormat | undefined {
  // Note: PDF readers accept a header anywhere in the first 1 KiB, so we do too.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (startsWith(bytes, PDF_SIGNATURE) || head.includes("%PDF-")) return "pdf";
  if (startsWith(bytes, ZIP_SIGNATURE)) return zipFormat(bytes);
  if (startsWith(bytes, RTF_SIGNATURE)) return "rtf";
  if (startsWith(bytes, OLE2_SIGNATURE)) {
    // Telling Word from Excel needs the directory; the stream names are ASCII in UTF-16LE.
    const sample = new TextDecoder("utf-16le").decode(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
    if (sample.includes("WordDocument")) return "doc";
    if (sample.includes("PowerPoint Document")) return "ppt";
    if (sample.includes("Workbook") || sample.includes("Book")) return "xls";
    return hint === "doc" || hint === "xls" ? hint : undefined;
  }
  return undefined;
}

/** Which OOXML/ODF package a ZIP holds, read from its member names only (nothing is inflated). */
function zipFormat(bytes: Uint8Array): DocumentFormat | undefined {
  let names: string[] = [];
  try {
    // Note: the filter sees each entry's name and returns false, so no member is inflated.
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    names = [];
  }
  if (names.includes("word/document.xml")) return "docx";
  if (names.includes("xl/workbook.xml")) return "xlsx";
  if (names.includes("xl/workbook.bin")) return "xlsb";
  if (names.includes("ppt/presentation.xml")) return "pptx";
  // Note: ODF and EPUB store their `mimetype` member first and uncompressed, so its text is in the head.
  const mimetype = new TextDecoder().decode(bytes.subarray(0, 200));
  if (mimetype.includes("application/vnd.oasis.opendocument.spreadsheet")) return "ods";
  if (mimetype.includes("application/vnd.oasis.opendocument.presentation")) return "odp";
  if (mimetype.includes("application/vnd.oasis.opendocument.text")) return "odt";
  if (mimetype.includes("application/epub+zip") || names.includes("META-INF/container.xml")) return "epub";
  return undefined;
}

/** Whether the bytes look like text (UTF-8/UTF-16 or a single-byte encoding with no NULs). */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample[0] === 0xff && sample[1] === 0xfe) return true;
  if (sample[0] === 0xfe && sample[1] === 0xff) return true;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control <= sample.length / 100;
}

/** Whether text starts as an HTML document does (a doctype or `<html>`, after a BOM, an XML declaration or comments). */
function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "");
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html[\s>])/i.test(head);
}

/**
 * Decide a document's format: the extension, then the `Content-Type`, then the bytes — and the
 * bytes win when they prove a different binary format than the name claims.
 */
export function detectFormat(bytes: Uint8Array, info: StreamInfo = {}): DocumentFormat | undefined {
  const claimed = formatFromFilename(info.filename) ?? formatFromContentType(info.contentType);
  const proven = formatFromBytes(bytes, claimed);
  if (proven) return proven;
  if (claimed === "csv" || claimed === "markdown" || claimed === "text" || claimed === "html") return looksLikeText(bytes) ? claimed : undefined;
  // A name that claims a binary format the bytes do not prove: let that converter report the damage.
  if (claimed) return claimed;
  if (!looksLikeText(bytes) || bytes.length === 0) return undefined;
  return looksLikeHtml(bytes) ? "html" : "text";
}
