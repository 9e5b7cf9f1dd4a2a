import { describe, expect, it } from "vitest";
import { DocumentLoaderConfigError } from "../src/errors.js";
import { docscrape } from "../src/integration.js";

describe("docscrape() options", () => {
  it("refuses a bad prefix or collection with the loader's config error, naming the option", () => {
    for (const options of [{ prefix: "/" }, { prefix: "a b" }, { collection: " " }]) {
      const attempt = () => docscrape(options);
      expect(attempt).toThrow(DocumentLoaderConfigError);
      expect(attempt).toThrow(/`(prefix|collection)`/);
    }
  });

  it("accepts a nested prefix, trimming its slashes", () => {
    expect(docscrape({ prefix: "/docs/library/" }).name).toBe("astro-docscrape");
  });
});
