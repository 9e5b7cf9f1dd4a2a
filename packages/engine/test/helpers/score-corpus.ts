import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { convert } from "../../src/index.js";

/** The shared corpus scorer, used where it is (never copied). */
export const SCORER = fileURLToPath(new URL("../../../../../shared/corpus/score.mjs", import.meta.url));

/** One type's line of the scorer's summary. */
export interface TypeScore {
  files: number;
  errors: number;
  passed: number;
  total: number;
  malTotal: number;
  malMet: number;
}

/** A floor per type: vectors passed (it only ever rises). */
export type Floors = Record<string, { passed: number }>;

/**
 * Convert every file a corpus manifest lists in-process, then score the outputs with the shared
 * scorer (`--out` mode, with `--manifest` for a corpus other than the shared one).
 */
export async function scoreCorpus(manifestPath: string): Promise<{ perType: Record<string, TypeScore>; line: string }> {
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Array<{ file: string }>;
  const out = mkdtempSync(join(tmpdir(), "docscrape-corpus-"));
  for (const { file } of manifest) {
    const name = basename(file);
    const bytes = new Uint8Array(readFileSync(join(dirname(manifestPath), file)));
    try {
      // Note: PDFs are scored from their text layer (`mode: "fast"`): the corpus expects a scan to
      // come out empty ("OCR would be needed"), and OCR has its own tests and bench figure.
      const { markdown } = await convert(bytes, { filename: name, pdf: { mode: "fast" }, signal: AbortSignal.timeout(60_000) });
      writeFileSync(join(out, `${name}.md`), markdown);
    } catch (error) {
      writeFileSync(join(out, `${name}.md.error`), String(error));
    }
  }
  execFileSync(process.execPath, [SCORER, "--manifest", manifestPath, "--out", out, "--json", join(out, "score.json")], { stdio: "ignore" });
  const { summary } = JSON.parse(readFileSync(join(out, "score.json"), "utf8")) as {
    summary: { perType: Record<string, TypeScore>; line: string };
  };
  return summary;
}

/** Print the score, then hold each type to its floor and every malformed file to its expectation. */
export function expectFloors(summary: { line: string; perType: Record<string, TypeScore> }, floors: Floors): void {
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
