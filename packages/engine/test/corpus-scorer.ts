import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { convert } from "../src/index.js";

/** The shared corpus's scorer, which every corpus here is scored with. */
const SCORER = fileURLToPath(new URL("../../../../shared/corpus/score.mjs", import.meta.url));

/** One type's line of the scorer's summary. */
export interface TypeScore {
  files: number;
  errors: number;
  passed: number;
  total: number;
  malTotal: number;
  malMet: number;
}

/**
 * Convert each file in-process (a failure is written as the scorer's `.error` marker) and score
 * the outputs with the shared scorer against `manifest` (default: the scorer's own).
 */
export async function scoreCorpus(files: readonly string[], manifest?: string): Promise<{ line: string; perType: Record<string, TypeScore> }> {
  const out = mkdtempSync(join(tmpdir(), "docscrape-corpus-"));
  for (const file of files) {
    const name = basename(file);
    try {
      const { markdown } = await convert(new Uint8Array(readFileSync(file)), { filename: name, signal: AbortSignal.timeout(60_000) });
      writeFileSync(join(out, `${name}.md`), markdown);
    } catch (error) {
      writeFileSync(join(out, `${name}.md.error`), String(error));
    }
  }
  const manifestArgs = manifest ? ["--manifest", manifest] : [];
  execFileSync(process.execPath, [SCORER, ...manifestArgs, "--out", out, "--json", join(out, "score.json")], { stdio: "ignore" });
  const { summary } = JSON.parse(readFileSync(join(out, "score.json"), "utf8")) as { summary: { perType: Record<string, TypeScore>; line: string } };
  return summary;
}

/** Print the score, then hold each type to its floor and every malformed file to its expectation. */
export function expectFloors(summary: { line: string; perType: Record<string, TypeScore> }, floors: Record<string, { passed: number }>): void {
  console.log(summary.line);
  for (const [type, score] of Object.entries(summary.perType)) {
    console.log(`${type}: ${score.passed}/${score.total} vectors, malformed ${score.malMet}/${score.malTotal}`);
  }
  for (const [type, floor] of Object.entries(floors)) {
    const score = summary.perType[type];
    expect(score, `no score for ${type}`).toBeDefined();
    expect(score!.passed, `${type} vectors`).toBeGreaterThanOrEqual(floor.passed);
    expect(score!.malMet, `${type} malformed expectations`).toBe(score!.malTotal);
  }
}
