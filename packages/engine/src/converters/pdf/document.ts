import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ScrapeError } from "../../errors.js";
import type { DocumentMetadata } from "../../types.js";

// Note: CJK text needs pdf.js's predefined CMaps, and PDFs that do not embed the 14 standard fonts
// need its font data; both ship in the pdfjs-dist package and are read from disk, never fetched.
const PDFJS_DIRECTORY = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/** How a PDF is opened. */
export interface OpenPdfOptions {
  /** pdf.js decodes no image with more pixels than this (-1: no limit, for OCR). */
  maxImageSize: number;
  /** Whether its pages will be rendered (OCR, figure crops), which needs every glyph's outline. */
  drawn: boolean;
}

/**
 * The font set of a document that is read but never drawn. Note: pdf.js in Node has no Font
 * Loading API, so it falls back to outlines: the worker turns every glyph into a path and posts it
 * to this thread each time the glyph is shown — a fifth of a text-only conversion's time (corpus
 * PDFs, `pnpm bench`). pdf.js has no option to skip them; given a font set, it hands each font to
 * `new FontFace()` instead, so a document that is never drawn gets this set, which only holds what
 * it is given, and an inert `FontFace` where the platform has none.
 */
function fontSetOfUndrawnDocument(): { fonts: Set<unknown> } {
  if (!("FontFace" in globalThis)) {
    Object.defineProperty(globalThis, "FontFace", { value: InertFontFace, configurable: true, writable: true });
  }
  return { fonts: new Set() };
}

/** A font face that is never drawn with: loaded at once. */
class InertFontFace {
  readonly loaded: Promise<this> = Promise.resolve(this);
  constructor(readonly family: string) {}
  load(): Promise<this> {
    return this.loaded;
  }
}

// Note: Acrobat looks for the end marker anywhere in the last 1024 bytes (an implementation note
// of Adobe's PDF Reference, on the file trailer), since writers and servers may pad a file after it.
const END_MARKER = Buffer.from("%%EOF", "latin1");
const END_MARKER_WINDOW = 1024;

/**
 * Whether the file stops short of the `%%EOF` that closes every complete PDF. Note: pdf.js
 * rebuilds what it can of a file cut short in a download or an upload and reads the pages it
 * finds without a word, so the caller says that pages may be missing.
 */
export function looksTruncated(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-END_MARKER_WINDOW);
  return !tail.includes(END_MARKER);
}

/** Open a PDF with pdf.js in the current thread, mapping encryption and corruption to `ScrapeError`s. */
export async function openPdf(bytes: Uint8Array, name: string, { maxImageSize, drawn }: OpenPdfOptions): Promise<PDFDocumentProxy> {
  const task = getDocument({
    // Note: pdf.js transfers (detaches) the buffer it is given, so it gets a copy.
    data: bytes.slice(),
    cMapUrl: join(PDFJS_DIRECTORY, "cmaps") + "/",
    standardFontDataUrl: join(PDFJS_DIRECTORY, "standard_fonts") + "/",
    disableFontFace: drawn,
    ...(!drawn && { ownerDocument: fontSetOfUndrawnDocument() }),
    fontExtraProperties: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
    maxImageSize,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const kind = (error as { name?: string } | null)?.name;
    if (kind === "PasswordException") {
      throw new ScrapeError("DOCUMENT_UNREADABLE", `${name} is password-protected; remove the password and convert it again.`, { cause: error });
    }
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} is not a readable PDF (${error instanceof Error ? error.message : String(error)}); check that it is complete and not corrupt.`,
      { cause: error },
    );
  }
}

// Note: titles such as "untitled", "Microsoft Word - report.docx" or a bare file name say nothing.
const MEANINGLESS_TITLE = /^(?:untitled|title|document\d*|microsoft word - .*|.*\.(?:docx?|pdf|rtf|odt|indd|qxd|tex|dvi))$/i;

/** Title, author and language from the document information and catalog. */
export async function readMetadata(document: PDFDocumentProxy): Promise<Pick<DocumentMetadata, "title" | "author" | "language" | "numPages">> {
  const { info } = (await document.getMetadata()) as { info: Record<string, unknown> };
  const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  const title = text(info.Title);
  const metadata: Pick<DocumentMetadata, "title" | "author" | "language" | "numPages"> = { numPages: document.numPages };
  if (title && !MEANINGLESS_TITLE.test(title)) metadata.title = title;
  const author = text(info.Author);
  if (author && author.toLowerCase() !== "anonymous") metadata.author = author;
  const language = text(info.Language);
  if (language) metadata.language = language;
  return metadata;
}
