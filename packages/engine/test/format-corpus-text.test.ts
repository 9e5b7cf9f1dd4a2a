import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { type Floors, expectFloors, scoreCorpus } from "./helpers/score-corpus.js";

/** ODT, RTF, EPUB and HTML documents: generated files (see make-corpus.sh) and real ones. */
const MANIFEST = fileURLToPath(new URL("./format-corpus/text/manifest.json", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Floors = JSON.parse(readFileSync(new URL("./format-corpus/text/floor.json", import.meta.url), "utf8"));

describe("the ODT, RTF, EPUB and HTML corpus scored by the shared scorer", () => {
  it("keeps every type at or above its floor, and every malformed file an error", { timeout: 300_000 }, async () => {
    expectFloors(await scoreCorpus(MANIFEST), FLOOR);
  });
});
