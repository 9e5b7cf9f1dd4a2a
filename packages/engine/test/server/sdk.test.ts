import Firecrawl, { SdkError } from "@mendable/firecrawl-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectedStrings, normalise, startScrapeServer, startSourceServer } from "./helpers.js";
import type { SourceServer } from "./helpers.js";

const API_KEY = "fc-test-key-8d2e";
let source: SourceServer;
let api: SourceServer;

beforeAll(async () => {
  source = await startSourceServer();
  // Private networks allowed, so that the server may fetch from the loopback source.
  api = await startScrapeServer({ apiKeys: [API_KEY], allowPrivateNetworks: true });
});
afterAll(async () => {
  await api.close();
  await source.close();
});

describe("the official Firecrawl SDK against our server", () => {
  it.each(["md_movie-theater-booking-2024.pdf", "dl_word_sample.docx", "dl_xlsx_01.xlsx"])("scrapes %s to Markdown", async (file) => {
    const firecrawl = new Firecrawl({ apiKey: API_KEY, apiUrl: api.url });
    const document = await firecrawl.scrape(`${source.url}/files/${file}`, { formats: ["markdown"], onlyMainContent: true });
    const markdown = normalise(document.markdown ?? "");
    const expected = (await expectedStrings(file)).slice(0, 2);
    expect(expected.length).toBeGreaterThan(0);
    for (const text of expected) expect(markdown).toContain(normalise(text));
    expect(document.metadata?.sourceURL).toBe(`${source.url}/files/${file}`);
    expect(document.metadata?.statusCode).toBe(200);
  });

  it("surfaces a wrong key as the SDK's 401 error", async () => {
    const firecrawl = new Firecrawl({ apiKey: "fc-wrong", apiUrl: api.url });
    const failure = await firecrawl.scrape(`${source.url}/files/dl_word_sample.docx`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure).toMatchObject({ status: 401, message: "Unauthorized: Invalid token" });
  });
});
