import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrape } from "../../src/index.js";
import { startServerProcess } from "../hardening/server-process.js";
import type { ServerProcess } from "../hardening/server-process.js";
import { listenOnLoopback, postScrape } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";

const FILES = fileURLToPath(new URL("../format-corpus/text/files/", import.meta.url));
const ENGINE_DIR = join(import.meta.dirname, "../..");
const CONTENT_TYPES: Record<string, string> = {
  odt: "application/vnd.oasis.opendocument.text",
  rtf: "application/rtf",
  epub: "application/epub+zip",
  html: "text/html; charset=utf-8",
};

/** The corpus files on a loopback server, under `/files/<name>`, with their usual content types. */
async function startFileServer(): Promise<SourceServer> {
  return listenOnLoopback(
    createServer(async (req, res) => {
      const name = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname.replace(/^\/files\//, ""));
      try {
        const bytes = await readFile(join(FILES, name));
        res.writeHead(200, { "content-type": CONTENT_TYPES[name.split(".").pop()!] ?? "application/octet-stream" }).end(bytes);
      } catch {
        res.writeHead(404).end();
      }
    }),
  );
}

/** `docscrape convert` as a user runs it, from source through tsx. */
async function runCli(args: string[], nodeOptions: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeOptions, "--import", "tsx", join(ENGINE_DIR, "src/cli.ts"), ...args], { cwd: ENGINE_DIR });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}

let files: SourceServer;
let server: ServerProcess;

beforeAll(async () => {
  [files, server] = await Promise.all([startFileServer(), startServerProcess(["--pool-size", "1"])]);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.stop(), files?.close()]);
});

describe("the text formats through every path", () => {
  it("in-process: scrape() an HTML page, its links made absolute against its URL", async () => {
    const data = await scrape(`${files.url}/files/hand_news-article.html`, { formats: ["markdown", "links"] });
    expect(data.markdown).toContain("# Harbour Bridge Reopens After Repairs");
    expect(data.links).toContain(`${files.url}/reports/bridge-inspection.pdf`);
    expect(data.metadata).toMatchObject({ contentType: "text/html", title: "Harbour Bridge Reopens After Repairs | Coastal Gazette" });
  });

  it.each([
    ["gen_handbook.lo.odt", "application/vnd.oasis.opendocument.text"],
    ["gen_handbook.lo.rtf", "application/rtf"],
    ["gen_handbook.epub", "application/epub+zip"],
    ["gen_handbook.lo.xhtml", "text/html"],
  ])("docscrape serve: /v2/scrape converts %s", async (name, contentType) => {
    const { status, json } = await postScrape(server.url, { url: `${files.url}/files/${name}` });
    expect(status).toBe(200);
    const data = json.data as { markdown: string; metadata: Record<string, unknown> };
    expect(data.markdown).toContain("## Call number ranges");
    expect(data.markdown).toMatch(/\| 000-299 +\| Reference and philosophy +\| 2 +\|/);
    expect(data.metadata.contentType).toBe(contentType);
  });

  it("docscrape serve: an HTML page's links are made absolute against its URL, across the worker boundary", async () => {
    const { status, json } = await postScrape(server.url, { url: `${files.url}/files/hand_news-article.html` });
    expect(status).toBe(200);
    const { markdown } = json.data as { markdown: string };
    expect(markdown).toContain(`[full inspection report](${files.url}/reports/bridge-inspection.pdf)`);
    expect(markdown).not.toContain("Most read");
  });

  it("docscrape serve: a truncated EPUB is a 422 naming the file", async () => {
    const { status, json } = await postScrape(server.url, { url: `${files.url}/files/mal_truncated.epub` });
    expect(status).toBe(422);
    expect(json.error).toMatch(/^mal_truncated\.epub is damaged: its ZIP directory is missing, so it was cut short; check that/);
  });

  it("docscrape convert prints an RTF document's Markdown", async () => {
    const { code, stdout } = await runCli(["convert", join(FILES, "gen_field-report.lo.rtf")]);
    expect(code).toBe(0);
    expect(stdout).toContain("- Soil samples\n  - Moisture content");
    expect(stdout).toContain("[^1]: Fieldwork ran from June to August.");
  });

  it("docscrape convert fails a truncated ODT with one line on stderr", async () => {
    const { code, stdout, stderr } = await runCli(["convert", join(FILES, "mal_truncated.odt")]);
    expect(code).not.toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^docscrape: [^\n]*mal_truncated\.odt[^\n]*\n$/);
  });

  it("docscrape on a Node.js older than it needs says so in one line, before reading any document", async () => {
    // Note: the process is told it runs Node 20, the Node whose PDFs failed as if they were damaged.
    const asNode20 = `data:text/javascript,Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.20.2" } }); Object.defineProperty(process, "version", { value: "v20.20.2" });`;
    const { code, stdout, stderr } = await runCli(["convert", join(FILES, "gen_field-report.lo.rtf")], ["--import", asNode20]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe("docscrape: needs Node.js 22.12 or later, and this is v20.20.2; run it with a newer Node.js.\n");
  });
});
