import { once } from "node:events";
import { createServer } from "node:http";

/**
 * @typedef {object} ServedDocument
 * @property {string} markdown What `/v2/scrape` answers for the document.
 * @property {string} title
 * @property {string} etag The source's ETag; a conditional GET with it gets a 304.
 */

/**
 * @typedef {object} RecordedRequest
 * @property {"scrape" | "fetch"} kind A `POST /v2/scrape`, or a GET/HEAD of a document itself.
 * @property {string} path
 * @property {boolean} conditional Whether the request carried `If-None-Match`/`If-Modified-Since`.
 */

/**
 * One loopback server playing two parts, like test/helpers/document-service.ts: the document
 * source (`GET /docs/<name>` with ETags and 304s) and a Firecrawl-compatible `POST /v2/scrape`.
 * It records every request so a figure can count scrapes and revalidations.
 * Note: scrapes answer with the source's `metadata.etag`, as docscrape's own server does (the
 * loader needs it to revalidate); Firecrawl's hosted API sends none.
 *
 * @param {{ scrapeDelayMs?: number }} [options] `scrapeDelayMs` makes each scrape wait, as a
 *   real scrape service does while it downloads and converts.
 */
export async function startLoopbackService({ scrapeDelayMs = 0 } = {}) {
  /** @type {Map<string, ServedDocument>} */
  const documents = new Map();
  /** @type {RecordedRequest[]} */
  const requests = [];

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (request.method === "POST" && path === "/v2/scrape") {
      let body = "";
      for await (const chunk of request) body += chunk;
      const url = new URL(JSON.parse(body).url);
      requests.push({ kind: "scrape", path: url.pathname, conditional: false });
      if (scrapeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, scrapeDelayMs));
      const document = documents.get(url.pathname);
      if (!document) return sendJson(response, 404, { success: false, code: "DOCUMENT_NOT_FOUND", error: `No document at ${url}.` });
      return sendJson(response, 200, {
        success: true,
        data: {
          markdown: document.markdown,
          metadata: { title: document.title, sourceURL: url.href, url: url.href, statusCode: 200, contentType: "application/pdf", numPages: 1, etag: document.etag },
        },
      });
    }
    const conditional = request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;
    requests.push({ kind: "fetch", path, conditional });
    const document = documents.get(path);
    if (!document) return sendJson(response, 404, { error: "not found" });
    if (request.headers["if-none-match"] === document.etag) return response.writeHead(304, { etag: document.etag }).end();
    response.writeHead(200, { "content-type": "application/pdf", etag: document.etag }).end(document.markdown);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");

  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    documents,
    requests,
    /** Forget the requests seen so far (before the run a figure counts). */
    resetRequests: () => void (requests.length = 0),
    count: (/** @type {(request: RecordedRequest) => boolean} */ predicate) => requests.filter(predicate).length,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function sendJson(response, status, value) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}
