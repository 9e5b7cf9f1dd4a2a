import { existsSync } from "node:fs";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium } from "playwright-core";
import sirv from "sirv";

/** Debian's chromium; Playwright's own browser download cannot run here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** In CI the browser must be there (.ci/run installs it); elsewhere its absence skips the test. */
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}; .ci/run installs Debian's chromium package.`);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // Note: without the background-networking flags Chromium tries to reach Google's hosts,
    // which this machine's closed network refuses.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Serve a built site's dist folder on loopback. */
export async function serveStatic(dir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(sirv(dir, { dev: false, etag: true }));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
