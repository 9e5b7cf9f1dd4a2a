import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipBomb } from "../packages/engine/test/hardening/hostile-documents.js";
import { listenOnLoopback, type SourceServer } from "../packages/engine/test/server/helpers.js";
import { copyFixture, type FixtureSite } from "./helpers/astro-site.js";
import { type RedisServer, startRedisServer } from "./helpers/redis-server.js";

// The production image, built with the project's own Containerfile on a locally made Debian base
// (no registry is reachable here), run as an operator would: read-only root, a memory limit, two
// replicas behind the nginx balancer of deploy/lb, one Redis as their shared scrape cache.
// Note: every container uses the host's network with its servers bound to 127.0.0.1, so that
// nothing listens beyond loopback and the replicas reach the test's document server there.

const REPO = fileURLToPath(new URL("..", import.meta.url));
const PODMAN_ENV = { ...process.env, CONTAINERS_CONF: join(REPO, "scripts/container/containers.conf") };
const BASE = "localhost/docscrape-base:bookworm";
const IMAGE = "localhost/docscrape:test";
const LB_IMAGE = "localhost/docscrape-lb:test";
const KEY = "container-test-key";
const run = promisify(execFile);

const havePodman = await run("podman", ["--version"]).then(
  () => true,
  () => false,
);
// Note: CI installs podman, runc and debootstrap (.ci/run), so there their absence is a failure.
if (!havePodman && process.env.CI) throw new Error("podman not found; CI must install Debian's podman, runc and debootstrap packages.");
if (!havePodman) console.warn("Skipping the container test: podman is not installed (apt-get install podman runc debootstrap).");

async function podman(args: string[], timeoutMs = 60_000): Promise<string> {
  const { stdout } = await run("podman", args, { env: PODMAN_ENV, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

async function freePort(): Promise<number> {
  const probe = await listenOnLoopback(createServer());
  const port = Number(new URL(probe.url).port);
  await probe.close();
  return port;
}

async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url}/health did not answer within ${timeoutMs} ms`);
}

const post = async (url: string, path: string, body: BodyInit, headers: Record<string, string>) => {
  const response = await fetch(`${url}${path}`, { method: "POST", body, headers });
  return { status: response.status, json: (await response.json()) as { success: boolean; code?: string; data?: { markdown: string; metadata: Record<string, unknown> } } };
};
const scrape = (url: string, body: unknown, key = KEY) =>
  post(url, "/v2/scrape", JSON.stringify(body), { "content-type": "application/json", authorization: `Bearer ${key}` });

// Skipped only on a developer machine without podman (warned above); in CI its absence throws instead.
describe.skipIf(!havePodman)("the docscrape container: two replicas behind a load balancer", () => {
  const names: string[] = [];
  let redis: RedisServer;
  let documents: SourceServer;
  let balancer: string;
  let replicaUrls: string[];
  const documentDelayMs = new Map<string, number>();

  // Note: `podman logs` replays the container's stdout and stderr on its own two streams.
  const replicaLog = async (index: number) => {
    const { stdout, stderr } = await run("podman", ["logs", names[index]!], { env: PODMAN_ENV, maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}\n${stderr}`;
  };
  const start = async (name: string, args: string[]) => {
    names.push(name);
    await podman(["rm", "--force", "--ignore", name]);
    await podman(["run", "--detach", "--name", name, "--network", "host", "--read-only", ...args]);
  };

  beforeAll(async () => {
    // The base and the images are kept between runs; podman's layer cache makes a rebuild quick.
    await run("bash", [join(REPO, "scripts/container/make-base.sh"), BASE], { env: PODMAN_ENV, timeout: 600_000 });
    await podman(["build", "--format", "docker", "--build-arg", `BASE=${BASE}`, "--tag", IMAGE, "--file", "Containerfile", REPO], 900_000);
    await podman(["build", "--format", "docker", "--build-arg", `BASE=${BASE}`, "--tag", LB_IMAGE, join(REPO, "deploy/lb")], 600_000);

    redis = await startRedisServer();
    const files: Record<string, string> = {
      "staff-handbook.pdf": "examples/docs-site/public/documents/staff-handbook.pdf",
      "travel-policy.docx": "examples/docs-site/public/documents/travel-policy.docx",
      "budget-2026.xlsx": "examples/docs-site/public/documents/budget-2026.xlsx",
      "annual-report-2025.pdf": "examples/docs-site/remote/annual-report-2025.pdf",
    };
    const bomb = zipBomb("docx", 300 * 1024 * 1024);
    documents = await listenOnLoopback(
      createServer(async (req, res) => {
        const name = decodeURIComponent(new URL(req.url!, "http://localhost").pathname.slice(1));
        const delay = documentDelayMs.get(name);
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        if (name === "bomb.docx") return void res.writeHead(200).end(bomb);
        // Any folder prefix (`/site/`, `/slow/`) serves the same file under another URL.
        const path = files[name.split("/").pop()!];
        if (!path) return void res.writeHead(404).end();
        res.writeHead(200).end(await readFile(join(REPO, path)));
      }),
    );

    const ports = [await freePort(), await freePort()];
    replicaUrls = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const [index, port] of ports.entries()) {
      await start(`docscrape-test-${index + 1}`, [
        "--memory", "768m",
        "--env", `PORT=${port}`,
        "--env", "HOST=127.0.0.1",
        "--env", `DOCSCRAPE_API_KEYS=${KEY}`,
        "--env", "DOCSCRAPE_ALLOW_PRIVATE_NETWORKS=1",
        "--env", `DOCSCRAPE_CACHE_URL=${redis.url}`,
        IMAGE,
      ]);
    }
    const lbPort = await freePort();
    balancer = `http://127.0.0.1:${lbPort}`;
    await start("docscrape-test-lb", [
      "--tmpfs", "/tmp",
      "--env", `LB_LISTEN=127.0.0.1:${lbPort}`,
      "--env", `DOCSCRAPE_UPSTREAMS=${ports.map((port) => `127.0.0.1:${port}`).join(" ")}`,
      LB_IMAGE,
    ]);
    await Promise.all([...replicaUrls, balancer].map((url) => waitForHealth(url)));
  }, 1_800_000);

  afterAll(async () => {
    await Promise.all(names.map((name) => podman(["rm", "--force", "--ignore", "--time", "2", name]).catch(() => undefined)));
    await Promise.all([documents?.close(), redis?.stop()]);
  });

  it("is a small production image that runs as an unprivileged user, with a health check", async () => {
    const [user, health, size] = (await podman(["image", "inspect", "--format", "{{.Config.User}}|{{json .Config.Healthcheck}}|{{.Size}}", IMAGE])).split("|");
    expect(user).toBe("1000:1000");
    expect(health).toContain("/health");
    console.log(`docscrape image: ${(Number(size) / 1024 / 1024).toFixed(0)} MiB`);
    // Note: podman runs health checks from systemd timers, which a sandbox lacks; run one by hand.
    await podman(["healthcheck", "run", names[0]!]);
    expect(await podman(["inspect", "--format", "{{.State.Health.Status}}", names[0]!])).toBe("healthy");
    const listing = await podman(["run", "--rm", "--entrypoint", "ls", IMAGE, "/app", "/app/node_modules"]);
    expect(listing).not.toMatch(/\b(tsx|vitest|typescript|publint|src)\b/);
  });

  it("sizes its conversion workers to the container's memory limit", async () => {
    // 768 MiB holds one 512 MiB worker, not one per core.
    expect(await replicaLog(0)).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(1 conversion worker of \d+ MiB\)/);
  });

  it("scrapes documents served on loopback through the balancer, and refuses a wrong key", async () => {
    const reply = await scrape(balancer, { url: `${documents.url}/staff-handbook.pdf` });
    expect(reply.status).toBe(200);
    expect(reply.json.data?.markdown).toMatch(/^# /m);
    const refused = await scrape(balancer, { url: `${documents.url}/staff-handbook.pdf` }, "wrong-key");
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("UNAUTHORIZED");
  });

  it("converts an uploaded file through /v2/parse", async () => {
    const form = new FormData();
    const bytes = await readFile(join(REPO, "examples/docs-site/public/documents/budget-2026.xlsx"));
    form.append("file", new Blob([bytes]), "budget-2026.xlsx");
    const reply = await post(balancer, "/v2/parse", form, { authorization: `Bearer ${KEY}` });
    expect(reply.status).toBe(200);
    expect(reply.json.data?.markdown).toMatch(/^\| .* \|$/m);
    expect(reply.json.data?.metadata.sourceFile).toBe("budget-2026.xlsx");
  });

  it("refuses a ZIP bomb with 413 and stays up", async () => {
    const reply = await scrape(balancer, { url: `${documents.url}/bomb.docx` });
    expect(reply.status).toBe(413);
    expect(reply.json.code).toBe("DOCUMENT_TOO_LARGE");
    for (const url of replicaUrls) await waitForHealth(url, 5_000);
    expect((await scrape(balancer, { url: `${documents.url}/travel-policy.docx` })).status).toBe(200);
  });

  it("builds a site through the balancer, its documents spread over both replicas", async () => {
    const site: FixtureSite = await copyFixture("basic-site");
    try {
      const urls = ["staff-handbook.pdf", "travel-policy.docx", "budget-2026.xlsx", "annual-report-2025.pdf"].map((name) => `${documents.url}/site/${name}`);
      await site.configure({ loader: { documents: urls, cache: false, concurrency: 4 } });
      const scrapesSoFar = () =>
        Promise.all([0, 1].map(async (index) => (await replicaLog(index)).split("\n").filter((line) => /^POST \/v2\/scrape 200 /.test(line)).length));
      const before = await scrapesSoFar();
      const build = await site.build({ FIRECRAWL_API_URL: balancer, FIRECRAWL_API_KEY: KEY });
      expect(build.code, build.output).toBe(0);
      expect(await site.read("dist/docs/travel-policy/index.html")).toContain("<h");
      const scrapesPerReplica = (await scrapesSoFar()).map((count, index) => count - before[index]!);
      expect(scrapesPerReplica[0]).toBeGreaterThan(0);
      expect(scrapesPerReplica[1]).toBeGreaterThan(0);
      expect(scrapesPerReplica[0]! + scrapesPerReplica[1]!).toBe(urls.length);
    } finally {
      await site.remove();
    }
  });

  it("loses no request under load through one replica or two (the README's throughput figure)", async () => {
    // Note: a figure, not a timed assertion: what is asserted is that nothing is lost under load.
    const rounds = 16;
    const throughput = async (url: string, label: string) => {
      const started = performance.now();
      const statuses: number[] = [];
      for (let round = 0; round < rounds / 4; round++) {
        const batch = [0, 1, 2, 3].map((client) => scrape(url, { url: `${documents.url}/${label}-${round}-${client}/staff-handbook.pdf`, maxAge: 0 }));
        statuses.push(...(await Promise.all(batch)).map((reply) => reply.status));
      }
      expect(statuses).toEqual(Array(rounds).fill(200));
      return rounds / ((performance.now() - started) / 1000);
    };
    const one = await throughput(replicaUrls[0]!, "one");
    const two = await throughput(balancer, "two");
    console.log(`throughput (staff-handbook.pdf, 4 clients): one replica ${one.toFixed(1)} docs/s, two behind the balancer ${two.toFixed(1)} docs/s (${(two / one).toFixed(2)}x)`);
  });

  it("finishes the request in flight on SIGTERM, then exits 0", async () => {
    documentDelayMs.set("slow/travel-policy.docx", 1500);
    const inFlight = scrape(replicaUrls[1]!, { url: `${documents.url}/slow/travel-policy.docx` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await podman(["stop", "--time", "20", names[1]!]);
    expect((await inFlight).status).toBe(200);
    expect(await podman(["inspect", "--format", "{{.State.ExitCode}}", names[1]!])).toBe("0");
    expect(await replicaLog(1)).toContain("SIGTERM received, finishing requests in flight");
  });
});
