import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { removeFurniture } from "../../src/converters/pdf/furniture.js";
import { lineText } from "../../src/converters/pdf/model.js";
import type { PageLayout, TextLine } from "../../src/converters/pdf/model.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfLine, PdfRule } from "./helpers/make-pdf.js";

const line = (text: string, baseline: number, pageIndex: number): TextLine => ({
  runs: [{ text, markdown: text, emphasized: text, x: 72, right: 300, fontSize: 10, bold: false, italic: false, monospace: false }],
  x: 72,
  right: 300,
  baseline,
  fontSize: 10,
  bold: false,
  italic: false,
  monospace: false,
  fromImage: false,
  pageIndex,
  pageHeight: 792,
});

const page = (pageIndex: number, texts: [string, number][]): PageLayout => ({
  pageIndex,
  width: 612,
  height: 792,
  gutter: undefined,
  rulings: { horizontal: [], vertical: [], fills: [] },
  lines: texts.map(([text, baseline]) => line(text, baseline, pageIndex)),
});

describe("removeFurniture", () => {
  it("drops running headers and page numbers but keeps body text", () => {
    const pages = [0, 1, 2].map((index) =>
      page(index, [
        [`Annual Report ${2024}`, 40],
        [`Body text of page ${index + 1}`, 300],
        [`Annual Report ${2024}`, 500],
        [String(index + 1), 770],
      ]),
    );
    const kept = removeFurniture(pages).map((result) => result.lines.map(lineText));
    expect(kept).toEqual([0, 1, 2].map((index) => [`Body text of page ${index + 1}`, "Annual Report 2024"]));
  });

  it("keeps a year span in a margin (a wrapped title's last line) but drops a page of pages there", () => {
    const pages = [page(0, [["2024/25", 60], ["Body text of page 3", 300], ["3/9", 770]])];
    const kept = removeFurniture(pages).map((result) => result.lines.map(lineText));
    expect(kept).toEqual([["2024/25", "Body text of page 3"]]);
  });

  it("drops a page number centred well under the text, out of the margins (LaTeX's default layout)", async () => {
    // Letter paper; the number two inches above the edge, as LaTeX sets it, on one page or two.
    // Helvetica's digits are 0.556 em wide: "1" at 11 pt is centred at x 306.
    const text = (page: number): PdfLine[] => [
      { text: `Moorings are let for a season, and page ${page} of the rules says how.`, x: 126, y: 650, size: 11 },
      { text: "Fees are set each year by the harbour board and paid in advance.", x: 126, y: 636, size: 11 },
    ];
    const number = (page: number): PdfLine => ({ text: String(page), x: 306 - 3.06, y: 143, size: 11 });
    const single = (await convert(makePdf([[...text(1), number(1)]]), { filename: "one.pdf", pdf: { mode: "fast" } })).markdown;
    expect(single.trim()).toBe("Moorings are let for a season, and page 1 of the rules says how. Fees are set each year by the harbour board and paid in advance.");
    const double = (await convert(makePdf([[...text(1), number(1)], [...text(2), number(2)]]), { filename: "two.pdf", pdf: { mode: "fast" } })).markdown;
    expect(double).not.toMatch(/^\d+$/m);
    // A number set at the text's pitch under it, or off centre, is the text's.
    const answer = (await convert(makePdf([[...text(1), { text: "42", x: 126, y: 622, size: 11 }]]), { filename: "answer.pdf", pdf: { mode: "fast" } })).markdown;
    expect(answer).toMatch(/42/);
  });

  it("drops a page number labelled short (\"p. 1\", \"pg. 2\") centred under the text, on one page or two", async () => {
    const text = (page: number): PdfLine[] => [
      { text: `The allotment gates are locked at dusk, and notice ${page} says who holds the keys.`, x: 72, y: 700, size: 11 },
      { text: "Plot holders may collect a key from the secretary on payment of a deposit.", x: 72, y: 686, size: 11 },
    ];
    const foot = (label: string): PdfLine => ({ text: label, x: 296, y: 40, size: 9 });
    const single = (await convert(makePdf([[...text(1), foot("p. 1")]]), { filename: "one.pdf", pdf: { mode: "fast" } })).markdown;
    expect(single).not.toContain("p. 1");
    const double = (await convert(makePdf([[...text(1), foot("pg. 1")], [...text(2), foot("pg. 2")]]), { filename: "two.pdf", pdf: { mode: "fast" } })).markdown;
    expect(double).not.toMatch(/pg\. \d/);
  });

  it("drops a page number centred under text that a two-sided layout sets off the page's middle", async () => {
    // As LaTeX's `twoside` sets an even page: the text block, and the number centred under it, well
    // left of the page's middle.
    const text = [
      "Moorings are let for a season, and the rules say how they are let.",
      "Fees are set each year by the harbour board and paid in advance.",
      "A mooring left empty for a month may be let to the next on the list.",
    ].map((line, index): PdfLine => ({ text: line, x: 40, y: 200 - index * 13, size: 11 }));
    const markdown = (await convert(makePdf([[...text, { text: "2", x: 198, y: 120, size: 11 }]]), { filename: "even.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).not.toMatch(/^2$/m);
    expect(markdown).toContain("Moorings are let for a season");
  });

  it("drops running heads that name their chapter beside the page number, though each chapter's differs", async () => {
    // As LaTeX's book class sets them: the page number and the chapter's name on even pages, the
    // section's name and the page number on odd ones, in the top margin.
    const heads = ["2|CHAPTER 1. BEGINNINGS", "1.1. THE FIRST SHIPS|3", "4|CHAPTER 2. THE HARBOUR", "2.1. THE QUAYS|5"];
    const body = [
      "The first ships came up the river to trade wool for salt.",
      "Their masters built a wooden quay where the river bends.",
      "A stone harbour wall followed once the trade had grown.",
      "The quays were lengthened twice in the century after that.",
    ];
    const pages = heads.map((head, index): PdfLine[] => {
      const [left, right] = head.split("|") as [string, string];
      return [
        { text: left, x: 72, y: 750, size: 10 },
        { text: right, x: 540 - right.length * 6, y: 750, size: 10 },
        { text: body[index]!, x: 72, y: 600, size: 11 },
      ];
    });
    const markdown = (await convert(makePdf(pages), { filename: "book.pdf", pdf: { mode: "fast" } })).markdown;
    for (const head of heads) for (const part of head.split("|")) expect(markdown).not.toContain(part);
    for (const text of body) expect(markdown).toContain(text);
  });

  it("drops running heads beside the page number set lower than the top margin, as memoir's default layout sets them", async () => {
    // Letter paper: the head's baseline some 105 points under the paper's top edge, below the top
    // eighth of the page, over the text of the page.
    const heads = ["4|CHAPTER 1. GETTING STARTED", "6|CHAPTER 2. CONFIGURING THE NETWORK"];
    const body = ["Place the router in a central place away from metal objects.", "Choose the strongest security mode that all devices support."];
    const pages = heads.map((head, index): PdfLine[] => {
      const [left, right] = head.split("|") as [string, string];
      return [
        { text: left, x: 96, y: 687, size: 10 },
        { text: right, x: 520 - right.length * 6, y: 687, size: 10 },
        { text: body[index]!, x: 96, y: 640, size: 10 },
        { text: "The text of the page goes on for a while in the same size.", x: 96, y: 628, size: 10 },
      ];
    });
    const markdown = (await convert(makePdf([[{ text: "The guide starts on this page.", x: 96, y: 640, size: 10 }], ...pages.flatMap((page) => [page, [{ text: "A page between the two.", x: 96, y: 640, size: 10 }]])]), { filename: "memoir.pdf", pdf: { mode: "fast" } })).markdown;
    for (const head of heads) for (const part of head.split("|")) expect(markdown).not.toContain(part);
    for (const text of body) expect(markdown).toContain(text);
  });

  it("drops the running heads and feet of a small page, set further in than the top and bottom eighths (memoir on A5)", async () => {
    // A5 paper: the foot some 98 points over the paper's bottom edge, the head some 105 points under
    // its top, over the text; the head's capitals run up close to the page's number, in one run.
    const foot = "Workshop Safety Handbook, Revision C";
    const heads = ["", "4 CHAPTER 1. PERSONAL PROTECTIVE EQUIPMENT", "1.2. CARING FOR EQUIPMENT 5", "6 CHAPTER 2. HANDLING MATERIALS"];
    const bodies = [
      "Every task in the workshop has its own hazards to guard against.",
      "Protective equipment is the last line of defence in a workshop.",
      "Inspect your equipment before every use and clean it after.",
      "Every chemical in the workshop comes with a safety data sheet.",
    ];
    const pages = bodies.map((body, index): PdfLine[] => [
      ...(heads[index] ? [{ text: heads[index]!, x: index % 2 === 1 ? 86 : 58, y: 490, size: 10 } satisfies PdfLine] : []),
      { text: body, x: 58, y: 460, size: 10 },
      { text: "The text of the page goes on in the same size and measure.", x: 58, y: 448, size: 10 },
      { text: foot, x: 114, y: 98, size: 9 },
    ]);
    const markdown = (await convert(makePdf(pages, { pageSize: [419.5, 595.3] }), { filename: "a5.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).not.toContain(foot);
    for (const head of heads.filter(Boolean)) expect(markdown).not.toContain(head);
    for (const body of bodies) expect(markdown).toContain(body);
  });

  it("drops the running head of a page left blank but for its head and its smaller foot", async () => {
    // As a two-sided book leaves the back of its contents blank: only "4   Contents" over the page
    // and the book's foot, set smaller, under it.
    const foot: PdfLine = { text: "AMT Handbook Volume 2", x: 248, y: 45, size: 9 };
    const head = (left: string, right: string): PdfLine[] => [
      { text: left, x: 72, y: 742, size: 11 },
      { text: right, x: 540 - right.length * 6, y: 742, size: 11 },
    ];
    const text = (first: string): PdfLine[] => [
      { text: first, x: 72, y: 700, size: 11 },
      { text: "The text of the page goes on for a while in the same size and measure.", x: 72, y: 686, size: 11 },
    ];
    const pages: PdfLine[][] = [
      [...text("Hydraulic systems are not new to aviation; early aircraft had them."), foot],
      [...head("2", "Contents"), foot],
      [...head("3", "Hydraulic Systems"), ...text("Every hydraulic system has a minimum number of parts."), foot],
      [...head("4", "Landing Gear"), ...text("Landing gear supports the weight of the aircraft on the ground."), foot],
    ];
    const markdown = (await convert(makePdf(pages), { filename: "book.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).not.toMatch(/Contents/);
    expect(markdown).toContain("Every hydraulic system has a minimum number of parts.");
  });

  it("drops running heads whose words alternate between odd and even pages, set at one place over the text", async () => {
    // As a two-page paper sets them: the authors and title on odd pages, the journal on even ones,
    // in small type at one baseline, well over the text; neither text repeats.
    const heads: PdfLine[] = [
      { text: "Doe, Faint source variability", x: 420, y: 760, size: 9 },
      { text: "Journal of Examples 12 (2026)", x: 72, y: 760, size: 9 },
    ];
    const body = [
      ["The survey watched faint sources over two years.", "Each field was visited once a week."],
      ["Most sources kept their brightness all along.", "A few of them flared once and faded."],
    ].map((lines) => lines.map((text, index): PdfLine => ({ text, x: 72, y: 720 - index * 12, size: 10 })));
    const markdown = (await convert(makePdf([[heads[0]!, ...body[0]!], [heads[1]!, ...body[1]!]]), { filename: "paper.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).not.toContain("Faint source variability");
    expect(markdown).not.toContain("Journal of Examples");
    expect(markdown).toContain("The survey watched faint sources");
    expect(markdown).toContain("A few of them flared once and faded.");
  });

  it("drops a running foot printed on only some pages of a short book, where its chapters open on pages without it", async () => {
    // As LaTeX's fancyhdr sets a report: the foot on the pages between chapter openings, which carry
    // only their number; too few pages for the foot to repeat on two in five.
    const foot = "Draft Document for Review";
    const bodies = [
      "Chapter one opens the book and says what a storage pool is for.",
      "A pool groups the capacity of several drives into one logical space.",
      "Chapter two opens here and tells how to create a pool.",
      "Chapter three opens here and tells how to watch a pool's capacity.",
      "The used capacity of every pool is reported once a week.",
      "Chapter four opens here and tells how to retire a pool.",
    ];
    const pages = bodies.map((body, index): PdfLine[] => {
      const opening = index !== 1 && index !== 4;
      const number: PdfLine = opening ? { text: String(index + 1), x: 303, y: 60, size: 10 } : { text: String(index + 1), x: 530, y: 740, size: 10 };
      const text: PdfLine[] = [
        { text: body, x: 72, y: 680, size: 10 },
        { text: "The text goes on for a while in the same size and measure.", x: 72, y: 668, size: 10 },
      ];
      return opening ? [...text, number] : [number, ...text, { text: foot, x: 250, y: 40, size: 9 }];
    });
    const markdown = (await convert(makePdf(pages), { filename: "report.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).not.toContain(foot);
    for (const body of bodies) expect(markdown).toContain(body);
  });

  it("keeps a chapter's label over its title at the top of each chapter's first page", async () => {
    // As a browser prints a user guide: each chapter on a page of its own, "CHAPTER 2" in bold type
    // larger than the text at the top, where a running head would be; only its number changes.
    const chapters = ["Getting Started", "Configuring the Network", "Troubleshooting"];
    const pages = chapters.map((title, index): PdfLine[] => [
      { text: `CHAPTER ${index + 1}`, x: 63, y: 740, size: 12, bold: true },
      { text: title, x: 63, y: 712, size: 20, bold: true },
      { text: "Each chapter starts with a short overview of what it covers.", x: 63, y: 680, size: 10.5 },
      { text: "The steps that follow are numbered in the order to take them.", x: 63, y: 665, size: 10.5 },
    ]);
    const markdown = (await convert(makePdf(pages), { filename: "guide.pdf", pdf: { mode: "fast" } })).markdown;
    for (const index of [1, 2, 3]) expect(markdown).toContain(`CHAPTER ${index}`);
    for (const title of chapters) expect(markdown).toContain(title);
  });

  it("keeps the first lines of pages where each page's text starts at one place", async () => {
    // A bold heading at the top of each page is the section's, and a text's first line followed at
    // the text's pitch is the text's, though both sit where a running head would.
    const texts = [
      ["Sources of the survey", "The sources were chosen from the old catalogue,", "the faintest of them first."],
      ["Results of the survey", "Most sources kept their brightness all along,", "and a few of them flared once."],
      ["The survey ended after two years", "when the telescope was sent away for repair,", "and it has not been taken up again."],
    ];
    const pages = texts.map(([first, ...rest], index): PdfLine[] => [
      { text: first!, x: 72, y: 760, size: 10, bold: index < 2 },
      ...rest.map((text, line): PdfLine => ({ text, x: 72, y: (index < 2 ? 720 : 748) - line * 12, size: 10 })),
    ]);
    const markdown = (await convert(makePdf(pages), { filename: "starts.pdf", pdf: { mode: "fast" } })).markdown;
    for (const [first] of texts) expect(markdown).toContain(first);
  });

  it("drops a slide's footline of three cells beside the slide's number and the count (Beamer's), on 16:9 pages", async () => {
    // As Beamer's Madrid theme prints a slide: author, title and date in three boxes along the
    // bottom edge, "3 / 4" at the right, in small type.
    const titles = ["Why we are moving", "Migration in four stages", "Risks and answers", "Questions?"];
    const pages = titles.map((title, index): PdfLine[] => [
      { text: title, x: 20, y: 230, size: 14, bold: true },
      { text: `The programme board reads slide ${index + 1} before the meeting starts.`, x: 40, y: 150, size: 11 },
      { text: "Fenwick Municipal IT (Programme board)", x: 10, y: 3, size: 6 },
      { text: "Moving Payroll to the Cloud", x: 190, y: 3, size: 6 },
      { text: "Board meeting", x: 350, y: 3, size: 6 },
      { text: `${index + 1} / ${titles.length}`, x: 430, y: 3, size: 6 },
    ]);
    const markdown = (await convert(makePdf(pages, { pageSize: [453.5, 255.1] }), { filename: "beamer.pdf", pdf: { mode: "fast" } })).markdown;
    for (const footline of ["Fenwick Municipal IT", "Moving Payroll to the Cloud", "Board meeting", "/ 4"]) expect(markdown).not.toContain(footline);
    for (const title of titles) expect(markdown).toContain(title);
  });

  it("keeps numbered headings at the top of pages whose numbers happen to go up with the pages", async () => {
    const sections = ["Sources", "Results", "Methods"];
    const pages = sections.map((name, index): PdfLine[] => [
      { text: String(index + 1), x: 72, y: 750, size: 14, bold: true },
      { text: name, x: 98, y: 750, size: 14, bold: true },
      { text: `Section ${name.toLowerCase()} begins on this page with a sentence of its own.`, x: 72, y: 600, size: 11 },
    ]);
    const markdown = (await convert(makePdf(pages), { filename: "sections.pdf", pdf: { mode: "fast" } })).markdown;
    sections.forEach((name, index) => expect(markdown).toContain(`${index + 1} ${name}`));
  });

  it("drops the page number of a landscape page, set sideways in the side margin", async () => {
    // As a portrait page turned for a wide table prints its number: upright on the paper, so
    // reading up the turned page at its left edge, level with the middle of the text.
    const text: PdfLine[] = [
      { text: "Inspections are made each quarter at every site the board runs.", x: 126, y: 420, size: 11 },
      { text: "Each site is rated on a scale of four, from poor to excellent.", x: 126, y: 406, size: 11 },
    ];
    const markdown = (await convert(makePdf([[...text, { text: "12", x: 40, y: 410, size: 10, sideways: true }]]), { filename: "turned.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown.trim()).toBe("Inspections are made each quarter at every site the board runs. Each site is rated on a scale of four, from poor to excellent.");
  });

  it("drops a running header set as a ruled table in the top margin of every page, and keeps the text", async () => {
    // Note: as Word prints a procedure's header: the company, the title and the document number in
    // three ruled cells, over the page's text.
    const header: PdfLine[] = [
      { text: "Harbour Mills", x: 76, y: 752, size: 9 },
      { text: "Operating Procedure", x: 246, y: 752, size: 9 },
      { text: "SOP-014 Rev 3", x: 416, y: 752, size: 9 },
    ];
    const rules: PdfRule[] = [
      { rule: [72, 766, 540, 766] },
      { rule: [72, 744, 540, 744] },
      ...[72, 242, 412, 540].map((x): PdfRule => ({ rule: [x, 766, x, 744] })),
    ];
    const text = (page: number): PdfLine[] =>
      [`Step ${page} of the procedure is done by two people, one of whom stays at the top.`, "The supervisor signs the permit before the work starts."].map(
        (line, index): PdfLine => ({ text: line, x: 72, y: 640 - index * 14, size: 10 }),
      );
    const markdown = (await convert(makePdf([1, 2, 3].map((page) => [...header, ...rules, ...text(page)])), { filename: "sop.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).not.toContain("SOP-014");
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("Step 3 of the procedure is done by two people, one of whom stays at the top.");
  });

  it("keeps a table's header, set between two rules at the top of every page the table runs over, as the table's header", async () => {
    // As troff's tbl repeats a long table's header on each page: the names between a rule above and
    // one below, in the top margin, the rows under them without rules.
    const columns = [195, 285, 375];
    const page = (first: number): (PdfLine | PdfRule)[] => [
      { rule: [189, 721, 423, 721] },
      { rule: [189, 700, 423, 700] },
      ...["Employee", "Department", "Extension"].map((text, column): PdfLine => ({ text, x: columns[column]!, y: 707, size: 10 })),
      ...Array.from({ length: 40 }, (_, row) => [`Person ${first + row}`, ["Finance", "Sales", "Legal"][row % 3]!, String(4100 + first + row)]).flatMap((cells, row) =>
        cells.map((text, column): PdfLine => ({ text, x: columns[column]!, y: 687 - row * 14, size: 10 })),
      ),
    ];
    const markdown = (await convert(makePdf([page(0), page(40)]), { filename: "extensions.pdf", pdf: { mode: "fast" } })).markdown;
    expect(markdown).toContain("| Employee | Department | Extension |\n| --- | --- | --- |\n| Person 0 | Finance | 4100 |");
    expect(markdown).toContain("| Person 79 | Finance | 4179 |");
  });
});
