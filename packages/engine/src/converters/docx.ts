import { ScrapeError } from "../errors.js";
import { imageCollectorFor } from "../images.js";
import type { Converter } from "../types.js";
import { assertSafeZip } from "../zip-guard.js";
import { markAltChunks } from "./docx/alt-chunks.js";
import { markEquations } from "./docx/equations.js";
import { htmlToMarkdown } from "./docx/html-to-markdown.js";
import { docxToHtml } from "./docx/mammoth-html.js";
import { readDocxProperties } from "./docx/properties.js";
import { showWhatWordShows } from "./docx/shown-text.js";
import { withoutTableOfContents } from "./docx/table-of-contents.js";
import { isEncryptedOoxml } from "./spreadsheet/container.js";

// Note: mammoth holds each XML part it reads as a string and then as a DOM, many times its size, so
// a DOCX gets a tighter cap than the engine's ZIP default. Images count towards it too (the
// guard cannot tell parts apart), which only turns away documents above 64 MiB unpacked.
const DOCX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * Word 2007+ (DOCX) to GFM. mammoth reads the document model (styles, numbering, notes,
 * text boxes, checkboxes); the HTML it writes is reshaped and serialized with mdast, with the
 * HTML and RTF a generator embedded as alt-chunks read in place.
 * Equations become LaTeX math, comments and (with `onlyMainContent`) the table of contents are
 * left out; pictures are returned when asked for (`options.images`), else they keep only their
 * alt text.
 */
export const docxConverter: Converter = {
  formats: ["docx"],
  async convert(bytes, options) {
    if (isEncryptedOoxml(bytes)) {
      throw new ScrapeError("DOCUMENT_UNREADABLE", `${options.filename ?? "the document"} is password-protected; remove the password in Word and try again.`);
    }
    assertSafeZip(bytes, options.filename ?? "the document", { maxInflatedBytes: DOCX_MAX_INFLATED_BYTES });
    const images = await imageCollectorFor(options);
    // Note: as the ODT reader does with its indexes, the table of contents stays with onlyMainContent off.
    const body = options.onlyMainContent === false ? bytes : withoutTableOfContents(bytes);
    const altChunks = markAltChunks(body, options.filename ?? "the document");
    const shown = showWhatWordShows(markEquations(altChunks.bytes));
    const { html, warnings } = await docxToHtml(shown.bytes, images);
    const { markdown, firstHeading, imageCount } = htmlToMarkdown(html, shown.listLabels, altChunks.chunks);
    const properties = readDocxProperties(bytes);
    const collected = await images?.finish();
    if (collected) warnings.push(...collected.warnings);
    else if (imageCount > 0) warnings.push(`${imageCount} image(s) were replaced by their alt text.`);
    return {
      markdown,
      metadata: { ...properties, title: properties.title ?? firstHeading },
      warnings,
      ...(collected && { images: collected.images }),
    };
  },
};
