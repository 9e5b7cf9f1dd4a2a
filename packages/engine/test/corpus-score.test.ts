import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { expectFloors, scoreCorpus } from "./corpus-scorer.js";

const CORPUS = fileURLToPath(new URL("../../../../shared/corpus/", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Record<string, { passed: number }> = JSON.parse(readFileSync(new URL("./corpus-floor.json", import.meta.url), "utf8"));

describe("the shared corpus scored by its own scorer", () => {
  it("keeps every type at or above its floor", { timeout: 300_000 }, async () => {
    const files = readdirSync(join(CORPUS, "files")).map((name) => join(CORPUS, "files", name));
    expectFloors(await scoreCorpus(files), FLOOR);
  });
});
