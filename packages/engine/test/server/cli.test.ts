import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../pdf/helpers/make-pdf.js";
import {
  CORPUS_DIR,
  ENGINE_DIR,
  corpusFile,
  expectedStrings,
  listenOnLoopback,
  normalise,
  runCli,
  startCli,
  startScrapeServer,
  startSourceServer,
} from "./helpers.js";
import type { SourceServer } from "./helpers.js";

const API_KEY = "cli-test-key";

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

  it("marks pages, and adds pages and blocks to the JSON, for a PDF", async () => {
    const dir = await mkdtemp(join(tmpdir(), "docscrape-cli-"));
    const pdf = join(dir, "two.pdf");
    await writeFile(pdf, makePdf([[{ text: "First page.", x: 72, y: 700 }], [{ text: "Second page.", x: 72, y: 700 }]]));
    try {
      const marked = await runCli(["convert", pdf, "--page-markers"]);
      expect(marked.stdout).toBe("First page.\n\n---\n\n<!-- page 2 -->\n\nSecond page.\n");
      const json = await runCli(["convert", pdf, "--format", "json", "--pages", "--blocks", "--max-pages", "1"]);
      const data = JSON.parse(json.stdout) as Record<string, any>;
      expect(data.pages).toEqual([{ pageNumber: 1, markdown: "First page." }]);
      expect(data.blocks[0].items[0]).toMatchObject({ id: "p1.b0", type: "text", content: "First page.", markdownSpan: [0, 11] });
      expect(data.metadata).toMatchObject({ numPages: 1, totalPages: 2 });
      const misuse = await runCli(["convert", pdf, "--pages"]);
      expect(misuse.code).toBe(2);
      expect(misuse.stderr).toContain("add --format json");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
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

/** A Firecrawl stand-in on loopback: `answer` gets the request's index. */
async function fakeApi(answer: (index: number, response: ServerResponse) => void): Promise<SourceServer> {
  let index = 0;
  return listenOnLoopback(createServer((request, response) => request.resume().on("end", () => answer(index++, response))));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

describe("docscrape scrape", () => {
  it("asks a compatible API and prints the Markdown", async () => {
    const { code, stdout } = await runCli(["scrape", `${source.url}/handbook.md`, "--api-url", api.url], { FIRECRAWL_API_KEY: API_KEY });
    expect(code).toBe(0);
    expect(stdout).toContain("# Handbook");
  });

  it("treats a 200 whose metadata.statusCode is 404 as the document failing, as the loader does", async () => {
    const firecrawl = await fakeApi((_index, response) =>
      sendJson(response, 200, { success: true, data: { markdown: "Not Found", metadata: { statusCode: 404, sourceURL: "https://example.com/gone.pdf" } } }),
    );
    try {
      const { code, stdout, stderr } = await runCli(["scrape", "https://example.com/gone.pdf", "--api-url", firecrawl.url, "--api-key", "k"]);
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expectOneLineError(stderr);
      expect(stderr).toContain("failed with status 404");
    } finally {
      await firecrawl.close();
    }
  });

  it("retries a transient failure, saying so, then prints the document", async () => {
    const firecrawl = await fakeApi((index, response) =>
      index === 0
        ? sendJson(response, 503, { success: false, error: "busy" })
        : sendJson(response, 200, { success: true, data: { markdown: "# Back\n", metadata: { statusCode: 200 } } }),
    );
    try {
      const { code, stdout, stderr } = await runCli(["scrape", "https://example.com/a.pdf", "--api-url", firecrawl.url, "--retries", "2"]);
      expect(code).toBe(0);
      expect(stdout).toBe("# Back\n");
      expect(stderr).toMatch(/^docscrape: attempt 1 failed \(.*status 503.*\); retrying in \d+ ms\n$/);
    } finally {
      await firecrawl.close();
    }
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
