import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";

const toMarkdown = async (pdf: Uint8Array): Promise<string> => (await convert(pdf, { filename: "form.pdf", pdf: { mode: "fast" } })).markdown;

describe("pdf converter: filled-in forms", () => {
  it("shows a text field's value beside its label, as a viewer does", async () => {
    const markdown = await toMarkdown(
      makePdf([
        [
          { text: "Please print clearly and sign below.", x: 72, y: 720 },
          { text: "Applicant name:", x: 72, y: 695 },
          { field: [160, 690, 400, 708], value: "Maria Lopez" },
        ],
      ]),
    );
    expect(markdown).toContain("Please print clearly and sign below.");
    expect(markdown).toMatch(/Applicant name:\s*\|?\s*Maria Lopez/);
  });

  it("shows every line of a multi-line field, the chosen options of a list, and check boxes checked or not", async () => {
    const markdown = await toMarkdown(
      makePdf([
        [
          { text: "Address", x: 72, y: 700 },
          { field: [72, 640, 300, 690], value: "12 Harbour Road\nPortsmouth" },
          { text: "Languages", x: 72, y: 600 },
          { field: [72, 560, 300, 590], value: ["English", "Spanish"] },
          { text: "Subscribe to the newsletter", x: 92, y: 520 },
          { field: [72, 517, 84, 529], value: true },
          { text: "Share my address", x: 92, y: 500 },
          { field: [72, 497, 84, 509], value: false },
        ],
      ]),
    );
    expect(markdown).toContain("12 Harbour Road");
    expect(markdown).toContain("Portsmouth");
    expect(markdown).toContain("English, Spanish");
    // Note: a check box before its label on a line of its own makes a task list item.
    expect(markdown).toContain("- [x] Subscribe to the newsletter\n- [ ] Share my address");
  });

  it("shows text typed onto the page (a free-text annotation, as Fill & Sign adds) where it was typed", async () => {
    const markdown = await toMarkdown(
      makePdf([
        [
          { text: "Date of visit:", x: 72, y: 700 },
          { typed: [150, 694, 300, 712], text: "14 March 2026" },
          { text: "Signed by the site manager.", x: 72, y: 660 },
        ],
      ]),
    );
    expect(markdown).toMatch(/Date of visit:\s*\|?\s*14 March 2026/);
    expect(markdown.indexOf("14 March 2026")).toBeLessThan(markdown.indexOf("Signed by the site manager."));
  });

  it("leaves out hidden fields and empty ones", async () => {
    const markdown = await toMarkdown(
      makePdf([
        [
          { text: "Reference number:", x: 72, y: 700 },
          { field: [180, 695, 300, 713], value: "INTERNAL-ONLY-77", hidden: true },
          { text: "Comments:", x: 72, y: 670 },
          { field: [180, 665, 300, 683], value: "" },
        ],
      ]),
    );
    expect(markdown).not.toContain("INTERNAL-ONLY-77");
    expect(markdown).toContain("Reference number:");
    expect(markdown).toContain("Comments:");
  });
});
