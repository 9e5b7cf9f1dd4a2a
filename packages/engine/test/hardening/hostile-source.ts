import { createServer } from "node:http";
import { listenOnLoopback } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";

/** How long the drip route goes on at most (1 byte per 100 ms), so that it ends by itself. */
const DRIP_MAX_BYTES = 600;

/**
 * A loopback document source with hostile routes: `/doc/<name>` serves the bytes registered under
 * that name, `/huge-length` declares 10 GiB and sends nothing, `/drip.csv` sends one byte every
 * 100 ms (at most 60 s).
 */
export async function startHostileSource(documents: ReadonlyMap<string, Uint8Array>): Promise<SourceServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const document = documents.get(decodeURIComponent(path.replace(/^\/doc\//, "")));
    if (path.startsWith("/doc/") && document) {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": document.length }).end(document);
    } else if (path === "/huge-length") {
      res.writeHead(200, { "content-type": "application/pdf", "content-length": String(10 * 1024 ** 3) });
      res.flushHeaders();
    } else if (path === "/drip.csv") {
      res.writeHead(200, { "content-type": "text/csv" });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || ++sent > DRIP_MAX_BYTES) {
          clearInterval(timer);
          timers.delete(timer);
          res.end();
        } else res.write(sent % 10 === 0 ? "\n" : "a");
      }, 100);
      timers.add(timer);
    } else {
      res.writeHead(404).end();
    }
  });
  const source = await listenOnLoopback(server);
  return {
    url: source.url,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      return source.close();
    },
  };
}
