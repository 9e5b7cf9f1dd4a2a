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

const DOCTYPE = Buffer.from("<!DOCTYPE", "latin1");
const XML_PART = /\.(?:xml|rels)$/i;

/**
 * Inflate every member once, discarding the output, and stop as soon as the total passes the
 * limit. Note: the sizes a ZIP declares can lie, and mammoth and SheetJS inflate whole members
 * into memory, so the only sound check is counting real inflated bytes before they run.
 *
 * A member whose data cannot be inflated is refused too. Note: SheetJS's own inflater can loop
 * without end on damaged deflate data (a byte-flipped XLSX hung the CLI for good), and the other
 * readers would drop the part, and what it holds, without a word.
 *
 * XML parts that declare a DTD are refused too. Note: OPC (ECMA-376 Part 2) forbids DTDs in
 * package parts, and Office never writes one; one is there to declare entities, as in the
 * "billion laughs" expansion attack.
 *
 * @throws {ScrapeError} `DOCUMENT_TOO_LARGE` naming the document and the limit,
 *   `DOCUMENT_UNREADABLE` for a damaged part or a part with a DTD.
 */
export function assertSafeZip(bytes: Uint8Array, name: string, limits: ZipLimits = {}): void {
  const { maxInflatedBytes, maxEntries } = { ...DEFAULT_LIMITS, ...limits };
  let inflated = 0;
  let entries = 0;
  let exceeded: string | undefined;
  let partWithDtd: string | undefined;
  let damaged: Damage | undefined = damagedDirectory(bytes);
  const unzip = new Unzip((file) => {
    if (exceeded || partWithDtd || damaged) return;
    if (++entries > maxEntries) {
      exceeded = `more than ${maxEntries} parts`;
      return;
    }
    const isXml = XML_PART.test(file.name);
    // The end of the previous chunk, so that a DOCTYPE split across two chunks is still seen.
    let tail = Buffer.alloc(0);
    file.ondata = (error, chunk) => {
      if (exceeded || partWithDtd || damaged) return;
      if (error) {
        damaged = { part: file.name, reason: error.message };
        return;
      }
      inflated += chunk.length;
      if (inflated > maxInflatedBytes) {
        exceeded = `more than ${Math.round(maxInflatedBytes / 1024 / 1024)} MiB when unpacked`;
        file.terminate();
        return;
      }
      if (isXml) {
        // Note: one chunk can be tens of MiB (a bomb's slice), so it is searched in place, not copied.
        const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        const seam = Buffer.concat([tail, text.subarray(0, DOCTYPE.length - 1)]);
        if (text.includes(DOCTYPE) || seam.includes(DOCTYPE)) {
          partWithDtd = file.name;
          file.terminate();
        }
        tail = Buffer.from((text.length >= DOCTYPE.length - 1 ? text : seam).subarray(-(DOCTYPE.length - 1)));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Note: push in slices so a bomb is caught after at most one slice's worth of output.
  const slice = 64 * 1024;
  for (let offset = 0; offset < bytes.length && !exceeded && !partWithDtd && !damaged; offset += slice) {
    unzip.push(bytes.subarray(offset, offset + slice), offset + slice >= bytes.length);
  }
  if (exceeded) {
    throw new ScrapeError(
      "DOCUMENT_TOO_LARGE",
      `${name} expands to ${exceeded}, past the limit for a document; it may be a ZIP bomb, or split it into smaller files.`,
      { details: { maxInflatedBytes, maxEntries } },
    );
  }
  if (damaged) {
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} is damaged: ${damaged.part === undefined ? damaged.reason : `its part ${damaged.part} cannot be unpacked (${damaged.reason})`}; check that the file is complete and not corrupt.`,
      { details: { part: damaged.part } },
    );
  }
  if (partWithDtd) {
    throw new ScrapeError(
      "DOCUMENT_UNREADABLE",
      `${name} declares a DTD in ${partWithDtd}, which Office documents never do (it may be an XML entity attack); save it again from Office.`,
      { details: { part: partWithDtd } },
    );
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
// The end record is 22 bytes and may be followed by a comment of up to 65,535.
const END_RECORD_SEARCH = 22 + 0xffff;

/** What is damaged in a package: a part (when its name can be read), and how. */
interface Damage {
  part?: string | undefined;
  reason: string;
}

/**
 * The first part whose local header is not where the central directory says, or names another
 * part, or a damaged or missing central directory. Note: SheetJS finds each part's data from its local
 * header at the offset the central directory gives, while the streaming check above reads local
 * headers one after another; a damaged name length sends SheetJS into the middle of other data,
 * where its inflater can loop for good, though the stream reads cleanly. Our own code: fflate and
 * SheetJS do not expose their directory, and the check is a few reads. ZIP64 archives (over
 * 65,535 parts or 4 GiB) are left to the readers.
 */
function damagedDirectory(bytes: Uint8Array): Damage | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  const stop = Math.max(0, bytes.length - END_RECORD_SEARCH);
  while (end >= stop && view.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) end--;
  // Note: a ZIP ends with its directory; a package without one was cut short.
  if (end < stop) return { reason: "its ZIP directory is missing, so it was cut short" };
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (entries === 0xffff || at === 0xffffffff) return undefined;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_HEADER) return { reason: "its central directory is damaged" };
    const nameLength = view.getUint16(at + 28, true);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    const local = view.getUint32(at + 42, true);
    const agree =
      local + 30 + nameLength <= bytes.length &&
      view.getUint32(local, true) === LOCAL_HEADER &&
      view.getUint16(local + 26, true) === nameLength &&
      name.every((byte, offset) => bytes[local + 30 + offset] === byte);
    if (!agree) {
      const part = partName(name);
      return part === undefined ? { reason: "the headers of a part with a damaged name disagree" } : { part, reason: "its local and central headers disagree" };
    }
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return undefined;
}

// Note: a part name is a short path of printable characters; a damaged length makes it a run of
// binary, which has no place in an error line.
const PLAUSIBLE_PART_NAME = /^[^\p{C}\uFFFD]{1,200}$/u;

/** The part's name as the central directory gives it, unless the name itself is damaged. */
function partName(bytes: Uint8Array): string | undefined {
  const name = new TextDecoder().decode(bytes);
  return PLAUSIBLE_PART_NAME.test(name) ? name : undefined;
}
