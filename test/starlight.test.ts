import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";

// A real Starlight site (test/fixtures/starlight-site): Starlight keeps its `docs` collection, the
// scraped documents are a second collection rendered through <StarlightPage>, linked from the sidebar.
describe("scraped documents in a Starlight site", () => {
  let service: DocumentService;
  let site: FixtureSite;

  beforeAll(async () => {
    service = await startDocumentService();
    service.documents.set("/docs/safety.pdf", {
      title: "Safety rules",
      markdown: "# Safety rules\n\nWear a helmet.\n\n## Fire drills\n\nEvery March.\n",
      etag: '"safety-1"',
    });
    service.documents.set("/docs/rota.xlsx", { title: "Rota", markdown: "# Rota\n\n| Day | Who |\n| --- | --- |\n| Mon | Ada |\n", etag: '"rota-1"' });
    site = await copyFixture("starlight-site");
    await site.configure({
      documents: [
        { id: "safety", label: "Safety rules", url: `${service.origin}/docs/safety.pdf` },
        { id: "rota", label: "Duty rota", url: `${service.origin}/docs/rota.xlsx` },
      ],
      scrapeApi: { apiUrl: service.origin, apiKey: "fc-starlight-key", retry: { retries: 0 } },
    });
  });

  afterAll(async () => {
    await service?.close();
    await site?.remove();
  });

  it("renders each document as a Starlight page listed in the sidebar", async () => {
    const result = await site.build();
    expect(result.code, result.output).toBe(0);

    const safety = await site.read("dist/library/safety/index.html");
    expect(safety).toContain("<title>Safety rules | Handbook</title>");
    expect(safety).toContain("Wear a helmet.");
    // Starlight's own table of contents lists the document's headings.
    expect(safety).toMatch(/<a href="#fire-drills"[^>]*>/);
    // The sidebar marks the current document and links the other one.
    expect(safety).toMatch(/<a href="\/library\/safety\/" aria-current="page"/);
    expect(await site.read("dist/library/rota/index.html")).toMatch(/<td>Ada<\/td>/);

    // Starlight's own pages carry the same sidebar links.
    const home = await site.read("dist/index.html");
    expect(home).toContain('href="/library/rota/"');
    expect(home).toContain("Duty rota");
  });
});
