import { Unzip, UnzipInflate } from "fflate";
import { ScrapeError } from "./errors.js";

/** Bounds on what a ZIP-based document (DOCX, XLSX, ODS) may inflate to. */
export interface ZipLimits {
  /** Total inflated bytes of all members. @default 256 MiB */
  maxInflatedBytes?: number;
  /** Number of members. @default 10000 */
  maxEntries?: number;
}

const DEFAULT_LIMITS: Required<ZipLimits> = { maxInflatedBytes: 256 * 1024 * 1024, maxEntries: 10_000 };

/**
 * Inflate every member once, discarding the output, and stop as soon as the total passes the
 * limit. Note: the sizes a ZIP declares can lie, and mammoth and SheetJS inflate whole members
 * into memory, so the only sound check is counting real inflated bytes before they run.
 *
 * @throws {ScrapeError} `DOCUMENT_TOO_LARGE` naming the document and the limit.
 */
export function assertSafeZip(bytes: Uint8Array, name: string, limits: ZipLimits = {}): void {
  const { maxInflatedBytes, maxEntries } = { ...DEFAULT_LIMITS, ...limits };
  let inflated = 0;
  let entries = 0;
  let exceeded: string | undefined;
  const unzip = new Unzip((file) => {
    if (exceeded) return;
    if (++entries > maxEntries) {
      exceeded = `more than ${maxEntries} parts`;
      return;
    }
    file.ondata = (error, chunk) => {
      if (error || exceeded) return;
      inflated += chunk.length;
      if (inflated > maxInflatedBytes) {
        exceeded = `more than ${Math.round(maxInflatedBytes / 1024 / 1024)} MiB when unpacked`;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Note: push in slices so a bomb is caught after at most one slice's worth of output.
  const slice = 64 * 1024;
  for (let offset = 0; offset < bytes.length && !exceeded; offset += slice) {
    unzip.push(bytes.subarray(offset, offset + slice), offset + slice >= bytes.length);
  }
  if (exceeded) {
    throw new ScrapeError(
      "DOCUMENT_TOO_LARGE",
      `${name} expands to ${exceeded}, past the limit for a document; it may be a ZIP bomb, or split it into smaller files.`,
      { details: { maxInflatedBytes, maxEntries } },
    );
  }
}
