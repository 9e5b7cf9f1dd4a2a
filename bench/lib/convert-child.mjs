// Converts the file given as argv[2] in a fresh process and prints its time and peak RSS on a
// `BENCH {...}` line. Note: a child process per file, so the peak RSS is this conversion's alone.
import { readFile } from "node:fs/promises";
import { convert } from "docscrape";

const started = performance.now();
await convert(new Uint8Array(await readFile(process.argv[2])), { filename: process.argv[2] });
const ms = performance.now() - started;
process.stdout.write(`BENCH ${JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
