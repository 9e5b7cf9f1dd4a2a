// Convert one file with the built engine and print its Markdown (for the corpus scorer):
// node packages/engine/scripts/convert-file.mjs FILE
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { convert } from "../dist/index.js";

const path = process.argv[2];
try {
  const result = await convert(new Uint8Array(await readFile(path)), { filename: basename(path) });
  process.stdout.write(result.markdown);
  for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
