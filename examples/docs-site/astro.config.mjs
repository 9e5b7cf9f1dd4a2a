// @ts-check
import { defineConfig } from "astro/config";
import { docscrape } from "astro-docscrape";

export default defineConfig({
  site: "https://docs.example.org",
  // Injects /library/ and /library/<id>/ for the "documents" collection, beside the site's own /docs/ pages.
  integrations: [docscrape({ prefix: "library" })],
  experimental: {
    // Pages return `cacheKey: entry.digest`, so a rebuild renders only documents that changed.
    incrementalBuild: true,
  },
});
