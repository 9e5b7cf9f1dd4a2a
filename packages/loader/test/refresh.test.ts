import { afterEach, describe, expect, it } from "vitest";
import { REFRESH_CONTEXT_KEY, isForcedRefresh } from "../src/refresh.js";

describe("isForcedRefresh", () => {
  afterEach(() => {
    delete process.env.DOCSCRAPE_REFRESH;
  });

  it("is off for an ordinary sync", () => {
    expect(isForcedRefresh(undefined)).toBe(false);
    expect(isForcedRefresh({ other: true })).toBe(false);
  });

  it("is on with DOCSCRAPE_REFRESH=1 or when the dev refresh route asks", () => {
    expect(isForcedRefresh({ [REFRESH_CONTEXT_KEY]: true })).toBe(true);
    process.env.DOCSCRAPE_REFRESH = "1";
    expect(isForcedRefresh(undefined)).toBe(true);
  });
});
