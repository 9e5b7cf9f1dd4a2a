import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { helveticaWidth } from "./helpers/helvetica.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfLine } from "./helpers/make-pdf.js";

const toMarkdown = async (lines: readonly PdfLine[]): Promise<string> => (await convert(makePdf([lines]), { filename: "letter.pdf" })).markdown;

/** Lines set at `x`, one every 13 points from `y` down (a block of a letter). */
const block = (texts: readonly string[], x: number, y: number): PdfLine[] => texts.map((text, index) => ({ text, x, y: y - index * 13, size: 10.5 }));

const BODY: PdfLine[] = [
  ...block(["Dear Ms Patel,"], 72, 560),
  ...block(["Thank you for your application, which we received on 3 June. It has been validated and", "will be decided by the planning committee at its next meeting."], 72, 530),
];

describe("pdf letters: an address with a reference block beside it", () => {
  it("reads a three-line address whole, then the two-line reference block level with it", async () => {
    const markdown = await toMarkdown([
      ...block(["Ms A. Patel", "22 Willow Road", "Northfield NF3 7QT"], 72, 672),
      ...block(["Our ref: PL/24/0815", "Date: 12 June 2024"], 420, 672),
      ...BODY,
    ]);
    expect(markdown).not.toContain("|");
    const address = markdown.indexOf("Northfield NF3 7QT");
    expect(markdown.indexOf("Ms A. Patel")).toBeLessThan(markdown.indexOf("22 Willow Road"));
    expect(markdown.indexOf("22 Willow Road")).toBeLessThan(address);
    expect(address).toBeLessThan(markdown.indexOf("Our ref: PL/24/0815"));
    expect(markdown.indexOf("Our ref: PL/24/0815")).toBeLessThan(markdown.indexOf("Date: 12 June 2024"));
  });

  it("keeps a two-column table of labels whose last label has no value", async () => {
    const markdown = await toMarkdown([
      ...block(["Name:", "Date of birth:", "Notes:"], 72, 672),
      ...block(["Tomas Brennan", "04/09/1987"], 420, 672),
      ...BODY,
    ]);
    expect(markdown).toContain("| Name: | Tomas Brennan |");
  });

  it("keeps a table whose first column's last cell wraps onto a line of its own", async () => {
    const markdown = await toMarkdown([
      ...block(["Site survey", "Supply of panels and", "mounting kit"], 72, 672),
      ...block(["450.00", "3,960.00"], 420, 672),
      ...BODY,
    ]);
    expect(markdown).toMatch(/\| Supply of panels and mounting kit \| 3,960.00 \|/);
  });
});

describe("pdf letters: short lines broken by hand", () => {
  it("keeps the lines of an address and of a signature apart, as hard line breaks", async () => {
    const markdown = await toMarkdown([
      ...block(["Ms A. Patel", "22 Willow Road", "Northfield NF3 7QT"], 72, 672),
      ...BODY,
      ...block(["Yours sincerely,"], 72, 480),
      ...block(["J. Morgan", "Planning Officer", "j.morgan@northfield.example"], 72, 440),
    ]);
    expect(markdown).toContain("Ms A. Patel\\\n22 Willow Road\\\nNorthfield NF3 7QT");
    expect(markdown).toContain("J. Morgan\\\nPlanning Officer\\\nj.morgan@northfield.example");
  });

  it("reads short sentences set one a line as paragraphs of their own", async () => {
    const markdown = await toMarkdown([...block(["Dear Ms Patel,"], 72, 672), ...BODY, ...block(["EFB = empty fruit bunch.", "Source: Murdiyatmo (2021)."], 72, 480)]);
    expect(markdown).toContain("EFB = empty fruit bunch.\n\nSource: Murdiyatmo (2021).");
  });

  it("joins the lines of a paragraph set short beside a figure with spaces", async () => {
    const markdown = await toMarkdown([
      ...block(["Shipping remains the only documented", "pathway for marine invasion in the", "Philippines, with the mussel first", "recorded from Manila in 2014."], 72, 672),
      ...block(["The mussel has since been reported from Singapore, Taiwan, Hong Kong, India and Malaysia,", "and from the Gulf of Thailand, where it was first seen on the hulls of visiting ships."], 72, 600),
    ]);
    expect(markdown).toContain("only documented pathway for marine invasion in the Philippines, with the mussel first recorded");
  });

  it("joins the lines of a narrow column's paragraph that each start with a capital, whatever a smaller footer reaches", async () => {
    // Note: a note or footer set smaller, starting at the column's edge and running further, is no
    // edge of the column's text: measured against it, each full line of the column would leave
    // room for the next line's first word, and the paragraph would be cut into lines (as caseless
    // scripts, Korean, begin every line with a "capital").
    const column = [
      "Figures for the year show that Bristol, Bath",
      "Exeter and Plymouth grew fastest of all, with",
      "Exeter ahead of both in the last of the quarters.",
      "The council will publish its next report on this",
      "In the spring, with figures by district.",
    ];
    const justified = column.map((text, index): PdfLine => {
      const wordSpacing = index === column.length - 1 ? 0 : (222 - helveticaWidth(text, 10.5)) / (text.split(" ").length - 1);
      return { text, x: 72, y: 672 - index * 13, size: 10.5, wordSpacing };
    });
    const markdown = await toMarkdown([
      ...justified,
      { text: "Northfield Council News, issue 12, published by the council's press office, June 2024", x: 72, y: 60, size: 8 },
    ]);
    expect(markdown).toContain(column.join(" "));
  });

  it("joins the wrapped lines of a paragraph with spaces", async () => {
    const markdown = await toMarkdown([...block(["Dear Ms Patel,"], 72, 672), ...BODY]);
    expect(markdown).toContain("It has been validated and will be decided by the planning committee");
  });
});

/** Lines set flush right, ending at `right`, one every 13 points from `y` down (a block at a letter's right margin). */
const rightBlock = (texts: readonly string[], right: number, y: number): PdfLine[] =>
  texts.map((text, index) => ({ text, x: right - helveticaWidth(text, 10.5), y: y - index * 13, size: 10.5 }));

describe("pdf letters: blocks set flush right", () => {
  const letter: PdfLine[] = [
    ...rightBlock(["Northfield Trading Ltd", "14 Harbour Street", "Bristol BS1 4QA", "United Kingdom"], 523, 760),
    ...block(["Ms Jane Arkwright", "Arkwright and Sons", "2 Mill Lane", "Leeds LS2 7HY"], 72, 690),
    ...rightBlock(["12 March 2024"], 523, 620),
    ...block(["Dear Ms Arkwright,"], 72, 590),
    ...block(["Thank you for your order of 4 March. We are pleased to confirm that the goods will", "be shipped next week, and an invoice will follow by post in the days after that."], 72, 565),
    ...rightBlock(["Yours sincerely,", "Peter Lang", "Sales Manager"], 523, 520),
  ];

  it("keeps each line of an address and a signature set flush right apart, as hard line breaks", async () => {
    const markdown = await toMarkdown(letter);
    expect(markdown).toContain(["Northfield Trading Ltd\\", "14 Harbour Street\\", "Bristol BS1 4QA\\", "United Kingdom"].join("\n"));
    expect(markdown).toContain(["Yours sincerely,\\", "Peter Lang\\", "Sales Manager"].join("\n"));
  });

  it("keeps the lines of an address set flush right apart where no text runs under it", async () => {
    const markdown = await toMarkdown([
      ...rightBlock(["Hillside Cricket Club", "Pavilion Lane", "Worcester WR1 3BB"], 523, 760),
      ...block(["Committee agenda"], 72, 700),
      ...block(["The committee meets in the pavilion."], 72, 680),
    ]);
    expect(markdown).toContain(["Hillside Cricket Club\\", "Pavilion Lane\\", "Worcester WR1 3BB"].join("\n"));
  });

  it("reads blocks set flush right where they stand on the page, not as a column after the text at the left", async () => {
    const markdown = await toMarkdown(letter);
    expect(markdown.indexOf("United Kingdom")).toBeLessThan(markdown.indexOf("Ms Jane Arkwright"));
    expect(markdown.indexOf("Leeds LS2 7HY")).toBeLessThan(markdown.indexOf("12 March 2024"));
    expect(markdown.indexOf("12 March 2024")).toBeLessThan(markdown.indexOf("Dear Ms Arkwright"));
  });

  it("keeps a justified paragraph whose lines step out under a figure at its left one paragraph, without hard breaks", async () => {
    // Justified to 523: three lines beside a figure (from x 196), two under it (from x 72), the
    // last full too, as where the paragraph goes on in the next column.
    const texts = [
      "The new pavilion was opened in May by the president of the club, who",
      "thanked all the volunteers for their work on the roof and on the new",
      "changing rooms and the kitchen, and the league for its grant for the",
      "cost of the new showers and the heating of the changing rooms and of the kitchen, which the",
      "club could not have paid for out of its own funds in a single season without a loan from",
    ];
    const justified = (text: string, x: number, y: number): PdfLine => {
      const spaces = text.split(" ").length - 1;
      return { text, x, y, size: 10.5, wordSpacing: (523 - x - helveticaWidth(text, 10.5)) / spaces };
    };
    const markdown = await toMarkdown([
      ...texts.slice(0, 3).map((text, index) => justified(text, 196, 700 - index * 13)),
      justified(texts[3]!, 72, 661),
      justified(texts[4]!, 72, 648),
    ]);
    expect(markdown).not.toContain("\\");
  });

  it("reads two columns of text set flush right, as right-to-left text is, column by column", async () => {
    const column = (texts: readonly string[], right: number, y: number): PdfLine[] => rightBlock(texts, right, y);
    const left = ["the left column opens here and", "goes on in short lines of text", "set flush right to its edge", "as a right to left page sets", "its text in each of its columns", "with lines that end together", "and start wherever their words", "take them across the column", "and it ends here in the left"];
    const right = ["the right column opens here and", "goes on in lines of its own", "set flush right at the margin", "of the page as the left one", "is set at the edge of its own", "column with a gutter between", "the two columns of the page", "which no line runs across", "and it ends here in the right"];
    const markdown = await toMarkdown([...column(left, 290, 700), ...column(right, 523, 706)]);
    const words = markdown.replace(/\s+/g, " ");
    expect(words).toContain(left.join(" "));
    expect(words).toContain(right.join(" "));
  });
});
