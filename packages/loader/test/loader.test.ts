import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Loader } from "astro/loaders";
import { z } from "astro/zod";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isDocumentLoaderError } from "../src/errors.js";
import type { DocumentSyncError } from "../src/errors.js";
import { documentLoader } from "../src/loader.js";
import type { DocumentLoaderOptions } from "../src/options.js";
import type { ScrapeData, Scraper } from "../src/scraper.js";
import { createFakeContext } from "./helpers/context.js";
import { PIXEL_NAME, PIXEL_PNG } from "./helpers/pictures.js";
import { scrapeSuccess, sendJson, startServer } from "./helpers/server.js";
import type { TestServer } from "./helpers/server.js";

const temp = await mkdtemp(join(tmpdir(), "docscrape-loader-"));
afterAll(() => rm(temp, { recursive: true, force: true }));
let projectCount = 0;
let root: string;
beforeEach(async () => {
  root = join(temp, `project-${projectCount++}`);
  await mkdir(root, { recursive: true });
});

let api: TestServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  vi.unstubAllEnvs();
});

/** A scraper whose documents live in a Map; a missing URL fails like a 404. */
function mapScraper(documents: Map<string, string>) {
  const calls: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const scraper: Scraper = {
    id: "map",
    async scrape(url): Promise<ScrapeData> {
      calls.push(url);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      const markdown = documents.get(url);
      if (markdown === undefined) throw new Error(`no document at ${url}`);
      return { markdown, metadata: { contentType: "application/pdf", numPages: 3, scrapeId: `id-${calls.length}` } };
    },
  };
  return { scraper, calls, maxInFlight: () => maxInFlight };
}

async function sync(loader: Loader, context = createFakeContext({ root, schema: (loader as unknown as { schema: z.ZodType }).schema })) {
  await loader.load(context.context);
  return context;
}

// Note: a closed loopback port: the loader's HEAD and conditional requests to the documents fail
// fast and never leave the machine (the scraper is a fake and never fetches them).
const ORIGIN = "http://127.0.0.1:9";
const HANDBOOK = `${ORIGIN}/files/staff-handbook.pdf`;
const POLICY = `${ORIGIN}/files/travel-policy.pdf`;
const handbookMarkdown = "# Staff Handbook\n\nWelcome to the team. See [the annex](annex.pdf).\n\n## Leave\n\nTwenty days.";

function options(overrides: Partial<DocumentLoaderOptions>): DocumentLoaderOptions {
  return { documents: [], cache: false, retry: { retries: 0, minTimeout: 1 }, ...overrides };
}

describe("documentLoader", () => {
  it("stores one entry per document: data, Markdown body, rendered HTML with headings, digest", async () => {
    const { scraper } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const loader = documentLoader(
      options({ scraper, documents: [{ url: HANDBOOK, data: { team: "People" } }], schema: z.object({ team: z.string() }) }),
    );
    expect(loader.name).toBe("docscrape-loader");
    const { entries } = await sync(loader);
    const entry = entries.get("staff-handbook");
    expect(entry?.data).toMatchObject({
      title: "Staff Handbook",
      description: "Welcome to the team. See the annex.",
      sourceUrl: HANDBOOK,
      contentType: "application/pdf",
      format: "pdf",
      pages: 3,
      wordCount: 12,
      team: "People",
      headings: [
        { depth: 1, slug: "staff-handbook", text: "Staff Handbook" },
        { depth: 2, slug: "leave", text: "Leave" },
      ],
    });
    expect(entry?.data.fetchedAt).toBeInstanceOf(Date);
    expect(entry?.body).toContain(`(${ORIGIN}/files/annex.pdf)`);
    expect(entry?.rendered?.html).toContain('<h2 id="leave">Leave</h2>');
    expect(entry?.rendered?.metadata?.headings).toHaveLength(2);
    expect(typeof entry?.digest).toBe("string");
  });

  it("rejects data that the extended schema does not accept, naming the document", async () => {
    const { scraper } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const loader = documentLoader(
      options({ scraper, documents: [{ url: HANDBOOK, data: { team: 42 } }], schema: z.object({ team: z.string() }) }),
    );
    await expect(sync(loader)).rejects.toThrow(/staff-handbook/);
  });

  it("does not store an unchanged document again, even though it was scraped again", async () => {
    const documents = new Map([[HANDBOOK, handbookMarkdown]]);
    const { scraper, calls } = mapScraper(documents);
    const loader = documentLoader(options({ scraper, documents: [HANDBOOK] }));
    const context = await sync(loader);
    await sync(loader, context);
    expect(calls).toHaveLength(2);
    expect(context.sets()).toBe(1);
    documents.set(HANDBOOK, `${handbookMarkdown}\n\nA new paragraph.`);
    await sync(loader, context);
    expect(context.sets()).toBe(2);
    expect(context.entries.get("staff-handbook")?.body).toContain("A new paragraph.");
  });

  it("prunes entries whose documents left the config, but not after a failed sync", async () => {
    const { scraper } = mapScraper(new Map([[HANDBOOK, handbookMarkdown], [POLICY, "# Travel"]]));
    const context = await sync(documentLoader(options({ scraper, documents: [HANDBOOK, POLICY] })));
    expect([...context.entries.keys()].sort()).toEqual(["staff-handbook", "travel-policy"]);

    const missing = `${ORIGIN}/files/missing.pdf`;
    await sync(documentLoader(options({ scraper, documents: [HANDBOOK, missing], onError: "skip" })), context);
    expect([...context.entries.keys()].sort()).toEqual(["staff-handbook", "travel-policy"]);

    await sync(documentLoader(options({ scraper, documents: [HANDBOOK] })), context);
    expect([...context.entries.keys()]).toEqual(["staff-handbook"]);
  });

  it('with onError "fail", throws one error listing every failed document after storing the rest', async () => {
    const { scraper } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const broken = [`${ORIGIN}/one.pdf`, `${ORIGIN}/two.docx`];
    const context = createFakeContext({ root, schema: z.any() });
    const error = await documentLoader(options({ scraper, documents: [HANDBOOK, ...broken] }))
      .load(context.context)
      .then(() => undefined, (reason: unknown) => reason as DocumentSyncError);
    expect(isDocumentLoaderError(error)).toBe(true);
    expect(error?.code).toBe("SYNC_FAILED");
    expect(error?.failures.map((failure) => failure.url)).toEqual(broken);
    for (const url of broken) expect(error?.message).toContain(url);
    expect(context.entries.has("staff-handbook")).toBe(true);
  });

  it('with onError "skip", warns and goes on', async () => {
    const { scraper } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const context = await sync(documentLoader(options({ scraper, documents: [HANDBOOK, POLICY], onError: "skip" })));
    expect([...context.entries.keys()]).toEqual(["staff-handbook"]);
    expect(context.logs.some((line) => line.level === "warn" && line.message.startsWith("travel-policy: failed"))).toBe(true);
  });

  it("serves the cached copy with a warning when a document fails after its ttl (stale-if-error)", async () => {
    const documents = new Map([[HANDBOOK, handbookMarkdown]]);
    const { scraper } = mapScraper(documents);
    const loaderOptions = options({ scraper, documents: [HANDBOOK], cache: { ttl: 0 } });
    const context = await sync(documentLoader(loaderOptions));
    documents.clear();
    await sync(documentLoader(loaderOptions), context);
    expect(context.entries.get("staff-handbook")?.data.title).toBe("Staff Handbook");
    expect(context.logs.some((line) => line.level === "warn" && line.message.includes("Using the copy from"))).toBe(true);
    expect(context.logs.at(-1)?.message).toMatch(/^1 documents: 0 cached, 0 revalidated, 0 scraped, 1 stale, 0 failed in \d+\.\ds$/);
    expect(await readdir(join(root, ".cache/docscrape"))).toHaveLength(1);
  });

  it("serves a second build from the cache and logs each document and a summary", async () => {
    const { scraper, calls } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const loaderOptions = options({ scraper, documents: [HANDBOOK], cache: { ttl: "1h" } });
    await sync(documentLoader(loaderOptions));
    const context = await sync(documentLoader(loaderOptions));
    expect(calls).toHaveLength(1);
    const messages = context.logs.map((line) => line.message);
    expect(messages).toContainEqual(expect.stringMatching(/^staff-handbook: cached \(\d+ ms\)$/));
    expect(messages.at(-1)).toMatch(/^1 documents: 1 cached, 0 revalidated, 0 scraped, 0 stale, 0 failed in/);
  });

  it("re-scrapes everything with DOCSCRAPE_REFRESH=1", async () => {
    const { scraper, calls } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const loaderOptions = options({ scraper, documents: [HANDBOOK], cache: { ttl: "1h" } });
    await sync(documentLoader(loaderOptions));
    vi.stubEnv("DOCSCRAPE_REFRESH", "1");
    await sync(documentLoader(loaderOptions));
    expect(calls).toHaveLength(2);
  });

  it("reports config mistakes from the factory, naming the entry and the fix, before any request", async () => {
    api = await startServer((_request, response) => sendJson(response, 200, scrapeSuccess("# x")));
    const base = { apiUrl: api.url, apiKey: "key" };
    const make = (overrides: Partial<DocumentLoaderOptions>) => () => documentLoader({ documents: [HANDBOOK], ...base, ...overrides });
    expect(make({ colour: "red" } as never)).toThrow(/Unknown `documentLoader\(\)` option\(s\) `colour`/);
    expect(make({ documents: ["ftp://a.example/x.pdf"] })).toThrow(/`documents\[0\]` uses `ftp:`/);
    expect(make({ documents: ["https://exa mple.org/x.pdf"] })).toThrow(/`documents\[0\]` has an invalid URL/);
    expect(make({ documents: [HANDBOOK, `${ORIGIN}/elsewhere/staff-handbook.pdf`] })).toThrow(
      /`documents\[1\]` has the id "staff-handbook", like `documents\[0\]`; give one of them an explicit `id`/,
    );
    expect(make({ documents: [join(root, "nope.pdf")] })).toThrow(/does not exist/);
    expect(make({ cache: { ttl: "soon" } })).toThrow(/`cache.ttl`/);
    expect(make({ retry: { retries: -1 } })).toThrow(/`retry.retries`/);
    expect(make({ onError: "ignore" as never })).toThrow(/`onError`/);
    expect(make({ workers: 0 })).toThrow(/`workers` must be an integer of at least 1/);
    expect(make({ documents: [{ url: HANDBOOK, idd: "x" } as never] })).toThrow(/`idd`/);

    const loader = documentLoader({ documents: [HANDBOOK, "./documents/missing.pdf"], ...base });
    const context = createFakeContext({ root, schema: z.any() });
    await expect(loader.load(context.context)).rejects.toMatchObject({ code: "CONFIG_INVALID" });
    expect(api.requests).toHaveLength(0);
  });

  it("uses FIRECRAWL_API_URL and FIRECRAWL_API_KEY, but scrapes local files in-process", async () => {
    api = await startServer((_request, response) => sendJson(response, 200, scrapeSuccess("# From the API\n\nRemote text.")));
    vi.stubEnv("FIRECRAWL_API_URL", api.url);
    vi.stubEnv("FIRECRAWL_API_KEY", "env-key");
    await mkdir(join(root, "documents"));
    await writeFile(join(root, "documents", "budget.csv"), "Item,Amount\nTravel,1200\nBooks,300\n");
    const context = await sync(documentLoader({ documents: [HANDBOOK, "./documents/budget.csv"], retry: { retries: 0 } }));
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.authorization).toBe("Bearer env-key");
    expect((api.requests[0]?.body as { url: string }).url).toBe(HANDBOOK);
    expect(context.entries.get("staff-handbook")?.data.title).toBe("From metadata");
    const budget = context.entries.get("budget");
    expect(budget?.data).toMatchObject({ format: "csv", sourceUrl: "./documents/budget.csv" });
    expect(budget?.body).toContain("Travel");
    expect(budget?.rendered?.html).toContain("<table>");
    expect(context.logs.some((line) => line.message.includes("1 local document(s) go to the embedded engine"))).toBe(true);
    expect(JSON.stringify(context.logs)).not.toContain("env-key");
    const cacheDir = join(root, ".cache/docscrape");
    const cached = await Promise.all((await readdir(cacheDir)).map((name) => readFile(join(cacheDir, name), "utf8")));
    expect(cached).toHaveLength(2);
    for (const text of cached) expect(text).not.toContain("env-key");
  });

  it("builds two local documents whose names differ only by extension, each under its own id", async () => {
    await mkdir(join(root, "documents"));
    await writeFile(join(root, "documents", "handbook.csv"), "Chapter,Pages\nIntro,4\n");
    await writeFile(join(root, "documents", "handbook.md"), "# Handbook\n\nWelcome.\n");
    const context = await sync(documentLoader({ documents: ["./documents/handbook.csv", "./documents/handbook.md"], cache: false }));
    expect([...context.entries.keys()].sort()).toEqual(["handbook-csv", "handbook-md"]);
    expect(context.entries.get("handbook-csv")?.body).toContain("Intro");
    expect(context.entries.get("handbook-md")?.body).toContain("Welcome.");
  });

  it("shares one concurrency limit between every collection", async () => {
    const urls = Array.from({ length: 6 }, (_, index) => `${ORIGIN}/doc-${index}.pdf`);
    const { scraper, maxInFlight } = mapScraper(new Map(urls.map((url) => [url, `# ${url}`])));
    const first = documentLoader(options({ scraper, documents: urls.slice(0, 3), concurrency: 2 }));
    const second = documentLoader(options({ scraper, documents: urls.slice(3), concurrency: 2 }));
    await Promise.all([sync(first), sync(second)]);
    expect(maxInFlight()).toBe(2);
  });
});

describe("documentLoader with pictures", () => {
  /** A scraper answering one document with one picture, counting its calls and what it was asked. */
  function pictureScraper() {
    const asked: Array<Record<string, unknown>> = [];
    const scraper: Scraper = {
      id: "pictures",
      async scrape(_url, options): Promise<ScrapeData> {
        asked.push({ ...options });
        return {
          markdown: `# Report\n\n![A dot](${PIXEL_NAME})\n`,
          metadata: { contentType: "application/pdf" },
          images: [{ name: PIXEL_NAME, contentType: "image/png", bytes: PIXEL_PNG, alt: "A dot", width: 1, height: 1 }],
        };
      },
    };
    return { scraper, asked };
  }

  it("asks for pictures, stores them beside the cache and hands them to Astro's image pipeline", async () => {
    const { scraper, asked } = pictureScraper();
    const loader = documentLoader({ documents: [`${ORIGIN}/report.pdf`], scraper });
    const { entries } = await sync(loader);
    expect(asked[0]).toMatchObject({ removeBase64Images: false });
    const entry = entries.get("report")!;
    expect(entry.rendered?.metadata?.imagePaths).toEqual([`./${PIXEL_NAME}`]);
    expect(entry.assetImports).toEqual([`./${PIXEL_NAME}`]);
    expect(entry.filePath).toBe(".cache/docscrape/images/document.md");
    expect(entry.rendered?.html).toContain("__ASTRO_IMAGE_=");
    expect(Buffer.from(await readFile(join(root, ".cache/docscrape/images", PIXEL_NAME))).equals(Buffer.from(PIXEL_PNG))).toBe(true);
  });

  it("rebuilds from the cache with the pictures, and scrapes again when their files are gone", async () => {
    const { scraper, asked } = pictureScraper();
    const loader = documentLoader({ documents: [`${ORIGIN}/report.pdf`], scraper });
    await sync(loader);
    const second = await sync(loader);
    expect(asked).toHaveLength(1);
    expect(second.entries.get("report")!.rendered?.metadata?.imagePaths).toEqual([`./${PIXEL_NAME}`]);
    await rm(join(root, ".cache/docscrape/images"), { recursive: true });
    await sync(loader);
    expect(asked).toHaveLength(2);
  });

  it("keeps pictures as alt text with images: false", async () => {
    const { scraper, asked } = pictureScraper();
    const { entries } = await sync(documentLoader({ documents: [`${ORIGIN}/report.pdf`], scraper, images: false }));
    expect(asked[0]).not.toHaveProperty("removeBase64Images");
    expect(entries.get("report")!.rendered?.metadata).not.toHaveProperty("imagePaths");
    expect(entries.get("report")!.filePath).toBeUndefined();
  });
});

describe("documentLoader rebuilds", () => {
  it("reads no cache entry for a document its meta record shows fresh, but does when its data changes", async () => {
    const { scraper, calls } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const loaderOptions = options({ scraper, documents: [HANDBOOK], cache: { ttl: "1h" } });
    const context = await sync(documentLoader(loaderOptions));
    // Without the record, the next sync would find no cache entry and scrape again.
    await rm(join(root, ".cache/docscrape"), { recursive: true });
    await sync(documentLoader(loaderOptions), context);
    expect(calls).toHaveLength(1);
    expect(context.logs.at(-1)?.message).toMatch(/^1 documents: 1 cached, 0 revalidated, 0 scraped/);
    expect(context.entries.get("staff-handbook")?.rendered?.html).toContain("Twenty days.");

    await sync(documentLoader({ ...loaderOptions, documents: [{ url: HANDBOOK, data: { team: "People" } }] }), context);
    expect(calls).toHaveLength(2);
    expect(context.entries.get("staff-handbook")?.data.team).toBe("People");
  });

  it("keeps the rendered page in the cache entry, so a build without Astro's data store renders nothing again", async () => {
    const { scraper, calls } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const loaderOptions = options({ scraper, documents: [HANDBOOK], cache: { ttl: "1h" } });
    await sync(documentLoader(loaderOptions));
    const cacheDir = join(root, ".cache/docscrape");
    const [file] = await readdir(cacheDir);
    const cached = await readFile(join(cacheDir, file!), "utf8");
    expect(cached).toContain("<p>Twenty days.</p>");
    // A page that can only have come from the cache entry:
    await writeFile(join(cacheDir, file!), cached.replace("<p>Twenty days.</p>", "<p>Twenty days, as cached.</p>"));
    const context = await sync(documentLoader(loaderOptions));
    expect(calls).toHaveLength(1);
    expect(context.entries.get("staff-handbook")?.rendered?.html).toContain("Twenty days, as cached.");
  });

  it("renders on the main thread, and keeps no page in the cache, when remark or rehype plugins are set", async () => {
    const { scraper } = mapScraper(new Map([[HANDBOOK, handbookMarkdown]]));
    const shout = () => (tree: { children: Array<{ type: string; children?: Array<{ type: string; value?: string }> }> }) => {
      for (const node of tree.children) for (const child of node.children ?? []) if (child.type === "text") child.value = child.value?.toUpperCase();
    };
    const context = await sync(documentLoader(options({ scraper, documents: [HANDBOOK], cache: { ttl: "1h" }, remarkPlugins: [shout] })));
    expect(context.entries.get("staff-handbook")?.rendered?.html).toContain("TWENTY DAYS.");
    const cacheDir = join(root, ".cache/docscrape");
    const [file] = await readdir(cacheDir);
    expect(await readFile(join(cacheDir, file!), "utf8")).not.toContain("<p>");
  });
});

describe("documentLoader in astro dev", () => {
  it("re-scrapes a local document when the watcher reports it changed", async () => {
    const { EventEmitter } = await import("node:events");
    await mkdir(join(root, "documents"));
    const path = join(root, "documents", "budget.csv");
    await writeFile(path, "Item,Amount\nTravel,1200\n");
    const watcher = Object.assign(new EventEmitter(), { added: [] as string[], add(paths: string[]) { this.added.push(...paths); } });
    const context = createFakeContext({ root, schema: z.any() });
    Object.assign(context.context, { watcher });
    const loader = documentLoader({ documents: ["./documents/budget.csv"], retry: { retries: 0 } });
    await loader.load(context.context);
    await loader.load(context.context);
    expect(watcher.added).toEqual([path]);
    expect(watcher.listenerCount("change")).toBe(1);

    await writeFile(path, "Item,Amount\nTravel,1200\nHotels,900\n");
    watcher.emit("change", path);
    await vi.waitFor(() => expect(context.entries.get("budget")?.body).toContain("Hotels"));
  });
});
