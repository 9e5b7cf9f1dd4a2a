import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfLine } from "./helpers/make-pdf.js";

// Three pages with a running header, a running footer with the page number, a heading and body text.
const report = makePdf(
  [1, 2, 3].map((number): PdfLine[] => [
    { text: "ACME Corporation - Quarterly Report", x: 72, y: 750, size: 9 },
    { text: `Section ${number} results`, x: 72, y: 690, size: 16, bold: true },
    { text: `The figures for section ${number} show steady growth in every re-`, x: 72, y: 660 },
    { text: "gion, and the team expects the trend to continue next quarter.", x: 72, y: 646 },
    { text: `Page ${number} of 3`, x: 280, y: 40, size: 9 },
  ]),
);

describe("pdf converter on generated PDFs", () => {
  it("drops the running header and the page numbers", async () => {
    const { markdown } = await convert(report, { filename: "report.pdf" });
    expect(markdown).not.toContain("ACME Corporation");
    expect(markdown).not.toMatch(/Page \d of 3/);
    expect(markdown).toMatch(/^#+ Section 2 results$/m);
  });

  it("keeps the page furniture when onlyMainContent is false", async () => {
    const { markdown } = await convert(report, { filename: "report.pdf", onlyMainContent: false });
    expect(markdown).toContain("ACME Corporation - Quarterly Report");
    expect(markdown).toContain("Page 3 of 3");
  });

  it("joins a hyphenated word across lines", async () => {
    const { markdown } = await convert(report, { filename: "report.pdf" });
    expect(markdown).toContain("steady growth in every region, and the team expects");
  });

  it("links only the words a link annotation covers, across a line break, as one link", async () => {
    // Each line is one text item; the link covers its last word and the first word of the next line.
    const pdf = makePdf([
      [
        { text: "Before each visit, read the survey", x: 72, y: 700 },
        { text: "protocol and check the tide tables.", x: 72, y: 686 },
        { link: [201, 697, 236, 709], url: "https://example.org/protocol" },
        { link: [71, 683, 112, 695], url: "https://example.org/protocol" },
      ],
    ]);
    const { markdown } = await convert(pdf, { filename: "visit.pdf" });
    expect(markdown).toBe("Before each visit, read the [survey protocol](https://example.org/protocol) and check the tide tables.\n");
  });

  it("leaves the full stop after a link out of it where the link's area ends before it", async () => {
    // One text item; the area covers "the support site" and ends where the full stop starts (Helvetica 11 pt).
    const pdf = makePdf([
      [
        { text: "download the latest firmware from the support site.", x: 72, y: 700 },
        { link: [240.1, 697, 315.3, 709], url: "https://example.org/support" },
      ],
    ]);
    const { markdown } = await convert(pdf, { filename: "firmware.pdf" });
    expect(markdown).toBe("download the latest firmware from [the support site](https://example.org/support).\n");
    // An area that takes the full stop in links it too.
    const whole = makePdf([
      [
        { text: "download the latest firmware from the support site.", x: 72, y: 700 },
        { link: [240.1, 697, 319.4, 709], url: "https://example.org/support" },
      ],
    ]);
    expect((await convert(whole, { filename: "firmware.pdf" })).markdown).toBe("download the latest firmware from [the support site.](https://example.org/support)\n");
  });
});
