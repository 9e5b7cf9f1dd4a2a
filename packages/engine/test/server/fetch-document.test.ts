import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "../../src/fetch-document.js";

describe("filenameFromDisposition", () => {
  it.each([
    ['attachment; filename="Budget 2026.xlsx"', "Budget 2026.xlsx"],
    ["attachment; filename=report.pdf", "report.pdf"],
    [`attachment; filename="fallback.doc"; filename*=UTF-8''na%C3%AFve%20notes.docx`, "naïve notes.docx"],
    [`attachment; filename*=UTF-8''bad%E0%A4.pdf; filename="plain.pdf"`, "plain.pdf"],
  ])("reads %s", (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });

  it("gives nothing for a header without a name", () => {
    expect(filenameFromDisposition("inline")).toBeUndefined();
    expect(filenameFromDisposition(undefined)).toBeUndefined();
  });
});
