import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";
import { REDIS_SERVER, type RedisServer, startRedisServer } from "./helpers/redis-server.js";

// Note: CI installs redis-server, so there its absence is a failure; on a developer's machine
// without it the test is skipped and says why.
if (!REDIS_SERVER && process.env.CI) throw new Error("redis-server not found on PATH; CI must install Debian's redis-server package.");
if (!REDIS_SERVER) console.warn("Skipping the shared-cache test: redis-server is not installed (apt-get install redis-server).");

// Two separate copies of test/fixtures/redis-site (so two local .cache folders and two Astro data
// stores, as on two CI runners) share one Redis through @keyv/redis.
// Skipped only on a developer machine without redis-server; in CI its absence throws above.
describe.skipIf(!REDIS_SERVER)("a scrape cache shared through Redis", () => {
  let redis: RedisServer;
  let service: DocumentService;
  const sites: FixtureSite[] = [];

  const newSite = async () => {
    const site = await copyFixture("redis-site");
    sites.push(site);
    await site.configure({
      redisUrl: redis.url,
      loader: {
        documents: ["minutes", "policy"].map((id) => ({ id, url: `${service.origin}/docs/${id}.pdf` })),
        apiUrl: service.origin,
        apiKey: "fc-shared-cache-key",
        retry: { retries: 0 },
      },
    });
    return site;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    service = await startDocumentService();
    service.documents.set("/docs/minutes.pdf", { markdown: "# Board minutes\n\nApproved.\n", etag: '"minutes-1"' });
    service.documents.set("/docs/policy.pdf", { markdown: "# Travel policy\n\nTrains first.\n", etag: '"policy-1"' });
  });

  afterAll(async () => {
    for (const site of sites) await site.remove();
    await service?.close();
    await redis?.stop();
  });

  it("lets a second build with an empty local cache reuse the first build's scrapes", async () => {
    const first = await (await newSite()).build();
    expect(first.code, first.output).toBe(0);
    expect(service.scrapes()).toHaveLength(2);

    service.requests.length = 0;
    const second = await newSite();
    const result = await second.build();
    expect(result.code, result.output).toBe(0);
    expect(service.scrapes()).toHaveLength(0);
    const html = await second.read("dist/index.html");
    expect(html).toContain("Board minutes");
    expect(html).toContain("Travel policy");
  });

  it("builds without the shared cache, with a warning, when Redis is unreachable", async () => {
    await redis.stop();
    service.requests.length = 0;
    const { child, done } = (await newSite()).startBuild();
    // A client left reconnecting would hang the build; give up well before the test timeout.
    const watchdog = setTimeout(() => child.kill("SIGKILL"), 60_000);
    const result = await done.finally(() => clearTimeout(watchdog));
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Cache store error: .*ECONNREFUSED/);
    expect(service.scrapes()).toHaveLength(2);
  });
});
