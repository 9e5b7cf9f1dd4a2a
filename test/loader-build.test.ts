import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";

// Real `astro build`s of test/fixtures/basic-site, scraping through a loopback Firecrawl-style API.
describe("astro build of a site whose documents come from a scrape API", () => {
  const apiKey = "fc-integration-test-key";
  let service: DocumentService;
  let site: FixtureSite;

  const configure = (ids: string[], ttl: string | number) =>
    site.configure({
      loader: {
        documents: ids.map((id) => ({ id, url: `${service.origin}/docs/${id}.pdf` })),
        apiUrl: service.origin,
        apiKey,
        cache: { dir: ".cache/docscrape", ttl },
        retry: { retries: 1, minTimeout: 10, maxTimeout: 50 },
      },
    });
  const page = (id: string) => `dist/docs/${id}/index.html`;
  const scrapedUrls = () => service.scrapes().map((request) => new URL(request.target).pathname).sort();
  const build = async () => {
    service.requests.length = 0;
    const result = await site.build();
    return result;
  };

  beforeAll(async () => {
    service = await startDocumentService();
    for (const id of ["alpha", "beta", "gamma"]) {
      service.documents.set(`/docs/${id}.pdf`, { markdown: `# ${id} report\n\nThe ${id} findings, version one.\n`, etag: `"${id}-1"` });
    }
    site = await copyFixture("basic-site");
  });

  afterAll(async () => {
    await service?.close();
    await site?.remove();
  });

  it("builds one page per document on a cold cache", async () => {
    await configure(["alpha", "beta", "gamma"], "1d");
    const result = await build();
    expect(result.code, result.output).toBe(0);
    expect(scrapedUrls()).toEqual(["/docs/alpha.pdf", "/docs/beta.pdf", "/docs/gamma.pdf"]);
    expect(service.scrapes().every((request) => request.authorization === `Bearer ${apiKey}`)).toBe(true);
    const html = await site.read(page("beta"));
    expect(html).toContain("<title>beta report</title>");
    expect(html).toContain("The beta findings, version one.");
    expect(await site.read("dist/index.html")).toContain("gamma report");
  });

  it("sends no scrape request when nothing changed", async () => {
    const result = await build();
    expect(result.code, result.output).toBe(0);
    expect(service.scrapes()).toHaveLength(0);
    expect(await site.read(page("alpha"))).toContain("The alpha findings, version one.");
  });

  it("revalidates past the ttl and scrapes only the document whose ETag changed", async () => {
    await configure(["alpha", "beta", "gamma"], 0);
    service.documents.set("/docs/beta.pdf", { markdown: "# beta report\n\nThe beta findings, version two.\n", etag: '"beta-2"' });
    const result = await build();
    expect(result.code, result.output).toBe(0);
    expect(scrapedUrls()).toEqual(["/docs/beta.pdf"]);
    const conditional = service.requests.filter((request) => request.conditional).map((request) => request.path).sort();
    expect(conditional).toEqual(["/docs/alpha.pdf", "/docs/beta.pdf", "/docs/gamma.pdf"]);
    expect(await site.read(page("beta"))).toContain("version two");
  });

  it("removes the page of a document taken out of the config", async () => {
    await configure(["alpha", "beta"], "1d");
    const result = await build();
    expect(result.code, result.output).toBe(0);
    expect(await site.exists(page("gamma"))).toBe(false);
    expect(await site.exists(page("alpha"))).toBe(true);
    expect(await site.read("dist/index.html")).not.toContain("gamma report");
  });

  it("builds from the cached copy when a changed document cannot be scraped", async () => {
    await configure(["alpha", "beta"], 0);
    service.documents.set("/docs/alpha.pdf", { markdown: "# alpha report\n\nNever seen.\n", etag: '"alpha-2"', failWith: 500 });
    const result = await build();
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/alpha: [^\n]*Using the copy from/);
    expect(result.output).toMatch(/1 stale, 0 failed/);
    expect(await site.read(page("alpha"))).toContain("The alpha findings, version one.");
  });

  it("fails the build, naming the URL, when a document with no cached copy cannot be scraped", async () => {
    service.documents.set("/docs/delta.pdf", { markdown: "# delta\n", etag: '"delta-1"', failWith: 500 });
    await configure(["alpha", "beta", "delta"], "1d");
    const result = await build();
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`${service.origin}/docs/delta.pdf`);
    expect(result.output).not.toContain(apiKey);
  });
});

// Firecrawl-style pictures: with `removeBase64Images: false` they come inline as data: URIs.
describe("astro build of a document whose pictures come inline from a scrape API", () => {
  // A 2×2 PNG, as a scrape API returns a document's picture.
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4YWQERAwQCgAjNgSxRnwWMwAAAABJRU5ErkJggg==";
  let service: DocumentService;
  let site: FixtureSite;

  beforeAll(async () => {
    service = await startDocumentService();
    service.documents.set("/docs/pictured.pdf", { markdown: `# pictured report\n\n![A tiny chart](data:image/png;base64,${png})\n`, etag: '"pictured-1"' });
    site = await copyFixture("basic-site");
    await site.configure({
      loader: { documents: [{ id: "pictured", url: `${service.origin}/docs/pictured.pdf` }], apiUrl: service.origin, apiKey: "key", cache: { dir: ".cache/docscrape", ttl: "1d" } },
    });
  });

  afterAll(async () => {
    await service?.close();
    await site?.remove();
  });

  it("stores the picture with the cache and the page shows Astro's optimised image", async () => {
    const result = await site.build();
    expect(result.code, result.output).toBe(0);
    const html = await site.read("dist/docs/pictured/index.html");
    expect(html).toMatch(/<img alt="A tiny chart" loading="lazy" decoding="async" width="2" height="2" src="\/_astro\/image-[0-9a-f]{16}\.[\w-]+\.webp"/);
    expect(html).not.toContain("data:image");
    const [stored] = await readdir(join(site.root, ".cache/docscrape/images"));
    expect(stored).toMatch(/^image-[0-9a-f]{16}\.png$/);
  });
});
