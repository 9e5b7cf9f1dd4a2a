
/** A picture of a document, returned beside its Markdown, which references it as `![alt](name)`. */
export interface DocumentImage {
  /**
   * A stable relative file name made from a hash of the bytes, e.g. `image-3f2a9c1b0d4e5f60.png`:
   * the same picture gets the same name in every run and in every document.
   */
  name: string;
  /** A format browsers show: `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `image/avif` or `image/svg+xml`. */
  contentType: string;
  bytes: Uint8Array;
  /** The alt text or caption the document gives it; `""` when it has none. */
  alt: string;
  /** Pixels, read from the image's header. */
  width: number;
  height: number;
  /** The 1-based page, slide or sheet it is on, where the format has pages. */
  page?: number;
}

/** Bounds on the pictures taken from one document. Past them a picture is left as its alt text, with a warning. */
export interface ImageLimits {
  /** Pictures per document. @default 500 */
  maxImages?: number;
  /** Bytes of all pictures of a document together. @default 52428800 (50 MiB) */
  maxTotalBytes?: number;
  /**
   * Pixels (width × height) of one picture, read from its header before anything decodes it: an
   * image bomb (a small PNG that declares 50,000 × 50,000) never reaches a decoder.
   * @default 25000000
   */
  maxPixels?: number;
}

/** The limits used when none are given. */
export const DEFAULT_IMAGE_LIMITS: Readonly<Required<ImageLimits>> = {
  maxImages: 500,
  maxTotalBytes: 50 * 1024 * 1024,
  maxPixels: 25_000_000,
};

/** Where a picture sits and what it shows, as the converter knows it. */
export interface ImageDetails {
  alt?: string | undefined;
  page?: number | undefined;
  /** The type the container declares (e.g. mammoth's `image/x-emf`); the bytes win when they are known. */
  contentType?: string | undefined;
}

/**
 * Gathers the pictures of one document. Every converter calls {@link ImageCollector.add} for each
 * picture, in document order, writes what it returns into the Markdown, and ends with
 * {@link ImageCollector.finish}, whose result goes into the `ConvertResult`.
 */
export interface ImageCollector {
  /**
   * Take a picture: checks its type and declared pixel size (nothing is decoded), and names it.
   * Returns the name to write as `![alt](name)`, or `undefined` when the picture was left out (a
   * limit, an image bomb, a format no browser shows): write its alt text instead; `finish` says why.
   */
  add(bytes: Uint8Array, details?: ImageDetails): string | undefined;
  /** The limits in force, defaults filled in. */
  readonly limits: Readonly<Required<ImageLimits>>;
  /**
   * The pictures taken, each once, in the order they were first added (BMP and ICO converted to
   * PNG by then), and one warning per reason pictures were left out, with how many.
   */
  finish(): Promise<{ images: DocumentImage[]; warnings: string[] }>;
}

/** `![alt](name)` with the alt text escaped and kept on one line. */
export function imageMarkdown(alt: string, name: string): string {
  const flat = alt.replace(/\s+/g, " ").trim().replace(/[\\[\]]/g, "\\$&");
  return `![${flat}](${name})`;
}

/**
 * The collector a converter uses for `options.images`, or `undefined` when pictures were not
 * asked for. Note: the collector's module (image-size, and Skia for BMP) loads only then.
 */
export async function imageCollectorFor(options: { images?: boolean | ImageLimits; filename?: string }): Promise<ImageCollector | undefined> {
  if (!options.images) return undefined;
  const { createImageCollector } = await import("./image-collector.js");
  return createImageCollector(options.filename ?? "the document", options.images === true ? {} : options.images);
}
