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

/** The scrape with each picture reference (Markdown target, HTML `src`) replaced by `target(image)`, and `images` dropped. */
export function rewriteImageReferences<Data extends ScrapeData | ParseData>(data: Data, target: (image: DocumentImage) => string): Omit<Data, "images"> {
  const { images, ...rest } = data;
  if (!images?.length) return rest;
  const uriByName = new Map(images.map((image) => [image.name, target(image)]));
  const replace = (whole: string, name: string): string => {
    const uri = uriByName.get(name);
    return uri === undefined ? whole : whole.replace(name, uri);
  };
  return {
    ...rest,
    ...(rest.markdown !== undefined && { markdown: rest.markdown.replace(MARKDOWN_TARGET, replace) }),
    ...(rest.html !== undefined && { html: rest.html.replace(HTML_SOURCE, replace) }),
  };
}
