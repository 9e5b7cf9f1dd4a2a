import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ScrapeData, ScrapedImage } from "./scraper.js";

/** Where a document's pictures are kept as files, for Astro's image pipeline to import. */
export interface ImageStore {
  /** The absolute directory holding one file per picture, named by its hash. */
  readonly dir: string;
  /**
   * Write a scrape's pictures to files and return the scrape with its pictures listed without
   * their bytes. Pictures that came inline (`data:` URIs, from an HTTP API) are taken out of the
   * Markdown first and referenced by name like the embedded engine's.
   */
  save(data: ScrapeData): Promise<ScrapeData>;
  /** True when every picture a (cached) scrape lists still has its file. */
  hasAll(data: ScrapeData): Promise<boolean>;
}

// Note: names come from the scraper, which may be a remote API: only hash names are written, so
// a name can never climb out of the directory.
const IMAGE_NAME = /^image-[0-9a-f]{16}\.(?:png|jpg|gif|webp|avif|svg)$/;
// `image/png` → `png`; the two subtypes whose usual extension differs are mapped.
const extensionOf = (contentType: string): string => {
  const subtype = contentType.slice("image/".length);
  return ({ jpeg: "jpg", "svg+xml": "svg" } as Record<string, string>)[subtype] ?? subtype;
};
const INLINE_IMAGE = /!\[((?:\\.|[^\]\\])*)\]\(\s*data:(image\/[a-z+]+);base64,([A-Za-z0-9+/=]+)\s*\)/g;

/** Pictures inline in the Markdown as `data:` URIs, taken out and named as the engine names them. */
function takeInlineImages(markdown: string): { markdown: string; images: ScrapedImage[] } {
  const images = new Map<string, ScrapedImage>();
  const rewritten = markdown.replace(INLINE_IMAGE, (whole, alt: string, contentType: string, base64: string) => {
    const bytes = new Uint8Array(Buffer.from(base64, "base64"));
    const name = `image-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.${extensionOf(contentType)}`;
    if (!IMAGE_NAME.test(name)) return whole;
    if (!images.has(name)) images.set(name, { name, contentType, bytes, alt: alt.replace(/\\(.)/g, "$1") });
    return `![${alt}](${name})`;
  });
  return { markdown: rewritten, images: [...images.values()] };
}

const exists = (path: string): Promise<boolean> => access(path).then(
  () => true,
  () => false,
);

/** A picture store in `dir`: content-addressed files, written once (temporary file + rename). */
export function createImageStore(dir: string): ImageStore {
  async function write(image: ScrapedImage): Promise<void> {
    const path = join(dir, image.name);
    if (!image.bytes || (await exists(path))) return;
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, image.bytes);
    await rename(temporary, path);
  }

  return {
    dir,
    async save(data) {
      const inline = data.markdown.includes("](data:image/") ? takeInlineImages(data.markdown) : undefined;
      const images = [...(data.images ?? []), ...(inline?.images ?? [])].filter((image) => IMAGE_NAME.test(image.name));
      const { images: _scraped, ...rest } = data;
      const markdown = inline?.markdown ?? data.markdown;
      if (images.length === 0) return { ...rest, markdown };
      await mkdir(dir, { recursive: true });
      await Promise.all(images.map(write));
      return { ...rest, markdown, images: images.map(({ bytes: _bytes, ...image }) => image) };
    },
    async hasAll(data) {
      const checks = await Promise.all((data.images ?? []).map((image) => exists(join(dir, image.name))));
      return checks.every(Boolean);
    },
  };
}
