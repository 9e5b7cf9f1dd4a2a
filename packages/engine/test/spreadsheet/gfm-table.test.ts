import { describe, expect, it } from "vitest";
import { dropEmptyRowsAndColumns, renderGfmTable } from "../../src/converters/gfm-table.js";
import { escapeMarkdownText } from "../../src/converters/markdown-text.js";

describe("renderGfmTable", () => {
  it("escapes a cell's pipes once: an already escaped pipe stays, one after an escaped backslash does not", () => {
    const table = renderGfmTable([["a|b", "a\\|b", "a\\\\|b"], ["x", "y", "z"]]);
    expect(table.split("\n")[0]).toBe("| a\\|b | a\\|b | a\\\\\\|b |");
  });

  it("writes a header row, a separator and the body", () => {
    expect(renderGfmTable([["a", "b"], ["1", "2"]])).toBe("| a | b |\n| --- | --- |\n| 1 | 2 |");
  });

  it("pads short rows so every line has as many cells as the widest", () => {
    expect(renderGfmTable([["a"], ["1", "2", "3"]])).toBe("| a |  |  |\n| --- | --- | --- |\n| 1 | 2 | 3 |");
  });

  it("escapes pipes and turns line breaks into <br> so a cell stays on its line", () => {
    expect(renderGfmTable([["x"], ["a|b\r\nc\nd"]])).toBe("| x |\n| --- |\n| a\\|b<br>c<br>d |");
  });

  it("writes nothing for no rows", () => {
    expect(renderGfmTable([])).toBe("");
  });
});

describe("escapeMarkdownText", () => {
  it("escapes emphasis, code, HTML and link brackets but leaves URLs intact", () => {
    expect(escapeMarkdownText("*a* `b` <i> [c] ~d~ C:\\x")).toBe("\\*a\\* \\`b\\` \\<i> \\[c\\] \\~d\\~ C:\\\\x");
    expect(escapeMarkdownText("https://example.com/a_b_c")).toBe("https://example.com/a_b_c");
  });
});

describe("dropEmptyRowsAndColumns", () => {
  it("drops blank rows and columns at the edges and inside", () => {
    const grid = [
      ["", "", "", ""],
      ["", "a", "", "b"],
      ["", " ", "", ""],
      ["", "1", "", "2"],
    ];
    expect(dropEmptyRowsAndColumns(grid)).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });
});
