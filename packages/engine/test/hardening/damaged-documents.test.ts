import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createConversionPool } from "../../src/conversion-pool.js";
import { CORPUS_DIR, corpusFile } from "../server/helpers.js";

// Damaged copies of real documents, as downloads and disks leave them: every one must convert or
// fail with one line that names the document, in bounded time. Found by damaging the corpus at
// random: a byte-damaged XLSX hung SheetJS for good, and readers' errors ran over several lines.

/** Each corpus document of these types (the malformed ones aside), sorted by name. */
const DOCUMENTS = readdirSync(`${CORPUS_DIR}/files`)
  .filter((name) => !name.startsWith("mal_") && /\.(?:docx|xlsx|xls|doc|pdf)$/.test(name))
  .sort();
/** Damaged copies made of each document. */
const COPIES = 3;
/** Bound on one conversion; a hang fails its document rather than the run. */
const CONVERSION_LIMIT_MS = 30_000;
const MAX_MESSAGE_LENGTH = 400;

/** A pseudo-random sequence from a seed (a linear congruential generator), so each copy is the same every run. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** A copy of `bytes` cut short, or with a few runs of bytes overwritten (the first copy is cut). */
function damaged(bytes: Uint8Array, copy: number, seed: number): Uint8Array {
  const random = randomFrom(seed);
  if (copy === 0) return bytes.slice(0, Math.floor(bytes.length * (0.3 + 0.6 * random())));
  const copyBytes = bytes.slice();
  const runs = 1 + Math.floor(random() * 4);
  for (let run = 0; run < runs; run++) {
    const at = Math.floor(copyBytes.length * (0.05 + 0.9 * random()));
    const length = 1 + Math.floor(random() * 32);
    for (let index = at; index < Math.min(at + length, copyBytes.length); index++) copyBytes[index] = Math.floor(random() * 256);
  }
  return copyBytes;
}

const pool = createConversionPool({ size: 2 });
afterAll(() => pool.close());

describe("damaged copies of the corpus documents", () => {
  it.each(DOCUMENTS)("%s: each damaged copy converts, or fails with one line naming it", async (name) => {
    const original = new Uint8Array(readFileSync(corpusFile(name)));
    const outcomes = await Promise.all(
      Array.from({ length: COPIES }, (_, copy) =>
        pool
          .convert(damaged(original, copy, copy * 7919 + name.length), { filename: name, pdf: { mode: "fast" }, signal: AbortSignal.timeout(CONVERSION_LIMIT_MS) })
          .then(
            () => "converted",
            (error: { name?: string; code?: string; message?: string }) => ({ name: error.name, code: error.code, message: error.message }),
          ),
      ),
    );
    for (const outcome of outcomes) {
      if (typeof outcome === "string") continue;
      expect(outcome).toMatchObject({ name: "ScrapeError", message: expect.stringMatching(new RegExp(`^${name.replace(/\./g, "\\.")} [^\\n]+$`)) });
      expect(outcome.message!.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    }
  });
});
