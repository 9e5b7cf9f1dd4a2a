import { readFileSync } from "node:fs";
import CFB from "cfb";
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

  it("reads an OLE2 file's kind from its directory, and from its name when the directory is damaged", () => {
    // Note: a Word 97 file whose text (UTF-16LE, as Word stores it) names an Excel stream.
    const container = CFB.utils.cfb_new();
    CFB.utils.cfb_add(container, "/WordDocument", Buffer.from("Minutes of the Workbook committee. ".repeat(200), "utf16le"));
    CFB.utils.cfb_add(container, "/1Table", Buffer.alloc(600));
    const bytes = new Uint8Array(CFB.write(container, { type: "buffer" }) as Buffer);
    expect(detectFormat(bytes)).toBe("doc");
    // The directory's first sector (header field at offset 48) wiped, as in a damaged download.
    const directory = (new DataView(bytes.buffer).getUint32(48, true) + 1) * 512;
    const damaged = bytes.slice();
    damaged.fill(0, directory, directory + 512);
    expect(detectFormat(damaged, { filename: "minutes.doc" })).toBe("doc");
    expect(detectFormat(damaged)).toBeUndefined();
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

  it("recognises OpenDocument text, EPUB, RTF and HTML from their bytes", () => {
    const text = (name: string) => new Uint8Array(readFileSync(new URL(`format-corpus/text/files/${name}`, import.meta.url)));
    expect(detectFormat(text("gen_handbook.pandoc.odt"), { filename: "handbook.zip" })).toBe("odt");
    expect(detectFormat(text("gen_handbook.epub"), { contentType: "application/octet-stream" })).toBe("epub");
    expect(detectFormat(text("gen_handbook.lo.rtf"), { filename: "handbook.doc" })).toBe("rtf");
    expect(detectFormat(text("gen_handbook.lo.xhtml"))).toBe("html");
    expect(detectFormat(new TextEncoder().encode("<p>a fragment</p>"), { contentType: "text/html; charset=utf-8" })).toBe("html");
    expect(detectFormat(new TextEncoder().encode("<p>a fragment</p>"))).toBe("text");
  });
});
