import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIS_SERVER, type RedisServer, startRedisServer } from "./helpers/redis-server.js";
import { startServerProcess, type ServerProcess } from "../packages/engine/test/hardening/server-process.js";
import { listenOnLoopback, postScrape, type SourceServer } from "../packages/engine/test/server/helpers.js";

// Note: CI installs redis-server, so there its absence is a failure.
if (!REDIS_SERVER && process.env.CI) throw new Error("redis-server not found on PATH; CI must install Debian's redis-server package.");

// Skipped only on a developer machine without redis-server; in CI its absence throws above.
describe.skipIf(!REDIS_SERVER)("a scrape cache shared by two replicas through Redis", () => {
  let redis: RedisServer;
  let source: SourceServer;
  let replicas: ServerProcess[];
  const served = new Map<string, number>();

  beforeAll(async () => {
    redis = await startRedisServer();
    source = await listenOnLoopback(
      createServer((req, res) => {
        served.set(req.url!, (served.get(req.url!) ?? 0) + 1);
        res.writeHead(200, { "content-type": "text/csv" }).end(`name,visits\n${req.url},${served.get(req.url!)}\n`);
      }),
    );
    replicas = await Promise.all([1, 2].map(() => startServerProcess([], { DOCSCRAPE_CACHE_URL: redis.url })));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await Promise.all([source.close(), redis.stop()]);
  });

  it("answers the second replica from the first one's scrape, and says so", async () => {
    const first = await postScrape(replicas[0]!.url, { url: `${source.url}/a.csv` });
    const second = await postScrape(replicas[1]!.url, { url: `${source.url}/a.csv` });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(served.get("/a.csv")).toBe(1);
    const data = (reply: typeof first) => reply.json.data as { markdown: string; metadata: Record<string, unknown> };
    expect(data(second).markdown).toBe(data(first).markdown);
    expect(data(first).metadata.cacheState).toBeUndefined();
    expect(data(second).metadata).toMatchObject({ cacheState: "hit", cachedAt: expect.any(String) });
    expect(data(second).metadata.scrapeId).not.toBe(data(first).metadata.scrapeId);
  });

  it("scrapes again for maxAge: 0, and for options that change the answer", async () => {
    await postScrape(replicas[0]!.url, { url: `${source.url}/b.csv` });
    const fresh = await postScrape(replicas[1]!.url, { url: `${source.url}/b.csv`, maxAge: 0 });
    expect(served.get("/b.csv")).toBe(2);
    expect((fresh.json.data as { markdown: string }).markdown).toContain("| /b.csv | 2 |");
    await postScrape(replicas[1]!.url, { url: `${source.url}/b.csv`, formats: ["markdown", "links"] });
    expect(served.get("/b.csv")).toBe(3);
  });

  it("keeps nothing when asked not to (storeInCache: false, zeroDataRetention)", async () => {
    await postScrape(replicas[0]!.url, { url: `${source.url}/c.csv`, storeInCache: false });
    await postScrape(replicas[0]!.url, { url: `${source.url}/c.csv`, zeroDataRetention: true });
    await postScrape(replicas[1]!.url, { url: `${source.url}/c.csv` });
    expect(served.get("/c.csv")).toBe(3);
  });

  it("goes on scraping, with one log line, when Redis is down", async () => {
    await redis.stop();
    const reply = await postScrape(replicas[0]!.url, { url: `${source.url}/d.csv` });
    expect(reply.status).toBe(200);
    expect(served.get("/d.csv")).toBe(1);
    expect(replicas[0]!.logs.some((line) => line.startsWith("scrape cache:"))).toBe(true);
    expect(replicas[0]!.alive()).toBe(true);
  });
});
