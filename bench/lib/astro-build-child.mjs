// Runs one `astro build` of the site given as argv[2] and prints its peak RSS on a `BENCH {...}` line.
// Note: a child process per build, so the peak RSS measured is this build's alone.
import { build } from "astro";

await build({ root: process.argv[2], logLevel: "warn" });
const maxRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`\nBENCH ${JSON.stringify({ maxRssMb })}\n`);
// Note: astro may leave handles open (watchers, workers); the measurement is done.
process.exit(0);
