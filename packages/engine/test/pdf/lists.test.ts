import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf, toUnicodeCMap } from "./helpers/make-pdf.js";
import type { PdfBall, PdfDot, PdfLine } from "./helpers/make-pdf.js";

const toMarkdown = async (lines: readonly (PdfLine | PdfDot)[]): Promise<string> => (await convert(makePdf([lines]), { filename: "lists.pdf" })).markdown;

/** A list item: its marker at `x`, its text 12 points further right. */
const item = (marker: string, text: string, x: number, y: number): PdfLine[] => [
  { text: marker, x, y },
  { text, x: x + 12, y },
];

/** Lines of a paragraph set at `x`, one every 14 points from `y` down. */
const paragraphAt = (texts: readonly string[], x: number, y: number): PdfLine[] => texts.map((text, index) => ({ text, x, y: y - index * 14 }));

/** A list item whose label ("(A)", "III.") is set in a hanging indent: the label at `x`, its text 24 points further right. */
const labelled = (label: string, text: string, x: number, y: number): PdfLine[] => [
  { text: label, x, y },
  { text, x: x + 24, y },
];

describe("pdf lists", () => {
  it("reads the discs and circles a browser draws as list markers as bullets, nested by indent", async () => {
    // Note: as Chromium prints an HTML list: each marker a shape at the x-height of its item, no character.
    const drawnItem = (text: string, x: number, y: number, hollow = false): (PdfLine | PdfDot)[] => [
      { dot: [x + 2, y + 3.5, 2], hollow },
      { text, x: x + 12, y, size: 11 },
    ];
    const markdown = await toMarkdown([
      { text: "Before you move:", x: 72, y: 700 },
      ...drawnItem("Read your tenancy agreement", 90, 680),
      ...drawnItem("Tell these people your new address:", 90, 664),
      ...drawnItem("your bank", 110, 648, true),
      ...drawnItem("your doctor", 110, 632, true),
      ...drawnItem("Take meter readings", 90, 616),
    ]);
    expect(markdown).toBe(
      [
        "Before you move:",
        "",
        "- Read your tenancy agreement",
        "- Tell these people your new address:",
        "  - your bank",
        "  - your doctor",
        "- Take meter readings",
        "",
      ].join("\n"),
    );
  });

  it("reads an outline list numbered 1. / a. / i. as nested items that keep their letters and numerals", async () => {
    // Word's outline numbering: letters on the second level, roman numerals on the third.
    const markdown = await toMarkdown([
      { text: "New members follow these steps:", x: 72, y: 700 },
      ...item("1.", "Fill in the application form", 90, 680),
      ...item("a.", "Give your name and address", 126, 666),
      ...item("b.", "Say which plot size you want", 126, 652),
      ...item("i.", "Small plots are three metres square", 162, 638),
      ...item("ii.", "Large plots are six metres square", 162, 624),
      ...item("2.", "Pay the yearly fee at the shed", 90, 610),
    ]);
    expect(markdown).toBe(
      [
        "New members follow these steps:",
        "",
        "1. Fill in the application form",
        "   - a. Give your name and address",
        "   - b. Say which plot size you want",
        "     - i. Small plots are three metres square",
        "     - ii. Large plots are six metres square",
        "2. Pay the yearly fee at the shed",
        "",
      ].join("\n"),
    );
  });

  it("reads items whose roman numerals are set flush right against their text, as a browser sets them, as one list", async () => {
    // Note: 11 pt Helvetica, each label ending at x = 68 ("i." is 5.5 points wide, "iv." 11) and its
    // text at a tab stop at 80, so "ii." starts left of "i." and only the texts line up.
    const flushRight = (label: string, width: number, text: string, y: number): PdfLine[] => [
      { text: label, x: 68 - width, y },
      { text, x: 80, y },
    ];
    const markdown = await toMarkdown([
      { text: "The supplier may charge expenses, provided that:", x: 50, y: 700 },
      ...flushRight("i.", 5.5, "they are approved in writing in advance;", 684),
      ...flushRight("ii.", 7.9, "receipts are supplied with the invoice; and", 670),
      ...flushRight("iii.", 10.4, "they are charged at cost.", 656),
      ...flushRight("iv.", 11, "no mark-up is added.", 642),
      { text: "Charges are payable within thirty days.", x: 50, y: 620 },
    ]);
    expect(markdown).toContain(
      ["- i. they are approved in writing in advance;", "- ii. receipts are supplied with the invoice; and", "- iii. they are charged at cost.", "- iv. no mark-up is added."].join("\n"),
    );
  });

  it("goes on with an item whose bullet is set close before its text, the item's next line under its text", async () => {
    // Note: as WeasyPrint sets a narrow list: "•" (WinAnsi 0x95) and a space in one run, the text 6.4 points (not an em) past the bullet.
    const markdown = await toMarkdown([
      { text: "Skills", x: 76, y: 700, size: 12, bold: true },
      { text: "\u0095 Supply chain", x: 100, y: 680, size: 10 },
      { text: "planning", x: 106.4, y: 666.4, size: 10 },
      { text: "\u0095 SQL and Python", x: 100, y: 652.8, size: 10 },
      { text: "\u0095 Contract", x: 100, y: 639.2, size: 10 },
      { text: "negotiation", x: 106.4, y: 625.6, size: 10 },
    ]);
    expect(markdown).toContain("- Supply chain planning\n- SQL and Python\n- Contract negotiation");
  });

  it("reads a two-digit item whose text the text layer runs into its number (\"10.Contracts\") as an item", async () => {
    // As a word processor sets a numbered list: the tab after "10." ends where the number does.
    const markdown = await toMarkdown([
      ...item("9.", "Contracts signed after the work began", 72, 700),
      { text: "10.Missing records of the tender", x: 72, y: 684 },
      { text: "11.Late payments to small suppliers", x: 72, y: 668 },
    ]);
    expect(markdown).toContain("9. Contracts signed after the work began\n10. Missing records of the tender\n11. Late payments to small suppliers");
  });

  it("reads items labelled with capital letters and capital roman numerals as items that keep their labels", async () => {
    // As reports and contracts number recitals "(A)", points "A." and sections' items "I.", "II.".
    const markdown = await toMarkdown([
      { text: "Background", x: 72, y: 700, bold: true },
      ...labelled("(A)", "The Owner operates a grain store at Westbury.", 72, 680),
      ...labelled("(B)", "The Depositor wishes to store part of each harvest there.", 72, 666),
      { text: "Standards", x: 72, y: 640, bold: true },
      ...labelled("I.", "Moisture no more than 15 per cent.", 72, 620),
      ...labelled("A.", "Wheat is tested on arrival.", 108, 606),
      ...labelled("B.", "Barley is tested weekly.", 108, 592),
      ...labelled("II.", "Admixture no more than 2 per cent by weight.", 72, 578),
    ]);
    expect(markdown).toContain("- (A) The Owner operates a grain store at Westbury.\n- (B) The Depositor wishes to store part of each harvest there.");
    expect(markdown).toContain(
      ["- I. Moisture no more than 15 per cent.", "  - A. Wheat is tested on arrival.", "  - B. Barley is tested weekly.", "- II. Admixture no more than 2 per cent by weight."].join("\n"),
    );
  });

  it("reads the lettered item that opens the next page, or the one that ends a page, as an item of the list", async () => {
    const pages = async (first: readonly PdfLine[], second: readonly PdfLine[]): Promise<string> =>
      (await convert(makePdf([first, second]), { filename: "lists.pdf" })).markdown;
    const intro: PdfLine = { text: "Background", x: 72, y: 700, bold: true };
    const items = [
      ["(A)", "The Owner operates a grain store at Westbury."],
      ["(B)", "The Depositor grows wheat and barley."],
      ["(C)", "The parties have agreed the terms set out below."],
    ] as const;
    const expected = items.map(([label, text]) => `- ${label} ${text}`).join("\n");
    // Two items at the foot of the first page and one atop the next, then one and two.
    const lastOnNext = await pages([intro, ...labelled(...items[0], 72, 90), ...labelled(...items[1], 72, 76)], labelled(...items[2], 72, 740));
    expect(lastOnNext).toContain(expected);
    const firstAlone = await pages([intro, ...labelled(...items[0], 72, 76)], [...labelled(...items[1], 72, 740), ...labelled(...items[2], 72, 726)]);
    expect(firstAlone).toContain(expected);
  });

  it("does not take lines that open with capital initials of different case or out of order for list items", async () => {
    const markdown = await toMarkdown([
      { text: "A. Smith chaired the meeting and opened it at ten.", x: 72, y: 700 },
      { text: "C. Jones took the minutes of the meeting that day.", x: 72, y: 686 },
      { text: "I. Patel sent her apologies before the meeting.", x: 72, y: 660 },
      { text: "ii. the second point, in lower case, follows it.", x: 72, y: 646 },
    ]);
    expect(markdown).not.toMatch(/^- /m);
  });

  it("reads short items whose capital roman numerals are set apart from their text as a list, not a table", async () => {
    // As LibreOffice prints a pandoc list "I.", "II.", "III.": the label, a tab, a few words.
    const markdown = await toMarkdown([
      { text: "Mileage is paid at these rates:", x: 72, y: 700 },
      ...labelled("I.", "Cars: 45p a mile.", 90, 684),
      ...labelled("II.", "Motorcycles: 24p a mile.", 90, 670),
      ...labelled("III.", "Bicycles: 20p a mile.", 90, 656),
      { text: "The rates are reviewed each April.", x: 72, y: 632 },
    ]);
    expect(markdown).toContain("- I. Cars: 45p a mile.\n- II. Motorcycles: 24p a mile.\n- III. Bicycles: 20p a mile.");
    expect(markdown).not.toContain("|");
  });

  it("reads a paragraph set under an item's text as that item's next paragraph, and the list goes on after it", async () => {
    // Note: as LibreOffice prints Word's numbered list: 11 pt, the number at 90 and a tab to the
    // text at 108 (the two one phrase); lines 14 points apart, paragraphs (an item's two among them) 22.
    const numbered = (label: string, text: string, y: number): PdfLine[] => [
      { text: label, x: 90, y, size: 11 },
      { text, x: 108, y, size: 11 },
    ];
    const markdown = await toMarkdown([
      { text: "When lifting by hand:", x: 72, y: 700, size: 11 },
      ...numbered("1.", "Plan the lift: check the weight of the load, where it", 678),
      { text: "is going and whether a lifting aid is needed.", x: 108, y: 664, size: 11 },
      { text: "Loads over 25 kg are never lifted by one person. Use", x: 108, y: 642, size: 11 },
      { text: "the vacuum lifter or ask a colleague.", x: 108, y: 628, size: 11 },
      ...numbered("2.", "Keep the load close to the waist.", 606),
      { text: "Report any injury to the shift leader.", x: 72, y: 584, size: 11 },
    ]);
    expect(markdown).toBe(
      [
        "When lifting by hand:",
        "",
        "1. Plan the lift: check the weight of the load, where it is going and whether a lifting aid is needed.",
        "",
        "   Loads over 25 kg are never lifted by one person. Use the vacuum lifter or ask a colleague.",
        "",
        "2. Keep the load close to the waist.",
        "",
        "Report any injury to the shift leader.",
        "",
      ].join("\n"),
    );
  });

  it("nests the sub-items at the top of the next page under the item that ends the page before, and goes on with an item's paragraph there", async () => {
    const pages = async (first: readonly PdfLine[], second: readonly PdfLine[]): Promise<string> =>
      (await convert(makePdf([first, second]), { filename: "lists.pdf" })).markdown;
    const lead: PdfLine[] = [
      ...paragraphAt(["Visitors to the stores must sign in at the gatehouse, where they are given a badge", "to wear at all times, and must follow these rules while they are on the site:"], 72, 700),
      ...item("\u0095", "wear the safety boots they are lent;", 90, 670),
      ...item("\u0095", "stay with their host, who is responsible for:", 90, 656),
    ];
    const nested = await pages(lead, [...item("-", "their safety while on site;", 110, 740), ...item("-", "their leaving by the same gate.", 110, 726), ...item("\u0095", "never enter a grain bin.", 90, 712)]);
    expect(nested).toContain(["- stay with their host, who is responsible for:", "  - their safety while on site;", "  - their leaving by the same gate.", "- never enter a grain bin."].join("\n"));
    const continued = await pages(lead, [{ text: "Hosts are named on the visitors' list at the gatehouse.", x: 102, y: 740 }, ...item("\u0095", "never enter a grain bin.", 90, 718)]);
    expect(continued).toContain("- stay with their host, who is responsible for:\n\n  Hosts are named on the visitors' list at the gatehouse.\n\n- never enter a grain bin.");
  });

  it("leaves a paragraph after a list as body text where the body is set as far right as the items' text", async () => {
    // Note: bullets hung left of the text column: the text after the list starts where the text before it does.
    const markdown = await toMarkdown([
      { text: "The policy applies to all employees and to:", x: 102, y: 700 },
      { text: "the people who work with them, that is:", x: 102, y: 686 },
      ...item("\u0095", "contractors and agency workers;", 90, 664),
      ...item("\u0095", "volunteers who use our systems.", 90, 650),
      { text: "It does not apply to visitors, who sign in at the", x: 102, y: 628 },
      { text: "gatehouse and are escorted at all times.", x: 102, y: 614 },
    ]);
    expect(markdown).toContain("- volunteers who use our systems.\n\nIt does not apply to visitors, who sign in at the gatehouse and are escorted at all times.");
  });

  it("does not take a line of prose that starts with a lone letter and a dot for a list item", async () => {
    const markdown = await toMarkdown([
      { text: "The ruling in Smith", x: 72, y: 700 },
      { text: "v. Jones settled the question of the boundary wall.", x: 72, y: 686 },
    ]);
    expect(markdown).toBe("The ruling in Smith v. Jones settled the question of the boundary wall.\n");
  });

  it("nests items whose markers are indented under the item above, and returns to the outer level", async () => {
    const markdown = await toMarkdown([
      { text: "Bring these things:", x: 72, y: 700 },
      ...item("-", "Waterproof boots", 72, 680),
      ...item("-", "A field notebook", 72, 666),
      ...item("*", "Pencil, not pen", 90, 652),
      ...item("*", "Spare pages", 90, 638),
      ...item("-", "A hand lens", 72, 624),
      ...item("1.", "Record the tide", 72, 600),
      ...item("-", "Height in metres", 90, 586),
    ]);
    expect(markdown).toBe(
      [
        "Bring these things:",
        "",
        "- Waterproof boots",
        "- A field notebook",
        "  - Pencil, not pen",
        "  - Spare pages",
        "- A hand lens",
        "1. Record the tide",
        "   - Height in metres",
        "",
      ].join("\n"),
    );
  });

  it("reads Word's second-level bullet, a letter o in Courier New, as a bullet, and an o in text as a letter", async () => {
    const markdown = await toMarkdown([
      { text: "Pack for the survey:", x: 72, y: 700 },
      ...item("-", "Waterproof boots", 90, 680),
      { text: "o", x: 108, y: 666, mono: true },
      { text: "Spare laces", x: 126, y: 666 },
      { text: "o", x: 108, y: 652, mono: true },
      { text: "Insoles", x: 126, y: 652 },
      ...item("-", "A hand lens", 90, 638),
      { text: "Then write o", x: 72, y: 610 },
      { text: "o", x: 140, y: 610, mono: true },
      { text: "to mark each find.", x: 72, y: 596 },
    ]);
    expect(markdown).toContain(["- Waterproof boots", "  - Spare laces", "  - Insoles", "- A hand lens"].join("\n"));
    expect(markdown).not.toContain("◦");
  });

  it("does not nest the items at the top of the next column under the last items of the first", async () => {
    const prose = (x: number, y: number, count: number): PdfLine[] =>
      Array.from({ length: count }, (_, index) => ({ text: "Each line of this column runs on to the next.", x, y: y - index * 14 }));
    const markdown = await toMarkdown([
      ...prose(72, 700, 8),
      ...item("-", "Left one", 72, 580),
      ...item("-", "Left two", 72, 566),
      ...item("*", "Left two, in short", 90, 552),
      ...item("-", "Right one", 320, 700),
      ...item("-", "Right two", 320, 686),
      ...prose(320, 660, 8),
    ]);
    expect(markdown.split("\n").filter((line) => /^\s*- /.test(line))).toEqual(["- Left one", "- Left two", "  - Left two, in short", "- Right one", "- Right two"]);
  });

  it("writes lines that start with a ballot box as task list items, checked or not", async () => {
    // Codes 0x80 and 0x81 print as Word's empty and crossed ballot boxes; the rest of ASCII as itself.
    const ballotBoxes = [
      "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
      "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
      "1 begincodespacerange <00> <FF> endcodespacerange",
      "1 beginbfrange <20> <7E> <0020> endbfrange",
      "2 beginbfchar <80> <2610> <81> <2612> endbfchar",
      "endcmap CMapName currentdict /CMap defineresource pop end end",
    ].join("\n");
    const lines: PdfLine[] = [
      { text: "Tasks before release:", x: 72, y: 700 },
      { text: "\x81 Design", x: 72, y: 680 },
      { text: "\x81 Implementation", x: 72, y: 664 },
      { text: "\x80 Documentation", x: 72, y: 648 },
    ];
    const { markdown } = await convert(makePdf([lines], { toUnicode: ballotBoxes }), { filename: "checklist.pdf" });
    expect(markdown).toContain(["- [x] Design", "- [x] Implementation", "- [ ] Documentation"].join("\n"));
  });

  it("reads lines led by the triangles LaTeX Beamer sets before items as a list, nested by indent", async () => {
    // Codes 0x80 and 0x81 print as the black and white right-pointing triangles; the rest of ASCII as itself.
    const triangles = toUnicodeCMap({ ranges: [[0x20, 0x7e, "0020"]], codes: { "\x80": "25B6", "\x81": "25B7" } });
    const lines: PdfLine[] = [
      { text: "What this briefing covers", x: 40, y: 500, size: 20 },
      ...item("\x80", "Where and how we sampled the harbour", 60, 440),
      ...item("\x80", "Results at the six monitoring sites", 60, 416),
      ...item("\x81", "Dissolved oxygen through the summer", 84, 392),
      ...item("\x80", "What the agency proposes next", 60, 368),
    ];
    const { markdown } = await convert(makePdf([lines], { toUnicode: triangles }), { filename: "beamer.pdf" });
    expect(markdown).toContain(
      ["- Where and how we sampled the harbour", "- Results at the six monitoring sites", "  - Dissolved oxygen through the summer", "- What the agency proposes next"].join("\n"),
    );
  });

  it("reads the shaded balls Beamer paints before items as bullets, nested by indent", async () => {
    // As Beamer's Madrid theme prints a list: each marker a small form filled with a radial shading.
    const ballItem = (text: string, x: number, y: number, size: number): (PdfLine | PdfBall)[] => [
      { ball: [x, y + 1, size] },
      { text, x: x + 12, y, size: 11 },
    ];
    const { markdown } = await convert(
      makePdf([
        [
          { text: "Why we are moving", x: 20, y: 230, size: 14, bold: true },
          ...ballItem("The current server leaves support next March", 22, 190, 5),
          ...ballItem("Hosted payroll cuts two manual steps", 22, 175, 5),
          ...ballItem("Timesheets arrive from the rota system", 45, 161, 4),
          ...ballItem("Staff see their payslips on their phones", 22, 146, 5),
        ],
      ], { pageSize: [453.5, 255.1] }),
      { filename: "madrid.pdf" },
    );
    expect(markdown).toContain(
      ["- The current server leaves support next March", "- Hosted payroll cuts two manual steps", "  - Timesheets arrive from the rota system", "- Staff see their payslips on their phones"].join("\n"),
    );
  });

  it("reads numbers set inside balls (Beamer's numbered items) as a numbered list", async () => {
    // As Beamer's Madrid theme numbers a list: a shaded ball some two thirds of an em across, the
    // item's number in small type inside it, no dot after it.
    const steps = ["Export three years of pay history", "Run two months in parallel with the old system", "Compare every payslip line by line"];
    const { markdown } = await convert(
      makePdf(
        [
          [
            { text: "Migration in four stages", x: 20, y: 230, size: 14, bold: true },
            ...steps.flatMap((text, index): (PdfLine | PdfBall)[] => [
              { ball: [18, 150 - index * 16 - 2, 9] },
              { text: String(index + 1), x: 20.8, y: 150 - index * 16, size: 6 },
              { text, x: 32.7, y: 150 - index * 16, size: 11 },
            ]),
          ],
        ],
        { pageSize: [453.5, 255.1] },
      ),
      { filename: "madrid.pdf" },
    );
    expect(markdown).toContain(steps.map((text, index) => `${index + 1}. ${text}`).join("\n"));
  });

  it("leaves numbers inside marks as they are where they do not count down a column (a chart's values)", async () => {
    // Values in small boxes beside their labels, as a chart's legend sets them: 6, then 9.
    const legend = [
      ["6", "Sites rated good"],
      ["9", "Sites rated fair"],
    ] as const;
    const { markdown } = await convert(
      makePdf([legend.flatMap(([value, label], index): (PdfLine | PdfBall)[] => [{ ball: [72, 600 - index * 20 - 2, 9] }, { text: value, x: 74.5, y: 600 - index * 20, size: 6 }, { text: label, x: 86, y: 600 - index * 20 }])]),
      { filename: "legend.pdf" },
    );
    expect(markdown).not.toMatch(/\b[69]\./);
  });

  it("reads paragraphs numbered in brackets, one after the other, as a list that keeps the brackets", async () => {
    // Note: as groff's -me sets `.np` paragraphs: "(1)" at the margin, the text after it on the line.
    const markdown = await toMarkdown([
      { text: "The main defects found on the river crossing were as follows.", x: 72, y: 700 },
      { text: "(1)  Spalling of the concrete on the north abutment.", x: 72, y: 680 },
      { text: "(2)  Corrosion of the bearing plates on the second span.", x: 72, y: 666 },
      { text: "(3)  Blocked drainage outlets along the parapet.", x: 72, y: 652 },
      { text: "Repairs with priority one should be completed within six months.", x: 72, y: 630 },
    ]);
    expect(markdown).toContain(
      ["- (1) Spalling of the concrete on the north abutment.", "- (2) Corrosion of the bearing plates on the second span.", "- (3) Blocked drainage outlets along the parapet."].join("\n"),
    );
  });

  it("reads items numbered with a bare number before a bold title, one after the other, as a numbered list", async () => {
    // As minutes and agendas set them: "1", a space, the item's title in bold, then its text.
    const numbered = (number: string, title: string, text: string, y: number): PdfLine => ({ text: [{ text: number }, { text: title, bold: true }, { text }], x: 72, y });
    const markdown = await toMarkdown([
      { text: "Apologies: S. Novak", x: 72, y: 700 },
      numbered("1 ", "Budget. ", "Approved as presented.", 680),
      numbered("2 ", "Premises. ", "The lease is renewed for two years, and the landlord will repaint the", 668),
      { text: "hall in the summer.", x: 72, y: 656 },
      numbered("3 ", "Annual meeting. ", "To be held in July.", 644),
      { text: "Next meeting: 6 June.", x: 72, y: 620 },
    ]);
    expect(markdown).toContain(
      ["1. **Budget.** Approved as presented.", "2. **Premises.** The lease is renewed for two years, and the landlord will repaint the hall in the summer.", "3. **Annual meeting.** To be held in July."].join("\n"),
    );
  });

  it("leaves a lone line that opens with a bare number before bold words as text", async () => {
    const markdown = await toMarkdown([
      { text: "The hall holds a hundred people.", x: 72, y: 700 },
      { text: [{ text: "12 " }, { text: "chairs", bold: true }, { text: " are kept in the store." }], x: 72, y: 686 },
    ]);
    expect(markdown).not.toMatch(/^\d+\. /m);
  });

  it("leaves a bracketed number that opens a line of prose, with no next one under it, as text", async () => {
    const markdown = await toMarkdown([
      { text: "The flow is given by the formula of the section above, as", x: 72, y: 700 },
      { text: "(4) shows for pipes of any diameter and length.", x: 72, y: 686 },
    ]);
    expect(markdown).toContain("(4) shows for pipes");
  });
});
