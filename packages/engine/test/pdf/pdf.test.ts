import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { ScrapeError } from "../../src/errors.js";

const corpus = new URL("../../../../../shared/corpus/files/", import.meta.url);
const read = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)));
const convertFile = (name: string, options: Parameters<typeof convert>[1] = {}) => convert(read(name), { filename: name, ...options });

describe("pdf converter: text layer", () => {
  it("turns larger text into headings and bullets into list items", async () => {
    const { markdown, metadata } = await convertFile("dl_multi_page.pdf");
    expect(markdown).toMatch(/^#+ The Evolution of the Word Processor$/m);
    expect(markdown).toMatch(/^#+ Pre-Digital Era \(19th - Early 20th Century\)$/m);
    expect(markdown).toMatch(/^- \*\*Wang Laboratories\*\*: In the 1970s, Wang introduced dedicated word processing machines\./m);
    expect(metadata.title).toBe("The Evolution of the Word Processor");
    expect(metadata.numPages).toBe(5);
  });

  it("joins the lines of a paragraph", async () => {
    const { markdown } = await convertFile("dl_multi_page.pdf");
    expect(markdown).toContain("has evolved through several technological milestones.");
  });

  it("undoes end-of-line hyphenation", async () => {
    const { markdown } = await convertFile("pdfjs_tracemonkey.pdf", { pdf: { maxPages: 1 } });
    // "com-" / "pile" and "al-" / "ternative" are split over two lines in the PDF.
    expect(markdown).toContain("more difficult to compile than statically typed ones.");
    expect(markdown).toContain("We present an alternative compilation technique");
  });

  it("writes aligned columns of text as table rows", async () => {
    const { markdown } = await convertFile("md_REPAIR-2022-INV-001_multipage.pdf");
    expect(markdown).toMatch(/^\| Body Labor \| 2 \| 150 \| 300 \|$/m);
    expect(markdown).toMatch(/^\| Insured name \| Gabriel Diaz \| Year \| 2022 \|$/m);
  });

  it("splits the cells of a ruled table at its drawn borders", async () => {
    const { markdown } = await convertFile("dl_normal_4pages.pdf");
    expect(markdown).toMatch(/^\| 구분 \| 개정전 \| 개정후 \|$/m);
    expect(markdown).toMatch(/^\| 분류 \| 1군 감염병 \| 1급 감염병 \|$/m);
  });

  it("keeps a paragraph set in bold a paragraph, not a run of headings", async () => {
    const { markdown } = await convertFile("dl_normal_4pages.pdf");
    expect(markdown).toMatch(/^# 코로나-19 관련 보험약관상 재해보험금 지급문제 및 개선과제$/m);
    expect(markdown).toMatch(/^2020\.1\.1\. 「감염병예방법」 관련 규정이 변경되어/m);
    expect(markdown).not.toMatch(/^#+ 2020\.1\.1\./m);
  });

  it("reads a two-column page column by column", async () => {
    const { markdown } = await convertFile("pdfjs_tracemonkey.pdf", { pdf: { maxPages: 1 } });
    const abstract = markdown.indexOf("Dynamic languages such as JavaScript are more difficult to compile");
    const keywords = markdown.indexOf("**Keywords** JavaScript, just-in-time compilation, trace trees.");
    const introduction = markdown.search(/^#+ 1\.? ?Introduction$/m);
    expect(markdown).toMatch(/^#+ Abstract$/m);
    expect(abstract).toBeGreaterThan(-1);
    // The abstract and keywords fill the left column; the introduction starts the right one.
    expect(keywords).toBeGreaterThan(abstract);
    expect(introduction).toBeGreaterThan(keywords);
  });

  it("turns link annotations into Markdown links and reads the catalog language", async () => {
    const { markdown, metadata } = await convertFile("pdfjs_annotation-link-text-popup.pdf");
    expect(markdown).toContain("[mozilla.org](http://www.mozilla.org/)");
    expect(metadata.language).toBe("nl-NL");
    expect(metadata.author).toBe("Tim van der Meij");
  });

  it("stops after pdf.maxPages and says how many pages it skipped", async () => {
    const { markdown, warnings, metadata } = await convertFile("pdfjs_tracemonkey.pdf", { pdf: { maxPages: 1 } });
    // As Firecrawl's: numPages is what was parsed, totalPages what the document has.
    expect(metadata).toMatchObject({ numPages: 1, totalPages: 14 });
    expect(warnings.join("\n")).toContain("13 pages were skipped");
    expect(markdown).not.toContain("Related Work");
  });

  it("reads vertical Japanese text", async () => {
    const { markdown } = await convertFile("pdfjs_vertical.pdf");
    expect(markdown).toContain("あいうえお");
    expect(markdown).toContain("日本語");
  });

  it("reads right-to-left lines from right to left", async () => {
    const { markdown } = await convertFile("dl_right_to_left_01.pdf");
    expect(markdown).toContain("بلغة R و Python");
    expect(markdown).toContain("تعتبر البرمجة بلغة R و Python من الأدوات القوية");
  });

  it("returns nothing but a warning when PDF parsing is off", async () => {
    const { markdown, warnings } = await convertFile("md_test.pdf", { pdf: false });
    expect(markdown).toBe("");
    expect(warnings.join("\n")).toContain('parsers: ["pdf"]');
  });

  it("stops when the signal is aborted", async () => {
    await expect(convertFile("pdfjs_tracemonkey.pdf", { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: "SCRAPE_TIMEOUT" });
  });
});

describe("pdf converter: malformed files", () => {
  it("refuses a password-protected PDF", async () => {
    const error = await convertFile("mal_encrypted_password.pdf").catch((caught: unknown) => caught);
    expect(ScrapeError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: "DOCUMENT_UNREADABLE" });
    expect((error as Error).message).toMatch(/^mal_encrypted_password\.pdf is password-protected;/);
  });

  it("refuses a truncated PDF", async () => {
    await expect(convertFile("mal_truncated.pdf")).rejects.toMatchObject({ code: "DOCUMENT_UNREADABLE" });
  });

  it("converts what it can of a PDF cut short, and says that pages may be missing", async () => {
    // A linearized file of four chapters (made by linearized/make-linearized.sh) without its last
    // tenth, as a broken download leaves it: pdf.js rebuilds it from the trailer at the top.
    const whole = new Uint8Array(readFileSync(new URL("linearized/harbour-log.pdf", import.meta.url)));
    const cut = await convert(whole.subarray(0, Math.floor(whole.length * 0.9)), { filename: "harbour-log.pdf", pdf: { mode: "fast" } });
    expect(cut.markdown).toMatch(/^# Tides$/m);
    expect(cut.warnings).toEqual(["harbour-log.pdf looks truncated (it does not end with %%EOF), so pages may be missing; check that the file is complete."]);
    const complete = await convert(whole, { filename: "harbour-log.pdf", pdf: { mode: "fast" } });
    expect(complete.markdown).toBe(cut.markdown);
    expect(complete.warnings).toEqual([]);
  });

  it.each([
    ["mal_blank_page.pdf", 'page 1 has no text layer; use parsers: [{type:"pdf",mode:"auto"}] to OCR it.'],
    ["mal_scanned_image_only.pdf", 'pages 1, 2, 3 have no text layer; use parsers: [{type:"pdf",mode:"auto"}] to OCR them.'],
  ])("returns empty Markdown and an OCR hint for %s in fast mode", async (name, warning) => {
    const { markdown, warnings } = await convertFile(name, { pdf: { mode: "fast" } });
    expect(markdown.trim()).toBe("");
    expect(warnings).toEqual([warning]);
  });

  it("reads a scanned page with OCR", async () => {
    const { markdown, warnings } = await convertFile("mal_scanned_image_only.pdf", { pdf: { mode: "ocr", maxPages: 1 } });
    expect(markdown).toContain("COMPREHENSIVE MEDICAL REPORT");
    expect(markdown).toContain("Blood Pressure");
    expect(warnings.join("\n")).not.toContain("no text layer");
  });
});
