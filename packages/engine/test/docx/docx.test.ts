import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import CFB from "cfb";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { docxWith } from "../hardening/hostile-documents.js";
import { cell, makeDocx, paragraph, paragraphStyle, row, run } from "./make-docx.js";

const corpus = new URL("../../../../../shared/corpus/files/", import.meta.url);
const corpusFile = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)));
const convertCorpus = (name: string) => convert(corpusFile(name), { filename: name });
const markdownOf = async (name: string) => (await convertCorpus(name)).markdown;
const lines = (markdown: string) => markdown.split("\n");

describe("DOCX converter on damaged input", () => {
  it("refuses a password-protected DOCX (MS-OFFCRYPTO: an OLE2 file holding the encrypted package) saying so", async () => {
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, "EncryptionInfo", Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
    CFB.utils.cfb_add(container, "EncryptedPackage", Buffer.alloc(4096, 7));
    const bytes = new Uint8Array(CFB.write(container, { type: "array" }) as number[]);
    await expect(convert(bytes, { filename: "locked.docx" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "locked.docx is password-protected; remove the password in Word and try again.",
    });
  });
});

describe("DOCX converter on the corpus", () => {
  it("writes Title and Heading styles as ATX headings in the body", async () => {
    const markdown = await markdownOf("dl_unit_test_headers.docx");
    expect(lines(markdown)).toContain("# Test Document");
    expect(lines(markdown)).toContain("# Section 1");
    expect(lines(markdown)).toContain("## Section 1.1");
  });

  it("keeps each table row on one line, a cell's paragraphs and list items joined with <br>", async () => {
    const markdown = await markdownOf("dl_docx_rich_cells.docx");
    const rowLine = lines(markdown).find((line) => line.includes("This is a list:"));
    expect(rowLine).toMatch(/^\| This is a list:<br>• A First<br>• A Second<br>• A Third +\| This is a formatted list:/);
  });

  it("indents nested list items under their parent", async () => {
    const markdown = await markdownOf("dl_docx_lists.docx");
    expect(markdown).toContain("- List item 1\n  - List item 1.1\n    - List item 1.1.1\n- List item 3");
  });

  it("writes hyperlinks as Markdown links", async () => {
    const markdown = await markdownOf("dl_unit_test_formatting.docx");
    expect(markdown).toContain("[hyperlink](https://github.com/DS4SD/docling)");
  });

  it("writes footnotes as GFM footnotes", async () => {
    const markdown = await markdownOf("mm_footnotes.docx");
    expect(markdown).toContain("Ouch[^1].[^2]");
    expect(lines(markdown)).toContain("[^1]: A tachyon walks into a bar.");
    expect(lines(markdown)).toContain("[^2]: Fin.");
  });

  it("replaces images with their alt text, never a base64 data URI", async () => {
    const { markdown, warnings } = await convertCorpus("md_test.docx");
    expect(markdown).not.toMatch(/data:image|base64/);
    expect(warnings.some((warning) => warning.includes("alt text"))).toBe(true);
    expect(await markdownOf("dl_docx_rich_cells.docx")).toMatch(/^\| Only text +\| Owner avatar +\|$/m);
  });

  it("leaves review comments out", async () => {
    const markdown = await markdownOf("md_test_with_comment.docx");
    expect(markdown).toContain("49e168b7-d2ae-407f-a055-2167576f39a1");
    expect(markdown).not.toContain("This is a test comment");
    expect(markdown).not.toContain("Yet another comment in the doc");
  });

  it("writes checkbox paragraphs as a task list", async () => {
    const markdown = await markdownOf("dl_docx_checkboxes.docx");
    expect(markdown).toContain("- [x] Design\n- [x] Implementation\n- [ ] Documentation");
    expect(markdown).toMatch(/\| Choose as many as you like:<br>☒ Orange juice<br>☐ Tea/);
  });

  it("keeps the text of text boxes", async () => {
    const markdown = await markdownOf("dl_textbox.docx");
    expect(markdown).toContain("**Student falls ill**");
    expect(markdown).toContain("- A report must be submitted within 24 hours");
  });

  it("writes Office Math as LaTeX, inline and as display blocks", async () => {
    const markdown = await markdownOf("md_equations.docx");
    expect(lines(markdown)).toContain("For $m=1$,");
    expect(markdown).toContain("$$\nsinθ=\\frac{mλ}{a}=");
    expect(await markdownOf("dl_equations.docx")).toContain("$E=mc^{2}$ and $F=ma$ are physics formulas.");
  });

  it("reports skipped Word elements in one warning", async () => {
    const { warnings } = await convertCorpus("dl_textbox.docx");
    expect(warnings).toEqual([
      "Word elements that are not read were skipped (v:stroke, v:line); any text inside them is missing.",
    ]);
  });

  it("reads author and language, and falls back to the first heading for the title", async () => {
    const { metadata } = await convertCorpus("md_test.docx");
    expect(metadata).toMatchObject({
      title: "AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation",
      author: "Adam Fourney",
      language: "en-US",
      format: "docx",
    });
  });

  describe("an image linked to a local file (CVE-2025-11849)", () => {
    const target = "/tmp/test_rlink.txt";
    const secret = "de658225-569e-4e3d-9ed2-cfb6abf927fc";
    let created = false;
    beforeAll(() => {
      if (!existsSync(target)) {
        writeFileSync(target, secret);
        created = true;
      }
    });
    afterAll(() => {
      if (created) rmSync(target);
    });

    it("is not read", async () => {
      const markdown = await markdownOf("md_rlink.docx");
      expect(markdown).toContain("Testing Linked Images");
      expect(markdown).not.toContain(secret);
      expect(markdown).not.toContain(Buffer.from(secret).toString("base64").slice(0, 40));
    });
  });
});

describe("DOCX converter on built documents", () => {
  it("leaves merged cells blank after their content, keeping the columns aligned", async () => {
    const table = `<w:tbl>${[
      row(cell(paragraph("Name")), cell(paragraph("Q1")), cell(paragraph("Q2"))),
      row(cell(paragraph("North")), cell(paragraph("Both quarters"), { span: 2 })),
      row(cell(paragraph("South"), { vMerge: "restart" }), cell(paragraph("1")), cell(paragraph("2"))),
      row(cell("", { vMerge: "continue" }), cell(paragraph("3")), cell(paragraph("First line") + paragraph("Second line"))),
    ].join("")}</w:tbl>`;
    const { markdown } = await convert(makeDocx({ body: table }), { filename: "merged.docx" });
    const rows = lines(markdown)
      .filter((line) => line.startsWith("|") && !/^[|\s:-]+$/.test(line))
      .map((line) => line.split("|").slice(1, -1).map((text) => text.trim()));
    expect(rows).toEqual([
      ["Name", "Q1", "Q2"],
      ["North", "Both quarters", ""],
      ["South", "1", "2"],
      ["", "3", "First line<br>Second line"],
    ]);
  });

  it("keeps the cells of a row that starts past the first column (w:gridBefore) under their columns", async () => {
    const skipping = (columns: number, ...cells: string[]) => `<w:tr><w:trPr><w:gridBefore w:val="${columns}"/></w:trPr>${cells.join("")}</w:tr>`;
    const table = `<w:tbl>${[
      row(cell(paragraph("Code")), cell(paragraph("Berth")), cell(paragraph("Depth"))),
      skipping(1, cell(paragraph("Quay nine")), cell(paragraph("14 m"))),
      skipping(2, cell(paragraph("9 m"))),
    ].join("")}</w:tbl>`;
    const { markdown } = await convert(makeDocx({ body: table }), { filename: "offsets.docx" });
    const rows = lines(markdown)
      .filter((line) => line.startsWith("|") && !/^[|\s:-]+$/.test(line))
      .map((line) => line.split("|").slice(1, -1).map((text) => text.trim()));
    expect(rows).toEqual([
      ["Code", "Berth", "Depth"],
      ["", "Quay nine", "14 m"],
      ["", "", "9 m"],
    ]);
  });

  it("joins a drop cap (Word's framed first letter) to the paragraph it begins", async () => {
    const dropCap = (letter: string, kind: string) => paragraph(letter, { properties: `<w:framePr w:dropCap="${kind}" w:lines="3" w:wrap="around" w:vAnchor="text" w:hAnchor="text"/>` });
    const body = [
      dropCap("T", "drop"),
      paragraph("he harbour opened in 1850."),
      dropCap("S", "margin"),
      `<w:bookmarkStart w:id="0" w:name="ships"/>${paragraph("hips came from across the sea.")}<w:bookmarkEnd w:id="0"/>`,
      paragraph("A framed note that is no drop cap.", { properties: `<w:framePr w:w="3000" w:wrap="around" w:vAnchor="text" w:hAnchor="margin"/>` }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body }), { filename: "drop-caps.docx" });
    expect(markdown).toBe("The harbour opened in 1850.\n\nShips came from across the sea.\n\nA framed note that is no drop cap.\n");
  });

  it("numbers a numbered list and indents its sub-items", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0">` +
      `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>` +
      `<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>` +
      `</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
    const body = [
      paragraph("Unpack", { list: { id: 1, level: 0 } }),
      paragraph("Check the parts", { list: { id: 1, level: 1 } }),
      paragraph("Keep the box", { list: { id: 1, level: 1 } }),
      paragraph("Assemble", { list: { id: 1, level: 0 } }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "steps.docx" });
    expect(markdown).toBe("1. Unpack\n   - Check the parts\n   - Keep the box\n2. Assemble\n");
  });

  it("shows no item, nor a number, for a list paragraph wholly hidden or moved away by a tracked move", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
    const item = (content: string, mark = "") => `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr><w:rPr>${mark}</w:rPr></w:pPr>${content}</w:p>`;
    const move = `w:id="7" w:author="Ed" w:date="2026-01-05T10:00:00Z"`;
    const body = [
      item(run("Moor the boat")),
      item(run("Staff only: check the alarm", "<w:vanish/>"), "<w:vanish/>"),
      item(`<w:moveFrom ${move}>${run("Stow the lines")}</w:moveFrom>`, `<w:moveFrom ${move}/>`),
      item(run("Lock the gate")),
      item(`<w:moveTo ${move}>${run("Stow the lines")}</w:moveTo>`),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "moved.docx" });
    expect(markdown).toBe("1. Moor the boat\n2. Lock the gate\n3. Stow the lines\n");
  });

  it("numbers a list defined through a list style with the levels of the list that defines the style", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="2"><w:styleLink w:val="ClauseList"/>` +
      `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1."/></w:lvl>` +
      `<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="(%2)"/></w:lvl></w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="3"><w:numStyleLink w:val="ClauseList"/></w:abstractNum>` +
      `<w:num w:numId="2"><w:abstractNumId w:val="2"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="3"/></w:num>`;
    const styles = `<w:style w:type="numbering" w:styleId="ClauseList"><w:name w:val="Clause List"/><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>`;
    const body = [
      paragraph("Clauses apply to all craft", { list: { id: 3, level: 0 } }),
      paragraph("craft under ten metres", { list: { id: 3, level: 1 } }),
      paragraph("Fees are due monthly", { list: { id: 3, level: 0 } }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering, styles }), { filename: "list-style.docx" });
    expect(markdown).toBe("- A. Clauses apply to all craft\n  - (i) craft under ten metres\n- B. Fees are due monthly\n");
  });

  it("goes on counting a level that never restarts (w:lvlRestart 0) across items of a higher level", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="5"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="Step %1:"/></w:lvl>` +
      `<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlRestart w:val="0"/><w:lvlText w:val="%2."/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="5"><w:abstractNumId w:val="5"/></w:num>`;
    const body = [
      paragraph("Moor bow first", { list: { id: 5, level: 0 } }),
      paragraph("use two lines", { list: { id: 5, level: 1 } }),
      paragraph("Switch off engines", { list: { id: 5, level: 0 } }),
      paragraph("wait for the warden", { list: { id: 5, level: 1 } }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "no-restart.docx" });
    expect(markdown).toBe("- Step 1: Moor bow first\n  - a. use two lines\n- Step 2: Switch off engines\n  - b. wait for the warden\n");
  });

  it("counts the instances of one list on from each other, an instance that restarts the count doing so at its first item", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>` +
      `<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`;
    // As LibreOffice saves a list restarted at 1: only its first item is in the restarting instance.
    const body = [
      paragraph("Walk the quay", { list: { id: 1, level: 0 } }),
      paragraph("Sign the log", { list: { id: 1, level: 0 } }),
      paragraph("Evening checks:"),
      paragraph("Lock the sheds", { list: { id: 2, level: 0 } }),
      paragraph("Report to the master", { list: { id: 1, level: 0 } }),
      paragraph("Continued checks:"),
      paragraph("Hand in keys", { list: { id: 1, level: 0 } }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "restart.docx" });
    expect(markdown).toBe(
      "1. Walk the quay\n2. Sign the log\n\nEvening checks:\n\n1. Lock the sheds\n2. Report to the master\n\nContinued checks:\n\n3. Hand in keys\n",
    );
  });

  it("shows list labels as Word does: custom label text and letters as text, numbers from their start and on after an interruption", async () => {
    const level = (ilvl: number, format: string, text: string, start = 1) =>
      `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
    const numbering =
      `<w:abstractNum w:abstractNumId="0">${level(0, "decimal", "Article %1.")}${level(1, "lowerLetter", "(%2)")}</w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="1">${level(0, "decimal", "%1.", 5)}</w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="2">${level(0, "decimal", "%1.")}</w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>` +
      `<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>`;
    const body = [
      paragraph("Scope", { list: { id: 1, level: 0 } }),
      paragraph("Berths", { list: { id: 1, level: 1 } }),
      paragraph("Moorings", { list: { id: 1, level: 1 } }),
      paragraph("Fees", { list: { id: 1, level: 0 } }),
      paragraph("Inspect the hull", { list: { id: 2, level: 0 } }),
      paragraph("Refuel", { list: { id: 2, level: 0 } }),
      paragraph("Alpha", { list: { id: 3, level: 0 } }),
      paragraph("Beta", { list: { id: 3, level: 0 } }),
      paragraph("An interruption."),
      paragraph("Gamma", { list: { id: 3, level: 0 } }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "labels.docx" });
    expect(markdown).toBe(
      [
        "- Article 1. Scope\n  - (a) Berths\n  - (b) Moorings\n- Article 2. Fees",
        "5. Inspect the hull\n6. Refuel",
        "1) Alpha\n2) Beta",
        "An interruption.",
        "3. Gamma\n",
      ].join("\n\n"),
    );
  });

  it("numbers a list inside a table cell from its Word number", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="4"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`;
    const steps = paragraph("Drain", { list: { id: 1, level: 0 } }) + paragraph("Refill", { list: { id: 1, level: 0 } });
    const body = `<w:tbl>${row(cell(paragraph("Stage")), cell(paragraph("Steps")))}${row(cell(paragraph("Service")), cell(steps))}</w:tbl>`;
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "cell-list.docx" });
    expect(markdown).toContain("| Service | 4. Drain<br>5. Refill |");
  });

  it("writes a footnote reference and its note", async () => {
    const body =
      `<w:p><w:r><w:t>Water boils at 100 °C</w:t></w:r>` +
      `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="1"/></w:r><w:r><w:t>.</w:t></w:r></w:p>`;
    const footnotes = `<w:footnote w:id="1"><w:p><w:r><w:t>At sea level.</w:t></w:r></w:p></w:footnote>`;
    const { markdown } = await convert(makeDocx({ body, footnotes }), { filename: "notes.docx" });
    expect(markdown).toBe("Water boils at 100 °C[^1].\n\n[^1]: At sea level.\n");
  });

  it("numbers footnotes 1, 2… in the order they are referenced, as Word shows them, whatever their ids", async () => {
    // A note added later to an earlier sentence gets the higher id; pandoc's ids start at 20.
    const reference = (id: number) => `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
    const body = `<w:p><w:r><w:t>Water boils at 100 °C</w:t></w:r>${reference(27)}<w:r><w:t> and freezes at 0 °C</w:t></w:r>${reference(21)}<w:r><w:t>.</w:t></w:r></w:p>`;
    const note = (id: number, text: string) => `<w:footnote w:id="${id}"><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:footnote>`;
    const { markdown } = await convert(makeDocx({ body, footnotes: note(21, "Pure water only.") + note(27, "At sea level.") }), { filename: "notes.docx" });
    expect(markdown).toBe("Water boils at 100 °C[^1] and freezes at 0 °C[^2].\n\n[^1]: At sea level.\n\n[^2]: Pure water only.\n");
  });

  it("keeps bookmarked text as text and writes Quote paragraphs as a block quote", async () => {
    const body =
      `<w:p><w:bookmarkStart w:id="0" w:name="intro"/><w:r><w:t>Introduction</w:t></w:r><w:bookmarkEnd w:id="0"/></w:p>` +
      paragraph("To be or not to be.", { style: "Quote" }) +
      paragraph("That is the question.", { style: "Quote" });
    const { markdown } = await convert(makeDocx({ body }), { filename: "quote.docx" });
    expect(markdown).toBe("Introduction\n\n> To be or not to be.\n>\n> That is the question.\n");
  });

  it("reads an HTML alt-chunk where it stands, as Word imports it, without its scripts or pictures' paths", async () => {
    const chunk = `<html><head><title>chunk</title><script>alert("x")</script></head><body><h2>Imported notice</h2><p>Cranes stop at <b>wind force 7</b>.</p><img src="crane.png" alt="Crane"><ul><li>Secure the load</li></ul></body></html>`;
    const document = makeDocx({
      body: paragraph("Before the chunk.") + `<w:altChunk r:id="rChunk"/>` + paragraph("After the chunk."),
      relationships: `<Relationship Id="rChunk" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk" Target="chunk.htm"/>`,
      parts: { "word/chunk.htm": chunk },
    });
    const { markdown, warnings } = await convert(document, { filename: "rules.docx" });
    expect(markdown).toBe("Before the chunk.\n\n## Imported notice\n\nCranes stop at **wind force 7**.\n\nCrane\n\n- Secure the load\n\nAfter the chunk.\n");
    expect(warnings.join(" ")).not.toContain("altChunk");
  });

  it("reads an RTF alt-chunk where it stands, as Word imports it (the Open XML SDK's way of embedding RTF)", async () => {
    const chunk = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0 Times;}}{\stylesheet{\s1 heading 2;}}
{\pard\s1\outlinelevel1 Imported tariff\par}
\pard\plain Berths cost {\b forty pounds} a day.\par
\trowd\cellx2000\cellx4000\pard\intbl Berth\cell Fee\cell\row
\trowd\cellx2000\cellx4000\pard\intbl B4\cell 40\cell\row
}`;
    const document = makeDocx({
      body: paragraph("Before the chunk.") + `<w:altChunk r:id="rChunk"/>` + paragraph("After the chunk."),
      relationships: `<Relationship Id="rChunk" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk" Target="afchunk.rtf"/>`,
      parts: { "word/afchunk.rtf": chunk },
    });
    const { markdown, warnings } = await convert(document, { filename: "tariff.docx" });
    expect(markdown).toBe(
      "Before the chunk.\n\n## Imported tariff\n\nBerths cost **forty pounds** a day.\n\n| Berth | Fee |\n| ----- | --- |\n| B4    | 40  |\n\nAfter the chunk.\n",
    );
    expect(warnings.join(" ")).not.toContain("altChunk");
  });

  it("leaves out the table of contents (Word's content control), unless onlyMainContent is off", async () => {
    const entry = (text: string) =>
      `<w:p><w:pPr><w:pStyle w:val="TOC1"/></w:pPr><w:hyperlink w:anchor="_Toc1"><w:r><w:t>${text}</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>1</w:t></w:r></w:hyperlink></w:p>`;
    const toc = `<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>${paragraph("Contents")}${entry("Arrival")}${entry("Anchorage")}</w:sdtContent></w:sdt>`;
    const document = makeDocx({ body: toc + paragraph("Arrival", { style: "Heading2" }) + paragraph("Ships wait outside.") });
    expect((await convert(document, { filename: "guide.docx" })).markdown).toBe("## Arrival\n\nShips wait outside.\n");
    expect((await convert(document, { filename: "guide.docx", onlyMainContent: false })).markdown).toContain("Anchorage 1");
  });

  it("leaves out a table of contents written as a bare TOC field, its entries' PAGEREF fields inside it", async () => {
    const field = (instruction: string, result: string) =>
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const entry = (text: string, page: string) => `${run(text)}<w:r><w:tab/></w:r>${field("PAGEREF _Toc1 \\h", run(page))}`;
    const body = [
      paragraph("Contents"),
      `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${entry("Arrival", "2")}</w:p>`,
      `<w:p>${entry("Anchorage", "3")}</w:p>`,
      `<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`,
      paragraph("Arrival", { style: "Heading2" }),
      paragraph(`${run("Ships wait, see page ")}${field("PAGEREF _Toc1 \\h", run("3"))}${run(".")}`),
    ].join("");
    const document = makeDocx({ body });
    expect((await convert(document, { filename: "guide.docx" })).markdown).toBe("Contents\n\n## Arrival\n\nShips wait, see page 3.\n");
    expect((await convert(document, { filename: "guide.docx", onlyMainContent: false })).markdown).toContain("Anchorage 3");
  });

  it("writes a picture's alt text once where the caption under it repeats it (pandoc's figures)", async () => {
    const picture = (alt: string) =>
      `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1" descr="${alt}"/>` +
      `<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<pic:nvPicPr><pic:cNvPr id="0" name="map.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rImage"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
    const document = makeDocx({
      body: picture("Figure 1: The inner harbour.") + paragraph("Figure 1: The inner harbour.") + picture("A crane") + paragraph("Cranes stop at force 7."),
      relationships: `<Relationship Id="rImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/map.png"/>`,
      parts: { "word/media/map.png": "not read" },
    });
    const { markdown } = await convert(document, { filename: "figures.docx" });
    expect(markdown).toBe("Figure 1: The inner harbour.\n\nA crane\n\nCranes stop at force 7.\n");
  });

  it("does not warn of text lost for editing-permission marks, which hold none", async () => {
    const body = `<w:p><w:permStart w:id="1" w:edGrp="everyone"/>${run("Editable region.")}<w:permEnd w:id="1"/></w:p>`;
    const { markdown, warnings } = await convert(makeDocx({ body }), { filename: "permissions.docx" });
    expect(markdown).toBe("Editable region.\n");
    expect(warnings.join(" ")).not.toContain("skipped");
  });

  it("keeps the alt text of a VML picture (Word 2003's pictures) in its paragraph, falling back on its title", async () => {
    const picture = (attributes: string, title: string) =>
      `<w:r><w:pict xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"><v:shape id="p" type="#_x0000_t75" style="width:30pt;height:30pt"${attributes}>` +
      `<v:imagedata r:id="rImage" o:title="${title}"/></v:shape></w:pict></w:r>`;
    const document = makeDocx({
      body: `<w:p>${run("The old quay: ")}${picture(` alt="Quay in 1900"`, "quay.png")}</w:p><w:p>${run("The crane: ")}${picture("", "Steam crane")}</w:p>`,
      relationships: `<Relationship Id="rImage" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/quay.png"/>`,
      parts: { "word/media/quay.png": "not read" },
    });
    const { markdown } = await convert(document, { filename: "vml.docx" });
    expect(markdown).toBe("The old quay: Quay in 1900\n\nThe crane: Steam crane\n");
  });

  it("writes a HYPERLINK field whose text changes formatting as one link", async () => {
    const field = `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://port.example.org/map" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>`;
    const body = `<w:p>${run("See the ")}${field}${run("harbour ")}${run("map", "<w:b/>")}<w:r><w:fldChar w:fldCharType="end"/></w:r>${run(".")}</w:p>`;
    const { markdown } = await convert(makeDocx({ body }), { filename: "map.docx" });
    expect(markdown).toBe("See the [harbour **map**](https://port.example.org/map).\n");
  });

  it("writes a paragraph of a list level that shows no marker (pandoc's second paragraph of an item) as a paragraph, not a bullet", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>` +
      `<w:abstractNum w:abstractNumId="2"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val=" "/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="2"/></w:num>`;
    const body = paragraph("Record the draught", { list: { id: 1, level: 0 } }) + paragraph("In metres, at the bow.", { list: { id: 2, level: 0 } });
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "draught.docx" });
    expect(markdown).toBe("1. Record the draught\n\nIn metres, at the bow.\n");
  });

  it("takes title, author, description and language from the document properties", async () => {
    const document = makeDocx({
      body: paragraph("Quarterly report", { style: "Title" }) + paragraph("Results", { style: "Heading2" }),
      coreProperties: "<dc:title>Q3 Report</dc:title><dc:creator>Finance &amp; Ops</dc:creator><dc:description>Numbers for Q3</dc:description>",
    });
    const { markdown, metadata } = await convert(document, { filename: "report.docx" });
    expect(markdown).toBe("# Quarterly report\n\n## Results\n");
    expect(metadata).toMatchObject({ title: "Q3 Report", author: "Finance & Ops", description: "Numbers for Q3", language: "de-DE" });
  });
});

describe("DOCX converter on styles Word shows as headings, numbers and capitals", () => {
  it("writes paragraphs in styles based on a heading, localized heading styles and outline levels as headings", async () => {
    const styles = [
      paragraphStyle("AppendixHeading", "Appendix Heading", `<w:basedOn w:val="Heading2"/>`),
      paragraphStyle("Heading1", "Überschrift 1"),
      paragraphStyle("Titre3", "Titre 3"),
      paragraphStyle("heading4", "Custom 4"),
      paragraphStyle("TOCHeading", "TOC Heading", `<w:basedOn w:val="Heading1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr>`),
      paragraphStyle("Chapter", "Chapter", `<w:pPr><w:outlineLvl w:val="0"/></w:pPr>`),
      paragraphStyle("ChapterBody", "Chapter Body", `<w:basedOn w:val="Chapter"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr>`),
    ].join("");
    const body = [
      paragraph("Contents", { style: "TOCHeading" }),
      paragraph("Einleitung", { style: "Heading1" }),
      paragraph("Références", { style: "Titre3" }),
      paragraph("Data sources", { style: "AppendixHeading" }),
      paragraph("Deep", { style: "heading4" }),
      paragraph("Results", { style: "Chapter" }),
      paragraph("Body text based on a chapter", { style: "ChapterBody" }),
      paragraph("Set by the paragraph", { properties: `<w:outlineLvl w:val="2"/>` }),
      paragraph("Plain text"),
    ].join("");
    const { markdown, warnings } = await convert(makeDocx({ body, styles }), { filename: "styles.docx" });
    expect(warnings).toEqual([]);
    expect(markdown).toBe(
      "# Contents\n\n# Einleitung\n\n### Références\n\n## Data sources\n\n#### Deep\n\n# Results\n\n" +
        "Body text based on a chapter\n\n### Set by the paragraph\n\nPlain text\n",
    );
  });

  it("writes the numbers of numbered headings as Word counts them, not as a list", async () => {
    // Outline numbering as Word's "1 / 1.1 / 1.1.1" list gives it: levels linked to the heading
    // styles, the second level in upper-case letters after its parent's number.
    const numbering =
      `<w:abstractNum w:abstractNumId="7">` +
      `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/><w:lvlText w:val="%1."/></w:lvl>` +
      `<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading2"/><w:lvlText w:val="%1.%2"/></w:lvl>` +
      `<w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1.%2.%3)"/></w:lvl>` +
      `</w:abstractNum><w:num w:numId="3"><w:abstractNumId w:val="7"/></w:num>` +
      `<w:num w:numId="4"><w:abstractNumId w:val="7"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="5"/></w:lvlOverride></w:num>`;
    const styles =
      paragraphStyle("Heading1", "heading 1", `<w:pPr><w:numPr><w:numId w:val="3"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr>`) +
      paragraphStyle("References", "References", `<w:basedOn w:val="Heading1"/>`);
    const body = [
      paragraph("Introduction", { style: "Heading1" }),
      paragraph("Scope", { style: "Heading2", list: { id: 3, level: 1 } }),
      paragraph("Terms", { style: "Heading2", list: { id: 3, level: 1 } }),
      paragraph("Abbreviations", { style: "Heading2", list: { id: 3, level: 2 } }),
      paragraph("Method", { style: "Heading1" }),
      paragraph("Sampling", { style: "Heading2", list: { id: 3, level: 1 } }),
      paragraph("REFERENCES", { style: "References" }),
      paragraph("Annex", { style: "Heading1", list: { id: 4, level: 0 } }),
      paragraph("Not numbered", { style: "Heading1", list: { id: 0, level: 0 } }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, styles, numbering }), { filename: "numbered.docx" });
    expect(markdown).toBe(
      "# 1. Introduction\n\n## 1.1 Scope\n\n## 1.2 Terms\n\n## 1.2.A) Abbreviations\n\n# 2. Method\n\n## 2.1 Sampling\n\n" +
        "# 3. REFERENCES\n\n# 5. Annex\n\n# Not numbered\n",
    );
  });

  it("counts a numbered heading in a text box once, as mammoth shows it once", async () => {
    const numbering =
      `<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum>` +
      `<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>`;
    const heading = (text: string) => paragraph(text, { style: "Heading2", list: { id: 1, level: 0 } });
    // A DrawingML text box (mc:Choice) and its VML copy (mc:Fallback), as Word writes both.
    const textBox = (content: string) =>
      `<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">` +
      `<mc:Choice Requires="wps"><w:drawing><w:txbxContent>${content}</w:txbxContent></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><w:txbxContent>${content}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    const body = heading("Before") + textBox(heading("Boxed")) + heading("After");
    const { markdown } = await convert(makeDocx({ body, numbering }), { filename: "boxed.docx" });
    expect(markdown).toBe("## 1. Before\n\n## 2. Boxed\n\n## 3. After\n");
  });

  it("keeps the text of a DrawingML text box written without a VML copy", async () => {
    // Word writes a text box twice (mc:Choice and a VML mc:Fallback); other writers write only the
    // DrawingML shape, bare in w:drawing or in an mc:Choice with no fallback. mammoth reads neither.
    const WPS = 'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"';
    const shape = (text: string) =>
      `<w:drawing ${WPS}><wp:anchor><wp:extent cx="2000000" cy="600000"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">` +
      `<wps:wsp><wps:spPr/><wps:txbx><w:txbxContent>${paragraph(text)}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
    const body = [
      paragraph("Before the boxes."),
      `<w:p><w:r>${shape("A bare box says hello.")}</w:r></w:p>`,
      `<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="wps">${shape("A box with no fallback.")}</mc:Choice></mc:AlternateContent></w:r></w:p>`,
      paragraph("After the boxes."),
    ].join("");
    const { markdown } = await convert(makeDocx({ body }), { filename: "boxes.docx" });
    expect(markdown).toBe("Before the boxes.\n\nA bare box says hello.\n\nA box with no fallback.\n\nAfter the boxes.\n");
  });

  it("keeps the text boxes of a group drawn without a VML copy in their order", async () => {
    const WPG = 'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:wpg="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup"';
    const box = (text: string) => `<wps:wsp><wps:spPr/><wps:txbx><w:txbxContent>${paragraph(text)}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>`;
    const group =
      `<w:drawing ${WPG}><wp:anchor><wp:extent cx="4000000" cy="600000"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup">` +
      `<wpg:wgp><wpg:grpSpPr/>${box("North gate")}${box("South gate")}${box("East gate")}</wpg:wgp></a:graphicData></a:graphic></wp:anchor></w:drawing>`;
    const body = paragraph("Gates:") + `<w:p><w:r>${group}</w:r></w:p>`;
    const { markdown } = await convert(makeDocx({ body }), { filename: "group.docx" });
    expect(markdown).toBe("Gates:\n\nNorth gate\n\nSouth gate\n\nEast gate\n");
  });

  it("shows text typed in a symbol font as the characters Word shows", async () => {
    const symbol = `<w:rFonts w:ascii="Symbol" w:hAnsi="Symbol"/>`;
    const body = [
      paragraph(run("The angle ") + run("a", symbol) + run(" is at most ") + run("\uF070", symbol) + run("/2.")),
      paragraph(run("\uF0FC", `<w:rFonts w:ascii="Wingdings" w:hAnsi="Wingdings"/>`) + run(" Approved")),
    ].join("");
    const { markdown } = await convert(makeDocx({ body }), { filename: "symbols.docx" });
    expect(markdown).toBe("The angle α is at most π/2.\n\n✓ Approved\n");
  });

  it("writes text in all caps or small caps in capitals, set on the run or by a style", async () => {
    const styles =
      paragraphStyle("Shout", "Shout", `<w:rPr><w:caps/></w:rPr>`) +
      `<w:style w:type="character" w:styleId="Acronym"><w:name w:val="Acronym"/><w:rPr><w:smallCaps/></w:rPr></w:style>`;
    const body = [
      paragraph(run("It was ") + run("capitalized", "<w:caps/>") + run(".")),
      paragraph(run("Small ") + run("caps & co", "<w:smallCaps/>") + run(" and ") + run("nasa", `<w:rStyle w:val="Acronym"/>`)),
      paragraph(run("Loud ") + run("but not this", `<w:caps w:val="0"/>`), { style: "Shout" }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, styles }), { filename: "caps.docx" });
    expect(markdown).toBe("It was CAPITALIZED.\n\nSmall CAPS & CO and NASA\n\nLOUD but not this\n");
  });

  it("writes a soft hyphen as nothing and a non-breaking hyphen as \"-\", as Word shows them mid-line", async () => {
    const body = paragraph(run("well") + "<w:r><w:noBreakHyphen/></w:r>" + run("known co") + "<w:r><w:softHyphen/></w:r>" + run("operation"));
    const { markdown } = await convert(makeDocx({ body }), { filename: "hyphens.docx" });
    expect(markdown).toBe("well-known cooperation\n");
  });

  it("shows the text of simple fields, right-to-left wrappers and rubies, which mammoth skips", async () => {
    const body = [
      paragraph(run("Author: ") + `<w:fldSimple w:instr=" AUTHOR \\* MERGEFORMAT "><w:r><w:t>Ingrid Berg</w:t></w:r></w:fldSimple>`),
      `<w:p><w:fldSimple w:instr=' HYPERLINK "https://example.org/tides" '><w:r><w:t>tide tables</w:t></w:r></w:fldSimple></w:p>`,
      `<w:p><w:dir w:val="rtl">${run("שלום")}</w:dir>${run(" greeting")}</w:p>`,
      paragraph(run("City ") + `<w:r><w:ruby><w:rt><w:r><w:t>とうきょう</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>東京</w:t></w:r></w:rubyBase></w:ruby></w:r>`),
    ].join("");
    const { markdown, warnings } = await convert(makeDocx({ body }), { filename: "fields.docx" });
    expect(markdown).toBe("Author: Ingrid Berg\n\n[tide tables](https://example.org/tides)\n\nשלום greeting\n\nCity 東京\n");
    expect(warnings).toEqual([]);
  });

  it("leaves out hidden text, as Word does not show it, but keeps a paragraph whose mark alone is hidden", async () => {
    const body = [
      paragraph(run("Hidden note ", "<w:vanish/>") + run("visible words") + run(" shown again", `<w:vanish w:val="0"/>`)),
      `<w:p><w:pPr><w:rPr><w:vanish/></w:rPr></w:pPr>${run("Joined paragraph.")}</w:p>`,
    ].join("");
    const { markdown } = await convert(makeDocx({ body }), { filename: "hidden.docx" });
    expect(markdown).toBe("visible words shown again\n\nJoined paragraph.\n");
  });
});

describe("DOCX converter on what Word shows of breaks, hidden styles, fields and list formats", () => {
  it("keeps the words either side of a positional tab, a carriage return, a column and a page break apart", async () => {
    const body = [
      paragraph(run("Quay report") + `<w:r><w:ptab w:relativeTo="margin" w:alignment="right" w:leader="none"/></w:r>` + run("Issue 4")),
      `<w:p><w:r><w:t>Upper line</w:t><w:cr/><w:t>Lower line</w:t></w:r></w:p>`,
      `<w:p><w:r><w:t>Left column</w:t><w:br w:type="column"/><w:t>Right column</w:t></w:r></w:p>`,
      `<w:p><w:r><w:t>End of a page.</w:t><w:br w:type="page"/><w:t>Top of the next.</w:t></w:r></w:p>`,
      `<w:p><w:r><w:br w:type="page"/><w:t>A paragraph that starts a page.</w:t></w:r></w:p>`,
    ].join("");
    const { markdown, warnings } = await convert(makeDocx({ body }), { filename: "breaks.docx" });
    expect(markdown).toBe(
      "Quay report Issue 4\n\nUpper line\\\nLower line\n\nLeft column\\\nRight column\n\nEnd of a page.\\\nTop of the next.\n\nA paragraph that starts a page.\n",
    );
    expect(warnings).toEqual([]);
  });

  it("leaves out text a character or paragraph style hides, unless a style based on it or the run shows it again", async () => {
    const styles = [
      `<w:style w:type="character" w:styleId="Secret"><w:name w:val="Secret"/><w:rPr><w:vanish/></w:rPr></w:style>`,
      paragraphStyle("EditorNote", "Editor Note", `<w:rPr><w:vanish/></w:rPr>`),
      paragraphStyle("ShownNote", "Shown Note", `<w:basedOn w:val="EditorNote"/><w:rPr><w:vanish w:val="0"/></w:rPr>`),
    ].join("");
    const body = [
      paragraph(run("Work resumes ") + run("pending a vote ", `<w:rStyle w:val="Secret"/>`) + run("on Monday.")),
      paragraph("Reminder for the editor only", { style: "EditorNote" }),
      paragraph(run("Hidden by its style ") + run("but shown by the run.", `<w:vanish w:val="0"/>`), { style: "EditorNote" }),
      paragraph("A note readers see", { style: "ShownNote" }),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, styles }), { filename: "hidden-styles.docx" });
    expect(markdown).toBe("Work resumes on Monday.\n\nbut shown by the run.\n\nA note readers see\n");
  });

  it("links a HYPERLINK field with switches to its address, shows only the outer result of nested fields and a drop-down's chosen entry", async () => {
    const field = (instruction: string, result: string, begin = `<w:fldChar w:fldCharType="begin"/>`) =>
      `<w:r>${begin}</w:r><w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
      `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const dropDown =
      `<w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="Cargo"/><w:ddList><w:result w:val="2"/>` +
      `<w:listEntry w:val="Bulk"/><w:listEntry w:val="Container"/><w:listEntry w:val="Tanker"/></w:ddList></w:ffData></w:fldChar>`;
    const ifField =
      `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> IF </w:instrText></w:r>` +
      field("MERGEFIELD Tonnage", run("5000")) +
      `<w:r><w:instrText xml:space="preserve"> &gt; 1000 "Large" "Small" </w:instrText></w:r>` +
      `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${run("Large")}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
    const body = [
      paragraph(run("See the ") + field(`HYPERLINK "https://example.org/tides" \\o "Tide tables" \\t "_blank"`, run("tide tables")) + run(".")),
      paragraph(run("Status: ") + ifField),
      paragraph(run("Cargo: ") + field("FORMDROPDOWN", "", dropDown) + run(" declared")),
    ].join("");
    const { markdown } = await convert(makeDocx({ body }), { filename: "fields.docx" });
    expect(markdown).toBe("See the [tide tables](https://example.org/tides).\n\nStatus: Large\n\nCargo: Tanker declared\n");
  });

  it("writes a note reference with a custom mark (w:customMarkFollows) as the reference alone, not also the mark", async () => {
    const footnotes = `<w:footnote w:id="1"><w:p><w:r><w:t>Commercial vessels only.</w:t></w:r></w:p></w:footnote>`;
    const body = paragraph(run("The levy applies") + `<w:r><w:footnoteReference w:customMarkFollows="1" w:id="1"/><w:t>*</w:t></w:r>` + run(" to all vessels."));
    const { markdown } = await convert(makeDocx({ body, footnotes }), { filename: "custom-mark.docx" });
    expect(markdown).toBe("The levy applies[^1] to all vessels.\n\n[^1]: Commercial vessels only.\n");
  });

  it("takes a paragraph out of its style's list with w:numId 0, and writes ordinal and word list formats in English", async () => {
    const level = (format: string, text: string, style = "") =>
      `<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${format}"/>${style}<w:lvlText w:val="${text}"/><w:suff w:val="space"/></w:lvl>`;
    const numbering = [
      `<w:abstractNum w:abstractNumId="1">${level("decimal", "Clause %1.", `<w:pStyle w:val="Clause"/>`)}</w:abstractNum>`,
      `<w:abstractNum w:abstractNumId="2">${level("ordinal", "%1")}</w:abstractNum>`,
      `<w:abstractNum w:abstractNumId="3">${level("cardinalText", "Part %1:")}</w:abstractNum>`,
      `<w:abstractNum w:abstractNumId="4">${level("ordinalText", "%1 stage")}</w:abstractNum>`,
      ...[1, 2, 3, 4].map((id) => `<w:num w:numId="${id}"><w:abstractNumId w:val="${id}"/></w:num>`),
    ].join("");
    const styles = paragraphStyle("Clause", "Clause", `<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr>`);
    const body = [
      paragraph("Scope", { style: "Clause" }),
      paragraph("An unnumbered note", { style: "Clause", properties: `<w:numPr><w:numId w:val="0"/></w:numPr>` }),
      paragraph("Fees", { style: "Clause" }),
      ...["Arrive", "Berth", "Sail"].map((text) => paragraph(text, { list: { id: 2, level: 0 } })),
      ...Array.from({ length: 21 }, (_, index) => paragraph(`Topic ${index + 1}`, { list: { id: 3, level: 0 } })),
      ...["Survey", "Repair", "Trial"].map((text) => paragraph(text, { list: { id: 4, level: 0 } })),
    ].join("");
    const { markdown } = await convert(makeDocx({ body, numbering, styles }), { filename: "list-formats.docx" });
    expect(lines(markdown)).toEqual(expect.arrayContaining([
      "- Clause 1. Scope", "An unnumbered note", "- Clause 2. Fees", "- 1st Arrive", "- 2nd Berth", "- 3rd Sail",
      "- Part One: Topic 1", "- Part Twelve: Topic 12", "- Part Twenty-one: Topic 21", "- First stage Survey", "- Second stage Repair", "- Third stage Trial",
    ]));
  });
});

describe("DOCX converter errors", () => {
  it("rejects a DOCX whose text is not well-formed XML in one line, naming it", async () => {
    // Capitals make the converter read the document's XML itself before mammoth does.
    const broken = makeDocx({ body: `<w:p><w:r><w:rPr><w:caps/></w:rPr><w:t>cut off` });
    await expect(convert(broken, { filename: "broken.docx" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: expect.stringMatching(/^broken\.docx could not be read as DOCX [^\n]+$/),
    });
  });

  it("keeps a reader's error of several lines to one short line", async () => {
    // mammoth's XML parser reports a second root element over two lines, the second a position.
    const twoRoots = docxWith(`<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document><w:document/>`);
    await expect(convert(twoRoots, { filename: "two-roots.docx" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "two-roots.docx could not be read as DOCX (error: element parse error: Error: Hierarchy request error: Only one element can be added and only after doctype); check that it is not corrupt, truncated or password-protected.",
    });
  });

  it("rejects a 0-byte file as unreadable, naming it", async () => {
    await expect(convertCorpus("mal_zero_bytes.docx")).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: expect.stringContaining("mal_zero_bytes.docx"),
    });
  });

  it("rejects a truncated DOCX as unreadable, naming it", async () => {
    const truncated = corpusFile("md_test.docx").subarray(0, 4096);
    await expect(convert(truncated, { filename: "cut.docx" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: expect.stringContaining("cut.docx"),
    });
  });

  it("rejects a ZIP bomb before mammoth inflates it", async () => {
    // 64 MiB of zeros deflates to about 64 KiB.
    const bomb = zipSync({
      "[Content_Types].xml": new TextEncoder().encode("<Types/>"),
      "word/document.xml": new Uint8Array(64 * 1024 * 1024),
    });
    await expect(convert(bomb, { filename: "bomb.docx" })).rejects.toMatchObject({
      code: "DOCUMENT_TOO_LARGE",
      message: expect.stringContaining("bomb.docx"),
    });
  });
});
