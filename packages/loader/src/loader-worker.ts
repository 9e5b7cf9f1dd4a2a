import type { ScrapeOptions as EngineScrapeOptions } from "docscrape";
import { serveWorkerJobs } from "docscrape/worker";
import type { MarkdownOptions } from "./markdown.js";

/** A job of the loader's worker threads (see `loader-workers.ts`). */
export type LoaderWorkerJob =
  | { kind: "scrape"; url: string; options: Omit<EngineScrapeOptions, "signal" | "resolveHost"> }
  | { kind: "render"; markdown: string; options: Omit<MarkdownOptions, "remarkPlugins" | "rehypePlugins"> };

// The loader's worker: fetches and converts a document with the engine, or renders Markdown to
// the page's HTML, one job at a time. Note: each part loads on its first job, so a worker that
// only renders never loads pdf.js, and one that only converts never loads the renderer; the
// engine comes from `docscrape/worker`, which leaves out its server and HTTP client.
serveWorkerJobs(async (job: LoaderWorkerJob): Promise<unknown> => {
  if (job.kind === "scrape") return (await import("docscrape/worker")).scrape(job.url, job.options);
  return (await import("./markdown.js")).processMarkdown(job.markdown, job.options);
});
