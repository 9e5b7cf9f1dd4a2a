import { afterAll, beforeAll, expect, it } from "vitest";
import { startSourceServer } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";
import { startServerProcess } from "./server-process.js";
import type { ServerProcess } from "./server-process.js";

const REQUESTS = 200;
const CLIENTS = 50;
const CAPACITY = 4;
const POOL_SIZE = 2;
const DOCUMENT = "md_test.docx";
/** A client's pause after a 429 before its next request (shorter than Retry-After, to keep the test short). */
const PAUSE_AFTER_429_MS = 250;

let source: SourceServer;
let server: ServerProcess;

beforeAll(async () => {
  [source, server] = await Promise.all([
    startSourceServer(),
    startServerProcess(["--max-concurrency", String(CAPACITY), "--pool-size", String(POOL_SIZE)]),
  ]);
  // Note: workers start on demand, loading the engine takes a second or two; the figures are for a warm pool.
  await Promise.all(Array.from({ length: POOL_SIZE }, () => scrapeDocument()));
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.stop(), source?.close()]);
});

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  markdown?: string;
}

const scrapeDocument = (): Promise<Response> =>
  fetch(`${server.url}/v2/scrape`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: `${source.url}/files/${DOCUMENT}` }),
    signal: AbortSignal.timeout(60_000),
  });

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

it(`answers ${REQUESTS} requests from ${CLIENTS} concurrent clients exactly once each, with 429 + Retry-After past capacity`, async () => {
  const answers = new Map<number, Answer>();
  let answeredTwice = 0;
  let next = 0;
  // Each client sends its next request when the previous one is answered; a 429 is not retried,
  // the client pauses and goes on with its next request.
  const client = async (): Promise<void> => {
    for (let id = next++; id < REQUESTS; id = next++) {
      const started = performance.now();
      const response = await scrapeDocument();
      const json = (await response.json()) as { data?: { markdown: string } };
      if (answers.has(id)) answeredTwice++;
      answers.set(id, {
        status: response.status,
        ms: performance.now() - started,
        retryAfter: response.headers.get("retry-after"),
        markdown: json.data?.markdown,
      });
      if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_429_MS));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;

  const all = [...answers.values()];
  const ok = all.filter((answer) => answer.status === 200);
  const limited = all.filter((answer) => answer.status === 429);
  const latencies = ok.map((answer) => answer.ms).sort((a, b) => a - b);
  console.log(
    `Load: ${REQUESTS} requests, ${CLIENTS} clients, capacity ${CAPACITY}, ${POOL_SIZE} workers, ${DOCUMENT}, ${seconds.toFixed(1)} s: ` +
      `${ok.length} × 200, ${limited.length} × 429, other ${all.length - ok.length - limited.length}; ` +
      `200 latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );

  expect(answers.size).toBe(REQUESTS);
  expect(answeredTwice).toBe(0);
  expect(ok.length + limited.length).toBe(REQUESTS);
  expect(ok.length).toBeGreaterThan(0);
  expect(limited.length).toBeGreaterThan(0);
  expect(limited.every((answer) => Number(answer.retryAfter) > 0)).toBe(true);
  expect(new Set(ok.map((answer) => answer.markdown)).size).toBe(1);
  // The server's side: one log line per request, none lost, none doubled.
  await expect.poll(() => server.logs.filter((line) => line.startsWith("POST /v2/scrape ")).length).toBe(REQUESTS + POOL_SIZE);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
});
