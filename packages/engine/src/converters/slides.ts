import { ScrapeError } from "../errors.js";
import type { Converter, DocumentFormat } from "../types.js";
import { isEncryptedOoxml, isZip } from "./spreadsheet/container.js";
import type { Deck } from "./slides/model.js";
import { readOdp } from "./slides/odp.js";
import { readPpt } from "./slides/ppt.js";
import { readPptx } from "./slides/pptx.js";
import { deckToMarkdown } from "./slides/to-markdown.js";

/**
 * Refuse a password-protected PPTX (an OLE2 file holding the encrypted package) and a PPTX or ODP
 * that is not a ZIP at all, with a message that says which. PPT files are checked by their reader.
 */
function assertPresentationContainer(bytes: Uint8Array, format: DocumentFormat, name: string): void {
  if (format === "ppt") return;
  if (isEncryptedOoxml(bytes)) {
    throw new ScrapeError("DOCUMENT_UNREADABLE", `${name} is password-protected; remove the password in PowerPoint and try again.`);
  }
  if (!isZip(bytes)) {
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} is not a valid ${format.toUpperCase()} presentation (it is not a ZIP package); check that the file is not corrupt or renamed.`,
    );
  }
}

/**
 * Presentations (PPTX, PPTM, PPT, ODP) to GFM: one `##` section per visible slide in the deck's
 * order, titled by the slide's title, its shapes in reading order (groups flattened), bullet
 * levels as nested lists, tables as GFM tables, charts as their cached values, speaker notes
 * after the slide. Hidden slides are left out, with a warning.
 *
 * Note: we read the formats ourselves, with the ZIP guard, fflate, @xmldom/xmldom and cfb that
 * the engine already has. officeparser (the npm peer) reads PPTX and ODP well but not PPT, and
 * brings a second pdf.js and file-type; no maintained npm library reads PPT's binary records.
 */
export const slidesConverter: Converter = {
  formats: ["pptx", "ppt", "odp"],
  async convert(bytes, { format, filename, onlyMainContent = true }) {
    const name = filename ?? "the presentation";
    assertPresentationContainer(bytes, format, name);
    const deck: Deck =
      format === "ppt" ? readPpt(bytes, name, onlyMainContent) : format === "odp" ? readOdp(bytes, name, onlyMainContent) : readPptx(bytes, name, onlyMainContent);
    const warnings = [...deck.warnings];
    if (deck.hiddenCount > 0) warnings.push(`${deck.hiddenCount} hidden slide(s) were left out; unhide them to include them.`);
    const imageCount = deck.slides.flatMap((slide) => slide.shapes.flatMap((shape) => shape.blocks)).filter((block) => block.kind === "image").length;
    if (imageCount > 0) warnings.push(`${imageCount} picture(s) were replaced by their alt text.`);
    const markdown = deckToMarkdown(deck);
    if (!markdown) warnings.push(`${name} has no slides with text.`);
    const title = deck.title ?? deck.slides.find((slide) => slide.title)?.title;
    return {
      markdown,
      metadata: { numPages: deck.slides.length, ...(title && { title }), ...(deck.author && { author: deck.author }) },
      warnings,
    };
  },
};
