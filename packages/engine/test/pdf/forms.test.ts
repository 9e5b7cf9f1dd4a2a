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

describe("pdf converter: printed forms", () => {
  it("reads each value printed in a box with the label beside it, one field a line", async () => {
    // Note: as a browser prints a form of labelled boxes: the boxes, 4 points apart, touch as one
    // frame; each value sits a few points below its label's baseline, centred in its padded box.
    const fields = [
      ["Reported by:", "Nadia Haddad"],
      ["Department:", "Warehouse"],
      ["Date of incident:", "22/04/2024"],
      ["Location:", "Loading bay 3"],
    ];
    const page = fields.flatMap(([label, value], index) => {
      const top = 700 - index * 24;
      return [
        { text: label!, x: 57, y: top - 14 },
        { text: value!, x: 188, y: top - 18 },
        { rule: [185, top, 539, top] as [number, number, number, number] },
        { rule: [185, top - 20, 539, top - 20] as [number, number, number, number] },
        { rule: [185, top, 185, top - 20] as [number, number, number, number] },
        { rule: [539, top, 539, top - 20] as [number, number, number, number] },
      ];
    });
    const markdown = await toMarkdown(makePdf([[{ text: "Incident Report Form", x: 57, y: 740, size: 22, bold: true }, ...page]]));
    expect(markdown).toContain("Reported by: Nadia Haddad\\\nDepartment: Warehouse\\\nDate of incident: 22/04/2024\\\nLocation: Loading bay 3");
    expect(markdown).not.toContain("|");
  });

  it("keeps a form's fields set one a line apart, however short each line", async () => {
    const markdown = await toMarkdown(
      makePdf([
        [
          { text: "Volunteer Registration", x: 72, y: 720, size: 18, bold: true },
          { text: "Name: Declan Murphy", x: 72, y: 690 },
          { text: "Phone: 0161 496 0712", x: 72, y: 672 },
          { text: "Availability: Weekends", x: 72, y: 654 },
          { text: "We will contact every volunteer before the first session of the season begins.", x: 72, y: 620 },
        ],
      ]),
    );
    expect(markdown).toContain("Name: Declan Murphy\\\nPhone: 0161 496 0712\\\nAvailability: Weekends");
  });
});
