import { describe, expect, it } from "vitest";
import { escapeMarkdown } from "../../src/converters/pdf/escape.js";

describe("escapeMarkdown (PDF text)", () => {
  // Note: GFM reads a single `~` as strikethrough, so `S80~Y84 ... U00~U99` in one paragraph
  // would strike the text between them.
  it("escapes the shared set, tildes included, plus _, > and |", () => {
    expect(escapeMarkdown("S80~Y84 a_b x>y p|q *z*")).toBe("S80\\~Y84 a\\_b x\\>y p\\|q \\*z\\*");
  });
});
