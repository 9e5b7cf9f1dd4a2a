import { expect, it } from "vitest";

it("should expose the public api", async () => {
  expect(Object.keys(await import("../../src/index.js")).sort()).toEqual([
    "DEFAULT_IMAGE_LIMITS",
    "STATUS_BY_CODE",
    "ScrapeError",
    "convert",
    "createRedisStore",
    "createScrapeCache",
    "createServer",
    "detectFormat",
    "isScrapeError",
    "scrape",
  ]);
});
