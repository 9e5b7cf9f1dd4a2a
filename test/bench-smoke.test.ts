import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCommand } from "./helpers/run.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

interface Figure {
  name: string;
  value: number;
  unit: string;
  target: string | null;
  pass: boolean | null;
}

// Benchmarks are not tests: this only proves `pnpm bench --quick` runs every figure end to end
// and writes a complete results.json; whether a figure meets its target is the benchmark's report.
describe("pnpm bench --quick", () => {
  it("measures every figure and writes bench/results.json", { timeout: 600_000 }, async () => {
    const result = await runCommand(process.execPath, ["bench/run.mjs", "--quick"], { cwd: ROOT, timeoutMs: 540_000 });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/^\| figure \| value \| target \|/m);

    const results = JSON.parse(await readFile(`${ROOT}bench/results.json`, "utf8")) as {
      mode: string;
      machine: { cores: number; memoryGb: number };
      figures: Figure[];
      errors: unknown[];
    };
    expect(results.mode).toBe("quick");
    expect(results.errors).toEqual([]);
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.machine.memoryGb).toBeGreaterThan(0);
    for (const figure of results.figures) {
      expect(Number.isFinite(figure.value), figure.name).toBe(true);
      expect(typeof figure.unit).toBe("string");
      if (figure.target !== null) expect(typeof figure.pass, figure.name).toBe("boolean");
    }
    const names = results.figures.map((figure) => figure.name).join("\n");
    for (const part of ["warm rebuild", "cold sync", "revalidation", "engine PDF", "engine DOCX", "engine XLSX", "engine CSV", "PDF OCR", "peak RSS", "growth", "corpus documents (local files)"]) {
      expect(names, part).toContain(part);
    }
  });
});
