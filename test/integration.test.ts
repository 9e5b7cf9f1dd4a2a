import type { AstroIntegration } from "astro";
import { docscrape } from "astro-docscrape";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";

// Real `astro build`s of test/fixtures/integration-site, whose only pages are the ones that
// `docscrape({ prefix: "library" })` injects from the installed package.
describe("the docscrape() integration", () => {
  let service: DocumentService;
  let site: FixtureSite;
  const configure = (extra: Record<string, unknown>) =>
    site.configure({
      loader: {
        documents: [
          { id: "handbook", url: `${service.origin}/docs/handbook.pdf` },
          { id: "budget", url: `${service.origin}/docs/budget.xlsx` },
        ],
        apiUrl: service.origin,
        apiKey: "fc-integration-key",
        retry: { retries: 0 },
        ...extra,
      },
    });

  beforeAll(async () => {
    service = await startDocumentService();
    service.documents.set("/docs/handbook.pdf", {
      title: "Staff handbook",
      markdown: "# Staff handbook\n\nWelcome aboard.\n\n## Holidays\n\nTwenty days.\n\n## Expenses\n\n| Item | Limit |\n| --- | --- |\n| Hotel | 120 |\n",
      etag: '"handbook-1"',
    });
    service.documents.set("/docs/budget.xlsx", {
      title: "Budget 2026",
      // No heading of its own: the title comes from the document's metadata.
      markdown: "## Q1\n\nSpending is flat.\n",
      etag: '"budget-1"',
    });
    site = await copyFixture("integration-site");
    await configure({});
  });

  afterAll(async () => {
    await service?.close();
    await site?.remove();
  });

  it("injects an index page and one page per document under the prefix", async () => {
    const result = await site.build();
    expect(result.code, result.output).toBe(0);

    const index = await site.read("dist/library/index.html");
    expect(index).toContain("<title>Library</title>");
    expect(index).toContain('href="/library/handbook/"');
    expect(index).toContain('href="/library/budget/"');
    // Sorted by title: Budget before Staff handbook.
    expect(index.indexOf("Budget 2026")).toBeLessThan(index.indexOf("Staff handbook"));

    const handbook = await site.read("dist/library/handbook/index.html");
    expect(handbook).toContain("<title>Staff handbook · Library</title>");
    expect(handbook).toContain("Twenty days.");
    expect(handbook).toMatch(/<td>Hotel<\/td>/);
    // The default layout's table of contents links to the document's second-level headings.
    expect(handbook).toContain('href="#holidays"');
    expect(handbook).toContain('href="#expenses"');
    // The layout prints the title only when the document has no top-level heading of its own.
    expect(handbook.match(/<h1[ >]/g)).toHaveLength(1);
    const budget = await site.read("dist/library/budget/index.html");
    expect(budget).toMatch(/<h1[^>]*>Budget 2026<\/h1>/);
    expect(budget).toContain("Spending is flat.");
  });

  it("re-renders only the document that changed (cacheKey: entry.digest)", async () => {
    // ttl 0: every build asks the source, which reports a new ETag for the budget only.
    await configure({ cache: { ttl: 0 } });
    service.documents.set("/docs/budget.xlsx", { title: "Budget 2026", markdown: "## Q1\n\nSpending is up.\n", etag: '"budget-2"' });
    const result = await site.build();
    expect(result.code, result.output).toBe(0);
    // Astro's incremental build restores pages whose cacheKey and module graph did not change.
    expect(result.output).toMatch(/\/library\/handbook\/index\.html \(restored\)/);
    expect(result.output).not.toMatch(/\/library\/budget\/index\.html \(restored\)/);
    expect(await site.read("dist/library/budget/index.html")).toContain("Spending is up.");
    expect(await site.read("dist/library/handbook/index.html")).toContain("Twenty days.");
  });

  it("renders the pages through the layout given in the options", async () => {
    const result = await site.build({ FIXTURE_LAYOUT: "./src/layouts/Plain.astro" });
    expect(result.code, result.output).toBe(0);
    const handbook = await site.read("dist/library/handbook/index.html");
    expect(handbook).toContain("<title>Staff handbook (plain, Library)</title>");
    expect(handbook).toContain("3 headings"); // h1 and two h2 of the document
    expect(handbook).toContain("Twenty days.");
    expect(handbook).not.toContain("docscrape-aside");
  });
});

describe("docscrape() options", () => {
  /** Run the integration's setup hook with a recording stand-in for Astro's hook arguments. */
  function setup(integration: AstroIntegration) {
    const routes: Array<{ pattern: string; entrypoint: string | URL }> = [];
    const plugins: Array<{ resolveId(id: string): string | undefined; load(id: string): string | undefined }> = [];
    const hook = integration.hooks["astro:config:setup"] as unknown as (options: object) => void;
    hook({
      config: { root: new URL("file:///site/") },
      injectRoute: (route: { pattern: string; entrypoint: string | URL }) => routes.push(route),
      updateConfig: (config: { vite: { plugins: typeof plugins } }) => plugins.push(...config.vite.plugins),
    });
    const [plugin] = plugins;
    const configModule = () => plugin!.load(plugin!.resolveId("virtual:astro-docscrape/config")!)!;
    return { routes, configModule };
  }

  it("normalises the prefix and passes the collection and title to the pages", () => {
    const { routes, configModule } = setup(docscrape({ prefix: "/docs/library/", collection: "reports", title: "Reports" }));
    expect(routes.map((route) => route.pattern)).toEqual(["/docs/library", "/docs/library/[id]"]);
    expect(configModule()).toContain('{"collection":"reports","prefix":"docs/library","title":"Reports"}');
    expect(configModule()).toContain('export { default as Layout } from "astro-docscrape/layouts/DocumentLayout.astro"');
  });

  it("resolves a relative layout against the project root", () => {
    const { configModule } = setup(docscrape({ layout: "./src/layouts/Doc.astro" }));
    expect(configModule()).toContain('from "/site/src/layouts/Doc.astro"');
  });

  it("rejects a prefix that is not a URL path, naming the option", () => {
    expect(() => docscrape({ prefix: "/" })).toThrow(/`prefix` must be a URL path/);
    expect(() => docscrape({ prefix: "a b" })).toThrow(/`prefix` must be a URL path/);
    expect(() => docscrape({ collection: " " })).toThrow(/`collection`/);
  });
});
