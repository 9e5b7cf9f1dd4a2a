import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { astroEnv } from "./helpers/astro-site.js";
import { hasChromium, launchChromium, serveStatic } from "./helpers/browser.js";

const EXAMPLE = fileURLToPath(new URL("../examples/docs-site/", import.meta.url));
const OUT = fileURLToPath(new URL("./.tmp/example-dist/", import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL("../test-results/screenshots/", import.meta.url));

/** Build the example exactly as `pnpm demo` does, offline, into a scratch folder. */
function buildExample(): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("node", ["scripts/with-remote-documents.mjs", "node_modules/.bin/astro", "build", "--outDir", OUT], {
      cwd: EXAMPLE,
      env: astroEnv({ FIRECRAWL_API_URL: "", FIRECRAWL_API_KEY: "" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

// Skipped only on a developer machine without Chromium; in CI its absence throws (helpers/browser.ts).
describe.skipIf(!hasChromium)("the example site in a browser", () => {
  let browser: Browser;
  let site: { origin: string; close(): Promise<void> };

  beforeAll(async () => {
    await rm(OUT, { recursive: true, force: true });
    const result = await buildExample();
    expect(result.code, result.output).toBe(0);
    site = await serveStatic(OUT);
    browser = await launchChromium();
    await mkdir(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("lists every document on the index and renders each one readably", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));

    await page.goto(`${site.origin}/`);
    await page.screenshot({ path: `${SCREENSHOTS}index.png`, fullPage: true });
    const links = await page.$$eval("table.documents a[href^='/docs/']", (anchors) =>
      anchors.map((a) => ({ href: a.getAttribute("href")!, text: a.textContent!.trim() })),
    );
    expect(links.map((link) => link.href).sort()).toEqual(
      ["/docs/annual-report-2025/", "/docs/board-briefing/", "/docs/budget-2026/", "/docs/staff-handbook/", "/docs/travel-policy/"],
    );

    for (const link of links) {
      await page.goto(`${site.origin}${link.href}`);
      const id = link.href.split("/")[2]!;
      // The page shows the document's own headings and content, not an error page.
      expect(await page.locator("article.prose h1, article.prose h2").count(), id).toBeGreaterThan(0);
      expect(await page.locator("article.prose").innerText()).not.toMatch(/not found|undefined/i);
      // Every table-of-contents entry points at a heading that exists on the page.
      const targets = await page.$$eval(".toc a", (anchors) => anchors.map((a) => a.getAttribute("href")!.slice(1)));
      for (const target of targets) expect(await page.locator(`[id="${target}"]`).count(), `${id}: #${target}`).toBe(1);
      await page.screenshot({ path: `${SCREENSHOTS}${id}.png`, fullPage: true });
    }

    // Spot checks per type: a PDF table, a Word list and link, the spreadsheet's sheets as tables.
    await page.goto(`${site.origin}/docs/staff-handbook/`);
    expect(await page.locator("article.prose h2", { hasText: "Leave" }).count()).toBe(1);
    expect(await page.locator("article.prose table td", { hasText: "Parental leave" }).count()).toBe(1);
    await page.goto(`${site.origin}/docs/travel-policy/`);
    expect(await page.locator("article.prose li li", { hasText: "Trains for journeys under five hours." }).count()).toBe(1);
    expect(await page.locator("article.prose a[href='https://example.org/expenses-faq']").count()).toBe(1);
    await page.goto(`${site.origin}/docs/budget-2026/`);
    expect(await page.locator("article.prose h2", { hasText: "Milestones" }).count()).toBe(1);
    expect(await page.locator("article.prose td", { hasText: "2026-06-15" }).count()).toBe(1);
    // The deck: a section per slide, nested bullets, the chart's values, the notes; not the hidden slide.
    await page.goto(`${site.origin}/docs/board-briefing/`);
    expect(await page.locator("article.prose h2", { hasText: "Project status" }).count()).toBe(1);
    expect(await page.locator("article.prose li li", { hasText: "Phase 2 starts in October" }).count()).toBe(1);
    expect(await page.locator("article.prose td", { hasText: "520" }).count()).toBe(1);
    expect(await page.locator("article.prose blockquote", { hasText: "phase 1 finished under budget" }).count()).toBe(1);
    expect(await page.locator("article.prose").innerText()).not.toContain("scenario B");

    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the documents' pictures, optimised by Astro, each loaded", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const failed: string[] = [];
    page.on("response", (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
    // The Word policy's process diagram; the PDF report's photo (a JPEG) and chart (drawn as vectors).
    for (const [id, count] of [["travel-policy", 1], ["annual-report-2025", 2]] as const) {
      await page.goto(`${site.origin}/docs/${id}/`);
      const images = page.locator("article.prose img");
      expect(await images.count(), id).toBe(count);
      for (const image of await images.all()) {
        // Note: the pictures load lazily, so each is scrolled into view before it is checked.
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
        expect(await image.getAttribute("loading")).toBe("lazy");
        expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
        expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
        expect(await image.getAttribute("src")).toMatch(/^\/_astro\/image-[0-9a-f]{16}\.[\w-]+\.webp$/);
        expect(await image.getAttribute("alt")).not.toBe("");
      }
      await page.locator("article.prose").screenshot({ path: `${SCREENSHOTS}${id}-pictures.png` });
    }
    expect(failed).toEqual([]);
    await page.close();
  });

  it("fits a phone screen without sideways scrolling", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true });
    await page.goto(`${site.origin}/docs/staff-handbook/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `${SCREENSHOTS}staff-handbook-mobile.png`, fullPage: true });
    await page.close();
  });
});
