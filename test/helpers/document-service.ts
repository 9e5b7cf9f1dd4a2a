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
  /** Answer scrapes with this fault... */
  fault?: ServiceFault;
  /** ...this many times, then normally (default: always). */
  faultTimes?: number;
}

/** The ways Firecrawl and its gateways are seen to fail. */
export type ServiceFault =
  | { status: number; retryAfter?: string; body?: "json" | "html" | "firecrawl-429-text" }
  | "reset"
  | "hang"
  | "truncated-json"
  | "invalid-json"
  | "success-false"
  | "no-markdown"
  | "status-code-404";

/** Answer a scrape with a fault. */
function sendFault(response: ServerResponse, fault: ServiceFault, url: string): void {
  if (fault === "reset") return void response.socket?.destroy();
  if (fault === "hang") return; // never answers; the client's attempt timeout must give up
  if (fault === "truncated-json") return void response.writeHead(200, { "content-type": "application/json" }).end('{"success":true,"data":{"markd');
  if (fault === "invalid-json") return void response.writeHead(200, { "content-type": "application/json" }).end("<html>not json</html>");
  if (fault === "success-false") return json(response, 200, { success: false, code: "SCRAPE_DNS_RESOLUTION_ERROR", error: "DNS resolution failed." });
  if (fault === "no-markdown") return json(response, 200, { success: true, data: { metadata: { sourceURL: url, statusCode: 200 } } });
  if (fault === "status-code-404") {
    return json(response, 200, { success: true, data: { markdown: "Not Found", metadata: { title: "Not Found", sourceURL: url, statusCode: 404 } } });
  }
  const headers: Record<string, string> = fault.retryAfter ? { "retry-after": fault.retryAfter } : {};
  if (fault.body === "html") {
    return void response.writeHead(fault.status, { ...headers, "content-type": "text/html" }).end(`<html><body><h1>${fault.status} Bad Gateway</h1></body></html>`);
  }
  const error = fault.body === "firecrawl-429-text" ? "Rate limit exceeded. Consumed (req/min): 11, Remaining (req/min): 0. Upgrade your plan at https://firecrawl.dev/pricing for increased rate limits or please retry after 1s, resets at Mon Nov 23 2026" : `Failed with ${fault.status}.`;
  response.writeHead(fault.status, { ...headers, "content-type": "application/json" }).end(JSON.stringify({ success: false, code: "FAULT", error }));
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
      if (document.fault && (document.faultTimes === undefined || document.faultTimes-- > 0)) return sendFault(response, document.fault, body.url);
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
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A "hang" fault holds its connection open; nothing else would end it.
        server.closeAllConnections();
      }),
  };
}
