import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";

const CORPUS = fileURLToPath(new URL("../../../../shared/corpus/", import.meta.url));
// Note: the floor only ever rises. When a change scores higher, raise these numbers with it.
const FLOOR: Record<string, { passed: number; malMet?: number }> = JSON.parse(
  readFileSync(new URL("./corpus-floor.json", import.meta.url), "utf8"),
);

interface TypeScore {
  files: number;
  errors: number;
  passed: number;
  total: number;
  malTotal: number;
  malMet: number;
}

describe("the shared corpus scored by its own scorer", () => {
  it("keeps every type at or above its floor", { timeout: 300_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), "docscrape-corpus-"));
    for (const name of readdirSync(join(CORPUS, "files"))) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS, "files", name)));
      try {
        // Note: PDFs are scored from their text layer (`mode: "fast"`): the corpus expects a scan to
        // come out empty ("OCR would be needed"), and OCR has its own tests and bench figure.
        const { markdown } = await convert(bytes, { filename: name, pdf: { mode: "fast" }, signal: AbortSignal.timeout(60_000) });
        writeFileSync(join(out, `${name}.md`), markdown);
      } catch (error) {
        writeFileSync(join(out, `${name}.md.error`), String(error));
      }
    }
    execFileSync(process.execPath, [join(CORPUS, "score.mjs"), "--out", out, "--json", join(out, "score.json")], { stdio: "ignore" });
    const { summary } = JSON.parse(readFileSync(join(out, "score.json"), "utf8")) as {
      summary: { perType: Record<string, TypeScore>; line: string };
    };
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
