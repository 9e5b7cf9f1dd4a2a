/**
 * The formats the engine reads, and how a name or a `Content-Type` names them: the one table the
 * engine's detection and the Astro loader's `format` field share. Note: this module imports
 * nothing, so the loader reads it through `docscrape/formats` without loading the engine.
 */

/** Every format the engine converts, as `metadata.format` and the loader's `data.format` name it. */
export const DOCUMENT_FORMATS = [
  "pdf",
  "docx",
  "doc",
  "odt",
  "rtf",
  "xlsx",
  "xls",
  "ods",
  "xlsb",
  "pptx",
  "ppt",
  "odp",
  "epub",
  "html",
  "csv",
  "markdown",
  "text",
] as const;

/** A format the engine converts. */
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** MIME type of each format, as reported in `metadata.contentType`. */
export const MIME_BY_FORMAT: Readonly<Record<DocumentFormat, string>> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  xlsb: "application/vnd.ms-excel.sheet.binary.macroenabled.12",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ppt: "application/vnd.ms-powerpoint",
  odp: "application/vnd.oasis.opendocument.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  rtf: "application/rtf",
  epub: "application/epub+zip",
  html: "text/html",
  csv: "text/csv",
  markdown: "text/markdown",
  text: "text/plain",
};

const FORMAT_BY_EXTENSION: Readonly<Record<string, DocumentFormat>> = {
  pdf: "pdf",
  docx: "docx",
  docm: "docx",
  doc: "doc",
  xlsx: "xlsx",
  xlsm: "xlsx",
  xls: "xls",
  ods: "ods",
  xlsb: "xlsb",
  pptx: "pptx",
  pptm: "pptx",
  ppt: "ppt",
  odp: "odp",
  odt: "odt",
  rtf: "rtf",
  epub: "epub",
  html: "html",
  htm: "html",
  xhtml: "html",
  csv: "csv",
  tsv: "csv",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  text: "text",
};

const FORMAT_BY_MIME: Readonly<Record<string, DocumentFormat>> = {
  ...Object.fromEntries(Object.entries(MIME_BY_FORMAT).map(([format, mime]) => [mime, format as DocumentFormat])),
  "application/x-pdf": "pdf",
  "application/vnd.ms-word": "doc",
  "application/vnd.ms-excel.sheet.macroenabled.12": "xlsx",
  "application/vnd.ms-word.document.macroenabled.12": "docx",
  "application/vnd.ms-powerpoint.presentation.macroenabled.12": "pptx",
  "application/csv": "csv",
  "text/tab-separated-values": "csv",
  "text/x-markdown": "markdown",
  "text/rtf": "rtf",
  "application/x-rtf": "rtf",
  "application/xhtml+xml": "html",
};

/** The format a file name's extension names, if any. */
export function formatFromFilename(filename: string | undefined): DocumentFormat | undefined {
  const match = /\.([a-z0-9]+)$/i.exec(filename?.split(/[?#]/, 1)[0] ?? "");
  return match ? FORMAT_BY_EXTENSION[match[1]!.toLowerCase()] : undefined;
}

/** The format a `Content-Type` header names, if any (parameters ignored). */
export function formatFromContentType(contentType: string | undefined): DocumentFormat | undefined {
  const mime = contentType?.split(";", 1)[0]?.trim().toLowerCase();
  return mime ? FORMAT_BY_MIME[mime] : undefined;
}
