import mammoth from "mammoth";
import type { ImageCollector } from "../../images.js";
import { HEADING_STYLE_MAP } from "./shown-text.js";

/** The HTML mammoth reads from a DOCX, plus what it could not carry over. */
export interface DocxHtml {
  html: string;
  /** Lossy spots worth telling the user about, one sentence each. */
  warnings: string[];
}

// Note: mammoth's default map already turns Heading 1..6 into h1..h6; `showWhatWordShows` gives
// the headings it does not know by name the styles of HEADING_STYLE_MAP. Title is added because
// a document's title belongs in the body as its top heading (pandoc moves it into metadata and
// loses it), code styles become <pre> so their line breaks and indentation survive, and quote
// styles become block quotes. A page or column break inside a paragraph becomes a line break:
// mammoth writes nothing for it, which ran the words either side together.
const STYLE_MAP = [
  ...HEADING_STYLE_MAP,
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Source Code'] => pre:separator('\\n')",
  "p[style-name='HTML Preformatted'] => pre:separator('\\n')",
  "p[style-name='Code'] => pre:separator('\\n')",
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  "p[style-name='Block Text'] => blockquote > p:fresh",
  "r[style-name='Verbatim Char'] => code",
  "r[style-name='HTML Code'] => code",
  "br[type='page'] => br",
  "br[type='column'] => br",
];

// Note: without a collector the image converter never calls `image.read()`, so image bytes are
// not read at all. mammoth still copies the alt text onto the <img>.
const ALT_TEXT_ONLY = mammoth.images.imgElement(async () => ({ src: "" }));

/**
 * Pictures go to the collector and the <img> gets the name it returns (empty when the picture was
 * left out). Note: an image linked to an external target (`file:///...`, CVE-2025-11849) fails to
 * read because `externalFileAccess` is off; it keeps its alt text.
 */
const collectingImages = (collector: ImageCollector) =>
  mammoth.images.imgElement(async (image) => {
    const bytes = await image.readAsBuffer().catch(() => undefined);
    const alt = (image as { altText?: string }).altText;
    const name = bytes && collector.add(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { alt, contentType: image.contentType });
    return { src: name ?? "" };
  });

// Style names only change the look, and images are never shown: neither is worth a warning.
// The heading styles `showWhatWordShows` assigns exist only in the style map.
const IRRELEVANT_MESSAGE = /^Unrecognised (paragraph|run|table) style|^Image of type|^Paragraph style with ID DocscrapeHeading/;
const SKIPPED_ELEMENT = /^An unrecognised element was ignored: (.+)$/;
// Note: marks that never hold text (an editing permission's start and end): skipping them loses nothing.
const EMPTY_MARKS: ReadonlySet<string> = new Set(["w:permStart", "w:permEnd"]);

/** mammoth's messages as warnings: noise dropped, skipped elements that may hold text listed in one sentence. */
function warningsFrom(messages: ReadonlyArray<{ message: string }>): string[] {
  const skipped = new Set<string>();
  const warnings = new Set<string>();
  for (const { message } of messages) {
    const element = SKIPPED_ELEMENT.exec(message)?.[1];
    if (element) {
      if (!EMPTY_MARKS.has(element)) skipped.add(element);
    }
    else if (!IRRELEVANT_MESSAGE.test(message)) warnings.add(message);
  }
  if (skipped.size > 0) {
    const elements = [...skipped].join(", ");
    warnings.add(`Word elements that are not read were skipped (${elements}); any text inside them is missing.`);
  }
  return [...warnings];
}

/**
 * Convert DOCX bytes to HTML with mammoth. Comments are left out (mammoth's default), footnotes
 * and endnotes come last as an `<ol>` of `<li id="footnote-N">`. With a collector, pictures are
 * taken and each <img> gets the picture's name as `src`.
 */
export async function docxToHtml(bytes: Uint8Array, images?: ImageCollector): Promise<DocxHtml> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const result = await mammoth.convertToHtml(
    { buffer },
    { styleMap: STYLE_MAP, convertImage: images ? collectingImages(images) : ALT_TEXT_ONLY, externalFileAccess: false },
  );
  return { html: result.value, warnings: warningsFrom(result.messages) };
}
