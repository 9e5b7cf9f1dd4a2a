import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, type ServiceFault, startDocumentService } from "./helpers/document-service.js";

// Every fault a Firecrawl-style service shows, across one build: transient ones heal within the
// retry budget, permanent ones are reported by URL, and nothing is lost or left hanging.
const TRANSIENT: Record<string, ServiceFault> = {
  "rate-limited-retry-after": { status: 429, retryAfter: "1" },
  "rate-limited-http-date": { status: 429, retryAfter: "DATE" },
  "rate-limited-text-only": { status: 429, body: "firecrawl-429-text" },
  "timeout-408": { status: 408, retryAfter: "1" },
  "error-500-json": { status: 500 },
  "bad-gateway-html": { status: 502, body: "html" },
  "unavailable-503-html": { status: 503, body: "html" },
  "gateway-timeout-504": { status: 504, body: "json" },
  "connection-reset": "reset",
  "hanging-response": "hang",
  "truncated-json": "truncated-json",
  "invalid-json": "invalid-json",
  "no-markdown": "no-markdown",
};
const PERMANENT: Record<string, ServiceFault> = {
  "unauthorized-401": { status: 401 },
  "payment-required-402": { status: 402 },
  "not-found-404": { status: 404 },
  "unsupported-415": { status: 415 },
  "success-false": "success-false",
  "status-code-404": "status-code-404",
};
const HEALTHY = ["healthy-1", "healthy-2", "healthy-3", "healthy-4"];

describe("a build against a service that fails in every known way", () => {
  let service: DocumentService;
  let site: FixtureSite;
  const url = (id: string) => `${service.origin}/docs/${id}.pdf`;
  const ids = [...Object.keys(TRANSIENT), ...Object.keys(PERMANENT), ...HEALTHY];
  // The retry budget: attempts × (attempt timeout + longest wait), plus a build's own time.
  const retry = { retries: 3, minTimeout: 50, maxTimeout: 1500, attemptTimeout: 2000 };
  const budgetMs = (retry.retries + 1) * (retry.attemptTimeout + retry.maxTimeout) + 60_000;

  const arm = () => {
    for (const [id, fault] of Object.entries(TRANSIENT)) {
      const resolved = typeof fault === "object" && fault.retryAfter === "DATE" ? { ...fault, retryAfter: new Date(Date.now() + 1000).toUTCString() } : fault;
      service.documents.set(`/docs/${id}.pdf`, { markdown: `# ${id}\n\nRecovered ${id}.\n`, etag: `"${id}"`, fault: resolved, faultTimes: 1 });
    }
    for (const [id, fault] of Object.entries(PERMANENT)) {
      service.documents.set(`/docs/${id}.pdf`, { markdown: `# ${id}\n`, etag: `"${id}"`, fault });
    }
    for (const id of HEALTHY) service.documents.set(`/docs/${id}.pdf`, { markdown: `# ${id}\n\nFine ${id}.\n`, etag: `"${id}"` });
  };
  const configure = (onError: "fail" | "skip", cacheDir: string) =>
    site.configure({
      loader: { documents: ids.map((id) => ({ id, url: url(id) })), apiUrl: service.origin, apiKey: "fc-faults", onError, retry, cache: { dir: cacheDir } },
    });

  beforeAll(async () => {
    service = await startDocumentService();
    site = await copyFixture("basic-site");
  });

  afterAll(async () => {
    await service?.close();
    await site?.remove();
  });

  it('fails the build with onError "fail", listing every permanently failing URL and no other', async () => {
    arm();
    await configure("fail", ".cache/fail-run");
    const started = Date.now();
    const result = await site.build();
    const elapsed = Date.now() - started;
    expect(result.code).not.toBe(0);
    // The build's error lists exactly the permanently failing URLs (transient ones only warned).
    const failureList = result.output.slice(result.output.indexOf("could not be scraped"));
    for (const id of Object.keys(PERMANENT)) expect(failureList, id).toContain(url(id));
    for (const id of [...Object.keys(TRANSIENT), ...HEALTHY]) expect(failureList, id).not.toContain(url(id));
    expect(result.output).not.toContain("Stack trace");
    expect(result.output).not.toMatch(/unhandled/i);
    expect(elapsed).toBeLessThan(budgetMs);
    // Permanent errors are not retried: exactly one scrape each.
    for (const id of Object.keys(PERMANENT)) expect(service.scrapes().filter((request) => request.target === url(id)), id).toHaveLength(1);
  });

  it('builds every other document with onError "skip", and says which were left out', async () => {
    arm();
    service.requests.length = 0;
    // Note: a fresh start: without Astro's data store, whose records would let the loader trust
    // the entries the first build stored and ask for nothing.
    await rm(join(site.root, "node_modules/.astro"), { recursive: true, force: true });
    await configure("skip", ".cache/skip-run");
    const result = await site.build();
    expect(result.code, result.output).toBe(0);
    for (const id of Object.keys(TRANSIENT)) expect(await site.read(`dist/docs/${id}/index.html`), id).toContain(`Recovered ${id}.`);
    for (const id of HEALTHY) expect(await site.read(`dist/docs/${id}/index.html`)).toContain(`Fine ${id}.`);
    for (const id of Object.keys(PERMANENT)) {
      expect(await site.exists(`dist/docs/${id}/index.html`), id).toBe(false);
      expect(result.output, id).toContain(url(id));
    }
    // No page called "Not Found" from a 200 whose metadata says 404.
    expect(await site.read("dist/index.html")).not.toContain("Not Found");
    // Each transient fault cost exactly one extra attempt: nothing was answered twice or lost.
    for (const id of Object.keys(TRANSIENT)) expect(service.scrapes().filter((request) => request.target === url(id)), id).toHaveLength(2);
  });
});
