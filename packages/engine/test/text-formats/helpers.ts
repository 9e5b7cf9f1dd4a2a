import { readFileSync } from "node:fs";
import { convert } from "../../src/index.js";
import type { ConvertOptions, ConvertResult } from "../../src/index.js";

/** A file of the text-format corpus. */
export const corpusFile = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../format-corpus/text/files/${name}`, import.meta.url)));

/** Convert text (or bytes) named `filename`. */
export const convertNamed = (input: string | Uint8Array, filename: string, options: ConvertOptions = {}): Promise<ConvertResult> =>
  convert(typeof input === "string" ? new TextEncoder().encode(input) : input, { filename, ...options });
