import { z } from "astro/zod";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../src/schema.js";

const valid = {
  title: "Handbook",
  description: "",
  sourceUrl: "https://a.example/h.pdf",
  format: "pdf",
  headings: [{ depth: 1, slug: "handbook", text: "Handbook" }],
  wordCount: 3,
  fetchedAt: "2026-11-23T10:00:00.000Z",
};

describe("documentSchema", () => {
  it("accepts an entry, turns fetchedAt into a Date and keeps extra user fields", () => {
    const parsed = documentSchema.parse({ ...valid, team: "People" });
    expect(parsed.fetchedAt).toBeInstanceOf(Date);
    expect(parsed.team).toBe("People");
  });

  it("can be extended to validate user fields", () => {
    const schema = documentSchema.extend({ team: z.string() });
    expect(() => schema.parse({ ...valid, team: 1 })).toThrow();
    expect(() => documentSchema.parse({ ...valid, format: "exe" })).toThrow();
  });
});
