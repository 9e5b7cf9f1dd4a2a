import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { scratchDir } from "./scratch.mjs";

const BUILD_CHILD = fileURLToPath(new URL("./astro-build-child.mjs", import.meta.url));
/** A build that takes longer than this is stuck: it is killed and the figure fails. */
const BUILD_TIMEOUT_MS = 10 * 60_000;

// Note: both variants share this page and layout, so the only difference is where entries come from.
const DOCUMENT_PAGE = `---
import { getCollection, render } from "astro:content";
import Layout from "../../layouts/Layout.astro";

export async function getStaticPaths() {
  const documents = await getCollection("documents");
  return documents.map((doc) => ({ params: { id: doc.id }, props: { doc }, cacheKey: doc.digest }));
}
const { doc } = Astro.props;
const { Content, headings } = await render(doc);
---
<Layout title={doc.data.title}>
  <nav><ol>{headings.filter((h) => h.depth === 2).map((h) => <li><a href={\`#\${h.slug}\`}>{h.text}</a></li>)}</ol></nav>
  <article><Content /></article>
</Layout>
`;

const INDEX_PAGE = `---
import { getCollection } from "astro:content";
import Layout from "../layouts/Layout.astro";
const documents = await getCollection("documents");
---
<Layout title="Documents"><ul>{documents.map((doc) => <li><a href={\`/docs/\${doc.id}/\`}>{doc.data.title}</a></li>)}</ul></Layout>
`;

const LAYOUT = `---
const { title } = Astro.props;
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>{title}</title></head>
<body><header><a href="/">Documents</a></header><main><slot /></main></body></html>
`;

const LOADER_CONFIG = `import { readFileSync } from "node:fs";
import { defineCollection } from "astro:content";
import { documentLoader } from "astro-docscrape";

// The benchmark writes loader.json before each build: which documents, which API, which ttl.
const options = JSON.parse(readFileSync(new URL("../loader.json", import.meta.url), "utf8"));
export const collections = { documents: defineCollection({ loader: documentLoader(options) }) };
`;

const GLOB_CONFIG = `import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";

export const collections = { documents: defineCollection({ loader: glob({ pattern: "*.md", base: "./documents" }) }) };
`;

/**
 * @typedef {object} BuildMeasure
 * @property {number} ms Wall time of the whole `astro build` process.
 * @property {number} maxRssMb Peak resident memory of that process.
 */

/**
 * Writes an Astro site under bench/.tmp (inside the workspace, so it resolves bench/node_modules)
 * whose collection `documents` comes either from `documentLoader` or from Astro's own `glob()`
 * over the same Markdown.
 *
 * @param {object} options
 * @param {string} options.name Folder name under bench/.tmp.
 * @param {"loader" | "glob"} options.source
 * @param {boolean} options.incrementalBuild `experimental.incrementalBuild` in astro.config.
 * @param {Array<{ id: string, title: string, markdown: string }>} [options.documents] Written as
 *   Markdown files for `glob`.
 */
export async function createFixtureSite({ name, source, incrementalBuild, documents = [] }) {
  const scratch = await scratchDir(name);
  const root = scratch.dir;
  const write = async (path, text) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  };
  await write("astro.config.mjs", `import { defineConfig } from "astro/config";\n\nexport default defineConfig({ experimental: { incrementalBuild: ${incrementalBuild} } });\n`);
  await write("src/layouts/Layout.astro", LAYOUT);
  await write("src/pages/index.astro", INDEX_PAGE);
  await write("src/pages/docs/[id].astro", DOCUMENT_PAGE);
  await write("src/content.config.ts", source === "loader" ? LOADER_CONFIG : GLOB_CONFIG);
  for (const document of documents) {
    await write(`documents/${document.id}.md`, `---\ntitle: ${JSON.stringify(document.title)}\n---\n\n${document.markdown}`);
  }

  return {
    root,
    /** Writes the options the loader variant passes to `documentLoader()`. */
    configureLoader: (loaderOptions) => write("loader.json", JSON.stringify(loaderOptions, null, 2)),
    /** @returns {Promise<BuildMeasure>} */
    build: () => buildSite(root),
    remove: scratch.remove,
  };
}

/**
 * Runs `astro build` in a child process (so its peak RSS is its own) and times it from spawn to exit.
 * @returns {Promise<BuildMeasure>}
 */
function buildSite(root) {
  const started = performance.now();
  const child = spawn(process.execPath, [BUILD_CHILD, root], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: BUILD_TIMEOUT_MS,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const ms = performance.now() - started;
      const report = output.match(/^BENCH (.+)$/m);
      if (code !== 0 || !report) return reject(new Error(`astro build in ${root} failed (${signal ? `killed by ${signal}` : `exit ${code}`}):\n${output.slice(-3000)}`));
      resolve({ ms, maxRssMb: JSON.parse(report[1]).maxRssMb });
    });
  });
}
