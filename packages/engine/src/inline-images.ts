import type { DocumentImage } from "./images.js";
import type { ParseData, ScrapeData } from "./scrape.js";

// The names the image collector gives (see `imageName`), as Markdown link targets and HTML `src`s.
const MARKDOWN_TARGET = /\]\((image-[0-9a-f]{16}\.[a-z]+)\)/g;
const HTML_SOURCE = / src="(image-[0-9a-f]{16}\.[a-z]+)"/g;

const dataUri = (image: DocumentImage): string => `data:${image.contentType};base64,${Buffer.from(image.bytes).toString("base64")}`;

/**
 * A scrape's pictures put inline, for a JSON response: each `![alt](name)` in the Markdown (and
 * each `src` in the HTML) becomes a `data:` URI, and `images` is dropped. This is what Firecrawl
 * returns with `removeBase64Images: false`, so any client and any Markdown renderer shows them.
 */
export const inlineImages = <Data extends ScrapeData | ParseData>(data: Data): Omit<Data, "images"> => rewriteImageReferences(data, dataUri);

/**
 * The scrape with each picture reference (Markdown target, HTML `src`) replaced by `target(image)`,
 * and `images` dropped: in `markdown`, `html`, each page's Markdown and each block's content, with
 * the blocks' `markdownSpan`s moved to where their content now stands.
 */
export function rewriteImageReferences<Data extends ScrapeData | ParseData>(data: Data, target: (image: DocumentImage) => string): Omit<Data, "images"> {
  const { images, ...rest } = data;
  if (!images?.length) return rest;
  const uriByName = new Map(images.map((image) => [image.name, target(image)]));
  const replace = (whole: string, name: string): string => {
    const uri = uriByName.get(name);
    return uri === undefined ? whole : whole.replace(name, uri);
  };
  const markdown = rest.markdown === undefined ? undefined : rewriteTracked(rest.markdown, MARKDOWN_TARGET, replace);
  return {
    ...rest,
    ...(markdown && { markdown: markdown.text }),
    ...(rest.html !== undefined && { html: rest.html.replace(HTML_SOURCE, replace) }),
    ...(rest.pages && { pages: rest.pages.map((page) => ({ ...page, markdown: page.markdown.replace(MARKDOWN_TARGET, replace) })) }),
    ...(rest.blocks && {
      blocks: rest.blocks.map((page) => ({
        ...page,
        items: page.items.map((item) => ({
          ...item,
          content: item.content.replace(MARKDOWN_TARGET, replace),
          markdownSpan: item.markdownSpan && markdown ? [markdown.moved(item.markdownSpan[0]), markdown.moved(item.markdownSpan[1])] : item.markdownSpan,
        })),
      })),
    }),
  };
}

/** `text` with `pattern` replaced, and where an offset of the old text stands in the new one. */
function rewriteTracked(text: string, pattern: RegExp, replace: (whole: string, name: string) => string): { text: string; moved: (offset: number) => number } {
  const shifts: Array<{ end: number; by: number }> = [];
  const rewritten = text.replace(pattern, (whole: string, name: string, offset: number) => {
    const replacement = replace(whole, name);
    shifts.push({ end: offset + whole.length, by: replacement.length - whole.length });
    return replacement;
  });
  return { text: rewritten, moved: (offset) => offset + shifts.reduce((sum, shift) => (shift.end <= offset ? sum + shift.by : sum), 0) };
}
