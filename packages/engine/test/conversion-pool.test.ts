import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createConversionPool } from "../src/conversion-pool.js";
import { convert } from "../src/convert.js";
import { manyPagesPdf } from "./hardening/hostile-documents.js";
import { corpusFile } from "./server/helpers.js";

const pool = createConversionPool({ size: 1 });
afterAll(() => pool.close());

const corpusBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(corpusFile(name)));

describe("createConversionPool", () => {
  it("converts in a worker exactly as in this thread", async () => {
    const inThread = await convert(corpusBytes("md_test.docx"), { filename: "md_test.docx" });
    expect(await pool.convert(corpusBytes("md_test.docx"), { filename: "md_test.docx" })).toEqual(inThread);
  });

  it("keeps a converter's error code and message across the thread", async () => {
    await expect(pool.convert(corpusBytes("mal_encrypted_password.pdf"), { filename: "locked.pdf" })).rejects.toMatchObject({
      name: "ScrapeError",
      code: "DOCUMENT_UNREADABLE",
      message: "locked.pdf is password-protected; remove the password and convert it again.",
    });
  });

  it("kills a busy worker when the signal aborts, and the next document gets a fresh one", async () => {
    const reason = new Error("time is up");
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 300);
    await expect(pool.convert(manyPagesPdf(20_000), { filename: "pages.pdf", signal: controller.signal })).rejects.toBe(reason);
    const started = performance.now();
    const next = await pool.convert(new TextEncoder().encode("# Still here\n"), { filename: "next.md" });
    expect(next.markdown).toBe("# Still here\n");
    // Left running, the only worker would be busy with 20,000 pages for far longer than this.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("refuses a size that is not a positive integer, naming the option", () => {
    expect(() => createConversionPool({ size: 0 })).toThrow("Expected `size` to be a positive integer, got 0.");
  });
});
