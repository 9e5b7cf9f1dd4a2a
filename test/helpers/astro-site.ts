import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const TEST_ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The astro CLI installed for the fixture sites. */
export const ASTRO_BIN = join(TEST_ROOT, "node_modules", ".bin", "astro");

/**
 * The environment for an `astro` child process: this one plus `extra`, without vitest's own
 * variables. Note: Astro's dev server serves no pages at all when it sees `VITEST` set.
 */
export function astroEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "NODE_ENV"));
  return { ...env, ...extra, ASTRO_TELEMETRY_DISABLED: "1", NO_COLOR: "1", FORCE_COLOR: "0" };
}

/** The output of one `astro build`. */
export interface BuildResult {
  code: number;
  output: string;
}

/** A copy of a fixture site in a scratch folder under test/.tmp (so it resolves test/node_modules). */
export interface FixtureSite {
  root: string;
  /** Write the JSON the fixture's content.config.ts reads. */
  configure(config: unknown): Promise<void>;
  build(env?: Record<string, string>): Promise<BuildResult>;
  /** Start a build and return at once, so a test can kill it mid-run. */
  startBuild(env?: Record<string, string>): { child: ChildProcess; done: Promise<BuildResult> };
  read(path: string): Promise<string>;
  exists(path: string): Promise<boolean>;
  remove(): Promise<void>;
}

export async function copyFixture(name: string): Promise<FixtureSite> {
  const scratch = join(TEST_ROOT, ".tmp");
  await mkdir(scratch, { recursive: true });
  const root = await mkdtemp(join(scratch, `${name}-`));
  await cp(join(TEST_ROOT, "fixtures", name), root, { recursive: true });
  const startBuild = (env: Record<string, string> = {}) => {
    const child = spawn(ASTRO_BIN, ["build"], {
      cwd: root,
      env: astroEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const done = new Promise<BuildResult>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
    });
    return { child, done };
  };

  return {
    root,
    configure: (config) => writeFile(join(root, "fixture.json"), JSON.stringify(config, null, 2)),
    build: (env = {}) => startBuild(env).done,
    startBuild,
    read: (path) => readFile(join(root, path), "utf8"),
    exists: (path) =>
      readFile(join(root, path)).then(
        () => true,
        () => false,
      ),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
