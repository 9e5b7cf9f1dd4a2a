import type { PageImage } from "./images.js";
import { isRightToLeftText } from "./lines.js";
import type { PdfTextItem } from "./model.js";
import type { Rulings } from "./rules.js";

/**
 * Whether a page is written right to left: most of its letters are Arabic, Hebrew or another
 * right-to-left script. Such a page is read mirrored (see {@link mirrorPage}).
 */
export function readsRightToLeft(items: readonly PdfTextItem[]): boolean {
  return isRightToLeftText(items.map((item) => item.text).join(""));
}

/**
 * A right-to-left page turned into its mirror image, left to right, for layout. Why: the layout
 * (lists led by their marker, indentation, ragged line ends, table columns, columns of text) is
 * read from the left edge; an Arabic or Hebrew page starts at the right. Mirrored, a list's
 * bullet leads its item at the left, a table's first column (the rightmost) comes first, and the
 * right-hand column of a two-column page is read first, as its reader reads them. Items keep their
 * text; each is marked `mirrored`, so a line's items are put back in reading order (`makeRun`).
 */
export function mirrorPage(
  width: number,
  content: { items: readonly PdfTextItem[]; rulings: Rulings; images: readonly PageImage[] },
): { items: PdfTextItem[]; rulings: Rulings; images: PageImage[] } {
  const flip = (x: number): number => width - x;
  return {
    items: content.items.map((item) => ({ ...item, x: flip(item.right), right: flip(item.x), mirrored: true })),
    rulings: {
      horizontal: content.rulings.horizontal.map((rule) => ({ ...rule, left: flip(rule.right), right: flip(rule.left) })),
      vertical: content.rulings.vertical.map((rule) => ({ ...rule, x: flip(rule.x) })),
      fills: content.rulings.fills.map((fill) => ({ ...fill, left: flip(fill.right), right: flip(fill.left) })),
    },
    images: content.images.map((image) => ({ ...image, left: flip(image.right), right: flip(image.left) })),
  };
}
