import { describe, expect, it } from "vitest";
import { type ListLevel, createListNumbering } from "../../src/converters/word/list-numbers.js";

const level = (format: string, text: string, start = 1, legal = false): ListLevel => ({ format, text, start, legal });

describe("createListNumbering", () => {
  it("writes each level in its own style and restarts deeper levels after a higher one", () => {
    const levels = [level("upperRoman", "%1."), level("lowerLetter", "%1.%2)"), level("decimalZero", "%3")];
    const numbering = createListNumbering();
    const labels = [0, 1, 1, 2, 2, 0, 1, 2].map((at) => numbering.next("outline", levels, at));
    expect(labels).toEqual(["I.", "I.a)", "I.b)", "01", "02", "II.", "II.a)", "01"]);
  });

  it("counts letters past z and Roman numerals into the thousands as Word does", () => {
    const numbering = createListNumbering();
    const labels = Array.from({ length: 28 }, () => numbering.next("letters", [level("upperLetter", "%1")], 0));
    expect(labels.slice(24)).toEqual(["Y", "Z", "AA", "BB"]);
    expect(createListNumbering().next("roman", [level("lowerRoman", "%1", 1994)], 0)).toBe("mcmxciv");
  });

  it("writes legal numbering in decimals, starts where the level starts, and keeps lists apart", () => {
    const levels = [level("upperRoman", "Article %1"), level("decimal", "%1.%2", 1, true)];
    const numbering = createListNumbering();
    expect(numbering.next("law", levels, 0)).toBe("Article I");
    expect(numbering.next("law", levels, 1)).toBe("1.1");
    expect(numbering.next("other", [level("decimal", "%1.", 5)], 0)).toBe("5.");
    expect(numbering.next("law", levels, 1)).toBe("1.2");
  });

  it("keeps a legal level's own digits with a leading zero (Word's \"Section 1.01\")", () => {
    const levels = [level("upperRoman", "Article %1."), level("decimalZero", "Section %1.%2", 1, true)];
    const numbering = createListNumbering();
    expect([0, 1, 1, 0, 1].map((at) => numbering.next("deed", levels, at))).toEqual([
      "Article I.", "Section 1.01", "Section 1.02", "Article II.", "Section 2.01",
    ]);
  });

  it("restarts a level only after the levels its restart setting names (Word's w:lvlRestart), never for 0", () => {
    const never = { ...level("lowerLetter", "%2."), restartAfter: 0 };
    const afterFirst = { ...level("decimal", "%3)"), restartAfter: 1 };
    const levels = [level("decimal", "Step %1:"), never, afterFirst];
    const numbering = createListNumbering();
    expect([0, 1, 2, 1, 2, 0, 1, 2].map((at) => numbering.next("steps", levels, at))).toEqual([
      "Step 1:", "a.", "1)", "b.", "2)", "Step 2:", "c.", "1)",
    ]);
  });

  it("gives no label to bulleted levels or levels it does not know", () => {
    const numbering = createListNumbering();
    expect(numbering.next("bullets", [level("bullet", "•")], 0)).toBeUndefined();
    expect(numbering.next("bullets", [level("bullet", "•")], 3)).toBeUndefined();
  });
});
