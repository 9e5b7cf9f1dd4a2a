import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";

const CORPUS = fileURLToPath(new URL("./format-corpus/text/", import.meta.url));
const SCORER = fileURLToPath(new URL("../../../../shared/corpus/score.mjs", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Record<string, { passed: number }> = JSON.parse(readFileSync(join(CORPUS, "floor.json"), "utf8"));
const MANIFEST: Array<{ file: string }> = JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8"));

interface TypeScore {
  passed: number;
  total: number;
  malTotal: number;
  malMet: number;
}

describe("the ODT, RTF, EPUB and HTML corpus scored by the shared scorer", () => {
  it("keeps every type at or above its floor, and every malformed file an error", { timeout: 300_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), "docscrape-text-corpus-"));
    for (const { file } of MANIFEST) {
      const name = basename(file);
      try {
        const { markdown } = await convert(new Uint8Array(readFileSync(join(CORPUS, file))), { filename: name, signal: AbortSignal.timeout(60_000) });
        writeFileSync(join(out, `${name}.md`), markdown);
      } catch (error) {
        writeFileSync(join(out, `${name}.md.error`), String(error));
      }
    }
    execFileSync(process.execPath, [SCORER, "--manifest", join(CORPUS, "manifest.json"), "--out", out, "--json", join(out, "score.json")], { stdio: "ignore" });
    const { summary } = JSON.parse(readFileSync(join(out, "score.json"), "utf8")) as {
      summary: { perType: Record<string, TypeScore>; line: string };
    };
    console.log(summary.line);
    for (const [type, floor] of Object.entries(FLOOR)) {
      const score = summary.perType[type];
      expect(score, `no score for ${type}`).toBeDefined();
      console.log(`${type}: ${score!.passed}/${score!.total} vectors, malformed ${score!.malMet}/${score!.malTotal}`);
      expect(score!.passed, `${type} vectors`).toBeGreaterThanOrEqual(floor.passed);
      expect(score!.malMet, `${type} malformed expectations`).toBe(score!.malTotal);
    }
  });
});
