import { describe, expect, it } from "vitest";
import { convertNamed, corpusFile } from "./helpers.js";

const PAGE_URL = "https://news.example.org/2026/03/bridge.html";

describe("HTML documents", () => {
  it("keep the article and drop navigation, sidebars, page header and footer, scripts and styles", async () => {
    const { markdown, metadata } = await convertNamed(corpusFile("hand_news-article.html"), "bridge.html", { url: PAGE_URL });
    expect(markdown).toMatch(/^# Harbour Bridge Reopens After Repairs\n/);
    expect(markdown).toContain("- A wider footpath on the seaward side\n  - Lit at night by low lamps");
    expect(markdown).toContain("| March 2026   | 21,050           |");
    for (const chrome of ["Weather", "Most read", "Subscribe", "All rights reserved", "TRACKING-SCRIPT-TEXT", "font-family", "Enable JavaScript"]) {
      expect(markdown).not.toContain(chrome);
    }
    expect(metadata).toMatchObject({ title: "Harbour Bridge Reopens After Repairs | Coastal Gazette", language: "en", author: "Rowan Tidewell", format: "html" });
  });

  it("say so when a page gives no text, as one cut off in its navigation does", async () => {
    const cutOff = `<html><head><title>Bridge</title></head><body><header><nav><ul><li><a href="/news/">News</a></li><li><a href="/sport/"`;
    const { markdown, warnings } = await convertNamed(cutOff, "bridge.html");
    expect(markdown.trim()).toBe("");
    expect(warnings).toEqual(["bridge.html has no text to convert; check that it is complete and not blank."]);
  });

  it("make links absolute against the document's URL and drop javascript: links", async () => {
    const { markdown } = await convertNamed(corpusFile("hand_news-article.html"), "bridge.html", { url: PAGE_URL });
    expect(markdown).toContain("[full inspection report](https://news.example.org/2026/reports/bridge-inspection.pdf)");
    expect(markdown).not.toMatch(/javascript:|alert|onclick/);
    expect(markdown).toContain("Print this");
  });

  it("resolve links against <base href>, and leave a local file's links relative", async () => {
    const page = `<html><head><base href="/docs/v2/"></head><body><p><a href="intro.html">Intro</a></p></body></html>`;
    expect((await convertNamed(page, "page.html", { url: "https://example.org/start" })).markdown).toContain("[Intro](https://example.org/docs/v2/intro.html)");
    expect((await convertNamed(page, "page.html")).markdown).toContain("[Intro](intro.html)");
  });

  it("keep the page chrome (but never scripts) when onlyMainContent is off", async () => {
    const { markdown } = await convertNamed(corpusFile("hand_news-article.html"), "bridge.html", { onlyMainContent: false });
    expect(markdown).toContain("Most read");
    expect(markdown).not.toContain("TRACKING-SCRIPT-TEXT");
  });

  it("write MathML as $…$ math from its LaTeX annotation, else as its text", async () => {
    const inline = `<math display="inline"><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation></semantics></math>`;
    const block = `<math display="block"><semantics><mfrac><mn>1</mn><mn>2</mn></mfrac><annotation encoding="application/x-tex">\\frac{1}{2}</annotation></semantics></math>`;
    const bare = `<math><mi>a</mi><mo>+</mo><mi>b</mi></math>`;
    const { markdown } = await convertNamed(`<html><body><p>Einstein wrote ${inline} in 1905.</p><p>${block}</p><p>Sum: ${bare}.</p></body></html>`, "energy.html");
    expect(markdown).toContain("Einstein wrote $E = mc^2$ in 1905.");
    expect(markdown).toContain("$$\n\\frac{1}{2}\n$$");
    expect(markdown).toContain("Sum: a+b.");
  });

  it("turn the <a name> notes of Word's \"Save as Web Page\" and LibreOffice's HTML export into GFM footnotes", async () => {
    const word = `<html><body><div class=WordSection1><p class=MsoNormal>Fees apply.<a style='mso-footnote-id:ftn1' href="#_ftn1" name="_ftnref1" title=""><span class=MsoFootnoteReference>[1]</span></a></p></div>
      <div style='mso-element:footnote-list'><hr align=left size=1 width="33%"><div style='mso-element:footnote' id=ftn1>
      <p class=MsoFootnoteText><a style='mso-footnote-id:ftn1' href="#_ftnref1" name="_ftn1" title=""><span class=MsoFootnoteReference>[1]</span></a> Doubled on Sundays.</p></div></div></body></html>`;
    const wordMarkdown = (await convertNamed(word, "fees.htm")).markdown;
    expect(wordMarkdown).toContain("Fees apply.[^1]");
    expect(wordMarkdown).toContain("[^1]: Doubled on Sundays.");
    expect(wordMarkdown).not.toContain("---");
    const libreOffice = `<html><body><p>Open on weekdays.<a class="sdfootnoteanc" name="sdfootnote1anc" href="#sdfootnote1sym"><sup>1</sup></a> See the board.</p>
      <div id="sdfootnote1"><p class="sdfootnote"><a class="sdfootnotesym" name="sdfootnote1sym" href="#sdfootnote1anc">1</a> Closed on holidays.</p></div></body></html>`;
    const libreOfficeMarkdown = (await convertNamed(libreOffice, "notice.html")).markdown;
    expect(libreOfficeMarkdown).toContain("Open on weekdays.[^1] See the board.");
    expect(libreOfficeMarkdown).toContain("[^1]: Closed on holidays.");
  });

  it("write a table's caption as a paragraph before it, not inside its first cell", async () => {
    const table = "<table><caption>Tides at Dover</caption><thead><tr><th>Time</th><th>Height</th></tr></thead><tbody><tr><td>06:12</td><td>6.1</td></tr></tbody></table>";
    const { markdown } = await convertNamed(`<html><body><p>Before.</p>${table}</body></html>`, "tides.html");
    expect(markdown).toContain("Tides at Dover\n\n| Time  | Height |");
  });

  it("read the page's declared charset", async () => {
    const page = Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"></head><body><p>Caf'), Buffer.from([0xe9]), Buffer.from(" cr\x8bme</p></body></html>", "latin1")]);
    expect((await convertNamed(new Uint8Array(page), "cafe.html")).markdown).toBe("Café cr‹me\n");
  });

  it("turn pandoc's endnotes into GFM footnotes", async () => {
    const { markdown } = await convertNamed(corpusFile("gen_field-report.pandoc.html"), "report.html");
    expect(markdown).toContain("summer of 2026.[^1]");
    expect(markdown).toContain("[^1]: Fieldwork ran from June to August.");
    expect(markdown).not.toContain("↩");
  });

  it("are recognised without a name, from the bytes", async () => {
    const { metadata } = await convertNamed("<!DOCTYPE html><title>T</title><p>Hello</p>", "download");
    expect(metadata.format).toBe("html");
  });

  it("read XHTML's self-closed elements as XHTML means them", async () => {
    const page = `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title/><script src="a.js"/></head><body><h1>Tides<a id="t"/></h1><p><a name="p1"/>High water at noon.<br/>Low at six.</p><div class="gap"/><p>After the gap.</p></body></html>`;
    expect((await convertNamed(page, "tides.xhtml")).markdown).toBe("# Tides\n\nHigh water at noon.\\\nLow at six.\n\nAfter the gap.\n");
  });

  it("turn the list paragraphs of Word's \"Save as Web Page\" into nested lists", async () => {
    const label = (text: string) => `<![if !supportLists]><span style='mso-list:Ignore'>${text}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]>`;
    const page = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"></head>
<body lang=EN-GB><div class=WordSection1>
<p class=MsoNormal>Packing list:</p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l0 level1 lfo1'>${label("·")}Tent</p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:1.0in;mso-list:l0 level2 lfo1'>${label("o")}Pegs</p>
<p class=MsoListParagraphCxSpLast style='text-indent:-.25in;mso-list:l0 level1 lfo1'>${label("·")}Stove</p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-.25in;mso-list:l1 level1 lfo2'>${label("1.")}Pitch the tent</p>
<p class=MsoListParagraphCxSpLast style='text-indent:-.25in;mso-list:l1 level1 lfo2'>${label("2.")}Light the stove</p>
</div></body></html>`;
    expect((await convertNamed(page, "packing.htm")).markdown).toBe(
      "Packing list:\n\n- Tent\n  - Pegs\n- Stove\n\n1. Pitch the tent\n2. Light the stove\n",
    );
  });

  it("read a short mark and a block that link to each other as a footnote, but not a table of contents", async () => {
    const page = `<html><body><nav><a id="toc-1" href="#s1">1</a></nav>
<h2 id="s1"><a href="#toc-1">Tides</a></h2><p>High water at noon.<a id="r1" href="#n1">[1]</a></p>
<p id="n1"><a href="#r1">[1]</a> Times are local.</p></body></html>`;
    expect((await convertNamed(page, "tides.html", { onlyMainContent: false })).markdown).toBe(
      "1\n\n## Tides\n\nHigh water at noon.[^1]\n\n[^1]: Times are local.\n",
    );
  });

  it("write raised and lowered text as its plain characters, as text extraction reads it, and a note's mark as it is", async () => {
    const page = "<html><body><p>Area 4 m<sup>2</sup>, H<sub>2</sub>O, 10<sup>-3</sup> bar, the 1<sup>st</sup> of May, e<sup>iπ</sup>, x<sub>ij</sub>, as cited<sup>[4]</sup>.</p></body></html>";
    expect((await convertNamed(page, "units.html")).markdown).toBe("Area 4 m2, H2O, 10-3 bar, the 1st of May, eiπ, xij, as cited\\[4].\n");
  });

  it("write a definition list as bold terms, each followed by its definitions, not as bullet items", async () => {
    const page = "<html><body><dl><dt>Berth</dt><dd>A place to moor.</dd><div><dt>Quay</dt><dd><p>A stone platform.</p><p>Built in 1850.</p></dd></div></dl></body></html>";
    expect((await convertNamed(page, "glossary.html")).markdown).toBe(
      "**Berth**\n\nA place to moor.\n\n**Quay**\n\nA stone platform.\n\nBuilt in 1850.\n",
    );
  });

  it("nest a list written straight inside a list (LibreOffice's export) under the item before it, or in its place when none is", async () => {
    const page = `<html><body><ul><li>Tent</li><ul><li>Pegs</li><li>Poles</li></ul><li>Stove</li></ul><ol><ol><li>Deep first</li></ol><li>Then top</li></ol>
<p>Gates:</p><ul><li>Gates</li></ul>\n<ul><ul><li>Gate A</li><li>Gate B</li></ul></ul><ul><li>Offices</li></ul></body></html>`;
    expect((await convertNamed(page, "packing.html")).markdown).toBe(
      "- Tent\n  - Pegs\n  - Poles\n- Stove\n\n1. Deep first\n2. Then top\n\nGates:\n\n- Gates\n  - Gate A\n  - Gate B\n\n* Offices\n",
    );
  });

  it("keep the language a code block names on its <pre> (pandoc's sourceCode, language-x) and the columns' alignment", async () => {
    const pandoc = `<div class="sourceCode" id="cb1"><pre class="sourceCode python"><code class="sourceCode python"><span id="cb1-1"><a href="#cb1-1" aria-hidden="true" tabindex="-1"></a><span class="kw">def</span> f(x):</span></code></pre></div>`;
    const onPre = `<pre class="language-sh"><code>ls -l</code></pre>`;
    const table = `<table><thead><tr><th style="text-align: left;">Port</th><th style="text-align: right;">Fee</th><th style="text-align:center">Open</th></tr></thead><tbody><tr><td style="text-align: left;">Dover</td><td style="text-align: right;">12.50</td><td style="text-align:center">yes</td></tr></tbody></table>`;
    const { markdown } = await convertNamed(`<html><body>${pandoc}${onPre}${table}</body></html>`, "code.html");
    expect(markdown).toContain("```python\ndef f(x):\n```");
    expect(markdown).toContain("```sh\nls -l\n```");
    expect(markdown).toContain("| Port  |   Fee | Open |\n| :---- | ----: | :--: |");
  });

  it("write a figure's caption and a <details> summary on their own lines, not run on after the picture", async () => {
    const page = `<html><body><figure><img src="map.png" alt="Map of the harbour"><figcaption>Figure 1: The inner harbour.</figcaption></figure>
<details><summary>Night arrivals</summary><p>Call channel 16.</p></details><details><summary><h3>Storms</h3></summary><p>Double the lines.</p></details></body></html>`;
    expect((await convertNamed(page, "harbour.html")).markdown).toBe(
      "![Map of the harbour](map.png)\n\nFigure 1: The inner harbour.\n\n**Night arrivals**\n\nCall channel 16.\n\n### Storms\n\nDouble the lines.\n",
    );
  });

  it("show text in a symbol font as the characters it shows, and control characters as nothing (LibreOffice's and Word's exports)", async () => {
    const page = `<!DOCTYPE html><html><head><meta name="generator" content="LibreOffice"><title>Checks</title></head><body><p>Done: <font face="Wingdings, serif">\uf0fc</font> and <span style='font-family:Wingdings'>ü</span>; \u0004North quay\u0005.</p></body></html>`;
    expect((await convertNamed(page, "checks.html")).markdown).toBe("Done: ✓ and ✓; North quay.\n");
  });
});
