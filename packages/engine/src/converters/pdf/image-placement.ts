import type { PageImage } from "./images.js";
import { lineText } from "./model.js";
import type { TextLine } from "./model.js";
import type { PdfTextItem } from "./model.js";

/** A page's content in reading order: text lines, and pictures between them. */
export type PageItem = TextLine | PageImage;

/** True when the text item sits inside `box` (its middle, on its baseline's x-height). */
export const itemInside = (item: Pick<PdfTextItem, "x" | "right" | "baseline" | "fontSize">, box: Pick<PageImage, "left" | "right" | "top" | "bottom">): boolean => {
  const x = (item.x + item.right) / 2;
  const y = item.baseline - item.fontSize / 3;
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
};

export const isPageImage = (item: PageItem): item is PageImage => "bytes" in item;

/**
 * Put a page's pictures among its lines (already in reading order): each picture goes before the
 * first line that is below it and shares some of its width, so a figure in the right column lands
 * in the right column's text; a picture with no such line ends the page. Pictures are taken top
 * to bottom, then left to right. Lines inside a rendered vector figure (its axis labels and
 * legend) are part of the picture and dropped.
 */
export function placeImages(pageLines: readonly TextLine[], images: readonly PageImage[]): PageItem[] {
  if (images.length === 0) return [...pageLines];
  const lines = pageLines.filter((line) => !images.some((image) => image.covers && itemInside(line, image)));
  const before = new Map<number, PageImage[]>();
  const atEnd: PageImage[] = [];
  const sorted = [...images].sort((a, b) => a.top - b.top || a.left - b.left);
  for (const image of sorted) {
    const index = lines.findIndex((line) => line.baseline > image.bottom && line.x < image.right && line.right > image.left);
    if (index < 0) atEnd.push(image);
    else before.set(index, [...(before.get(index) ?? []), image]);
  }
  const items: PageItem[] = [];
  lines.forEach((line, index) => items.push(...(before.get(index) ?? []), line));
  return [...items, ...atEnd];
}

// Note: a caption names what it captions; "Figure 3: …", "Chart 1 –", "Photo:" are the usual forms.
const CAPTION = /^(?:fig(?:ure)?\.?|chart|graph|photo(?:graph)?|image|picture|diagram|illustration|exhibit|plate|map)\s*[\d.:–—-]/i;

/**
 * The caption of the picture at `index`: the line right after it or right before it that reads
 * like one; when both do (captions above their figures, one figure after another), the closer.
 * For the last item of a page, `nextPageLine` (the next page's first line) may be its caption.
 */
export function captionOf(items: readonly PageItem[], index: number, nextPageLine?: TextLine): string | undefined {
  const image = items[index];
  if (!image || !isPageImage(image)) return undefined;
  const distance = (line: TextLine): number => (line.baseline > image.bottom ? line.baseline - line.fontSize - image.bottom : image.top - line.baseline);
  const captions = [items[index + 1], items[index - 1]].filter(
    (item): item is TextLine => item !== undefined && !isPageImage(item) && CAPTION.test(lineText(item)),
  );
  const closest = captions.sort((a, b) => distance(a) - distance(b))[0];
  if (closest) return lineText(closest);
  const overleaf = index === items.length - 1 && nextPageLine ? lineText(nextPageLine) : "";
  return CAPTION.test(overleaf) ? overleaf : undefined;
}
