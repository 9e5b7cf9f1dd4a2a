import { unzipSync } from "fflate";
import { oleEntryNames } from "./converters/ole-container.js";
import { formatFromContentType, formatFromFilename } from "./formats.js";
import { OLE2_SIGNATURE, PDF_SIGNATURE, RTF_SIGNATURE, ZIP_SIGNATURE, startsWith } from "./signatures.js";
import type { DocumentFormat, StreamInfo } from "./types.js";

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
    // Telling Word from Excel needs the directory's stream names. Note: read from the directory
    // itself, wherever it lies in the file; the text of a document may hold the same words.
    const names = oleEntryNames(bytes);
    if (names.has("WordDocument")) return "doc";
    if (names.has("PowerPoint Document")) return "ppt";
    if (names.has("Workbook") || names.has("Book")) return "xls";
    // Note: a truncated or damaged file has no directory to read: its name says what it should be.
    return hint === "doc" || hint === "xls" || hint === "ppt" ? hint : undefined;
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
