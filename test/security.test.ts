import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { hasChromium, launchChromium, serveStatic } from "./helpers/browser.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";

// Scraped documents are untrusted: Markdown that carries scripts must produce pages that run none.
const HOSTILE_MARKDOWN = [
  "# Quarterly report",
  "",
  "<script>alert('script tag')</script>",
  "",
  '<img src="x" onerror="alert(\'onerror\')">',
  "",
  "[click me](javascript:alert(1))",
  "",
  '<iframe src="javascript:alert(\'iframe\')"></iframe>',
  "",
  '<a href="#" onclick="alert(\'onclick\')">plain link</a>',
  "",
  '<svg><script>alert("svg")</script></svg>',
  "",
  "Normal text that must survive.",
].join("\n");

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

describe("untrusted documents and secrets", () => {
  const apiKey = "fc-secret-7f3a9c1e5b2d4868";
  let service: DocumentService;
  let site: FixtureSite;
  let buildOutput = "";

  beforeAll(async () => {
    service = await startDocumentService();
    service.documents.set("/docs/hostile.pdf", { markdown: HOSTILE_MARKDOWN, etag: '"h1"' });
    service.documents.set("/docs/missing.pdf", { markdown: "", etag: '"m1"', failWith: 500 });
    site = await copyFixture("basic-site");
    await site.configure({
      loader: {
        documents: [{ id: "hostile", url: `${service.origin}/docs/hostile.pdf` }, { id: "missing", url: `${service.origin}/docs/missing.pdf` }],
        apiUrl: service.origin,
        apiKey,
        onError: "skip",
        retry: { retries: 1, minTimeout: 10, maxTimeout: 20 },
      },
    });
    const result = await site.build();
    buildOutput = result.output;
    expect(result.code, result.output).toBe(0);
  });

  afterAll(async () => {
    await service?.close();
    await site?.remove();
  });

  it("strips scripts, event handlers, javascript: URLs and iframes from the built page", async () => {
    const html = await site.read("dist/docs/hostile/index.html");
    const article = /<article>([\s\S]*)<\/article>/.exec(html)?.[1] ?? "";
    expect(article).toContain("Normal text that must survive.");
    // The link text may stay; no element may carry script.
    expect(article).toContain("click me");
    expect(article).not.toMatch(/<script|<iframe|<svg|\son\w+=|(href|src)="\s*javascript:/i);
  });

  // Skipped only on a developer machine without Chromium; in CI its absence throws (helpers/browser.ts).
  it.skipIf(!hasChromium)("runs no script in a real browser", async () => {
    const server = await serveStatic(join(site.root, "dist"));
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`${server.origin}/docs/hostile/`);
      // Click everything clickable: a javascript: link that survived would fire here.
      for (const link of await page.locator("article a").all()) await link.click({ timeout: 2000 }).catch(() => undefined);
      await page.waitForTimeout(300);
      expect(dialogs).toEqual([]);
      expect(await page.locator("article").innerText()).toContain("Normal text that must survive.");
    } finally {
      await browser?.close();
      await server.close();
    }
  });

  it("never writes the API key to the build log, the built site, Astro's data store or the cache", async () => {
    // The key did reach the service, so searching for it means something.
    expect(service.scrapes().some((request) => request.authorization === `Bearer ${apiKey}`)).toBe(true);
    expect(buildOutput).toContain(`${service.origin}/docs/missing.pdf`);
    expect(buildOutput).not.toContain(apiKey);
    const leaks: string[] = [];
    for await (const file of walk(site.root)) {
      if ((await readFile(file)).includes(apiKey)) leaks.push(file.slice(site.root.length));
    }
    expect(leaks).toEqual(["/fixture.json"]);
  });
});
