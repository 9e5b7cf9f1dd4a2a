import { once } from "node:events";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake service answers for one document path. */
export interface FakeDocument {
  markdown: string;
  title?: string;
  /** The source's ETag; change it to make the document "changed". */
  etag: string;
  /** Answer scrapes of this document with this HTTP status (a failing document). */
  failWith?: number;
  /** Wait this long before answering a scrape (a slow service). */
  delayMs?: number;
}

/** A request the service saw. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** For scrapes, the `url` in the body; for document fetches, the path. */
  target: string;
  conditional: boolean;
  authorization: string | undefined;
}

/**
 * One loopback server playing two parts: the document source (`GET /docs/<name>`, with ETags and
 * 304s) and a Firecrawl-compatible scrape API (`POST /v2/scrape`) that answers with each
 * document's Markdown. It records every request so tests can count scrapes and revalidations.
 */
export interface DocumentService {
  origin: string;
  documents: Map<string, FakeDocument>;
  requests: RecordedRequest[];
  scrapes(): RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return body;
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}

export async function startDocumentService(): Promise<DocumentService> {
  const documents = new Map<string, FakeDocument>();
  const requests: RecordedRequest[] = [];

  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (request.method === "POST" && path === "/v2/scrape") {
      const body = JSON.parse(await readBody(request)) as { url: string };
      requests.push({ method: "POST", path, target: body.url, conditional: false, authorization: request.headers.authorization });
      const document = documents.get(new URL(body.url).pathname);
      if (!document) return json(response, 404, { success: false, code: "DOCUMENT_NOT_FOUND", error: `No document at ${body.url}.` });
      if (document.delayMs) await new Promise((resolve) => setTimeout(resolve, document.delayMs));
      if (document.failWith) return json(response, document.failWith, { success: false, code: "INTERNAL", error: "The service failed." });
      return json(response, 200, {
        success: true,
        data: {
          markdown: document.markdown,
          metadata: { title: document.title, sourceURL: body.url, url: body.url, statusCode: 200, contentType: "application/pdf", numPages: 1 },
        },
      });
    }
    const document = documents.get(path);
    const conditional = request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;
    requests.push({ method: request.method ?? "GET", path, target: path, conditional, authorization: request.headers.authorization });
    if (!document) return json(response, 404, { error: "not found" });
    if (request.headers["if-none-match"] === document.etag) return response.writeHead(304, { etag: document.etag }).end();
    response.writeHead(200, { "content-type": "application/pdf", etag: document.etag }).end(document.markdown);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    documents,
    requests,
    scrapes: () => requests.filter((request) => request.path === "/v2/scrape"),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
