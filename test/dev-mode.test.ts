import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASTRO_BIN, type FixtureSite, astroEnv, copyFixture } from "./helpers/astro-site.js";
import { type DocumentService, startDocumentService } from "./helpers/document-service.js";

/** Poll `check` every 250 ms until it is true or `ms` pass; the last value is returned. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return check().catch(() => false);
}

// `astro dev` with the docscrape() integration: local documents re-sync when edited, remote ones
// on a POST to the refresh route, with no restart.
describe("astro dev", () => {
  let service: DocumentService;
  let site: FixtureSite;
  let dev: ChildProcess | undefined;
  let origin: string;
  let output = "";
  const page = async (path: string) => (await fetch(`${origin}${path}`)).text();

  beforeAll(async () => {
    service = await startDocumentService();
    service.documents.set("/docs/remote.md", { markdown: "# Remote notice\n\nRemote version one.\n", etag: '"r1"' });
    site = await copyFixture("integration-site");
    await writeFile(join(site.root, "notes.md"), "# Local notes\n\nLocal version one.\n");
    await site.configure({
      loader: { documents: [{ id: "notes", url: "./notes.md" }, { id: "remote", url: `${service.origin}/docs/remote.md` }], cache: { ttl: "1d" } },
    });
    dev = spawn(ASTRO_BIN, ["dev", "--host", "127.0.0.1"], {
      cwd: site.root,
      env: astroEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    dev.stdout!.on("data", (chunk) => (output += chunk));
    dev.stderr!.on("data", (chunk) => (output += chunk));
    // astro dev picks a free port from 4321 up; the test reads the address it prints.
    const listening = await eventually(async () => /Local\s+(http:\/\/127\.0\.0\.1:\d+)/.test(output), 90_000);
    expect(listening, output).toBe(true);
    origin = /Local\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
    const ready = await eventually(async () => (await fetch(`${origin}/library/`)).ok, 60_000);
    expect(ready, output).toBe(true);
  });

  afterAll(async () => {
    if (dev && dev.exitCode === null) {
      dev.kill("SIGTERM");
      await Promise.race([once(dev, "exit"), new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (dev.exitCode === null) dev.kill("SIGKILL");
    }
    await service?.close();
    await site?.remove();
  });

  it("shows the documents", async () => {
    expect(await page("/library/notes/")).toContain("Local version one.");
    expect(await page("/library/remote/")).toContain("Remote version one.");
    expect(await page("/library/")).toContain("Remote notice");
  });

  it("re-syncs a local document when it changes on disk", async () => {
    await writeFile(join(site.root, "notes.md"), "# Local notes\n\nLocal version two.\n");
    const updated = await eventually(async () => (await page("/library/notes/")).includes("Local version two."), 30_000);
    expect(updated, output).toBe(true);
  });

  it("refreshes remote documents on request, without a restart", async () => {
    service.documents.set("/docs/remote.md", { markdown: "# Remote notice\n\nRemote version two.\n", etag: '"r2"' });
    // Within the ttl, nothing changes by itself...
    expect(await page("/library/remote/")).toContain("Remote version one.");
    const response = await fetch(`${origin}/_docscrape/refresh`, { method: "POST" });
    expect(response.status, output).toBe(200);
    expect(await response.json()).toEqual({ refreshed: true });
    expect(await page("/library/remote/")).toContain("Remote version two.");
  });
});
