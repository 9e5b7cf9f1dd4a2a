import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type Floors, scoreCorpus } from "./helpers/score-corpus.js";

/** Slides (PPTX, ODP, PPT) and XLSB: generated files (see make-files.mjs) and real decks. */
const MANIFEST = fileURLToPath(new URL("./format-corpus/slides/manifest.json", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Floors = JSON.parse(readFileSync(new URL("./format-corpus/slides/floor.json", import.meta.url), "utf8"));

describe("the slides and XLSB corpus scored by the shared scorer", () => {
  it("keeps every type at or above its floor, every malformed file an error", { timeout: 120_000 }, async () => {
    const summary = await scoreCorpus(MANIFEST);
    console.log(summary.line);
    for (const [type, floor] of Object.entries(FLOOR)) {
      const score = summary.perType[type];
      expect(score, `no score for ${type}`).toBeDefined();
      console.log(`${type}: ${score!.passed}/${score!.total} vectors, malformed ${score!.malMet}/${score!.malTotal}`);
      expect(score!.errors, `${type} files that failed to convert`).toBe(0);
      expect(score!.passed, `${type} vectors`).toBeGreaterThanOrEqual(floor.passed);
      expect(score!.malMet, `${type} malformed expectations`).toBe(score!.malTotal);
    }
  });
});
