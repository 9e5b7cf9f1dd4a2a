import { OLE2_SIGNATURE, ZIP_SIGNATURE, isBareBiff, startsWith } from "../../signatures.js";
import { ScrapeError } from "../../errors.js";
import CFB from "cfb";
import { oleEntryNames, readOleContainer } from "../ole-container.js";
import type { DocumentFormat } from "../../types.js";
import { assertSafeZip } from "../../zip-guard.js";

/** Whether the bytes are a ZIP (local file header). */
export const isZip = (bytes: Uint8Array): boolean => startsWith(bytes, ZIP_SIGNATURE);

/**
 * Whether the bytes are a password-protected OOXML file (XLSX, DOCX, PPTX): an OLE2 compound file
 * holding the encrypted ZIP as its `EncryptedPackage` stream (MS-OFFCRYPTO).
 */
export const isEncryptedOoxml = (bytes: Uint8Array): boolean =>
  startsWith(bytes, OLE2_SIGNATURE) && new TextDecoder("utf-16le").decode(bytes.subarray(0, 1 << 16)).includes("EncryptedPackage");

/** BIFF record types: the end of a substream, and the record that says the workbook is encrypted. */
const BIFF_EOF = 0x000a;
const BIFF_FILEPASS = 0x002f;

/**
 * Whether an Excel 97-2003 workbook is password-protected: its globals substream (before the
 * first EOF record) holds a FILEPASS record. Note: the rest of the stream is encrypted, so the
 * records are walked only by their headers, which stay in the clear.
 */
function isEncryptedXls(bytes: Uint8Array): boolean {
  const container = readOleContainer(bytes);
  const entry = CFB.find(container, "Workbook") ?? CFB.find(container, "Book");
  const stream = entry?.content;
  if (!stream) return false;
  for (let offset = 0; offset + 4 <= stream.length; ) {
    const type = stream[offset]! | (stream[offset + 1]! << 8);
    if (type === BIFF_FILEPASS) return true;
    if (type === BIFF_EOF) return false;
    offset += 4 + (stream[offset + 2]! | (stream[offset + 3]! << 8));
  }
  return false;
}

const passwordProtected = (name: string) => new ScrapeError("DOCUMENT_UNREADABLE", `${name} is password-protected; remove the password in Excel and try again.`);

/**
 * Refuse bytes that are not the container their workbook format lives in, before SheetJS sees
 * them. Note: SheetJS falls back to reading anything as a text table, so random bytes named
 * `.xlsx` would otherwise "convert" to a table of garbage. ZIP packages (XLSX, ODS) also go
 * through the ZIP bomb guard.
 *
 * @throws {ScrapeError} `DOCUMENT_UNREADABLE` for the wrong container or a password-protected
 *   XLSX, `DOCUMENT_TOO_LARGE` for a ZIP that unpacks past the limit.
 */
export function assertWorkbookContainer(bytes: Uint8Array, format: DocumentFormat, name: string): void {
  const zip = isZip(bytes);
  const isOle2 = startsWith(bytes, OLE2_SIGNATURE);
  // Note: "Excel" files exported by web apps are often HTML or SpreadsheetML 2003 XML named .xls.
  const isMarkup = format === "xls" && /^\uFEFF?\s*</.test(new TextDecoder().decode(bytes.subarray(0, 64)));
  // An encrypted XLSX is an OLE2 file holding the encrypted ZIP package.
  const isOoxml = format === "xlsx" || format === "xlsb";
  // Note: Excel 2.1 to 4.0 saved a bare BIFF stream, which SheetJS reads as it reads Excel 97's.
  const expected = format === "xls" ? isOle2 || isMarkup || isBareBiff(bytes) : isOoxml ? zip || isOle2 : zip;
  if (!expected) {
    const container = format === "xls" ? "an Excel 97-2003 file" : "a ZIP package";
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} is not a valid ${format.toUpperCase()} workbook (it is not ${container}); check that the file is not corrupt or renamed.`,
    );
  }
  if (format === "xls" && isOle2 && oleEntryNames(bytes).size === 0) {
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} is truncated or damaged (its Excel 97-2003 container cannot be read); check that the file is complete and not corrupt.`,
    );
  }
  if ((isOoxml && isEncryptedOoxml(bytes)) || (format === "xls" && isOle2 && isEncryptedXls(bytes))) throw passwordProtected(name);
  if (zip) assertSafeZip(bytes, name);
}
