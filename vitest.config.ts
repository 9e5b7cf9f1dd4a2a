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
  },
});
