import { describe, expect, it } from "vitest";
import { odtWith } from "../hardening/hostile-text-documents.js";
import { convertNamed, corpusFile } from "./helpers.js";

const REPORT_BODY = `# Field Report on Alpine Meadows

The survey covered three valleys in the summer of 2026.[^1] See the [project page](https://example.org/meadows/report) for the raw data.

## Methods

Plots were chosen at random and visited twice.

- Soil samples
  - Moisture content
  - Organic carbon
- Plant counts
  1. Grasses
  2. Sedges
`;

describe("ODT", () => {
  it.each([["gen_field-report.pandoc.odt"], ["gen_field-report.lo.odt"]])("%s: headings, nested lists, links and footnotes as from the DOCX", async (name) => {
    const { markdown, metadata } = await convertNamed(corpusFile(name), name);
    expect(markdown).toContain(REPORT_BODY);
    expect(markdown).toContain("| Greyburn    | 15    | 52      |");
    expect(markdown).toContain("[^2]: Counts exclude mosses and lichens.");
    expect(metadata).toMatchObject({ title: "Field Report on Alpine Meadows", author: "Ada Quill", format: "odt" });
  });

  it("refuses an ODT whose content is not well-formed XML in one plain line, naming the part and the fault", async () => {
    await expect(convertNamed(odtWith(`<text:p>Cut <text:span>off</text:p>`), "broken.odt")).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: 'broken.odt could not be read as ODT (content.xml is not well-formed XML (Opening and ending tag mismatch: "text:span" != "text:p")); check that it is not corrupt, truncated or password-protected.',
    });
  });

  it("leaves out a table of contents, comments and tracked deletions", async () => {
    const body = `<text:table-of-content><text:index-body><text:p>Chapter one 3</text:p></text:index-body></text:table-of-content>
      <text:h text:outline-level="1">Chapter one</text:h><text:p>Kept<office:annotation><text:p>A reviewer's remark</text:p></office:annotation> text.</text:p>
      <text:tracked-changes><text:changed-region><text:deletion><text:p>Deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes>`;
    const bytes = odtWith(body);
    const { markdown } = await convertNamed(bytes, "chapter.odt");
    expect(markdown).toBe("# Chapter one\n\nKept text.\n");
    expect((await convertNamed(bytes, "chapter.odt", { onlyMainContent: false })).markdown).toContain("Chapter one 3");
  });

  it("writes a formula object (MathML, as pandoc and LibreOffice embed one) as LaTeX math, inline or as a block", async () => {
    const mathml = (display: string, inner: string) => `<?xml version="1.0"?><math xmlns="http://www.w3.org/1998/Math/MathML" display="${display}"><semantics>${inner}<annotation encoding="StarMath 5.0">ignored</annotation></semantics></math>`;
    const formula = (folder: string) => `<draw:frame text:anchor-type="as-char"><draw:object xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="${folder}" xlink:type="simple"/></draw:frame>`;
    const body = `<text:p>The level is ${formula("./Object 1")} above datum.</text:p><text:p>${formula("Formula-2/")}</text:p>`;
    const parts = {
      "Object 1/content.xml": mathml("inline", "<mrow><mi>h</mi><mo>=</mo><mi>a</mi><mo>cos</mo><mo>(</mo><mi>t</mi><mo>)</mo></mrow>"),
      "Formula-2/content.xml": mathml("block", "<mrow><mover><mi>h</mi><mo>‾</mo></mover><mo>=</mo><mfrac><mn>1</mn><mi>n</mi></mfrac><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>h</mi><mi>i</mi></msub><mo>+</mo><msqrt><msup><mi>x</mi><mn>2</mn></msup></msqrt></mrow>"),
    };
    const { markdown, warnings } = await convertNamed(odtWith(body, parts), "formulas.odt");
    expect(markdown).toBe("The level is $h=a\\cos (t)$ above datum.\n\n$$\n\\bar{h}=\\frac{1}{n}\\sum_{i=1}^{n} h_{i}+\\sqrt{x^{2}}\n$$\n");
    expect(warnings).toEqual([]);
  });

  it("writes a picture's description (Word's alt text) rather than its title, and its title when it has no description", async () => {
    const NS = 'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"';
    const picture = (inner: string) => `<draw:frame ${NS} text:anchor-type="as-char"><draw:image xlink:href="Pictures/lens.png"/>${inner}</draw:frame>`;
    const body = `<text:p>${picture("<svg:title>Lens</svg:title><svg:desc>The Fresnel lens in close-up</svg:desc>")}</text:p><text:p>${picture("<svg:title>The lamp room stairs</svg:title>")}</text:p>`;
    const { markdown } = await convertNamed(odtWith(body), "pictures.odt");
    expect(markdown).toBe("The Fresnel lens in close-up\n\nThe lamp room stairs\n");
  });

  it("cuts a formula nested 100,000 deep short instead of overflowing the stack", async () => {
    const depth = 100_000;
    const deep = `<?xml version="1.0"?><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>a</mi><mo>+</mo>${"<mrow>".repeat(depth)}<mi>x</mi>${"</mrow>".repeat(depth)}</math>`;
    const body = `<text:p>Deep: <draw:frame text:anchor-type="as-char"><draw:object xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="./Object 1"/></draw:frame></text:p>`;
    const { markdown } = await convertNamed(odtWith(body, { "Object 1/content.xml": deep }), "deep-formula.odt");
    expect(markdown).toBe("Deep: $a+$\n");
  });

  it("shows a ruby's base text without its reading", async () => {
    const body = `<text:p>The port of <text:ruby><text:ruby-base>東京</text:ruby-base><text:ruby-text>とうきょう</text:ruby-text></text:ruby> opens at six.</text:p>`;
    const { markdown } = await convertNamed(odtWith(body), "ruby.odt");
    expect(markdown).toBe("The port of 東京 opens at six.\n");
  });

  it("writes a text frame or shape anchored to a paragraph after it, apart from its text, and leaves out a hidden section", async () => {
    const body = `<text:p>Passage takes twenty minutes.<draw:frame text:anchor-type="paragraph" draw:name="Warning"><draw:text-box><text:p>Caution: gates move.</text:p><text:p>Keep behind the rail.</text:p></draw:text-box></draw:frame></text:p>
      <text:p>Fee: <draw:frame text:anchor-type="as-char"><draw:text-box><text:p>12 €</text:p></draw:text-box></draw:frame>per boat.</text:p>
      <text:p><draw:custom-shape text:anchor-type="char"><text:p>Speed limit 5 knots</text:p><text:p>in the inner harbour</text:p><draw:enhanced-geometry draw:type="rect"/></draw:custom-shape></text:p>
      <text:section text:name="Draft" text:display="none"><text:p>Draft wording nobody sees.</text:p></text:section><text:section text:name="Shown"><text:p>Shown section.</text:p></text:section>`;
    const { markdown } = await convertNamed(odtWith(body), "locks.odt");
    expect(markdown).toBe("Passage takes twenty minutes.\n\nCaution: gates move.\n\nKeep behind the rail.\n\nFee: 12 € per boat.\n\nSpeed limit 5 knots\n\nin the inner harbour\n\nShown section.\n");
  });

  it("writes struck-through text (a text style with a line through it) as GFM", async () => {
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0">` +
      `<office:styles><style:style style:name="Struck" style:family="text"><style:text-properties style:text-line-through-style="solid"/></style:style>` +
      `<style:style style:name="Plain" style:family="text"><style:text-properties style:text-line-through-style="none"/></style:style></office:styles></office:document-styles>`;
    const body = `<text:p>The fee is <text:span text:style-name="Struck">forty</text:span> <text:span text:style-name="Plain">fifty</text:span> crowns.</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "struck.odt")).markdown).toBe("The fee is ~~forty~~ fifty crowns.\n");
  });

  it("reads a document typed in a monospaced font as prose, and code in one set otherwise as code", async () => {
    const styles = (font: string) =>
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0">` +
      `<office:font-face-decls><style:font-face style:name="Courier New" svg:font-family="'Courier New'"/><style:font-face style:name="Arial" svg:font-family="Arial"/></office:font-face-decls>` +
      `<office:styles><style:style style:name="Standard" style:family="paragraph"><style:text-properties style:font-name="${font}"/></style:style>` +
      `<style:style style:name="Listing" style:family="paragraph"><style:text-properties style:font-name="Courier New"/></style:style></office:styles></office:document-styles>`;
    const body =
      `<text:p text:style-name="Standard">MEMORANDUM OF AGREEMENT</text:p><text:p text:style-name="Standard">The parties agree to the terms set out below.</text:p>` +
      `<text:p text:style-name="Listing">make harbour</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles("Courier New") }), "memo.odt")).markdown).toBe(
      "MEMORANDUM OF AGREEMENT\n\nThe parties agree to the terms set out below.\n\nmake harbour\n",
    );
    expect((await convertNamed(odtWith(body, { "styles.xml": styles("Arial") }), "memo.odt")).markdown).toBe(
      "MEMORANDUM OF AGREEMENT\n\nThe parties agree to the terms set out below.\n\n```\nmake harbour\n```\n",
    );
  });

  it("writes superscript and subscript (a text style's text-position) as their plain characters", async () => {
    const styles = `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"><office:styles><style:style style:name="T1" style:family="text"><style:text-properties style:text-position="super 58%"/></style:style><style:style style:name="T2" style:family="text"><style:text-properties style:text-position="-33% 58%"/></style:style></office:styles></office:document-styles>`;
    const body = `<text:p>Water is H<text:span text:style-name="T2">2</text:span>O on 4 m<text:span text:style-name="T1">2</text:span> of deck.</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "units.odt")).markdown).toBe("Water is H2O on 4 m2 of deck.\n");
  });

  it("keeps the indentation of code lines, spaces written as text:s", async () => {
    const styles = `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"><office:styles><style:style style:name="Preformatted_20_Text" style:display-name="Preformatted Text" style:family="paragraph"/></office:styles></office:document-styles>`;
    const body = `<text:p>The harbour charges each vessel by its weight in tons:</text:p><text:p text:style-name="Preformatted_20_Text">def fee(tons):</text:p><text:p text:style-name="Preformatted_20_Text"><text:s text:c="4"/>return tons<text:s/> * 0.8</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "fee.odt")).markdown).toBe("The harbour charges each vessel by its weight in tons:\n\n```\ndef fee(tons):\n    return tons  * 0.8\n```\n");
  });

  it("leaves out hidden text (a text style with text:display=\"none\")", async () => {
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">` +
      `<office:styles><style:style style:name="Hidden" style:family="text"><style:text-properties text:display="none"/></style:style></office:styles></office:document-styles>`;
    const bytes = odtWith(`<text:p><text:span text:style-name="Hidden">Hidden note </text:span>visible words.</text:p>`, { "styles.xml": styles });
    expect((await convertNamed(bytes, "hidden.odt")).markdown).toBe("visible words.\n");
  });

  it("leaves out a heading or a numbered list item whose text is all hidden, and its number", async () => {
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0">` +
      `<office:styles><style:style style:name="Hidden" style:family="text"><style:text-properties text:display="none"/></style:style>` +
      `<text:list-style style:name="Steps"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/></text:list-style></office:styles></office:document-styles>`;
    const hidden = (words: string) => `<text:span text:style-name="Hidden">${words}</text:span>`;
    const item = (content: string) => `<text:list-item><text:p>${content}</text:p></text:list-item>`;
    const body =
      `<text:h text:outline-level="2">${hidden("Staff only")}</text:h><text:h text:outline-level="2">Closing the gate</text:h>` +
      `<text:list text:style-name="Steps">${item("Lock the gate")}${item(hidden("Set the alarm"))}${item("")}${item("Leave by the side door")}</text:list>`;
    const { markdown } = await convertNamed(odtWith(body, { "styles.xml": styles }), "hidden-items.odt");
    expect(markdown).toBe("## Closing the gate\n\n1. Lock the gate\n2.\n3. Leave by the side door\n");
  });

  it("shows text set in a symbol font as the characters LibreOffice shows", async () => {
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0">` +
      `<office:font-face-decls><style:font-face style:name="Symbol1" svg:font-family="Symbol" style:font-charset="x-symbol"/><style:font-face style:name="Wingdings" svg:font-family="Wingdings"/></office:font-face-decls>` +
      `<office:styles><style:style style:name="Greek" style:family="text"><style:text-properties style:font-name="Symbol1"/></style:style>` +
      `<style:style style:name="Marks" style:family="text"><style:text-properties style:font-name="Wingdings"/></style:style></office:styles></office:document-styles>`;
    const body =
      `<text:p>The angle <text:span text:style-name="Greek">a</text:span> is at most <text:span text:style-name="Greek">\uF070</text:span>/2.</text:p>` +
      `<text:p><text:span text:style-name="Marks">\uF0FC</text:span> Approved</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "symbols.odt")).markdown).toBe("The angle α is at most π/2.\n\n✓ Approved\n");
  });

  it("shows list labels as LibreOffice does: prefixes and suffixes, letters, roman and zero-padded numbers as text, numbers from a start value", async () => {
    const level = (n: number, format: string, prefix = "", suffix = ".") =>
      `<text:list-level-style-number text:level="${n}" style:num-format="${format}" style:num-prefix="${prefix}" style:num-suffix="${suffix}"/>`;
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:styles>` +
      `<text:list-style style:name="Articles">${level(1, "1", "Article ")}${level(2, "a", "(", ")")}</text:list-style>` +
      `<text:list-style style:name="Steps">${level(1, "1")}</text:list-style><text:list-style style:name="Parts">${level(1, "I")}</text:list-style>` +
      `<text:list-style style:name="Sections">${level(1, "01, 02, 03, ...", "Section ", "")}</text:list-style>` +
      `</office:styles></office:document-styles>`;
    const items = (...texts: string[]) => texts.map((text) => `<text:list-item><text:p>${text}</text:p></text:list-item>`).join("");
    const body =
      `<text:list text:style-name="Articles"><text:list-item><text:p>Scope</text:p><text:list>${items("Berths", "Moorings")}</text:list></text:list-item>${items("Fees")}</text:list>` +
      `<text:p>Then the steps.</text:p>` +
      `<text:list text:style-name="Steps"><text:list-item text:start-value="5"><text:p>Inspect the hull</text:p></text:list-item>${items("Refuel")}</text:list>` +
      `<text:p>A note between the steps.</text:p>` +
      `<text:list text:style-name="Steps" text:continue-numbering="true">${items("Launch")}</text:list>` +
      `<text:list text:style-name="Parts">${items("First part", "Second part")}</text:list>` +
      `<text:p>As Word numbers sections:</text:p><text:list text:style-name="Sections">${items("Interpretation")}</text:list>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "labels.odt")).markdown).toBe(
      "- Article 1. Scope\n  - (a) Berths\n  - (b) Moorings\n- Article 2. Fees\n\nThen the steps.\n\n5. Inspect the hull\n6. Refuel\n\n" +
        "A note between the steps.\n\n7. Launch\n\n- I. First part\n- II. Second part\n\nAs Word numbers sections:\n\n- Section 01 Interpretation\n",
    );
  });

  it("writes LibreOffice's ordinal and word numbers (1st, One, First) as Word's list formats show them", async () => {
    const level = (format: string, suffix: string) =>
      `<text:list-level-style-number text:level="1" style:num-format="${format}" style:num-suffix="${suffix}"/>`;
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:styles>` +
      `<text:list-style style:name="Ordinal">${level("1st", "")}</text:list-style><text:list-style style:name="Words">${level("One", ":")}</text:list-style>` +
      `<text:list-style style:name="Stages">${level("First", " stage")}</text:list-style></office:styles></office:document-styles>`;
    const list = (style: string, ...texts: string[]) =>
      `<text:list text:style-name="${style}">${texts.map((text) => `<text:list-item><text:p>${text}</text:p></text:list-item>`).join("")}</text:list>`;
    const body = list("Ordinal", "Arrive", "Berth") + list("Words", "Navigation", "Cargo") + list("Stages", "Survey", "Repair");
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "ordinals.odt")).markdown).toBe(
      "- 1st Arrive\n- 2nd Berth\n\n* One: Navigation\n* Two: Cargo\n\n- First stage Survey\n- Second stage Repair\n",
    );
  });

  it("shows a Word form field LibreOffice keeps as a fieldmark: a drop-down's chosen entry, a checkbox as a ballot box", async () => {
    const FIELD = `xmlns:field="urn:openoffice:names:experimental:ooo-ms-interop:xmlns:field:1.0"`;
    const param = (name: string, value: string) => `<field:param field:name="${name}" field:value="${value}"/>`;
    const fieldmark = (type: string, params: string) =>
      `<field:fieldmark ${FIELD} text:name="f" field:type="vnd.oasis.opendocument.field.${type}">${params}</field:fieldmark>`;
    const entries = ["Bulk", "Container", "Tanker"].map((entry) => param("Dropdown_ListEntry", entry)).join("");
    const body =
      `<text:p>Cargo: ${fieldmark("FORMDROPDOWN", entries + param("Dropdown_Selected", "2"))} declared</text:p>` +
      `<text:p>Default: ${fieldmark("FORMDROPDOWN", entries)}</text:p>` +
      `<text:p>${fieldmark("FORMCHECKBOX", param("Checkbox_Checked", "true"))} customs ${fieldmark("FORMCHECKBOX", param("Checkbox_Checked", "false"))} health</text:p>`;
    expect((await convertNamed(odtWith(body), "form-fields.odt")).markdown).toBe("Cargo: Tanker declared\n\nDefault: Bulk\n\n☒ customs ☐ health\n");
  });

  it("leaves out a paragraph its style hides, unless a style based on it or a span shows the text again", async () => {
    const styles =
      `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:styles>` +
      `<style:style style:name="Editor_20_Note" style:family="paragraph"><style:text-properties text:display="none"/></style:style>` +
      `<style:style style:name="Shown_20_Note" style:family="paragraph" style:parent-style-name="Editor_20_Note"><style:text-properties text:display="true"/></style:style>` +
      `<style:style style:name="Visible" style:family="text"><style:text-properties text:display="true"/></style:style></office:styles></office:document-styles>`;
    const body =
      `<text:p>Berth fees rise in April.</text:p><text:p text:style-name="Editor_20_Note">Reminder for the editor only</text:p>` +
      `<text:p text:style-name="Editor_20_Note">Hidden draft <text:span text:style-name="Visible">but this shows.</text:span></text:p>` +
      `<text:p text:style-name="Shown_20_Note">A note readers see</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "hidden-paragraphs.odt")).markdown).toBe(
      "Berth fees rise in April.\n\nbut this shows.\n\nA note readers see\n",
    );
  });

  const STYLES_OPEN =
    `<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ` +
    `xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"><office:styles>`;
  const STYLES_CLOSE = `</office:styles></office:document-styles>`;

  it("numbers headings by the outline numbering, except under a style that turns numbering off or as a list header", async () => {
    const outlineLevel = (n: number, format: string) =>
      `<text:outline-level-style text:level="${n}" style:num-format="${format}" text:display-levels="${n}"/>`;
    const styles =
      STYLES_OPEN +
      `<style:style style:name="Unnumbered" style:family="paragraph" style:list-style-name=""/>` +
      `<text:outline-style style:name="Outline">${outlineLevel(1, "1")}${outlineLevel(2, "1")}${outlineLevel(3, "")}</text:outline-style>` +
      STYLES_CLOSE;
    const body =
      `<text:h text:outline-level="1">Introduction</text:h><text:h text:outline-level="1">Operations</text:h>` +
      `<text:h text:outline-level="2">Scope</text:h><text:h text:outline-level="3">Night work</text:h>` +
      `<text:h text:outline-level="1" text:style-name="Unnumbered">Annex</text:h><text:h text:outline-level="2" text:is-list-header="true">Notes</text:h>` +
      `<text:h text:outline-level="2">Limits</text:h>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "outline.odt")).markdown).toBe(
      "# 1 Introduction\n\n# 2 Operations\n\n## 2.1 Scope\n\n### Night work\n\n# Annex\n\n## Notes\n\n## 2.2 Limits\n",
    );
  });

  it("writes the headings of a numbered list as headings led by their numbers, a level continued in a new list counting on", async () => {
    const styles =
      STYLES_OPEN +
      `<text:list-style style:name="Headings"><text:list-level-style-number text:level="1" style:num-format="1"/>` +
      `<text:list-level-style-number text:level="2" style:num-format="1" text:display-levels="2"/></text:list-style>` +
      STYLES_CLOSE;
    const body =
      `<text:list text:style-name="Headings"><text:list-item><text:h text:outline-level="1">Definitions</text:h>` +
      `<text:list><text:list-item><text:h text:outline-level="2">Scope</text:h></text:list-item></text:list></text:list-item></text:list>` +
      `<text:p>It covers all berths.</text:p>` +
      `<text:list text:style-name="Headings" text:continue-numbering="true"><text:list-item><text:list><text:list-item>` +
      `<text:h text:outline-level="2">Exclusions</text:h></text:list-item></text:list></text:list-item></text:list>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "numbered-headings.odt")).markdown).toBe(
      "# 1 Definitions\n\n## 1.1 Scope\n\nIt covers all berths.\n\n## 1.2 Exclusions\n",
    );
  });

  it("writes a paragraph in a heading style, by its name or a localized one, as that heading", async () => {
    const styles =
      STYLES_OPEN +
      `<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"/>` +
      `<style:style style:name="Überschrift_20_2" style:display-name="Überschrift 2" style:family="paragraph"/>` +
      `<style:style style:name="Heading" style:family="paragraph"/>` +
      // As LibreOffice saves a heading that starts a page: a `text:p` in a style based on the heading style.
      `<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_1"/>` +
      STYLES_CLOSE;
    const body =
      `<text:p text:style-name="P1">Fleet Register</text:p><text:p text:style-name="Überschrift_20_2">Umschlag</text:p>` +
      `<text:p text:style-name="Heading">Not numbered, not a heading</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "heading-styles.odt")).markdown).toBe(
      "# Fleet Register\n\n## Umschlag\n\nNot numbered, not a heading\n",
    );
  });

  it("writes text in an upper-case or small-caps style in capitals, as LibreOffice shows it", async () => {
    const styles =
      STYLES_OPEN +
      `<style:style style:name="Shout" style:family="text"><style:text-properties fo:text-transform="uppercase"/></style:style>` +
      `<style:style style:name="Small" style:family="text"><style:text-properties fo:font-variant="small-caps"/></style:style>` +
      `<style:style style:name="Plain" style:family="text"><style:text-properties fo:font-variant="normal"/></style:style>` +
      `<style:style style:name="Banner" style:family="paragraph"><style:text-properties fo:text-transform="uppercase"/></style:style>` +
      STYLES_CLOSE;
    const body =
      `<text:p>A <text:span text:style-name="Shout">loud notice</text:span> and a <text:span text:style-name="Small">Quiet <text:span text:style-name="Plain">aside</text:span></text:span>.</text:p>` +
      `<text:p text:style-name="Banner">Keep clear</text:p>`;
    expect((await convertNamed(odtWith(body, { "styles.xml": styles }), "caps.odt")).markdown).toBe("A LOUD NOTICE and a QUIET aside.\n\nKEEP CLEAR\n");
  });

  it("is recognised by its mimetype member whatever its name says", async () => {
    const { metadata } = await convertNamed(corpusFile("gen_handbook.pandoc.odt"), "handbook.docx");
    expect(metadata.format).toBe("odt");
  });
});
