import { defineCollection } from "astro:content";
import { z } from "astro/zod";
import { documentLoader, documentSchema } from "astro-docscrape";

// Served by scripts/with-remote-documents.mjs during `pnpm build`, `pnpm dev` and `pnpm demo`.
const remote = process.env.DOCSCRAPE_REMOTE_ORIGIN ?? "http://127.0.0.1:4399";

export const collections = {
  documents: defineCollection({
    loader: documentLoader({
      documents: [
        { id: "staff-handbook", url: "./public/documents/staff-handbook.pdf", data: { team: "People" } },
        { id: "travel-policy", url: "./public/documents/travel-policy.docx", data: { team: "Finance" } },
        { id: "budget-2026", url: "./public/documents/budget-2026.xlsx", data: { team: "Finance" } },
        { id: "board-briefing", url: "./public/documents/board-briefing.pptx", data: { team: "Board" } },
        { id: "annual-report-2025", url: `${remote}/annual-report-2025.pdf`, data: { team: "Board" } },
      ],
      cache: { dir: ".cache/docscrape", ttl: "1d" },
    }),
    // The loader's schema, extended with the `data` each document above carries.
    schema: documentSchema.extend({ team: z.string() }),
  }),
};
