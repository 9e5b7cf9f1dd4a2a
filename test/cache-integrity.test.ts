import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FixtureSite, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";

const IDS = ["one", "two", "three", "four", "five", "six"];

/** Mount a tmpfs of `size` at `dir` (needs root, as CI has); false where that is not allowed. */
function mountTinyFilesystem(dir: string, size: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const canMount = await (async () => {
  const probe = await mkdtemp(join(tmpdir(), "docscrape-mount-"));
  const mounted = mountTinyFilesystem(probe, "16k");
  if (mounted) execFileSync("umount", [probe]);
  await rm(probe, { recursive: true, force: true });
  if (!mounted) console.log("skipping the full-disk test: mounting a tmpfs needs root");
  return mounted;
})();

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

// Builds share, lose and damage the cache folder; every build still finishes with whole pages.
describe("the scrape cache under concurrent, killed and damaged builds", () => {
  let service: DocumentService;
  const sites: FixtureSite[] = [];
  const newSite = async (cacheDir: string, ids = IDS) => {
    const site = await copyFixture("basic-site");
    sites.push(site);
    await site.configure({
      loader: {
        documents: ids.map((id) => ({ id, url: `${service.origin}/docs/${id}.pdf` })),
        apiUrl: service.origin,
        apiKey: "fc-cache-test",
        cache: { dir: cacheDir, ttl: "1d" },
        retry: { retries: 1, minTimeout: 10, maxTimeout: 20 },
      },
    });
    return site;
  };
  const expectWholePages = async (site: FixtureSite) => {
    for (const id of IDS) expect(await site.read(`dist/docs/${id}/index.html`)).toContain(`Body of ${id}, complete.`);
  };

  beforeAll(async () => {
    service = await startDocumentService();
    for (const id of IDS) {
      service.documents.set(`/docs/${id}.pdf`, { markdown: `# ${id}\n\n${"Lorem ipsum dolor. ".repeat(200)}\n\nBody of ${id}, complete.\n`, etag: `"${id}"` });
    }
  });

  afterEach(() => {
    for (const document of service.documents.values()) document.delayMs = 0;
  });

  afterAll(async () => {
    await service?.close();
    await Promise.all(sites.map((site) => site.remove()));
  });

  it("lets two builds share one cache folder at the same time", async () => {
    const shared = join((await newSite("unused")).root, "shared-cache");
    const [a, b] = [await newSite(shared), await newSite(shared)];
    const results = await Promise.all([a.build(), b.build()]);
    for (const result of results) expect(result.code, result.output).toBe(0);
    await expectWholePages(a);
    await expectWholePages(b);
    // Whatever each wrote, the shared folder now serves a third build without scraping.
    const c = await newSite(shared);
    service.requests.length = 0;
    const third = await c.build();
    expect(third.code, third.output).toBe(0);
    expect(service.scrapes()).toHaveLength(0);
    await expectWholePages(c);
  });

  it("recovers from a build killed with SIGKILL in the middle of its sync", async () => {
    const site = await newSite(".cache/docscrape");
    for (const document of service.documents.values()) document.delayMs = 400;
    const { child, done } = site.startBuild();
    // Kill once some scrapes have been answered and others are still in flight.
    const deadline = Date.now() + 60_000;
    service.requests.length = 0;
    while (service.scrapes().length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 450));
    child.kill("SIGKILL");
    await done;
    for (const document of service.documents.values()) document.delayMs = 0;
    const next = await site.build();
    expect(next.code, next.output).toBe(0);
    await expectWholePages(site);
  });

  it("still builds, with a warning, when the cache folder cannot be written", async () => {
    const site = await newSite(".cache/docscrape");
    // Note: tests run as root, so permissions cannot make a folder unwritable; a file where the
    // folder should be does the same for every user.
    await mkdir(join(site.root, ".cache"), { recursive: true });
    await writeFile(join(site.root, ".cache", "docscrape"), "not a folder");
    const result = await site.build();
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Could not write the cache|Cache store error/);
    await expectWholePages(site);
  });

  // Skipped where a tmpfs cannot be mounted (not root; CI runs as root): a full disk needs one.
  it.skipIf(!canMount)("still builds, with a warning, when the cache folder's disk is full", async () => {
    const site = await newSite(".cache/docscrape");
    const cacheDir = join(site.root, ".cache", "docscrape");
    await mkdir(cacheDir, { recursive: true });
    // 16 KiB holds two or three of the six entries: the later writes fail with ENOSPC.
    expect(mountTinyFilesystem(cacheDir, "16k")).toBe(true);
    try {
      const result = await site.build();
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/(Could not write the cache|Cache store error)[^\n]*ENOSPC/);
      await expectWholePages(site);
    } finally {
      execFileSync("umount", [cacheDir]);
    }
  });

  it("drops corrupted entries with a warning and scrapes those documents again", async () => {
    const site = await newSite(".cache/docscrape");
    expect((await site.build()).code).toBe(0);
    const cacheDir = join(site.root, ".cache", "docscrape");
    const files = await filesUnder(cacheDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) if ((await stat(file)).size > 0) await writeFile(file, "{ this is not json \u0000");
    // Note: with Astro's data store intact, a rebuild within the ttl reads no cache entry (the
    // loader's meta records vouch for the stored pages); without it, as in a CI that keeps only
    // .cache/docscrape, every entry is read.
    await rm(join(site.root, "node_modules", ".astro"), { recursive: true, force: true });
    service.requests.length = 0;
    const result = await site.build();
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("Dropped an unreadable cache entry");
    expect(service.scrapes().length).toBeGreaterThan(0);
    await expectWholePages(site);
    await rm(cacheDir, { recursive: true, force: true });
  });
});
