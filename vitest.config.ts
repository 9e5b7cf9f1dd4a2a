import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "engine", root: "packages/engine", include: ["test/**/*.test.ts"], testTimeout: 60_000 } },
      { test: { name: "loader", root: "packages/loader", include: ["test/**/*.test.ts"], testTimeout: 60_000 } },
      {
        test: {
          name: "integration",
          root: "test",
          include: ["**/*.test.ts"],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Note: each integration test runs real `astro build`s; two at once would only fight over 2 cores.
          fileParallelism: false,
        },
      },
    ],
    reporters: ["default", "./scripts/summary-reporter.ts"],
    // `pnpm test` runs with --coverage: the packages' sources, measured over the whole suite, must
    // stay above these floors (set a little under what the suite reached when they were last raised).
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.ts"],
      exclude: ["**/*.d.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
      // Measured 2026-11-23 over the whole suite: statements 92.3 %, branches 83.8 %, functions 93.3 %, lines 94.3 %.
      thresholds: { statements: 90, branches: 82, functions: 91, lines: 92 },
    },
  },
});
