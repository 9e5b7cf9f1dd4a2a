import { createHash } from "node:crypto";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { imageSize } from "image-size";
import { DEFAULT_IMAGE_LIMITS } from "./images.js";
import type { DocumentImage, ImageCollector, ImageLimits } from "./images.js";

/** What the header says about a picture. */
interface Sniffed {
  type: string;
  width: number;
  height: number;
}

// Note: the formats every browser shows, kept byte for byte; Astro's image pipeline reads them all.
const WEB_CONTENT_TYPE: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};
const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
};
// Skia (through @napi-rs/canvas) decodes these; they are re-encoded as PNG.
const CANVAS_DECODED = new Set(["bmp", "ico", "cur"]);

/** The type and pixel size a picture's header declares, without decoding it; `undefined` when unknown. */
export function sniffImage(bytes: Uint8Array): Sniffed | undefined {
  try {
    const size = imageSize(bytes);
    const type = size.type === "heif" && isAvif(bytes) ? "avif" : size.type;
    if (type && size.width > 0 && size.height > 0) return { type, width: size.width, height: size.height };
  } catch {
    // Not a format image-size reads; Windows metafiles and TIFFs it cannot measure are recognised below, for a clear warning.
  }
  if (isEmf(bytes)) return { type: "emf", width: 0, height: 0 };
  if (isTiff(bytes)) return { type: "tiff", width: 0, height: 0 };
  if (isWmf(bytes)) return { type: "wmf", width: 0, height: 0 };
  return undefined;
}

const ascii = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));
const isAvif = (bytes: Uint8Array): boolean => /avi[fs]/.test(ascii(bytes, 8, 12));
const isEmf = (bytes: Uint8Array): boolean => bytes[0] === 1 && bytes[1] === 0 && ascii(bytes, 40, 44) === " EMF";
const isTiff = (bytes: Uint8Array): boolean => ascii(bytes, 0, 4) === "II*\u0000" || ascii(bytes, 0, 4) === "MM\u0000*";
const isWmf = (bytes: Uint8Array): boolean =>
  (bytes[0] === 0xd7 && bytes[1] === 0xcd && bytes[2] === 0xc6 && bytes[3] === 0x9a) || (bytes[0] === 1 && bytes[1] === 0 && bytes[2] === 9 && bytes[3] === 0);

/** The stable name of a picture: a hash of its bytes, so it does not change between runs. */
export function imageName(bytes: Uint8Array, contentType: string): string {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return `image-${hash}.${EXTENSION_BY_CONTENT_TYPE[contentType] ?? "bin"}`;
}

/** Decode a BMP or ICO with Skia and write it as PNG; `undefined` when Skia cannot read it. */
async function toPng(bytes: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext("2d").drawImage(image, 0, 0);
    return new Uint8Array(canvas.toBuffer("image/png"));
  } catch {
    return undefined;
  }
}

type SkipReason = "count" | "bytes" | "pixels" | "metafile" | "tiff" | "unknown";

/**
 * A collector for one document's pictures, enforcing `limits`. `documentName` goes into the
 * warnings, so a user reading a build log knows which document lost a picture.
 */
export function createImageCollector(documentName: string, limits: ImageLimits = {}): ImageCollector {
  const resolved = { ...DEFAULT_IMAGE_LIMITS, ...limits };
  const { maxImages, maxTotalBytes, maxPixels } = resolved;
  const images: DocumentImage[] = [];
  const byName = new Set<string>();
  const skipped = new Map<SkipReason, number>();
  const conversions: Promise<void>[] = [];
  const failed = new Set<DocumentImage>();
  let totalBytes = 0;
  const skip = (reason: SkipReason): undefined => {
    skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
    return undefined;
  };

  return {
    limits: resolved,
    add(bytes, details = {}) {
      const sniffed = sniffImage(bytes);
      if (!sniffed) return skip("unknown");
      if (sniffed.type === "emf" || sniffed.type === "wmf") return skip("metafile");
      if (sniffed.type === "tiff") return skip("tiff");
      if (sniffed.width * sniffed.height > maxPixels) return skip("pixels");
      const converted = CANVAS_DECODED.has(sniffed.type);
      const contentType = converted ? "image/png" : WEB_CONTENT_TYPE[sniffed.type];
      if (!contentType) return skip("unknown");
      // Note: a converted picture is named after its original bytes, so the name is known now and stays stable.
      const name = imageName(bytes, contentType);
      if (byName.has(name)) return name;
      if (images.length >= maxImages) return skip("count");
      if (totalBytes + bytes.byteLength > maxTotalBytes) return skip("bytes");
      totalBytes += bytes.byteLength;
      const alt = (details.alt ?? "").replace(/\s+/g, " ").trim();
      // Note: a copy of its own, so the picture can be moved to another thread (a view into a
      // pooled Buffer or into the document's bytes cannot).
      const image: DocumentImage = { name, contentType, bytes: bytes.slice(), alt, width: sniffed.width, height: sniffed.height };
      if (details.page !== undefined) image.page = details.page;
      images.push(image);
      byName.add(name);
      if (converted) {
        conversions.push(
          toPng(bytes).then((png) => {
            if (png) image.bytes = png;
            else failed.add(image);
          }),
        );
      }
      return name;
    },
    async finish() {
      await Promise.all(conversions);
      // Note: Skia refusing a picture its header described is rare; its reference then shows the alt text.
      if (failed.size > 0) skipped.set("unknown", (skipped.get("unknown") ?? 0) + failed.size);
      return { images: images.filter((image) => !failed.has(image)), warnings: warnings() };
    },
  };

  function warnings(): string[] {
    const sentence: Record<SkipReason, (count: number) => string> = {
      count: (n) => `${n} picture(s) of ${documentName} were left as alt text: it has more than ${maxImages} pictures.`,
      bytes: (n) => `${n} picture(s) of ${documentName} were left as alt text: its pictures pass ${Math.round(maxTotalBytes / 1048576)} MiB together.`,
      pixels: (n) =>
        `${n} picture(s) of ${documentName} were left as alt text: each declares more than ${maxPixels} pixels (an image bomb, or a scan to downsize).`,
      metafile: (n) => `${n} EMF/WMF picture(s) of ${documentName} were left as alt text: browsers cannot show them; save them as PNG or SVG.`,
      tiff: (n) => `${n} TIFF picture(s) of ${documentName} were left as alt text: browsers cannot show them; save them as PNG or JPEG.`,
      unknown: (n) => `${n} picture(s) of ${documentName} were left as alt text: their format is not one browsers show.`,
    };
    return [...skipped].map(([reason, count]) => sentence[reason](count));
  }
}

