import { build } from "astro";
const t = performance.now();
await build({ root: process.argv[2], logLevel: "info" });
console.log("BUILD", (performance.now() - t).toFixed(0));
process.exit(0);
