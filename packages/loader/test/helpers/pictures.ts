/** A 1×1 PNG, as a document's picture. */
export const PIXEL_PNG = new Uint8Array(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"),
);

/** A name the engine could give it. */
export const PIXEL_NAME = "image-0123456789abcdef.png";
