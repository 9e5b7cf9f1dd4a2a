import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanPackageManagerEnv, runCommand } from "./helpers/run.js";

// What a user gets from npm: both packages packed as they would be published, installed with
// npm (not through the workspace) into fresh Astro 6 and Astro 7 sites, then built.
const REPO = fileURLToPath(new URL("..", import.meta.url));
const PACKAGES = [
  { name: "docscrape", dir: join(REPO, "packages/engine") },
  { name: "astro-docscrape", dir: join(REPO, "packages/loader") },
];
const BIN = join(REPO, "packages/loader/node_modules/.bin");
const INSTALL_TIMEOUT_MS = 300_000;

let scratch: string;
const tarballs = new Map<string, string>();

async function packAll(): Promise<void> {
  for (const { name, dir } of PACKAGES) {
    const result = await runCommand("pnpm", ["pack", "--pack-destination", scratch], { cwd: dir });
    expect(result.code, result.output).toBe(0);
    const file = (await readdir(scratch)).find((entry) => entry.startsWith(`${name}-`) && entry.endsWith(".tgz"));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${name}:\n${result.output}`);
    tarballs.set(name, join(scratch, file));
  }
}

/** A site that loads a Markdown and a CSV file with documentLoader and also uses docscrape(). */
async function createSite(astroRange: string): Promise<string> {
  const root = join(scratch, `site-astro-${astroRange.replace(/\W/g, "")}`);
  await mkdir(join(root, "src/pages"), { recursive: true });
  await mkdir(join(root, "documents"), { recursive: true });
  const files: Record<string, string> = {
    "package.json": JSON.stringify(
      {
        name: "published-package-check",
        private: true,
        type: "module",
        dependencies: {
          astro: astroRange,
          docscrape: `file:${tarballs.get("docscrape")}`,
          "astro-docscrape": `file:${tarballs.get("astro-docscrape")}`,
        },
        // Note: astro-docscrape depends on docscrape@^0.1.0; this makes npm use the local tarball
        // rather than whatever the registry holds under that name.
        overrides: { docscrape: "$docscrape" },
      },
      null,
      2,
    ),
    "astro.config.mjs": `import { defineConfig } from "astro/config";\nimport { docscrape } from "astro-docscrape";\n\nexport default defineConfig({ integrations: [docscrape({ prefix: "library" })] });\n`,
    "src/content.config.ts": [
      `import { defineCollection } from "astro:content";`,
      `import { documentLoader } from "astro-docscrape";`,
      ``,
      `export const collections = {`,
      `  documents: defineCollection({`,
      `    loader: documentLoader({ documents: [{ id: "notes", url: "./documents/notes.md" }, { id: "prices", url: "./documents/prices.csv" }] }),`,
      `  }),`,
      `};`,
      ``,
    ].join("\n"),
    "src/pages/index.astro": [
      `---`,
      `import { getCollection, render } from "astro:content";`,
      `const [notes] = (await getCollection("documents")).filter((entry) => entry.id === "notes");`,
      `const { Content } = await render(notes!);`,
      `---`,
      `<html><head><title>{notes!.data.title}</title></head><body><Content /></body></html>`,
      ``,
    ].join("\n"),
    "documents/notes.md": "# Release notes\n\nThe packed package works.\n\n## Details\n\nInstalled from a tarball.\n",
    "documents/prices.csv": "item,price\napple,3\npear,4\n",
  };
  for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text);
  return root;
}

describe("the packed packages", () => {
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "docscrape-published-"));
    await packAll();
  });

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it.each(PACKAGES)("$name passes publint and arethetypeswrong (ESM-only)", async ({ name }) => {
    const tarball = tarballs.get(name)!;
    const publint = await runCommand(join(BIN, "publint"), ["run", tarball, "--strict"], { cwd: scratch });
    expect(publint.code, publint.output).toBe(0);
    const attw = await runCommand(join(BIN, "attw"), [tarball, "--profile", "esm-only", "--format", "ascii"], { cwd: scratch });
    expect(attw.code, attw.output).toBe(0);
  });

  it.each(["^7", "^6"])("installs with npm into a fresh astro@%s site that builds", async (astroRange) => {
    const root = await createSite(astroRange);
    const env = { ...cleanPackageManagerEnv(), ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" };
    const install = await runCommand("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: root, env, timeoutMs: INSTALL_TIMEOUT_MS });
    expect(install.code, install.output).toBe(0);
    const astro = JSON.parse(await readFile(join(root, "node_modules/astro/package.json"), "utf8")) as { version: string };
    expect(astro.version.split(".")[0]).toBe(astroRange.slice(1));

    const build = await runCommand(join(root, "node_modules/.bin/astro"), ["build"], { cwd: root, env });
    expect(build.code, build.output).toBe(0);
    const page = await readFile(join(root, "dist/index.html"), "utf8");
    expect(page).toContain("<title>Release notes</title>");
    expect(page).toContain("Installed from a tarball.");
    // The integration's pages resolve from the installed package.
    expect(await readFile(join(root, "dist/library/index.html"), "utf8")).toContain('href="/library/prices/"');
    expect(await readFile(join(root, "dist/library/prices/index.html"), "utf8")).toMatch(/<td>pear<\/td>\s*<td>4<\/td>/);
  });
});
