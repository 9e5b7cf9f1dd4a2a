import { detectFormat } from "./detect.js";
import { MIME_BY_FORMAT } from "./formats.js";
import { ScrapeError } from "./errors.js";
import type { ConvertOptions, ConvertResult, Converter, DocumentFormat } from "./types.js";

const pdf = () => import("./converters/pdf.js").then((module) => module.pdfConverter);
const docx = () => import("./converters/docx.js").then((module) => module.docxConverter);
const doc = () => import("./converters/doc.js").then((module) => module.docConverter);
const spreadsheet = () => import("./converters/spreadsheet.js").then((module) => module.spreadsheetConverter);
const slides = () => import("./converters/slides.js").then((module) => module.slidesConverter);
const csv = () => import("./converters/csv.js").then((module) => module.csvConverter);
const odt = () => import("./converters/odt.js").then((module) => module.odtConverter);
const rtf = () => import("./converters/rtf.js").then((module) => module.rtfConverter);
const epub = () => import("./converters/epub.js").then((module) => module.epubConverter);
const html = () => import("./converters/html.js").then((module) => module.htmlConverter);
const text = () => import("./converters/text.js").then((module) => module.textConverter);

// Note: converters load on first use, so importing the engine (the Astro loader does, at every
// build) or converting one CSV from the CLI does not pay for pdf.js, mammoth and SheetJS.
// A new format is one converter module plus one line here.
const CONVERTER_BY_FORMAT: Readonly<Record<DocumentFormat, () => Promise<Converter>>> = {
  pdf,
  docx,
  doc,
  xlsx: spreadsheet,
  xls: spreadsheet,
  ods: spreadsheet,
  xlsb: spreadsheet,
  pptx: slides,
  ppt: slides,
  odp: slides,
  odt,
  rtf,
  epub,
  html,
  csv,
  markdown: text,
  text,
};

const describe = (options: ConvertOptions): string => options.filename ?? "the document";

/**
 * Convert a document's bytes to Markdown. The format is detected from the name, the
 * `Content-Type` and the bytes (the bytes win).
 *
 * @throws {ScrapeError} `UNSUPPORTED_DOCUMENT` when the format is not one we read,
 *   `DOCUMENT_UNREADABLE` when the document is empty, corrupt, truncated or encrypted.
 */
export async function convert(input: Uint8Array, options: ConvertOptions = {}): Promise<ConvertResult> {
  const name = describe(options);
  // Note: pdf.js refuses Node's Buffer subclass, so every converter gets a plain view of the bytes.
  const bytes = Buffer.isBuffer(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : input;
  if (bytes.length === 0) {
    throw new ScrapeError("DOCUMENT_UNREADABLE", `${name} is empty (0 bytes); check that the file was uploaded completely.`);
  }
  const format = detectFormat(bytes, options);
  if (!format) {
    throw new ScrapeError(
      "UNSUPPORTED_DOCUMENT",
      `${name} is not a PDF, Word, OpenDocument, RTF, Excel, PowerPoint, EPUB, HTML, CSV, Markdown or text document; convert it to one of those formats.`,
    );
  }
  const converter = await CONVERTER_BY_FORMAT[format]();
  try {
    const result = await converter.convert(bytes, { onlyMainContent: true, ...options, format });
    // Note: a document that gives no text and no reason (a page cut off before its content, a
    // blank file) says so, rather than becoming an empty page without a word.
    const warnings =
      result.warnings.length > 0 || /[\p{L}\p{N}]/u.test(result.markdown)
        ? result.warnings
        : [`${name} has no text to convert; check that it is complete and not blank.`];
    return { ...result, warnings, metadata: { ...result.metadata, format, contentType: MIME_BY_FORMAT[format] } };
  } catch (error) {
    if (ScrapeError.is(error)) throw error;
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} could not be read as ${format.toUpperCase()} (${readerReason(error)}); check that it is not corrupt, truncated or password-protected.`,
      { cause: error },
    );
  }
}

// Note: a reader's message can run to several lines and quote the damaged bytes (xmldom's parse
// errors do); the error stays one line of readable length.
const MAX_REASON_LENGTH = 160;

/** What a reader's error says, as one short line. */
function readerReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message
    .replace(/\[xmldom error\]\s*/g, "")
    .split("\n")[0]!
    .trim();
  return line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH - 1)}…` : line;
}
