import { readFileSync } from "node:fs";
import CFB from "cfb";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { readParagraphs } from "../../src/converters/doc/paragraphs.js";

const corpus = new URL("../../../../../shared/corpus/files/", import.meta.url);
const corpusFile = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)));
const convertCorpus = (name: string) => convert(corpusFile(name), { filename: name });
const lines = (markdown: string) => markdown.split("\n");
// Word 97 files LibreOffice wrote from the .fodt sources beside them (see make-word97.sh).
const word97 = (name: string) => new Uint8Array(readFileSync(new URL(`word97/${name}`, import.meta.url)));

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
      // The row labels are bold in the document.
      ["**Leaves**", "Ash, Elm, Maple", "50"],
      ["**Berries**", "Blueberry, Strawberry, Cranberry", "150"],
      ["**Grain**", "Corn, Buckwheat, Barley", "200"],
    ]);
  });

  it("keeps a table between two list items in its place, the list counting on after it", async () => {
    const { markdown } = await convert(word97("table-in-list.doc"), { filename: "table-in-list.doc" });
    expect(markdown).toBe("1. Check the mooring lines\n\n| Line | Load |\n| ---- | ---- |\n| Bow  | 4 t  |\n\n2. Log the loads\n");
  });

  it("writes superscript and subscript as their plain characters, and a link that changes formatting as one link", async () => {
    const { markdown } = await convert(word97("raised-and-links.doc"), { filename: "raised-and-links.doc" });
    expect(markdown).toBe("Water is H2O on 4 m2 of deck, from the 1st of May.\n\nSee the [harbour **map**](https://port.example.org/map).\n");
  });

  it("joins a drop cap (its own framed paragraph in the file) to the paragraph it begins", async () => {
    const { markdown } = await convert(word97("drop-cap.doc"), { filename: "drop-cap.doc" });
    expect(markdown).toBe("The harbour opened in 1850 and grew quickly.\n\nShips came from across the sea.\n");
  });

  it("shows a ruby (Word's EQ field, which saves no result) as its base text, without the reading", async () => {
    const { markdown } = await convert(word97("ruby.doc"), { filename: "ruby.doc" });
    expect(markdown).toBe("The port of 東京 opens at six.\n");
  });

  it("writes a table nested in a cell a row a line, its cells joined with \" | \", as the DOCX reader does", async () => {
    const { markdown } = await convert(word97("nested-table.doc"), { filename: "nested-table.doc" });
    expect(markdown).toContain("| North | Depth \\| 12 m<br>Length \\| 300 m<br>Dredged yearly |");
  });

  it("recognises headings whose styles have localized names", async () => {
    const { markdown } = await convertCorpus("dl_greek_heading_styles.doc");
    expect(lines(markdown)).toContain("# Überschriften in nicht-englischer Sprache");
    expect(lines(markdown)).toContain("## Vorgeschlagene Änderung");
    expect(lines(markdown)).toContain("Lokaler Lauf gegen den eingesetzten DOCX-Korpus.");
  });

  it("writes numbered headings with their numbers, footnotes, endnotes, text boxes and capitals", async () => {
    const { markdown, warnings } = await convert(word97("notes-and-numbers.doc"), { filename: "notes-and-numbers.doc" });
    expect(markdown).toBe(
      [
        "# 1. Introduction",
        "Water boils at 100 degrees[^1] and freezes at 0 degrees[^2].",
        "## 1.1 Scope",
        "It was CAPITALIZED and SMALL CAPS here.",
        "## 1.2 Terms",
        "### 1.2.A) Abbreviations",
        "See the sources[^e1].",
        "# 2. Method",
        "The method follows.",
        // The text box's text comes after the paragraph it is anchored to.
        "Text inside a box.",
        "## 2.1 Sampling",
        "The end.",
        "[^1]: At sea level.",
        "[^2]: Pure water only.",
        "[^e1]: Collected in 2024.",
      ].join("\n\n") + "\n",
    );
    expect(warnings).toEqual([]);
  });

  it("writes a paragraph with an outline level of its own as a heading, and one in a list level without a marker as a paragraph", async () => {
    const { markdown } = await convert(word97("outline-levels.doc"), { filename: "outline-levels.doc" });
    expect(markdown).toBe(
      "Opening words.\n\n# Crew Welfare Notes\n\nWelfare spending doubled.\n\n## Meals at Sea\n\nAn indented note without a marker.\n\nClosing words.\n",
    );
  });

  it("writes text in capitals where a paragraph style or the run itself asks for caps or small caps", async () => {
    const { markdown } = await convert(word97("styles-and-caps.doc"), { filename: "styles-and-caps.doc" });
    expect(markdown).toBe("EVERY WORD OF THIS LINE IS LOUD.\n\nAn ACRONYM in small caps.\n");
  });

  it("writes bold and italic runs (direct or by character style) and preformatted paragraphs as one code block", async () => {
    const { markdown } = await convert(word97("emphasis-and-code.doc"), { filename: "emphasis-and-code.doc" });
    expect(markdown).toBe(
      [
        // A heading is bold by its style: its bold run is not marked again.
        "# Run sheet",
        "Set **bold** and *italic* and **_both at once_**.",
        "Styled as **strong** and *emphasised* text.",
        "The job runs as:",
        "```\nrun --fast **not bold**\n  --retries 3\n```",
        "After the code.",
        "| Step      | Note         |\n| --------- | ------------ |\n| **Check** | Once a *day* |",
      ].join("\n\n") + "\n",
    );
  });

  it("shows text set in a symbol font as the characters Word shows (Symbol's \"a\" is α, Wingdings' U+F0FC is ✓)", async () => {
    const { markdown } = await convert(word97("symbol-fonts.doc"), { filename: "symbol-fonts.doc" });
    expect(markdown).toBe("The angle α is at most π/2 and ≤ 90 degrees.\n\nTyped in Symbol: αβγ done.\n\n✓ Approved\n");
  });

  it("shows a symbol inserted with Word's Insert Symbol (sprmCSymbol) in place of its placeholder", () => {
    // Note: LibreOffice writes symbols as text in the symbol font, so this Word form is built here:
    // the text holds "(" where the symbol goes, and the run's sprmCSymbol names the font and code.
    const text = "Angle (.\r";
    const wordDocument = new Uint8Array(Buffer.from(text, "utf16le"));
    const plain = { capitals: undefined, bold: undefined, italic: undefined, hidden: undefined, raised: undefined, styleIndex: undefined, font: undefined, symbol: undefined, dataOffset: undefined, unseen: false };
    const symbolAt = 2 * text.indexOf("(");
    const paragraphs = readParagraphs(
      {
        wordDocument,
        pieces: [{ start: 0, end: text.length, offset: 0, compressed: false }],
        paragraphPropertiesAt: () => ({ styleIndex: 0, inTable: false, tableRowEnd: false, listFormatOverride: undefined, listLevel: undefined, outlineLevel: undefined }),
        characterPropertiesAt: (offset) =>
          offset < symbolAt ? { ...plain, start: 0, end: symbolAt }
          : offset < symbolAt + 2 ? { ...plain, symbol: { font: 1, code: 0xf061 }, start: symbolAt, end: symbolAt + 2 }
          : { ...plain, start: symbolAt + 2, end: wordDocument.length },
        characterStyleFormat: () => ({}),
        fontNames: ["Times New Roman", "Symbol"],
      },
      { start: 0, end: text.length },
    );
    expect(paragraphs.map((paragraph) => paragraph.runs.map((run) => run.text).join(""))).toEqual(["Angle α."]);
  });

  it("keeps every cell under its column when a cell is merged across two (Word writes one wider cell)", async () => {
    const { markdown } = await convert(word97("merged-cells.doc"), { filename: "merged-cells.doc" });
    expect(markdown).toBe(
      "| Region totals |       | Year |\n| ------------- | ----- | ---- |\n| North         | Fuel  | 2025 |\n|               | Water | 2026 |\n",
    );
  });

  it("shows what Word shows: a tracked deletion and hidden text are left out", async () => {
    const { markdown } = await convert(word97("revisions-and-hidden.doc"), { filename: "revisions-and-hidden.doc" });
    expect(markdown).toBe("The fee is fifty crowns.\n\nvisible words.\n");
  });

  it("leaves out a table of contents (a TOC field's result) and its title (its own style), unless onlyMainContent is off", async () => {
    const bytes = word97("table-of-contents.doc");
    const { markdown } = await convert(bytes, { filename: "table-of-contents.doc" });
    expect(markdown).toBe("Harbour guide.\n\n# Arrival\n\nShips wait outside the bar.\n\n# Anchorage\n\nAnchor north of the buoy.\n");
    const whole = (await convert(bytes, { filename: "table-of-contents.doc", onlyMainContent: false })).markdown;
    expect(whole).toContain("**Contents**\n\nArrival 1\n\nAnchorage 2");
  });

  it("leaves out a footnote whose reference is deleted with its changes tracked, as Word shows neither", async () => {
    const { markdown } = await convert(word97("deleted-note.doc"), { filename: "deleted-note.doc" });
    expect(markdown).toBe("The quay is 40 metres long.\n\nIt opened in 1850[^2].\n\n[^2]: After the great storm.\n");
  });

  it("leaves out text its character or paragraph style hides, unless a style based on it shows it again", async () => {
    const { markdown } = await convert(word97("hidden-styles.doc"), { filename: "hidden-styles.doc" });
    expect(markdown).toBe("Work resumes on Monday.\n\nA note readers see\n");
  });

  it("shows a drop-down form field's chosen entry and a checkbox's state, from their FFData in the Data stream", async () => {
    const { markdown } = await convert(word97("form-fields.doc"), { filename: "form-fields.doc" });
    expect(markdown).toBe("Cargo: Tanker declared\n\n☒ customs ☐ health\n");
  });

  it("shows list labels Markdown cannot number (\"Article 1.\", \"(a)\") as text, and a list's numbers from its start", async () => {
    const { markdown } = await convert(word97("list-labels.doc"), { filename: "list-labels.doc" });
    expect(markdown).toBe(
      "- Article 1. Scope\n  - (a) Berths\n  - (b) Moorings\n- Article 2. Fees\n\nThen the steps.\n\n5. Inspect the hull\n6. Refuel\n",
    );
  });

  describe("Word 6 and Word 95 documents", () => {
    // Note: nothing here writes Word 6 or 95 any more (LibreOffice dropped the filters), so the test
    // builds one: a WordDocument stream with Word 6's FIB (nFib 104) and its text 8 bits a
    // character, in one run from fcMin or, fast-saved, in pieces listed by a piece table.
    const FC_MIN = 0x300;
    function word95(text: string, { pieces, encrypted = false }: { pieces?: Array<[start: number, end: number]>; encrypted?: boolean } = {}): Uint8Array {
      const bytes = new Uint8Array(Buffer.from(text, "latin1"));
      const stream = new Uint8Array(FC_MIN + bytes.length + 64);
      const view = new DataView(stream.buffer);
      view.setUint16(0, 0xa5ec, true);
      view.setUint16(2, 104, true);
      view.setUint16(0x0a, (pieces ? 0x0004 : 0) | (encrypted ? 0x0100 : 0), true);
      view.setUint32(0x18, FC_MIN, true);
      view.setUint32(0x1c, FC_MIN + bytes.length, true);
      view.setUint32(0x34, bytes.length, true);
      if (!pieces) {
        stream.set(bytes, FC_MIN);
      } else {
        // Fast-saved: the pieces stored last to first, and a Clx (a Pcdt) after the text.
        let at = FC_MIN;
        const offsets = [...pieces].reverse().map(([start, end]) => {
          stream.set(bytes.subarray(start, end), at);
          at += end - start;
          return at - (end - start);
        }).reverse();
        const clx = at;
        stream[clx] = 0x02;
        view.setUint32(clx + 1, (pieces.length + 1) * 4 + pieces.length * 8, true);
        pieces.forEach(([start], index) => view.setUint32(clx + 5 + index * 4, start, true));
        view.setUint32(clx + 5 + pieces.length * 4, bytes.length, true);
        pieces.forEach((_, index) => view.setUint32(clx + 5 + (pieces.length + 1) * 4 + index * 8 + 2, offsets[index]!, true));
        view.setUint32(0x160, clx, true);
        view.setUint32(0x164, 5 + (pieces.length + 1) * 4 + pieces.length * 8, true);
      }
      const container = CFB.utils.cfb_new();
      CFB.utils.cfb_add(container, "/WordDocument", stream);
      return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
    }
    const TEXT = "Harbour rules\rBoats moor at the east pontoon. Fees are paid at the office.\r";

    it("reads a Word 6 or 95 document's text, with a warning that its structure is not read", async () => {
      const { markdown, warnings } = await convert(word95(TEXT), { filename: "rules.doc" });
      expect(markdown).toBe("Harbour rules\n\nBoats moor at the east pontoon. Fees are paid at the office.\n");
      expect(warnings).toEqual([expect.stringMatching(/^rules\.doc was saved by Word 6 or Word 95: only its text is read/)]);
    });

    it("reads a fast-saved one's pieces in their order, and refuses an encrypted one in one line", async () => {
      const { markdown } = await convert(word95(TEXT, { pieces: [[0, 20], [20, 47], [47, TEXT.length]] }), { filename: "fast.doc" });
      expect(markdown).toBe("Harbour rules\n\nBoats moor at the east pontoon. Fees are paid at the office.\n");
      await expect(convert(word95(TEXT, { encrypted: true }), { filename: "locked.doc" })).rejects.toMatchObject({
        code: "DOCUMENT_UNREADABLE",
        message: expect.stringMatching(/^locked\.doc [^\n]*password-protected/),
      });
    });
  });

  it("rejects a truncated DOC as unreadable, naming it", async () => {
    const truncated = corpusFile("dl_legacy_sample.doc").subarray(0, 4096);
    await expect(convert(truncated, { filename: "cut.doc" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      // Note: in words a reader understands, not cfb's ("Cannot set properties of undefined").
      message: expect.stringMatching(/^cut\.doc could not be read as DOC \(its OLE2 container is truncated or damaged\)/),
    });
  });

  it("converts a DOC with damaged note, text box, list and style tables, or rejects it in one line", async () => {
    const original = CFB.read(word97("notes-and-numbers.doc"), { type: "buffer" });
    const tableStream = CFB.find(original, "1Table") ?? CFB.find(original, "0Table");
    const size = tableStream!.content.length;
    // Overwrite 16 bytes at 24 places spread over the table stream, one place per document.
    for (let place = 0; place < 24; place++) {
      const container = CFB.read(word97("notes-and-numbers.doc"), { type: "buffer" });
      const table = CFB.find(container, tableStream!.name)!;
      const content = Uint8Array.from(table.content);
      content.fill(0xff, Math.floor((place * size) / 24), Math.floor((place * size) / 24) + 16);
      table.content = content as unknown as CFB.CFB$Blob;
      const damaged = new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
      const outcome = await convert(damaged, { filename: "damaged.doc" }).then(
        (result) => result.markdown,
        (error: { code?: string; message: string }) => error,
      );
      if (typeof outcome !== "string") {
        expect(outcome.code).toBe("DOCUMENT_UNREADABLE");
        expect(outcome.message).toMatch(/^damaged\.doc [^\n]+$/);
      }
    }
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
