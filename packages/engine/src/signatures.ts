/** Whether `bytes` hold `signature` at `offset`. */
export const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The first bytes of the containers documents come in. */
export const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
export const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const RTF_SIGNATURE = [0x7b, 0x5c, 0x72, 0x74, 0x66]; // {\rtf

// The BOF record that starts a bare BIFF stream (Excel 2.1 to 4.0 worksheets, and BIFF5/8 streams
// saved without an OLE2 container): record type 0x0009, 0x0209, 0x0409 or 0x0809, then its size.
const BIFF_BOF_TYPES = new Set([0x0009, 0x0209, 0x0409, 0x0809]);
const BIFF_BOF_SIZES = new Set([4, 6, 8, 16, 20]);

/** Whether the bytes start with a BIFF BOF record: an Excel worksheet from before Excel 97's container. */
export const isBareBiff = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && BIFF_BOF_TYPES.has((bytes[0] ?? 0) | ((bytes[1] ?? 0) << 8)) && BIFF_BOF_SIZES.has((bytes[2] ?? 0) | ((bytes[3] ?? 0) << 8));
