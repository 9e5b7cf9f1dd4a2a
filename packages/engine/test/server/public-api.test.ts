import { expect, it } from "vitest";

it("should expose the public api", async () => {
  expect(Object.keys(await import("../../src/index.js")).sort()).toEqual([
    "STATUS_BY_CODE",
    "ScrapeError",
    "convert",
    "createServer",
    "createWorkerPool",
    "detectFormat",
    "isScrapeError",
    "scrape",
    "serveWorkerJobs",
  ]);
});
