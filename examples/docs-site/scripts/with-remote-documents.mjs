// Runs a command (astro build, dev, or build and preview) while remote/ is served over HTTP on
// loopback, so the example shows a document listed by http(s) URL without any network (and its
// "original" link works in the demo). The URL is handed to src/content.config.ts as
// DOCSCRAPE_REMOTE_ORIGIN.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import sirv from "sirv";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-remote-documents.mjs <command> [args...]");
  process.exit(2);
}

// sirv sends ETag and Last-Modified, so a rebuild past the cache ttl revalidates with a 304.
const server = createServer(sirv(new URL("../remote", import.meta.url).pathname, { etag: true, dev: false }));
// Note: a fixed port keeps the document's URL, and so its cache key, the same between builds;
// when the port is taken we fall back to any free one (that build scrapes the document again).
const preferred = Number(process.env.DOCSCRAPE_DEMO_PORT ?? 4399);
await new Promise((resolve, reject) => {
  server.once("error", (error) => (error.code === "EADDRINUSE" ? server.listen(0, "127.0.0.1", resolve) : reject(error)));
  server.listen(preferred, "127.0.0.1", resolve);
});
const origin = `http://127.0.0.1:${server.address().port}`;

// The site's own node_modules/.bin first, so `astro` resolves outside `pnpm run` too.
const bin = new URL("../node_modules/.bin", import.meta.url).pathname;
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, DOCSCRAPE_REMOTE_ORIGIN: origin };
const child = spawn(command, args, { stdio: "inherit", env });
child.on("error", (error) => {
  console.error(`with-remote-documents: could not run ${command}: ${error.message}`);
  server.close();
  process.exit(1);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  server.close();
  process.exit(code ?? (signal ? 1 : 0));
});
