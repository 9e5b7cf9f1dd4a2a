import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, isScrapeError } from "../../src/index.js";
import {
  billionLaughsOdt,
  deeplyNestedHtml,
  deeplyNestedOdt,
  deeplyNestedRtf,
  drmEpub,
  encryptedOdt,
  epubBomb,
  odtBomb,
  odtWith,
  plainOdt,
} from "./hostile-text-documents.js";

const MiB = 1024 * 1024;
const corpusFile = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`../format-corpus/text/files/${name}`, import.meta.url)));

/** Convert, and return the error's code, status and message (the conversion must fail). */
async function failure(bytes: Uint8Array, filename: string): Promise<{ code: string; status: number; message: string }> {
  try {
    await convert(bytes, { filename });
  } catch (error) {
    if (!isScrapeError(error)) throw error;
    return { code: error.code, status: error.status, message: error.message };
  }
  throw new Error(`${filename} converted, but it should have failed`);
}

/** One sentence that names the document and says what to do, with no stack trace. */
const expectOneLine = (message: string, name: string): void => {
  expect(message).toContain(name);
  expect(message).not.toContain("\n");
  expect(message).toMatch(/; .+\.$/);
};

describe("hostile ODT, EPUB, RTF and HTML documents", () => {
  it("a good ODT built the same way converts (the hostile ones below differ only in their attack)", async () => {
    expect((await convert(plainOdt("All is well"), { filename: "good.odt" })).markdown).toBe("All is well\n");
  });

  it.each([
    ["bomb.odt", () => odtBomb(100 * MiB)],
    ["bomb.epub", () => epubBomb(100 * MiB)],
  ])("%s: a member inflating past the limit → 413 DOCUMENT_TOO_LARGE", async (name, make) => {
    const { status, message } = await failure(make(), name);
    expect(status).toBe(413);
    expect(message).toMatch(/MiB when unpacked/);
    expectOneLine(message, name);
  });

  it("an ODT whose content.xml declares the billion laughs → 422 before any parsing", async () => {
    const { status, message } = await failure(billionLaughsOdt(), "laughs.odt");
    expect(status).toBe(422);
    expect(message).toContain("DTD");
    expectOneLine(message, "laughs.odt");
  });

  it("a password-protected ODT → 422 saying so", async () => {
    const { status, message } = await failure(encryptedOdt(), "secret.odt");
    expect(status).toBe(422);
    expect(message).toContain("password-protected");
    expectOneLine(message, "secret.odt");
  });

  it("an EPUB under DRM → 422 saying so", async () => {
    const { status, message } = await failure(drmEpub(), "locked.epub");
    expect(status).toBe(422);
    expect(message).toContain("DRM");
    expectOneLine(message, "locked.epub");
  });

  it.each([
    ["nested.html", () => deeplyNestedHtml(100_000)],
    ["nested.rtf", () => deeplyNestedRtf(100_000)],
    ["nested.odt", () => deeplyNestedOdt(100_000)],
    ["nested-item.odt", () => odtWith(`<text:list><text:list-item><text:p>${"<text:span>".repeat(100_000)}deep${"</text:span>".repeat(100_000)}</text:p></text:list-item></text:list>`)],
  ])("%s: elements nested 100,000 deep → 422, not a stack overflow", async (name, make) => {
    const { status, message } = await failure(make(), name);
    expect(status).toBe(422);
    expect(message).toMatch(/nests .* deep/);
    expectOneLine(message, name);
  });

  it.each([["mal_truncated.odt"], ["mal_truncated.epub"], ["mal_truncated.rtf"]])("%s (a truncated download) → 422", async (name) => {
    const { status, message } = await failure(corpusFile(name), name);
    expect(status).toBe(422);
    expectOneLine(message, name);
  });
});
