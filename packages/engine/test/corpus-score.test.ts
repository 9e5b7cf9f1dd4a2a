import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { type Floors, expectFloors, scoreCorpus } from "./helpers/score-corpus.js";

const MANIFEST = fileURLToPath(new URL("../../../../shared/corpus/manifest.json", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Floors = JSON.parse(readFileSync(new URL("./corpus-floor.json", import.meta.url), "utf8"));

describe("the shared corpus scored by its own scorer", () => {
  it("keeps every type at or above its floor", { timeout: 300_000 }, async () => {
    expectFloors(await scoreCorpus(MANIFEST), FLOOR);
  });
});
