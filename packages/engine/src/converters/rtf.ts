import { ScrapeError } from "../errors.js";
import { imageCollectorFor } from "../images.js";
import type { Converter } from "../types.js";
import { hastToMarkdown } from "./docx/html-to-markdown.js";
import { collectPictures } from "./package-pictures.js";
import { readRtf } from "./rtf/reader.js";
import { rtfToHast } from "./rtf/to-hast.js";

/**
 * RTF to GFM with the same structure as DOCX: headings (by style or outline level), nested
 * lists, tables, links, bold and italic, footnotes; pictures (`\pict` PNG, JPEG…) returned in
 * place when asked for, else counted and left out. With `onlyMainContent`, a table of contents is
 * left out, as the DOCX and ODT converters leave theirs.
 */
export const rtfConverter: Converter = {
  formats: ["rtf"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    const document = readRtf(bytes, name, { onlyMainContent: options.onlyMainContent !== false });
    // Note: one group left open is a missing last brace, common in hand-written RTF; more means the file stops mid-way.
    if (document.unclosedGroups > 1) {
      throw new ScrapeError(
        "DOCUMENT_UNREADABLE",
        `${name} ends with ${document.unclosedGroups} groups still open, so it is truncated; download or save it again.`,
      );
    }
    const hast = rtfToHast(document);
    const images = await imageCollectorFor(options);
    collectPictures(hast, images, () => document.pictures);
    const { markdown, firstHeading, imageCount } = hastToMarkdown(hast);
    const collected = await images?.finish();
    const warnings = collected?.warnings ?? (imageCount > 0 ? [`${imageCount} picture(s) were left out.`] : []);
    return {
      markdown,
      metadata: { ...document.metadata, title: document.metadata.title ?? firstHeading },
      warnings,
      ...(collected && { images: collected.images }),
    };
  },
};
