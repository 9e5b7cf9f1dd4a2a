// Converts the files given as arguments one after another in a fresh process and prints the time
// of the loop and the peak RSS on a `BENCH {...}` line. Note: a child process, so the peak RSS is
// this conversion's alone and the converters load from cold, as in a build.
import { readFile } from "node:fs/promises";
import { convert } from "docscrape";

const started = performance.now();
for (const path of process.argv.slice(2)) await convert(new Uint8Array(await readFile(path)), { filename: path });
const ms = performance.now() - started;
process.stdout.write(`BENCH ${JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
