import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type Floors, scoreCorpus } from "./helpers/score-corpus.js";

const MANIFEST = fileURLToPath(new URL("../../../../shared/corpus/manifest.json", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Floors = JSON.parse(readFileSync(new URL("./corpus-floor.json", import.meta.url), "utf8"));

describe("the shared corpus scored by its own scorer", () => {
  it("keeps every type at or above its floor", { timeout: 300_000 }, async () => {
    const summary = await scoreCorpus(MANIFEST);
    console.log(summary.line);
    for (const [type, score] of Object.entries(summary.perType)) {
      console.log(`${type}: ${score.passed}/${score.total} vectors, malformed ${score.malMet}/${score.malTotal}`);
    }
    for (const [type, floor] of Object.entries(FLOOR)) {
      const score = summary.perType[type];
      expect(score, `no score for ${type}`).toBeDefined();
      expect(score!.passed, `${type} vectors`).toBeGreaterThanOrEqual(floor.passed);
      expect(score!.malMet, `${type} malformed expectations`).toBe(score!.malTotal);
    }
  });
});
