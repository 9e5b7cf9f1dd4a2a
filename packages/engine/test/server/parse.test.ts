import { readFile } from "node:fs/promises";
import Firecrawl, { SdkError } from "@mendable/firecrawl-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf, privateUseToUnicode } from "../pdf/helpers/make-pdf.js";
import { corpusFile, expectedStrings, normalise, startScrapeServer } from "./helpers.js";

const API_KEY = "fc-parse-key-31a7";
let api: Awaited<ReturnType<typeof startScrapeServer>>;

// Note: no private networks allowed: an upload needs no fetch, so the guard never comes into it.
beforeAll(async () => {
  api = await startScrapeServer({ apiKeys: [API_KEY], maxDocumentBytes: 1024 * 1024 });
});
afterAll(async () => {
  await api.close();
});

/** POST a multipart body to `/v2/parse` and read the JSON answer. */
async function postParse(form: FormData, token: string | undefined = API_KEY) {
  const response = await fetch(`${api.url}/v2/parse`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

const fileForm = (bytes: Uint8Array, filename: string, options?: unknown): FormData => {
  const form = new FormData();
  if (options !== undefined) form.append("options", typeof options === "string" ? options : JSON.stringify(options));
  form.append("file", new Blob([bytes]), filename);
  return form;
};

const twoPages = makePdf([
  [{ text: "First page text.", x: 72, y: 700 }],
  [{ text: "Second page text.", x: 72, y: 700 }],
]);

describe("the official Firecrawl SDK's parse() against our server", () => {
  it.each(["md_movie-theater-booking-2024.pdf", "dl_word_sample.docx", "dl_xlsx_01.xlsx"])("converts an uploaded %s", async (file) => {
    const firecrawl = new Firecrawl({ apiKey: API_KEY, apiUrl: api.url });
    const document = await firecrawl.parse({ data: await readFile(corpusFile(file)), filename: file });
    const markdown = normalise(document.markdown ?? "");
    const expected = (await expectedStrings(file)).slice(0, 2);
    expect(expected.length).toBeGreaterThan(0);
    for (const text of expected) expect(markdown).toContain(normalise(text));
    expect(document.metadata).toMatchObject({ sourceFile: file, creditsUsed: 1 });
    expect(document.metadata?.sourceURL).toBeUndefined();
  });

  it("passes the PDF parser's page options through", async () => {
    const firecrawl = new Firecrawl({ apiKey: API_KEY, apiUrl: api.url });
    const document = await firecrawl.parse(
      { data: Buffer.from(twoPages), filename: "two.pdf", contentType: "application/pdf" },
      { parsers: [{ type: "pdf", pages: true, pageMarkers: true, blocks: true, maxPages: 1 }] },
    );
    expect(document.pages).toEqual([{ pageNumber: 1, markdown: "First page text." }]);
    expect(document.blocks?.[0]?.items[0]).toMatchObject({ type: "text", content: "First page text.", markdownSpan: [0, 16] });
    expect(document.metadata).toMatchObject({ numPages: 1, totalPages: 2 });
  });

  it("surfaces a wrong key as the SDK's 401 error", async () => {
    const firecrawl = new Firecrawl({ apiKey: "fc-wrong", apiUrl: api.url });
    const failure = await firecrawl.parse({ data: Buffer.from(twoPages), filename: "two.pdf" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure).toMatchObject({ status: 401 });
  });
});

describe("POST /v2/parse", () => {
  it("takes the options part before or after the file", async () => {
    const form = new FormData();
    form.append("file", new Blob([twoPages]), "two.pdf");
    form.append("options", JSON.stringify({ formats: ["markdown", "html"], parsers: [{ type: "pdf", pageMarkers: true }] }));
    const { status, json } = await postParse(form);
    expect(status).toBe(200);
    expect(json.data.markdown).toBe("First page text.\n\n---\n\n<!-- page 2 -->\n\nSecond page text.\n");
    expect(json.data.html).toContain("<hr>");
  });

  it("OCRs a page whose text layer is garbage, in the worker pool, by default", async () => {
    const garbled = makePdf([[{ text: "Emergency exits checked", x: 72, y: 700, size: 28 }]], { toUnicode: privateUseToUnicode });
    const { status, json } = await postParse(fileForm(garbled, "garbled.pdf"));
    expect(status).toBe(200);
    expect(json.data.markdown).toContain("Emergency exits checked");
  });

  it("refuses a file past the size limit with 413, without reading it all", async () => {
    const { status, json } = await postParse(fileForm(new Uint8Array(1200 * 1024), "big.pdf"));
    expect(status).toBe(413);
    expect(json).toMatchObject({ success: false, code: "DOCUMENT_TOO_LARGE", error: "big.pdf is larger than the 1 MiB limit; split the document." });
  });

  it.each([
    ["no file part", (() => { const form = new FormData(); form.append("options", "{}"); return form; })(), 400, "BAD_REQUEST"],
    ["options that are not JSON", fileForm(twoPages, "two.pdf", "{nope"), 400, "BAD_REQUEST_INVALID_JSON"],
    ["an unknown option", fileForm(twoPages, "two.pdf", { url: "https://example.com/a.pdf" }), 400, "BAD_REQUEST"],
    ["a browser-only option", fileForm(twoPages, "two.pdf", { actions: [] }), 400, "BAD_REQUEST"],
    ["a document of no known format", fileForm(new Uint8Array([0, 1, 2, 3, 0, 0, 0xff]), "blob.bin"), 415, "UNSUPPORTED_DOCUMENT"],
    ["a corrupt PDF", fileForm(twoPages.slice(0, 200), "broken.pdf"), 422, "DOCUMENT_UNREADABLE"],
  ] as const)("answers %s with %i %s", async (_case, form, status, code) => {
    const reply = await postParse(form);
    expect(reply.status).toBe(status);
    expect(reply.json).toMatchObject({ success: false, code });
    expect(reply.json.error).toMatch(/^[^\n]+$/);
  });

  it("refuses a JSON body: uploads are multipart", async () => {
    const response = await fetch(`${api.url}/v2/parse`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/a.pdf" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("asks for the same token as /v2/scrape", async () => {
    expect((await postParse(fileForm(twoPages, "two.pdf"), "")).json).toMatchObject({ code: "UNAUTHORIZED", error: "Unauthorized" });
  });
});
