import { createServer } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the test server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown;
}

/** Answers one request; `index` counts requests from 0. */
export type Handler = (request: IncomingMessage, response: ServerResponse, index: number) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1, port 0, recording every request. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a loopback server; close it in `afterEach`. Connections left hanging are destroyed on close. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Note: not JSON (or empty): keep the raw text.
    }
    const index = requests.length;
    requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body });
    await handler(request, response, index);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON answer. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** A successful `/v2/scrape` answer for `markdown`. */
export function scrapeSuccess(markdown: string, metadata: Record<string, unknown> = {}): unknown {
  return {
    success: true,
    data: { markdown, metadata: { statusCode: 200, contentType: "application/pdf", title: "From metadata", ...metadata } },
  };
}
