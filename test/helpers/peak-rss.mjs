// Preloaded into an `astro build` (NODE_OPTIONS=--import) to print the process's peak resident
// memory as it exits: worker threads included, since they share the process.
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  process.on("exit", () => process.stderr.write(`\nPEAK_RSS_MB ${Math.round(process.resourceUsage().maxRSS / 1024)}\n`));
}
