import { createServer } from "node:http";
import type { LookupAddress } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scrape } from "../../src/scrape.js";
import { findEmbeddedPdf } from "../../src/viewer-page.js";
import { makePdf } from "../pdf/helpers/make-pdf.js";
import { listenOnLoopback } from "./helpers.js";
import type { SourceServer } from "./helpers.js";

const pdf = makePdf([[{ text: "The real report.", x: 72, y: 700 }]]);
const page = (body: string): string => `<!doctype html><html><head><title>Viewer</title></head><body>${body}</body></html>`;

/** `/docs/real.pdf` is the PDF; the other `.pdf` addresses answer with viewer pages around it. */
const VIEWERS: Record<string, string> = {
  "/iframe.pdf": page(`<nav><a href="/home">Home</a></nav><iframe src="/docs/real.pdf" width="100%"></iframe>`),
  "/pdfjs.pdf": page(`<iframe src="/pdfjs/web/viewer.html?file=%2Fdocs%2Freal.pdf"></iframe>`),
  "/object.pdf": page(`<object data="docs/real.pdf" type="application/pdf"><p>No PDF support.</p></object>`),
  "/embed.pdf": page(`<embed src="/download?id=7" type="application/pdf">`),
  "/local.pdf": page(`<iframe src="file:///etc/hostname.pdf"></iframe>`),
  "/elsewhere.pdf": page(`<iframe src="http://intranet.example:${"PORT"}/docs/real.pdf"></iframe>`),
  "/no-pdf.pdf": page(`<p>This report has moved.</p><iframe src="https://video.example/embed/1"></iframe>`),
};

let source: SourceServer;
let port = 0;
beforeAll(async () => {
  source = await listenOnLoopback(
    createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      if (path === "/docs/real.pdf" || path === "/download") return void response.writeHead(200, { "content-type": "application/pdf" }).end(pdf);
      const html = VIEWERS[path]?.replace("PORT", String(port));
      if (html) return void response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
      response.writeHead(404).end();
    }),
  );
  port = Number(new URL(source.url).port);
});
afterAll(() => source.close());

describe("a .pdf link that answers with an HTML viewer page", () => {
  it.each(["/iframe.pdf", "/pdfjs.pdf", "/object.pdf", "/embed.pdf"])("is followed to the PDF it embeds (%s)", async (path) => {
    const data = await scrape(`${source.url}${path}`);
    expect(data.markdown).toBe("The real report.\n");
    expect(data.metadata).toMatchObject({ sourceURL: `${source.url}${path}`, contentType: "application/pdf", numPages: 1 });
    expect(data.metadata.url).toMatch(/\/(docs\/real\.pdf|download\?id=7)$/);
  });

  it("goes through the network guard like a redirect: a file: target is refused", async () => {
    await expect(scrape(`${source.url}/local.pdf`)).rejects.toMatchObject({ code: "URL_BLOCKED" });
  });

  it("resolves the embedded PDF's host through the guard, as it does for every hop", async () => {
    const asked: string[] = [];
    const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const data = await scrape(`${source.url}/elsewhere.pdf`, { resolveHost });
    expect(data.markdown).toBe("The real report.\n");
    expect(asked).toEqual(["intranet.example"]);
  });

  it("is not followed anywhere when it embeds no PDF", async () => {
    const asked: string[] = [];
    const resolveHost = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    // Whatever the engine makes of the HTML page itself, it never fetches the video frame.
    await scrape(`${source.url}/no-pdf.pdf`, { resolveHost }).catch(() => undefined);
    expect(asked).toEqual([]);
  });
});

describe("findEmbeddedPdf", () => {
  it("takes the first embedded PDF and ignores other frames", () => {
    const base = new URL("https://gov.example/reports/2026.pdf");
    expect(findEmbeddedPdf(page(`<iframe src="https://ads.example/x"></iframe><iframe src="files/2026.PDF"></iframe>`), base)?.href).toBe(
      "https://gov.example/reports/files/2026.PDF",
    );
    expect(findEmbeddedPdf(page(`<p>nothing here</p>`), base)).toBeUndefined();
  });
});
