import { readFileSync } from "node:fs";
import { utils, write } from "@e965/xlsx";
import type { BookType, WorkBook, WorkSheet } from "@e965/xlsx";
import { vi } from "vitest";

const corpus = new URL("../../../../../shared/corpus/files/", import.meta.url);

/** A file of the shared test corpus. */
export const corpusFile = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, corpus)));

/** A workbook of these sheets, one per entry. */
export function workbookOf(sheets: Record<string, WorkSheet>): WorkBook {
  const workbook = utils.book_new();
  for (const [name, sheet] of Object.entries(sheets)) utils.book_append_sheet(workbook, sheet, name);
  return workbook;
}

/** A workbook as SheetJS writes it in the given file format. */
export function workbookBytes(workbook: WorkBook, bookType: BookType = "xlsx"): Uint8Array {
  // Note: SheetJS's ODS writer logs every number-format character it does not translate (the
  // `-` of yyyy-mm-dd); the file is still valid, so the noise is kept out of the test output.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return new Uint8Array(write(workbook, { type: "buffer", bookType }) as Buffer);
  } finally {
    quiet.mockRestore();
  }
}

/** The table lines of some Markdown, each as its trimmed cells. */
export const tableRows = (markdown: string): string[][] =>
  markdown
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|( --- \|)+$/.test(line))
    .map((line) => line.slice(2, -2).split(" | "));
