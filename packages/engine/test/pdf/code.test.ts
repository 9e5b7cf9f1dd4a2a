import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf, toUnicodeCMap } from "./helpers/make-pdf.js";
import type { PdfLine } from "./helpers/make-pdf.js";

const toMarkdown = async (lines: readonly PdfLine[]): Promise<string> => (await convert(makePdf([lines]), { filename: "code.pdf" })).markdown;

// Courier's glyphs are 0.6 em wide.
const COURIER_ADVANCE_EM = 0.6;

/**
 * A line of code set as LaTeX's listings sets it: each character in a cell a little wider than its
 * glyph (`slackEm` between glyphs), the cells of two tokens further apart ("open" and "("), a space
 * a whole cell.
 */
function listingLine(words: readonly (readonly string[])[], x: number, y: number, size: number): PdfLine[] {
  const slackEm = 0.08;
  const tokenGapEm = 0.1;
  const cell = (COURIER_ADVANCE_EM + slackEm) * size;
  const lines: PdfLine[] = [];
  let left = x;
  for (const word of words) {
    for (const token of word) {
      for (const character of token) {
        lines.push({ text: character, x: left, y, size, mono: true });
        left += cell;
      }
      left += tokenGapEm * size;
    }
    left += cell;
  }
  return lines;
}

describe("code listings", () => {
  it("keeps punctuation of code set in cells wider than its glyphs next to its word", async () => {
    const markdown = await toMarkdown([
      { text: "Open the file inside a context manager, which closes it even when an exception is raised.", x: 72, y: 700 },
      ...listingLine([["with"], ["open", "(", '"', "orders", ".", "csv", '"', ")"], ["as"], ["handle", ":"]], 72, 676, 10),
      ...listingLine([["rows"], ["="], ["list", "(", "handle", ")"]], 72, 664, 10),
      { text: "The call to list reads every row into memory at once.", x: 72, y: 640 },
    ]);
    expect(markdown).toContain('with open("orders.csv") as handle:');
    expect(markdown).toContain("rows = list(handle)");
  });

  it("keeps punctuation next to its word in code of short words, measured by its glyphs' width", async () => {
    const markdown = await toMarkdown([
      { text: "Change to the folder of the application and list its log files.", x: 72, y: 700 },
      ...listingLine([["cd"], ["/", "opt", "/", "app"]], 72, 676, 10),
      ...listingLine([["ls"], ["-", "l"], ["/", "var", "/", "log", "/", "app", ".", "log"]], 72, 664, 10),
      { text: "Each line of the log starts with the time of the event.", x: 72, y: 640 },
    ]);
    expect(markdown).toContain("cd /opt/app");
    expect(markdown).toContain("ls -l /var/log/app.log");
  });

  it("keeps the spaces of code whose spaces are whole cells", async () => {
    const markdown = await toMarkdown([
      { text: "Run the command below from the folder that holds the project.", x: 72, y: 700 },
      { text: "mkdir -p build && cd build", x: 72, y: 676, size: 10, mono: true },
      { text: "cmake .. -G Ninja", x: 72, y: 664, size: 10, mono: true },
      { text: "The build folder then holds the generated files.", x: 72, y: 640 },
    ]);
    expect(markdown).toContain("mkdir -p build && cd build");
    expect(markdown).toContain("cmake .. -G Ninja");
  });

  it("keeps the spaces between Korean words set in a font whose glyphs are all one width", async () => {
    // Note: a Korean font's syllables are all one em wide, which makes it look monospaced, and its
    // space is a quarter of an em: narrower than half a cell, but a space between words all the same.
    const hangul = toUnicodeCMap({ codes: { a: "C2E0", b: "C81C", c: "D488", d: "AC1C", e: "BC1C", f: "C9C1", g: "C6D0" } });
    const words = ["abc", "de", "fg"];
    const size = 11;
    let x = 72;
    const line = words.map((word): PdfLine => {
      const placed = { text: word, x, y: 676, size, mono: true };
      x += (word.length * COURIER_ADVANCE_EM + 0.25) * size;
      return placed;
    });
    const { markdown } = await convert(makePdf([line], { toUnicode: hangul }), { filename: "korean.pdf" });
    expect(markdown.trim()).toBe("신제품 개발 직원");
  });
});
