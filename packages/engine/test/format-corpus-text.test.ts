import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { expectFloors, scoreCorpus } from "./corpus-scorer.js";

const CORPUS = fileURLToPath(new URL("./format-corpus/text/", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Record<string, { passed: number }> = JSON.parse(readFileSync(join(CORPUS, "floor.json"), "utf8"));
const MANIFEST: Array<{ file: string }> = JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8"));

describe("the ODT, RTF, EPUB and HTML corpus scored by the shared scorer", () => {
  it("keeps every type at or above its floor, and every malformed file an error", { timeout: 300_000 }, async () => {
    const files = MANIFEST.map(({ file }) => join(CORPUS, file));
    expectFloors(await scoreCorpus(files, join(CORPUS, "manifest.json")), FLOOR);
  });
});
