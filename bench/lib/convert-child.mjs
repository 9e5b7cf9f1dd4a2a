// Converts the files given as arguments one after another in a fresh process and prints the time
// of the loop and the peak RSS on a `BENCH {...}` line. Note: a child process, so the peak RSS is
// this conversion's alone and the converters load from cold, as in a build.
import { readFile } from "node:fs/promises";
import { convert } from "docscrape";

const started = performance.now();
const cpuStarted = process.cpuUsage();
// Note: PDFs from their text layer (`mode: "fast"`), as the builds this is compared with: with the
// default "auto" a corpus PDF whose fonts lack Unicode maps is OCR'd, minutes of a different figure.
for (const path of process.argv.slice(2)) await convert(new Uint8Array(await readFile(path)), { filename: path, pdf: { mode: "fast" } });
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuStarted);
// Note: CPU time of every thread of the process (V8 compiles and collects garbage on threads of its own).
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(`BENCH ${JSON.stringify({ ms, cpuMs, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
