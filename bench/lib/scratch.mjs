import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * An empty folder bench/.tmp/<name> (inside the workspace, so it resolves bench/node_modules).
 * @param {string} name
 */
export async function scratchDir(name) {
  const dir = join(fileURLToPath(new URL("../.tmp", import.meta.url)), name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
