// @ts-check
import { defineConfig } from "astro/config";

export default defineConfig({
  site: "https://docs.example.org",
  experimental: {
    // Pages return `cacheKey: entry.digest`, so a rebuild renders only documents that changed.
    incrementalBuild: true,
  },
});
