import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectFormat } from "../src/detect.js";

const corpus = new URL("../../../../shared/corpus/files/", import.meta.url);
const read = (name: string) => new Uint8Array(readFileSync(new URL(name, corpus)));

describe("detectFormat", () => {
  it("trusts the bytes over a wrong name", () => {
    expect(detectFormat(read("md_test.pdf"), { filename: "report.docx" })).toBe("pdf");
    expect(detectFormat(read("md_test.docx"), { filename: "report.xlsx" })).toBe("docx");
    expect(detectFormat(read("md_test.xlsx"), { filename: "data.bin" })).toBe("xlsx");
  });

  it("tells Word 97 from Excel 97 inside OLE2 compound files", () => {
    expect(detectFormat(read("dl_legacy_sample.doc"))).toBe("doc");
    expect(detectFormat(read("md_test.xls"))).toBe("xls");
  });

  it("uses the name, then the content type, for text formats", () => {
    const bytes = new TextEncoder().encode("a,b\n1,2\n");
    expect(detectFormat(bytes, { filename: "x.csv" })).toBe("csv");
    expect(detectFormat(bytes, { contentType: "text/csv; charset=utf-8" })).toBe("csv");
    expect(detectFormat(bytes)).toBe("text");
  });

  it("refuses binary bytes that prove nothing", () => {
    expect(detectFormat(new Uint8Array([0, 1, 2, 3, 0, 0, 255]))).toBeUndefined();
  });
});
