import { readFileSync } from "node:fs";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { assertSafeZip } from "../src/zip-guard.js";

const corpus = new URL("../../../../shared/corpus/files/", import.meta.url);

describe("assertSafeZip", () => {
  it("accepts an ordinary DOCX", () => {
    expect(() => assertSafeZip(new Uint8Array(readFileSync(new URL("md_test.docx", corpus))), "md_test.docx")).not.toThrow();
  });

  it("stops a member that inflates past the limit, naming the document", () => {
    // 64 MiB of zeros deflates to about 64 KiB: a small bomb.
    const bomb = zipSync({ "word/document.xml": new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => assertSafeZip(bomb, "bomb.docx", { maxInflatedBytes: 8 * 1024 * 1024 })).toThrow(
      expect.objectContaining({ code: "DOCUMENT_TOO_LARGE", message: expect.stringContaining("bomb.docx") }),
    );
  });

  it("refuses a member whose deflate data is damaged, naming the document and the part", () => {
    const zip = zipSync({ "word/document.xml": new TextEncoder().encode("<w:document>" + "<w:p/>".repeat(500) + "</w:document>") }, { level: 6 });
    // Note: the member's data starts after the 30-byte local header and its name; 0x07 opens a
    // final block of the reserved type 3, which no inflater accepts.
    zip[30 + "word/document.xml".length] = 0x07;
    expect(() => assertSafeZip(zip, "report.docx")).toThrow(
      expect.objectContaining({
        code: "DOCUMENT_UNREADABLE",
        message: "report.docx is damaged: its part word/document.xml cannot be unpacked (invalid block type); check that the file is complete and not corrupt.",
      }),
    );
  });

  it("refuses a member whose local header gives its name another length than the central directory", () => {
    const zip = zipSync({ "xl/workbook.xml": new TextEncoder().encode("<workbook/>"), "xl/styles.xml": new TextEncoder().encode("<styleSheet/>") });
    // The first local header's name length, 26 bytes in.
    new DataView(zip.buffer).setUint16(26, 0x5af0, true);
    expect(() => assertSafeZip(zip, "book.xlsx")).toThrow(
      "book.xlsx is damaged: its part xl/workbook.xml cannot be unpacked (its local and central headers disagree); check that the file is complete and not corrupt.",
    );
  });

  it("does not quote a part name that is itself damaged", () => {
    const zip = zipSync({ "xl/workbook.xml": new TextEncoder().encode("<workbook/>") });
    // The central directory's copy of the name: 46 bytes into its record, which the end record locates.
    const view = new DataView(zip.buffer);
    const central = view.getUint32(zip.length - 22 + 16, true);
    zip.set([0x00, 0x07, 0xff], central + 46);
    expect(() => assertSafeZip(zip, "book.xlsx")).toThrow(
      "book.xlsx is damaged: the headers of a part with a damaged name disagree; check that the file is complete and not corrupt.",
    );
  });

  it("says a package without its ZIP directory was cut short", () => {
    const zip = zipSync({ "word/document.xml": new TextEncoder().encode("<w:document/>") });
    expect(() => assertSafeZip(zip.subarray(0, zip.length - 30), "cut.docx")).toThrow(
      "cut.docx is damaged: its ZIP directory is missing, so it was cut short; check that the file is complete and not corrupt.",
    );
  });

  it("stops a ZIP with too many parts", () => {
    const files = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`part${i}.xml`, new Uint8Array(1)]));
    expect(() => assertSafeZip(zipSync(files), "many.xlsx", { maxEntries: 10 })).toThrow(/more than 10 parts/);
  });
});

describe("assertSafeZip and DTDs", () => {
  const xml = (text: string) => new TextEncoder().encode(text);

  it("refuses an XML part that declares a DTD, naming the part", () => {
    const laughs = zipSync({ "word/document.xml": xml(`<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;</d>`) });
    expect(() => assertSafeZip(laughs, "laughs.docx")).toThrow(
      expect.objectContaining({ code: "DOCUMENT_UNREADABLE", message: expect.stringContaining("laughs.docx declares a DTD in word/document.xml") }),
    );
  });

  it("finds a DOCTYPE behind a long comment, across inflated chunks", () => {
    const padded = zipSync({ "xl/worksheets/sheet1.xml": xml(`<?xml version="1.0"?><!--${" ".repeat(3 * 1024 * 1024)}--><!DOCTYPE d><d/>`) });
    expect(() => assertSafeZip(padded, "padded.xlsx")).toThrow(/declares a DTD in xl\/worksheets\/sheet1\.xml/);
  });

  it("lets a DOCTYPE through in a part that is not XML (an embedded HTML page)", () => {
    const altChunk = zipSync({ "word/afchunk.htm": xml("<!DOCTYPE html><p>kept</p>") });
    expect(() => assertSafeZip(altChunk, "altchunk.docx")).not.toThrow();
  });
});
