import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileStamp, isUnchangedAtSource } from "../src/freshness.js";
import { startServer } from "./helpers/server.js";
import type { TestServer } from "./helpers/server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const LAST_MODIFIED = "Mon, 02 Nov 2026 10:00:00 GMT";

async function documentServer() {
  server = await startServer((request, response) => {
    const unchanged = request.headers["if-none-match"] === '"abc"' || request.headers["if-modified-since"] === LAST_MODIFIED;
    response.writeHead(unchanged ? 304 : 200, { etag: '"abc"', "last-modified": LAST_MODIFIED });
    response.end(unchanged ? undefined : "%PDF-1.4 body");
  });
  return `${server.url}/doc.pdf`;
}

describe("isUnchangedAtSource", () => {
  it("is true on 304 to If-None-Match or If-Modified-Since", async () => {
    const url = await documentServer();
    expect(await isUnchangedAtSource(url, { etag: '"abc"' })).toBe(true);
    expect(await isUnchangedAtSource(url, { lastModified: LAST_MODIFIED })).toBe(true);
    expect(server!.requests[0]?.headers["if-none-match"]).toBe('"abc"');
  });

  it("is false when the source changed, without validators, or when it cannot be reached", async () => {
    const url = await documentServer();
    expect(await isUnchangedAtSource(url, { etag: '"old"' })).toBe(false);
    expect(await isUnchangedAtSource(url, {})).toBe(false);
    expect(server!.requests).toHaveLength(1);
    await server!.close();
    expect(await isUnchangedAtSource(url, { etag: '"abc"' }, { timeoutMs: 500 })).toBe(false);
    server = undefined;
  });
});

describe("fileStamp", () => {
  it("changes when the file changes and is undefined for a missing file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docscrape-stamp-"));
    const path = join(dir, "a.csv");
    await writeFile(path, "a\n");
    const first = await fileStamp(path);
    await writeFile(path, "a,b\n");
    expect(await fileStamp(path)).not.toBe(first);
    expect(await fileStamp(join(dir, "missing.csv"))).toBeUndefined();
    await rm(dir, { recursive: true });
  });
});
