import { ScrapeError } from "../errors.js";
import { type ImageCollector, imageCollectorFor } from "../images.js";
import type { Converter, DocumentFormat } from "../types.js";
import { packageMembers } from "./package-pictures.js";
import { isEncryptedOoxml, isZip } from "./spreadsheet/container.js";
import type { Deck, SlideImage } from "./slides/model.js";
import { readOdp } from "./slides/odp.js";
import { readPpt } from "./slides/ppt.js";
import { readPptx } from "./slides/pptx.js";
import { withTitlesFromTopTextBoxes, withoutRepeatedTextBoxes } from "./slides/text-box-roles.js";
import { type PictureName, deckToMarkdown } from "./slides/to-markdown.js";

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
 * How the deck's pictures are written: with a collector, each picture whose bytes the reader
 * found (PPT) or whose package part is known (PPTX `ppt/media/…`, ODP `Pictures/…`, read from the
 * package after the ZIP guard) is handed to it; any other keeps its description, and
 * `altTextOnly` counts them.
 */
function deckPictures(deck: Deck, bytes: Uint8Array, images: ImageCollector | undefined): { pictureName: PictureName; altTextOnly: () => number } {
  const pictures = deck.slides.flatMap((slide) => [...slide.shapes.flatMap((shape) => shape.blocks), ...slide.notes]).filter((block): block is SlideImage => block.kind === "image");
  const media = images ? packageMembers(bytes, pictures.flatMap((image) => (image.part ? [image.part] : []))) : new Map<string, Uint8Array>();
  let altTextOnly = 0;
  const pictureName: PictureName = (image, slide) => {
    const picture = image.bytes ?? (image.part ? media.get(image.part) : undefined);
    if (picture && images) return images.add(picture, { alt: image.alt, page: slide.number });
    altTextOnly++;
    return undefined;
  };
  return { pictureName, altTextOnly: () => altTextOnly };
}

/**
 * Presentations (PPTX, PPTM, PPT, ODP) to GFM: one `##` section per visible slide in the deck's
 * order, titled by the slide's title, its shapes in reading order (groups flattened), bullet
 * levels as nested lists, tables as GFM tables, charts as their cached values, speaker notes
 * after the slide, pictures returned when asked for, else their description. Hidden
 * slides are left out, with a warning.
 *
 * Note: we read the formats ourselves, with the ZIP guard, fflate, @xmldom/xmldom and cfb that
 * the engine already has. officeparser (the npm peer) reads PPTX and ODP well but not PPT, and
 * brings a second pdf.js and file-type; no maintained npm library reads PPT's binary records.
 */
export const slidesConverter: Converter = {
  formats: ["pptx", "ppt", "odp"],
  async convert(bytes, options) {
    const { format, filename, onlyMainContent = true } = options;
    const name = filename ?? "the presentation";
    assertPresentationContainer(bytes, format, name);
    const read: Deck =
      format === "ppt" ? readPpt(bytes, name, onlyMainContent) : format === "odp" ? readOdp(bytes, name, onlyMainContent) : readPptx(bytes, name, onlyMainContent);
    const deck = withTitlesFromTopTextBoxes(onlyMainContent ? withoutRepeatedTextBoxes(read) : read);
    const warnings = [...deck.warnings];
    if (deck.hiddenCount > 0) warnings.push(`${deck.hiddenCount} hidden slide(s) were left out; unhide them to include them.`);
    const images = await imageCollectorFor(options);
    const { pictureName, altTextOnly } = deckPictures(deck, bytes, images);
    const markdown = deckToMarkdown(deck, pictureName);
    if (altTextOnly() > 0) warnings.push(`${altTextOnly()} picture(s) were replaced by their alt text.`);
    if (!markdown) warnings.push(`${name} has no slides with text.`);
    const collected = await images?.finish();
    const title = deck.title ?? deck.slides.find((slide) => slide.title)?.title;
    return {
      markdown,
      metadata: { numPages: deck.slides.length, ...(title && { title }), ...(deck.author && { author: deck.author }) },
      warnings: [...warnings, ...(collected?.warnings ?? [])],
      ...(collected && { images: collected.images }),
    };
  },
};
