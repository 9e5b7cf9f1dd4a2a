/** How readable a page's text layer is. */
export interface TextLayerQuality {
  /** Characters in the text layer, whitespace not counted. */
  characters: number;
  /** Of those, characters no reader can use (see {@link UNREADABLE}). */
  unreadable: number;
}

/**
 * What a text layer yields for glyphs it cannot map to Unicode: C0 control characters (pdf.js
 * passes an unmapped glyph's raw code through), private-use code points (fonts whose ToUnicode
 * map, or whose missing one, leaves glyphs in the PUA), and U+FFFD replacement characters.
 */
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ue000-\uf8ff\ufffd\u{f0000}-\u{10ffff}]/gu;
const VISIBLE = /\S/gu;

/**
 * Note: the share of unreadable characters from which a page's text layer counts as garbage and
 * the page is OCR'd in `mode: "auto"`. Measured on the 100 PDFs of ../shared/pdf-bench and the
 * corpus's 20 readable PDFs (180 pages with a text layer): the highest share on a page that reads
 * well is 0.17 (symbol-font bullets that come out as "r\u0001"), then 0.15 (figure captions with
 * a few unmapped digits); the pages of pdfjs_TAMReview.pdf, whose fonts have no usable ToUnicode
 * map, give 0.63 to 0.92. 0.4 sits between the two, with room on both sides.
 */
export const GARBLED_SHARE = 0.4;

/** Count the characters of a page's text items, and the unreadable ones among them. */
export function measureTextLayer(texts: Iterable<string>): TextLayerQuality {
  let characters = 0;
  let unreadable = 0;
  for (const text of texts) {
    characters += text.match(VISIBLE)?.length ?? 0;
    unreadable += text.match(UNREADABLE)?.length ?? 0;
  }
  return { characters, unreadable };
}

/** Why a page needs OCR in `mode: "auto"`, or `undefined` when its text layer reads well. */
export function ocrReason(quality: TextLayerQuality): "no text layer" | "garbled text layer" | undefined {
  if (quality.characters === 0) return "no text layer";
  return quality.unreadable / quality.characters >= GARBLED_SHARE ? "garbled text layer" : undefined;
}
