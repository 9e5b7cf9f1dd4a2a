import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrape } from "../../src/index.js";
import { CORPUS_DIR, corpusFile, expectedStrings, normalise, startSourceServer } from "./helpers.js";
import type { SourceServer } from "./helpers.js";

let source: SourceServer;
let workDir: string;

beforeAll(async () => {
  source = await startSourceServer();
  workDir = await mkdtemp(join(tmpdir(), "docscrape-scrape-"));
  await writeFile(join(workDir, "notes.md"), "# Notes\n\nSee [the site](https://example.org/).\n");
});
afterAll(async () => {
  await source.close();
  await rm(workDir, { recursive: true, force: true });
});

describe("scrape over http", () => {
  it("follows redirects and reports the final URL", async () => {
    const data = await scrape(`${source.url}/redirect/3`);
    expect(data.metadata.sourceURL).toBe(`${source.url}/redirect/3`);
    expect(data.metadata.url).toBe(`${source.url}/handbook.md`);
    expect(data.markdown).toContain("# Handbook");
  });

  it("gives up after five redirects", async () => {
    await expect(scrape(`${source.url}/redirect/6`)).rejects.toMatchObject({ code: "DOCUMENT_FETCH_FAILED" });
  });

  it("refuses a redirect to a local file, even where local files are allowed", async () => {
    await expect(scrape(`${source.url}/to?url=${encodeURIComponent("file:///etc/hostname")}`)).rejects.toMatchObject({ code: "URL_BLOCKED" });
  });

  it("keeps credentials on the same origin and drops them on another", async () => {
    const headers = { Authorization: "Bearer secret-1" };
    const sameOrigin = await scrape(`${source.url}/to?url=${encodeURIComponent("/headers.md")}`, { headers });
    expect(sameOrigin.markdown).toContain("Bearer secret-1");
    const otherOrigin = `${source.url.replace("127.0.0.1", "localhost")}/headers.md`;
    const crossOrigin = await scrape(`${source.url}/to?url=${encodeURIComponent(otherOrigin)}`, { headers });
    expect(crossOrigin.markdown).toContain("authorization: none");
  });

  it("names the document from Content-Disposition and returns the source's validators", async () => {
    const download = await scrape(`${source.url}/download`);
    expect(download.metadata.contentType).toBe("text/markdown");
    const pdf = await scrape(`${source.url}/files/md_movie-theater-booking-2024.pdf`);
    expect(pdf.metadata.etag).toMatch(/^"\d+"$/);
    expect(pdf.metadata.lastModified).toBe("Mon, 02 Nov 2026 10:00:00 GMT");
  });

  it("converts a PDF whose server calls it application/octet-stream", async () => {
    const data = await scrape(`${source.url}/files/md_movie-theater-booking-2024.pdf`);
    expect(data.metadata.contentType).toBe("application/pdf");
    expect(data.metadata.numPages).toBeGreaterThan(0);
    const markdown = normalise(data.markdown ?? "");
    for (const expected of (await expectedStrings("md_movie-theater-booking-2024.pdf")).slice(0, 2)) {
      expect(markdown).toContain(normalise(expected));
    }
  });

  it("returns a PDF unparsed, with a warning, when no pdf parser is asked for", async () => {
    const data = await scrape(`${source.url}/files/md_movie-theater-booking-2024.pdf`, { parsers: [] });
    expect(data.markdown?.trim()).toBe("");
    expect(data.warning).toBeTruthy();
  });

  it("times out a source that never answers", async () => {
    await expect(scrape(`${source.url}/hang`, { timeout: 300 })).rejects.toMatchObject({ code: "SCRAPE_TIMEOUT", status: 408 });
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = scrape(`${source.url}/hang`, { signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });

  it("refuses private addresses when told to", async () => {
    await expect(scrape(`${source.url}/handbook.md`, { allowPrivateNetworks: false })).rejects.toMatchObject({ code: "URL_BLOCKED" });
  });
});

describe("scrape of local files", () => {
  it("reads a relative path against baseDir and a file: URL", async () => {
    const relative = await scrape("notes.md", { baseDir: workDir, formats: ["markdown", "links"] });
    expect(relative.metadata.title).toBe("Notes");
    expect(relative.metadata.url).toBe(pathToFileURL(join(workDir, "notes.md")).href);
    expect(relative.links).toEqual(["https://example.org/"]);
    const viaUrl = await scrape(pathToFileURL(corpusFile("dl_csv-comma.csv")).href);
    expect(viaUrl.markdown).toContain("| Index |");
  });

  it("reports a missing file as not found, and refuses files when local files are off", async () => {
    await expect(scrape("missing.pdf", { baseDir: CORPUS_DIR })).rejects.toMatchObject({ code: "DOCUMENT_NOT_FOUND" });
    await expect(scrape(join(workDir, "notes.md"), { allowLocalFiles: false })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses a file past maxBytes", async () => {
    await expect(scrape(corpusFile("md_test.pdf"), { maxBytes: 1000 })).rejects.toMatchObject({ code: "DOCUMENT_TOO_LARGE" });
  });
});
