import { readFileSync } from "node:fs";
import CFB from "cfb";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";

const corpus = new URL("../../../../../shared/corpus/files/", import.meta.url);
const corpusFile = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)));
const convertCorpus = (name: string) => convert(corpusFile(name), { filename: name });
const lines = (markdown: string) => markdown.split("\n");

describe("DOC (Word 97) converter", () => {
  it("writes paragraphs, headings by style, and bulleted and numbered lists", async () => {
    const { markdown, metadata } = await convertCorpus("dl_legacy_sample.doc");
    expect(lines(markdown)).toContain("# Swimming in the lake");
    expect(lines(markdown)).toContain("# Let’s swim!");
    expect(lines(markdown)).toContain("## Let’s eat");
    expect(markdown).toContain("To get started with swimming, first lay down in a water and try not to drown:\n\n- You can relax and look around\n- Paddle about\n");
    expect(lines(markdown)).toContain("Figure 1: This is a cute duckling");
    expect(markdown).toContain("Also, don’t forget:\n\n1. Wear sunglasses\n2. Don’t forget to drink water\n3. Use sun cream\n");
    expect(metadata).toMatchObject({ title: "Swimming in the lake", format: "doc" });
  });

  it("writes a table as a GFM table, one row per line", async () => {
    const markdown = await (await convertCorpus("dl_legacy_sample.doc")).markdown;
    const rows = lines(markdown)
      .filter((line) => line.startsWith("|") && !/^[|\s:-]+$/.test(line))
      .map((line) => line.split("|").slice(1, -1).map((text) => text.trim()));
    expect(rows).toEqual([
      ["", "Food", "Calories per portion"],
      ["Leaves", "Ash, Elm, Maple", "50"],
      ["Berries", "Blueberry, Strawberry, Cranberry", "150"],
      ["Grain", "Corn, Buckwheat, Barley", "200"],
    ]);
  });

  it("recognises headings whose styles have localized names", async () => {
    const { markdown } = await convertCorpus("dl_greek_heading_styles.doc");
    expect(lines(markdown)).toContain("# Überschriften in nicht-englischer Sprache");
    expect(lines(markdown)).toContain("## Vorgeschlagene Änderung");
    expect(lines(markdown)).toContain("Lokaler Lauf gegen den eingesetzten DOCX-Korpus.");
  });

  it("rejects a truncated DOC as unreadable, naming it", async () => {
    const truncated = corpusFile("dl_legacy_sample.doc").subarray(0, 4096);
    await expect(convert(truncated, { filename: "cut.doc" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: expect.stringContaining("cut.doc"),
    });
  });

  it("rejects an OLE file without a Word document stream, naming it", async () => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, "/Contents", new Uint8Array(1024));
    const notWord = new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
    await expect(convert(notWord, { filename: "other.doc" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: expect.stringMatching(/other\.doc.*WordDocument/),
    });
  });
});
