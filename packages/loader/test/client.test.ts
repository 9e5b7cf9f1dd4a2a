import { afterEach, describe, expect, it } from "vitest";
import { createScrapeClient } from "../src/client.js";
import { isDocumentLoaderError } from "../src/errors.js";
import type { DocumentLoaderError } from "../src/errors.js";
import { scrapeSuccess, sendJson, startServer } from "./helpers/server.js";
import type { Handler, TestServer } from "./helpers/server.js";

const DOCUMENT = "https://example.org/report.pdf";
const API_KEY = "fc-secret-key-123";
// Note: tiny backoff keeps the suite fast; attemptTimeout is short for the hanging-response case.
const FAST_RETRY = { retries: 3, minTimeout: 1, maxTimeout: 3000, attemptTimeout: 400 };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves `first` for the first `failures` requests, then a success. */
function failThenSucceed(first: Handler, failures = 1): Handler {
  return (request, response, index) =>
    index < failures ? first(request, response, index) : sendJson(response, 200, scrapeSuccess("# Report"));
}

async function clientFor(handler: Handler, retry = FAST_RETRY) {
  server = await startServer(handler);
  return createScrapeClient({ apiUrl: server.url, apiKey: API_KEY, retry });
}

async function rejection(promise: Promise<unknown>): Promise<DocumentLoaderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isDocumentLoaderError(error)) throw new Error(`expected a DocumentLoaderError, got ${String(error)}`);
  return error;
}

describe("createScrapeClient", () => {
  it("posts the document URL and options to /v2/scrape with the bearer key", async () => {
    const client = await clientFor((_request, response) => sendJson(response, 200, scrapeSuccess("# Report\n\nText")));
    const data = await client.scrape(DOCUMENT, { formats: ["markdown"], onlyMainContent: true });
    expect(data.markdown).toBe("# Report\n\nText");
    const [request] = server!.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v2/scrape");
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(Object.keys(request?.body as object).sort()).toEqual(["formats", "onlyMainContent", "url"]);
    expect((request?.body as { url: string }).url).toBe(DOCUMENT);
  });

  it("keeps the API key out of its id", async () => {
    const client = await clientFor((_request, response) => sendJson(response, 200, scrapeSuccess("x")));
    expect(client.id).toContain(server!.url);
    expect(client.id).not.toContain(API_KEY);
  });

  it.each([
    ["Retry-After in seconds", { "retry-after": "1" }, "Rate limit exceeded"],
    ["Retry-After as an HTTP date", { "retry-after": "DATE" }, "Rate limit exceeded"],
    ["only 'retry after 1s' in the text", {}, "Rate limit exceeded. Consumed 10 of 10, please retry after 1s, resets at soon"],
  ])("waits as a 429 with %s asks, then retries", async (_name, headers, error) => {
    const client = await clientFor(
      failThenSucceed((_request, response) => {
        const sent = Object.fromEntries(
          Object.entries(headers).map(([key, value]) => [key, value === "DATE" ? new Date(Date.now() + 1500).toUTCString() : value]),
        );
        sendJson(response, 429, { success: false, error }, sent);
      }),
    );
    const started = Date.now();
    await expect(client.scrape(DOCUMENT, {})).resolves.toMatchObject({ markdown: "# Report" });
    // Note: an HTTP date has whole seconds, so "now + 1.5 s" can round down to just over 0.5 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(server!.requests).toHaveLength(2);
  });

  it.each([408, 500, 502, 503, 504])("retries a %i with a JSON body", async (status) => {
    const client = await clientFor(failThenSucceed((_request, response) => sendJson(response, status, { success: false, error: "busy" })));
    await expect(client.scrape(DOCUMENT, {})).resolves.toMatchObject({ markdown: "# Report" });
    expect(server!.requests).toHaveLength(2);
  });

  it.each([502, 503, 504])("retries a %i gateway HTML page", async (status) => {
    const client = await clientFor(
      failThenSucceed((_request, response) => {
        response.writeHead(status, { "content-type": "text/html" });
        response.end("<html><body><h1>Bad Gateway</h1></body></html>");
      }),
    );
    await expect(client.scrape(DOCUMENT, {})).resolves.toMatchObject({ markdown: "# Report" });
    expect(server!.requests).toHaveLength(2);
  });

  it("retries a reset connection", async () => {
    const client = await clientFor(failThenSucceed((request) => void request.socket.destroy()));
    await expect(client.scrape(DOCUMENT, {})).resolves.toMatchObject({ markdown: "# Report" });
    expect(server!.requests).toHaveLength(2);
  });

  it("abandons a hanging response after attemptTimeout and retries", async () => {
    const client = await clientFor(failThenSucceed(() => undefined));
    const started = Date.now();
    await expect(client.scrape(DOCUMENT, {})).resolves.toMatchObject({ markdown: "# Report" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAST_RETRY.attemptTimeout - 20);
    expect(server!.requests).toHaveLength(2);
  });

  it("retries truncated JSON and a 200 without markdown", async () => {
    const client = await clientFor(
      failThenSucceed((_request, response, index) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(index === 0 ? '{"success":true,"data":{"markd' : JSON.stringify({ success: true, data: { metadata: {} } }));
      }, 2),
    );
    await expect(client.scrape(DOCUMENT, {})).resolves.toMatchObject({ markdown: "# Report" });
    expect(server!.requests).toHaveLength(3);
  });

  it("gives up after `retries` and reports the last failure", async () => {
    const client = await clientFor((_request, response) => sendJson(response, 503, { success: false, code: "INTERNAL", error: "down" }));
    const error = await rejection(client.scrape(DOCUMENT, {}));
    expect(server!.requests).toHaveLength(FAST_RETRY.retries + 1);
    expect(error.status).toBe(503);
    expect(error.message).toContain(DOCUMENT);
  });

  it("treats 200 with success:false as a failure, without retrying", async () => {
    const client = await clientFor((_request, response) =>
      sendJson(response, 200, { success: false, code: "SCRAPE_DNS_RESOLUTION_ERROR", error: "DNS resolution failed" }),
    );
    const error = await rejection(client.scrape(DOCUMENT, {}));
    expect(error.code).toBe("SCRAPE_FAILED");
    expect(error.serverCode).toBe("SCRAPE_DNS_RESOLUTION_ERROR");
    expect(server!.requests).toHaveLength(1);
  });

  it("treats 200 with metadata.statusCode 404 as the document missing, not a page called Not Found", async () => {
    const client = await clientFor((_request, response) => sendJson(response, 200, scrapeSuccess("Not Found", { statusCode: 404 })));
    const error = await rejection(client.scrape(DOCUMENT, {}));
    expect(error.code).toBe("DOCUMENT_NOT_FOUND");
    expect(server!.requests).toHaveLength(1);
  });

  it.each([
    [401, "UNAUTHORIZED", "AUTH_FAILED"],
    [402, "PAYMENT_REQUIRED", "AUTH_FAILED"],
    [403, "URL_BLOCKED", "SCRAPE_FAILED"],
    [404, "DOCUMENT_NOT_FOUND", "DOCUMENT_NOT_FOUND"],
    [422, "DOCUMENT_UNREADABLE", "SCRAPE_FAILED"],
  ])("fails a %i at once with the server's code and error, key redacted", async (status, serverCode, code) => {
    const client = await clientFor((_request, response) =>
      sendJson(response, status, { success: false, code: serverCode, error: `Refused for token ${API_KEY}` }),
    );
    const error = await rejection(client.scrape(DOCUMENT, {}));
    expect(server!.requests).toHaveLength(1);
    expect(error).toMatchObject({ code, status, serverCode, retryable: false });
    expect(error.message).toContain("Refused for token");
    expect(error.message).not.toContain(API_KEY);
  });

  it("sends no Authorization header without a key", async () => {
    server = await startServer((_request, response) => sendJson(response, 200, scrapeSuccess("x")));
    await createScrapeClient({ apiUrl: `${server.url}/`, retry: FAST_RETRY }).scrape(DOCUMENT, {});
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});
