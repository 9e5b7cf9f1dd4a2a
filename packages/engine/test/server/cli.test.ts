import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, corpusFile, expectedStrings, normalise, startScrapeServer, startSourceServer } from "./helpers.js";
import type { SourceServer } from "./helpers.js";

const ENGINE_DIR = join(import.meta.dirname, "../..");
const CLI = join(ENGINE_DIR, "src/cli.ts");
const API_KEY = "cli-test-key";

/** The CLI as a user runs it, from source through tsx, with a clean environment. */
function startCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  const { DOCSCRAPE_API_KEYS: _keys, FIRECRAWL_API_KEY: _key, FIRECRAWL_API_URL: _url, INIT_CWD: _cwd, ...inherited } = process.env;
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], { cwd: ENGINE_DIR, env: { ...inherited, ...env } });
}

async function runCli(args: string[], env?: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = startCli(args, env);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}

const expectOneLineError = (stderr: string): void => {
  expect(stderr).toMatch(/^docscrape: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\bat .+:\d+:\d+/);
};

let source: SourceServer;
let api: SourceServer;

beforeAll(async () => {
  source = await startSourceServer();
  api = await startScrapeServer({ apiKeys: [API_KEY], allowPrivateNetworks: true });
});
afterAll(async () => {
  await api.close();
  await source.close();
});

describe("docscrape convert", () => {
  it("writes a document's pictures with --images-dir and references them there", async () => {
    const { mkdtemp, readdir, rm, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { docxWithPictures } = await import("../images/make-documents.js");
    const { chartPng } = await import("../images/make-images.js");
    const dir = await mkdtemp(join(tmpdir(), "docscrape-cli-"));
    try {
      await writeFile(join(dir, "report.docx"), await docxWithPictures(["Before.", { type: "png", bytes: chartPng(), alt: "Sales" }]));
      const { code, stdout } = await runCli(["convert", "report.docx", "--images-dir", "media"], { INIT_CWD: dir });
      expect(code).toBe(0);
      const [name] = await readdir(join(dir, "media"));
      expect(name).toMatch(/^image-[0-9a-f]{16}\.png$/);
      expect(stdout).toBe(`Before.\n\n![Sales](media/${name})\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("prints a corpus document's Markdown", async () => {
    const { code, stdout, stderr } = await runCli(["convert", corpusFile("dl_word_sample.docx")]);
    expect(stderr).not.toContain("Error");
    expect(code).toBe(0);
    for (const text of (await expectedStrings("dl_word_sample.docx")).slice(0, 2)) expect(normalise(stdout)).toContain(normalise(text));
  });

  it("prints JSON with metadata, resolving a relative path against INIT_CWD", async () => {
    const { code, stdout } = await runCli(["convert", "dl_xlsx_01.xlsx", "--format", "json"], { INIT_CWD: join(CORPUS_DIR, "files") });
    expect(code).toBe(0);
    const data = JSON.parse(stdout) as { markdown: string; html: string; metadata: Record<string, unknown> };
    expect(data.metadata.contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(data.metadata.sheetNames).toEqual(["Sheet1", "Sheet2", "Sheet3"]);
    expect(data.html).toContain("<table>");
  });

  it("fails with one line and exit code 1 for a missing file", async () => {
    const { code, stdout, stderr } = await runCli(["convert", "no-such-file.pdf"], { INIT_CWD: CORPUS_DIR });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneLineError(stderr);
    expect(stderr).toContain(join(CORPUS_DIR, "no-such-file.pdf"));
  });

  it("fails with one line and exit code 2 for a usage mistake", async () => {
    for (const args of [["convert", "a.pdf", "--colour"], ["convert", "a.pdf", "--format", "yaml"], ["convert"], ["frobnicate"]]) {
      const { code, stderr } = await runCli(args);
      expect(code).toBe(2);
      expectOneLineError(stderr);
    }
  });

  it("prints its version and help", async () => {
    const { version } = JSON.parse(await readFile(join(ENGINE_DIR, "package.json"), "utf8")) as { version: string };
    expect((await runCli(["--version"])).stdout.trim()).toBe(version);
    expect((await runCli(["--help"])).stdout).toContain("docscrape serve");
  });
});

describe("docscrape scrape", () => {
  it("asks a compatible API and prints the Markdown", async () => {
    const { code, stdout } = await runCli(["scrape", `${source.url}/handbook.md`, "--api-url", api.url], { FIRECRAWL_API_KEY: API_KEY });
    expect(code).toBe(0);
    expect(stdout).toContain("# Handbook");
  });

  it("reports the API's error in one line", async () => {
    const { code, stderr } = await runCli(["scrape", `${source.url}/handbook.md`, "--api-url", api.url, "--api-key", "wrong"]);
    expect(code).toBe(1);
    expectOneLineError(stderr);
    expect(stderr).toContain("Unauthorized: Invalid token");
  });
});

describe("docscrape serve", () => {
  it("refuses to start without keys", async () => {
    const { code, stderr } = await runCli(["serve", "--port", "0"]);
    expect(code).toBe(1);
    expectOneLineError(stderr);
    expect(stderr).toContain("DOCSCRAPE_API_KEYS");
  });

  it("finishes the request in flight on SIGTERM, then exits 0", async () => {
    const child = startCli(["serve", "--port", "0", "--no-auth", "--allow-private-networks"]);
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const url = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk;
        const match = /listening on (\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.on("close", () => reject(new Error(`serve exited before listening: ${output}`)));
    });
    const inFlight = fetch(`${url}/v2/scrape`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${source.url}/slow.md` }),
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { markdown: string } }).data.markdown).toContain("# Handbook");
    expect(await exited).toBe(0);
  });
});
