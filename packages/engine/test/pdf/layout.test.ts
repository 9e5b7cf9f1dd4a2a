import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { helveticaWidth } from "./helpers/helvetica.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfDot, PdfFill, PdfLine, PdfRule } from "./helpers/make-pdf.js";

const toMarkdown = async (pages: readonly (readonly (PdfLine | PdfRule | PdfFill)[])[]): Promise<string> =>
  (await convert(makePdf(pages), { filename: "layout.pdf" })).markdown;

/** Lines of 11-point type, 13.6 points apart, justified to `measure` points but the last, as KOMA-Script sets a column. */
const justifiedElevenPoint =
  (measure: number) =>
  (lines: readonly string[], x: number, y: number): PdfLine[] =>
    lines.map((text, index) => ({
      text,
      x,
      y: y - index * 13.6,
      size: 11,
      wordSpacing: index === lines.length - 1 ? 0 : (measure - helveticaWidth(text, 11)) / (text.split(" ").length - 1),
    }));
const headingsOf = (markdown: string): string[] => markdown.split("\n").filter((line) => /^#+ /.test(line)).map((line) => line.replace(/^#+ /, ""));

/** Lines of a paragraph set at `x`, one every 14 points from `y` down. */
const paragraph = (texts: readonly string[], x: number, y: number, style: Partial<PdfLine> = {}): PdfLine[] =>
  texts.map((text, index) => ({ text, x, y: y - index * 14, ...style }));

const words = (text: string): string[] => text.match(/[A-Za-z]+/g) ?? [];

/** Two columns of a survey report, lowercase and unhyphenated (the justified ones need Helvetica widths of these letters alone). */
const SURVEY_LEFT = [
  "the sample was drawn from every region of the",
  "country in the spring, and each household was",
  "visited twice by the same interviewer, once in",
  "the morning and once in the evening, so that",
  "the answers of those at work during the day",
  "were not lost from the survey and the results",
  "could be weighted by the size of each region",
  "as the census of the year before counts it.",
];
const SURVEY_RIGHT = [
  "we weighted the answers by region and by the",
  "size of each household, and we left out the",
  "households that answered only once, since a",
  "single visit cannot tell the morning from the",
  "evening, which the second question turns on,",
  "nor can it show how the answers changed over",
  "the day, and so the rest of this section uses",
  "the households visited twice, about nine in ten.",
];

describe("pdf layout: headings", () => {
  it("gives a table of contents one heading, not one per entry", async () => {
    const entries = ["Introduction", "Methods and materials", "Results", "Discussion", "References"];
    const markdown = await toMarkdown([
      [
        { text: "Contents", x: 72, y: 700, size: 20, bold: true },
        ...entries.flatMap((entry, index): PdfLine[] => [
          { text: `${index + 1}. ${entry} ${".".repeat(60 - entry.length)}`, x: 72, y: 660 - index * 22, size: 12, bold: true },
          { text: String(3 + index * 7), x: 520, y: 660 - index * 22, size: 12, bold: true },
        ]),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Contents"]);
    for (const entry of entries) expect(markdown).toContain(entry);
  });

  it("reads a table of contents without dot leaders entry by entry, not as two columns or a table", async () => {
    const entries: [string, number][] = [
      ["Executive Summary", 4],
      ["Legal Framework", 6],
      ["Election Administration", 11],
      ["Civil Society Engagement", 15],
      ["Political Parties, Candidates Registration and Election", 18],
      ["Media Freedom and Access to Information", 25],
      ["Voter Education and Awareness", 29],
      ["Participation of Marginalized Sectors", 31],
      ["Recommendations", 39],
    ];
    const lines: PdfLine[] = [{ text: "Table of Contents", x: 72, y: 720, size: 20, bold: true }];
    let y = 680;
    for (const [title, page] of entries) {
      lines.push({ text: title, x: 72, y, size: 12, bold: true }, { text: String(page), x: 530, y, size: 12, bold: true });
      // Note: the longest title wraps onto a line of its own, without a page number.
      if (page === 18) lines.push({ text: "Campaign", x: 72, y: (y -= 16), size: 12, bold: true });
      y -= 24;
    }
    const markdown = await toMarkdown([lines]);
    expect(headingsOf(markdown)).toEqual(["Table of Contents"]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("Political Parties, Candidates Registration and Election 18 Campaign\n\nMedia Freedom");
    for (const [title, page] of entries) expect(markdown).toMatch(new RegExp(`^${title} ${page}`, "m"));
  });

  it("drops a contents leader drawn one dot a text item, right to left, as WeasyPrint draws it", async () => {
    // Note: each entry: its title, then 120 dots from x = 520 leftwards, then its page number.
    const entry = (title: string, page: string, y: number): PdfLine[] => [
      { text: title, x: 92, y, size: 10 },
      ...Array.from({ length: 120 }, (_, index): PdfLine => ({ text: ".", x: 520 - index * 2.9, y, size: 10 })),
      { text: page, x: 526, y, size: 10 },
    ];
    const markdown = await toMarkdown([[{ text: "Contents", x: 72, y: 720, size: 14, bold: true }, ...entry("1. Purpose", "1", 698), ...entry("2. Sampling", "1", 684), ...entry("3. Records", "2", 670)]]);
    expect(markdown).not.toContain("....");
    expect(markdown).toMatch(/Purpose 1$/m);
    expect(markdown).toMatch(/Records 2$/m);
  });

  it("keeps a contents entry whose leader is one dot before the page number out of the headings", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Table of Contents", x: 72, y: 700, size: 20, bold: true },
        { text: `Genetic Crosses ${".".repeat(70)} 75`, x: 72, y: 660, size: 12, bold: true },
        // Note: the title fills the line, leaving room for one dot of the leader.
        { text: "MENDELIAN GENETICS AND CHI-SQUARE STATISTICS . 80", x: 72, y: 637, size: 12, bold: true },
        { text: `Chi-Square Data Table ${".".repeat(62)} 92`, x: 72, y: 614, size: 12, bold: true },
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Table of Contents"]);
  });

  it("does not make a long bold line leading in to a list with a colon a heading", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Restriction digest", x: 72, y: 720, size: 16, bold: true },
        ...paragraph(["Spin the tubes for three minutes and pour off the liquid from both of them."], 72, 690, { size: 10 }),
        { text: "Digest prep (switch to the small 1 to 20 microlitre pipette):", x: 72, y: 660, size: 10, bold: true },
        ...paragraph(["1. Add 10 microlitres of buffer to each tube.", "2. Dissolve the pellets by pipetting in and out."], 72, 640, { size: 10 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Restriction digest"]);
    expect(markdown).toContain("Digest prep (switch to the small 1 to 20 microlitre pipette):");
  });

  it("does not make a date on a cover a heading", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Restrictions on Land Ownership", x: 111, y: 500, size: 26, bold: true },
        { text: "June 2023", x: 274, y: 385, size: 15 },
        { text: "LL File No. 2023-022255", x: 248, y: 161, size: 11 },
        { text: "The Law Library of Congress, Global Legal Research Directorate", x: 156, y: 52, size: 10.5 },
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Restrictions on Land Ownership"]);
    expect(markdown).toContain("June 2023");
  });

  it("makes a title set on two lines one heading", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Restrictions on Land Ownership by", x: 72, y: 700, size: 24, bold: true },
        { text: "Foreigners in Selected Jurisdictions", x: 72, y: 670, size: 24, bold: true },
        ...paragraph(["This report surveys the rules that limit who may own land, country by", "country, as they stood in June 2023."], 72, 620),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Restrictions on Land Ownership by Foreigners in Selected Jurisdictions"]);
  });

  it("keeps the last line of a wrapped title that holds only a number in the heading", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Staff Training Calendar, Spring", x: 72, y: 700, size: 22, bold: true },
        { text: "2025", x: 72, y: 669, size: 22, bold: true },
        ...paragraph(["All courses are free for staff. Book through the learning portal at least", "one week in advance."], 72, 630),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Staff Training Calendar, Spring 2025"]);
  });

  it("does not make captions, lowercase continuations or list items headings", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Annual results", x: 72, y: 700, size: 18, bold: true },
        ...paragraph(["Revenue grew in every region during the year, led by strong demand in", "the northern markets and a recovery in the south."], 72, 670),
        { text: "Figure 2.1: Revenue by region, 2019-2023", x: 72, y: 620, bold: true },
        { text: "Table 3. Staff numbers at the end of each year", x: 72, y: 590, bold: true },
        { text: "\x95 Lower costs in every plant", x: 72, y: 560, bold: true },
        { text: "continued from the previous page", x: 72, y: 530, bold: true },
        { text: "Double these amounts for large tanks. See the table below", x: 72, y: 500, bold: true },
        { text: "Table: Staff by grade", x: 72, y: 470, bold: true },
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Annual results"]);
    expect(markdown).toContain("Figure 2.1: Revenue by region");
    expect(markdown).toMatch(/^- .*Lower costs in every plant/m);
  });

  it("reads bold numbered lines one after another as a list, not as headings", async () => {
    const entries = ["Overview of the product", "Services and key features", "Detailed specification", "Integration policy", "Questions and answers"];
    const markdown = await toMarkdown([
      [
        { text: "Contents", x: 44, y: 720, size: 26, bold: true },
        ...entries.map((entry, index): PdfLine => ({ text: `${index + 1}. ${entry}`, x: 240, y: 640 - index * 34, size: 14, bold: true })),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Contents"]);
    expect(markdown).toContain(entries.map((entry, index) => `${index + 1}. ${entry}`).join("\n"));
  });

  it("keeps numbered headings with their sections' text between them headings", async () => {
    const markdown = await toMarkdown([
      [
        { text: "1. Introduction", x: 72, y: 720, size: 14, bold: true },
        ...paragraph(["The study looks at how firms planned their staffing during the year."], 72, 700),
        { text: "2. Methods", x: 72, y: 670, size: 14, bold: true },
        ...paragraph(["Each firm answered the same twelve questions by telephone."], 72, 650),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["1. Introduction", "2. Methods"]);
  });

  it("makes numbered section titles set in body-size capitals or small capitals headings, as IEEE's style sets them, and the references' title", async () => {
    // Note: small capitals as LaTeX fakes them in Times: the first letter of each word in the body's
    // size, the others in capitals two points smaller.
    const smallCapitals = (parts: readonly [string, string][], y: number): PdfLine[] => {
      let x = 150;
      return parts.flatMap(([large, small]) => {
        const pieces: PdfLine[] = [{ text: large, x, y, size: 10 }, { text: small, x: x + helveticaWidth(large, 10), y, size: 8 }];
        x += helveticaWidth(large, 10) + helveticaWidth(`${small} `, 8);
        return pieces;
      });
    };
    const markdown = await toMarkdown([
      [
        { text: "Learning to Read Documents", x: 150, y: 740, size: 20 },
        ...smallCapitals([["I. I", "NTRODUCTION"]], 700),
        ...paragraph(["Documents are read in the order their columns are set, which a model must learn."], 72, 680),
        ...smallCapitals([["II. R", "ELATED"], ["W", "ORK"]], 650),
        ...paragraph(["Earlier work read pages line by line from the top down, whatever their layout."], 72, 630),
        { text: "III. METHOD", x: 150, y: 600, size: 10 },
        ...paragraph(["WE SET THE KEY TERMS IN CAPITALS, AS LAWYERS DO, IN THIS SENTENCE."], 72, 580),
        { text: "REFERENCES", x: 160, y: 550, size: 10 },
        ...paragraph(["[1] A. Author, A study of tables, in Proc. Conf. Documents, 2020, pp. 1-10."], 72, 530),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Learning to Read Documents", "I. INTRODUCTION", "II. RELATED WORK", "III. METHOD", "REFERENCES"]);
  });

  it("writes text in a small-capitals font in capitals, so numbered section titles set in it are headings", async () => {
    // As the AMS's article class sets its sections: "1. Introduction" in Computer Modern's small capitals, centred.
    const markdown = await toMarkdown([
      [
        { text: [{ text: "1. Introduction", font: "CMCSC10" }], x: 250, y: 700, size: 10 },
        ...paragraph(["Documents are read in the order their columns are set, which a model must learn."], 72, 680, { size: 10 }),
        { text: [{ text: "2. Related work", font: "CMCSC10" }], x: 250, y: 650, size: 10 },
        ...paragraph(["Earlier work read pages line by line from the top down, whatever their layout."], 72, 630, { size: 10 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["1. INTRODUCTION", "2. RELATED WORK"]);
  });

  it("puts a numbered subsection set in its section's type a level below it", async () => {
    const markdown = await toMarkdown([
      [
        { text: "3 Training Details", x: 72, y: 720, size: 12, bold: true },
        ...paragraph(["The model was trained on public data for three weeks on one machine."], 72, 700),
        { text: "4 Results", x: 72, y: 670, size: 12, bold: true },
        ...paragraph(["This section reports the scores on the usual benchmarks."], 72, 650),
        { text: "4.1 Experimental Details", x: 72, y: 620, size: 12, bold: true },
        ...paragraph(["Every score is the mean of five runs with different seeds."], 72, 600),
      ],
    ]);
    expect(markdown).toMatch(/^# 3 Training Details$/m);
    expect(markdown).toMatch(/^# 4 Results$/m);
    expect(markdown).toMatch(/^## 4\.1 Experimental Details$/m);
  });

  it("puts a chapter's numbered sections the next levels down, skipping none", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Chapter 1. Securing and protecting data", x: 72, y: 720, size: 14, bold: true },
        ...paragraph(["Data is the most valuable asset of most firms today."], 72, 700),
        { text: "1.1 Security fundamentals", x: 72, y: 670, size: 14, bold: true },
        ...paragraph(["Security starts with knowing who may read what."], 72, 650),
        { text: "1.1.1 Existing controls", x: 72, y: 620, size: 14, bold: true },
        ...paragraph(["Most systems grant access to whole tables at once."], 72, 600),
      ],
    ]);
    expect(markdown).toMatch(/^# Chapter 1\. Securing and protecting data$/m);
    expect(markdown).toMatch(/^## 1\.1 Security fundamentals$/m);
    expect(markdown).toMatch(/^### 1\.1\.1 Existing controls$/m);
  });

  it("reads a body-size bold heading set apart from its number, right over the next one, as a heading, not a row of a table", async () => {
    // Note: as Word prints a numbered Heading 2 in the body's size: the number, a tab, the title.
    const numbered = (number: string, title: string, y: number): PdfLine[] => [
      { text: number, x: 72, y, size: 10, bold: true },
      { text: title, x: 108, y, size: 10, bold: true },
    ];
    const markdown = await toMarkdown([
      [
        ...numbered("2", "Scope", 720),
        ...paragraph(["The procedure covers every intake pit at the two stores, and their conveyors."], 72, 702, { size: 10 }),
        ...numbered("3", "Procedure", 672),
        ...numbered("3.1", "Preparation", 654),
        ...paragraph(["Isolate the intake conveyor and lock off its isolator before the work starts."], 72, 636, { size: 10 }),
      ],
    ]);
    expect(markdown).not.toContain("|");
    expect(headingsOf(markdown)).toEqual(["2 Scope", "3 Procedure", "3.1 Preparation"]);
    // In ruled cells, such lines are a table's rows (a schedule's bold section rows).
    const grid: PdfRule[] = [
      ...[730, 712, 694].map((y): PdfRule => ({ rule: [72, y, 300, y] })),
      ...[72, 108, 300].map((x): PdfRule => ({ rule: [x, 730, x, 694] })),
    ];
    const table = await toMarkdown([[...numbered("1", "Groundworks", 717), ...numbered("2", "Drainage", 699), ...grid]]);
    expect(table).toContain("| 1 | Groundworks |");
  });

  it("keeps a heading's outline number with its title where a long number leaves a wide gap before the title", async () => {
    // Note: as Word sets a third-level heading: "1.1.1", a tab to 2 cm, a title that fills the line.
    const markdown = await toMarkdown([
      [
        { text: "1.1", x: 72, y: 720, size: 11, bold: true },
        { text: "Methodology", x: 114, y: 720, size: 11, bold: true },
        ...paragraph(["Consultation responses were received from the agencies and the neighbouring landowners."], 72, 702, { size: 10 }),
        { text: "1.1.1", x: 72, y: 672, size: 10, bold: true },
        { text: "Characterisation of the hydrological baseline conditions", x: 128, y: 672, size: 10, bold: true },
        ...paragraph(["Groundwater boreholes recorded seasonal fluctuations of up to two metres."], 72, 654, { size: 10 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["1.1 Methodology", "1.1.1 Characterisation of the hydrological baseline conditions"]);
  });

  it("reads headings numbered I. and A., hung left of text indented to their titles, as headings with their numbers", async () => {
    // Note: as Word sets numbered headings with a hanging indent over body text indented to the
    // headings' titles: the numbers alone left of the text, like a narrow column of labels.
    const heading = (number: string, title: string, y: number, size: number): PdfLine[] => [
      { text: number, x: 72, y, size, bold: true },
      { text: title, x: 108, y, size, bold: true },
    ];
    const markdown = await toMarkdown([
      [
        ...heading("I.", "Introduction", 720, 13),
        ...heading("A.", "Background", 700, 11),
        ...paragraph(["The association was formed in 1952 by eleven farmers who wished to", "share a grain dryer. It now has six hundred and twelve members."], 108, 684, { size: 11 }),
        ...paragraph(["Its rules were last revised in 2019."], 108, 660, { size: 11 }),
        ...heading("B.", "Purpose of this report", 636, 11),
        ...paragraph(["This report sets out the proposals of the board for the next five years."], 108, 620, { size: 11 }),
        ...heading("II.", "Proposals", 592, 13),
        ...heading("A.", "New store", 572, 11),
        ...paragraph(["A new store of six thousand tonnes would be built at Westbury."], 108, 556, { size: 11 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["I. Introduction", "A. Background", "B. Purpose of this report", "II. Proposals", "A. New store"]);
    expect(markdown).toContain("## A. Background\n\nThe association was formed in 1952");
  });

  it("puts sections numbered 2.1 a level below sections numbered 1.0 and 2.0, as procedures number them", async () => {
    const markdown = await toMarkdown([
      [
        { text: "1.0 PURPOSE", x: 72, y: 720, size: 11, bold: true },
        ...paragraph(["The procedure says how intake pits are emptied and cleaned between crops."], 72, 700, { size: 10 }),
        { text: "2.0 PROCEDURE", x: 72, y: 670, size: 11, bold: true },
        ...paragraph(["The work is done by two people, one of whom stays at the top of the pit."], 72, 650, { size: 10 }),
        { text: "2.1 Preparation", x: 72, y: 620, size: 11, bold: true },
        ...paragraph(["Isolate the intake conveyor and lock off its isolator before the work starts."], 72, 600, { size: 10 }),
      ],
    ]);
    expect(markdown).toMatch(/^# 1\.0 PURPOSE$/m);
    expect(markdown).toMatch(/^# 2\.0 PROCEDURE$/m);
    expect(markdown).toMatch(/^## 2\.1 Preparation$/m);
  });

  it("puts sections numbered \"Section 1.01\" a level below the articles (\"ARTICLE I\") they are in, as bylaws number them", async () => {
    const markdown = await toMarkdown([
      [
        { text: "ARTICLE I    Name and Offices", x: 220, y: 720, bold: true },
        { text: "Section 1.01  Name", x: 72, y: 696, bold: true },
        ...paragraph(["The name of the corporation is the Severn Growers Association."], 72, 678),
        { text: "Section 1.02  Offices", x: 72, y: 648, bold: true },
        ...paragraph(["The Association may have offices wherever the Board decides."], 72, 630),
        { text: "ARTICLE II    Members", x: 240, y: 600, bold: true },
        { text: "Section 2.01  Eligibility", x: 72, y: 576, bold: true },
        ...paragraph(["Any person who farms in the county may apply to join the Association."], 72, 558),
      ],
    ]);
    expect(markdown).toMatch(/^# ARTICLE I Name and Offices$/m);
    expect(markdown).toMatch(/^## Section 1\.01 Name$/m);
    expect(markdown).toMatch(/^# ARTICLE II Members$/m);
    expect(markdown).toMatch(/^## Section 2\.01 Eligibility$/m);
  });

  it("puts an appendix's numbered sections a level below its lettered heading, but not a heading starting with a word", async () => {
    const markdown = await toMarkdown([
      [
        { text: "A Study of Staffing", x: 72, y: 720, size: 12, bold: true },
        ...paragraph(["The model was trained on public data for three weeks on one machine."], 72, 700),
        { text: "B Related Works", x: 72, y: 670, size: 12, bold: true },
        ...paragraph(["This appendix lists the work the study builds on."], 72, 650),
        { text: "B.1 Large Language Models", x: 72, y: 620, size: 12, bold: true },
        ...paragraph(["Models trained on large amounts of text to predict the next word."], 72, 600),
      ],
    ]);
    expect(markdown).toMatch(/^# A Study of Staffing$/m);
    expect(markdown).toMatch(/^# B Related Works$/m);
    expect(markdown).toMatch(/^## B\.1 Large Language Models$/m);
  });

  it("reads bold labels side by side on one line (a chart's legend) as text, not headings", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Answers by group", x: 72, y: 720, size: 16, bold: true },
        ...paragraph(["Most women said they were asked for their view at least once during the year."], 72, 700),
        { text: "OFTEN", x: 100, y: 600, bold: true },
        { text: "SOMETIMES", x: 200, y: 600, bold: true },
        { text: "RARELY", x: 330, y: 600, bold: true },
        { text: "NEVER", x: 440, y: 600, bold: true },
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Answers by group"]);
    expect(markdown).toContain("OFTEN SOMETIMES RARELY NEVER");
    // Phrases set larger than the text, side by side, stay headings (the titles of a slide's tiles).
    const tiles = await toMarkdown([
      [
        { text: "Our Purpose", x: 72, y: 600, size: 14 },
        { text: "Our Mission", x: 250, y: 600, size: 14 },
        { text: "What We Do", x: 430, y: 600, size: 14 },
        ...paragraph(["Making AI useful for every business, everywhere it works, with tools that anyone can use."], 72, 570),
      ],
    ]);
    expect(headingsOf(tiles)).toEqual(["Our Purpose", "Our Mission", "What We Do"]);
  });

  it("reads a sentence set a little larger than the body in regular type as text, not a heading", async () => {
    // Note: as on a slide's text box, beside slides whose text is set smaller.
    const sentence = "Offices in nine countries answer customer calls in their own language.";
    const markdown = await toMarkdown([
      [{ text: "Global Reach", x: 60, y: 700, size: 22, bold: true }, { text: sentence, x: 60, y: 660, size: 13 }],
      [
        { text: "Our Approach", x: 60, y: 700, size: 22, bold: true },
        ...paragraph(
          [
            "Every project starts with a survey of the people it serves and a plan that",
            "says what will change, by when, and how we will know; the plan is then",
            "published, and each quarter we report against it in plain language.",
          ],
          60,
          660,
          { size: 11 },
        ),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Global Reach", "Our Approach"]);
    expect(markdown).toContain(`Global Reach\n\n${sentence}`);
  });

  it("reads a figure and its unit set large (\"7 days\") as text, not a heading", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Results That Matter", x: 60, y: 720, size: 24, bold: true },
        { text: "7 days", x: 60, y: 660, size: 40, bold: true },
        { text: "from application to decision, on average.", x: 60, y: 636, size: 11 },
        ...paragraph(["Every application is read by two officers, and most are decided at the first", "meeting of the panel after they arrive, with reasons given in writing."], 60, 600, { size: 11 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Results That Matter"]);
    expect(markdown).toContain("7 days\n\nfrom application to decision, on average.");
  });

  it("reads a note set tight under a heading in italics as text, not as the heading's second line or a heading", async () => {
    const note = async (style: Partial<PdfLine>): Promise<string> =>
      toMarkdown([
        [
          { text: "1. Shipping as a vector for marine species", x: 90, y: 700, bold: true },
          { text: "List of Philippine Ports is in Appendix 3", x: 72, y: 686, ...style },
          ...paragraph(["Shipping remains the only documented pathway for marine invasions in the region."], 72, 664),
        ],
      ]);
    for (const style of [{ bold: true, italic: true }, { italic: true }]) {
      const markdown = await note(style);
      expect(headingsOf(markdown)).toEqual(["1. Shipping as a vector for marine species"]);
      expect(markdown).toMatch(/^List of Philippine Ports is in Appendix 3$/m);
    }
  });

  it("reads an italic line indented past the paragraph above it as a quotation, and a flush one as a heading", async () => {
    const page = (quoteX: number): PdfLine[] => [
      ...paragraph(["After a good day of swimming in the lake, it is important to eat something", "nice before the walk home."], 72, 700),
      { text: "I like to eat leaves", x: quoteX, y: 666, italic: true },
      ...paragraph(["Here are some interesting things a respectful duck could eat on the way."], 72, 640),
    ];
    const [indented, flush] = await Promise.all([toMarkdown([page(97)]), toMarkdown([page(72)])]);
    expect(headingsOf(indented)).toEqual([]);
    expect(indented).toContain("I like to eat leaves");
    expect(headingsOf(flush)).toEqual(["I like to eat leaves"]);
  });

  it("takes a heading that starts with an identifier in lowercase (a function, a hex id), but not lowercase prose in heading type", async () => {
    const page = (heading: string): PdfLine[] => [
      { text: "Reference", x: 72, y: 730, size: 20 },
      ...paragraph(["The functions below are available in every browser that the library supports."], 72, 700),
      { text: heading, x: 72, y: 670, size: 14 },
      ...paragraph(["It returns the element whose id matches the string given, or null when none does."], 72, 648),
    ];
    const headingsWith = async (heading: string): Promise<string[]> => headingsOf(await toMarkdown([page(heading)]));
    expect(await headingsWith("getElementById()")).toEqual(["Reference", "getElementById()"]);
    expect(await headingsWith("d666f1f7-46cb-42bd-9a39-9a39cf2a509f")).toEqual(["Reference", "d666f1f7-46cb-42bd-9a39-9a39cf2a509f"]);
    expect(await headingsWith("and other functions")).toEqual(["Reference"]);
  });

  it("keeps a two-line paragraph set in bold under a heading a paragraph", async () => {
    const lead = ["The committee met four times during the year to review the budget and the plans", "for the new building, and it reported to the board after every meeting it held."];
    const markdown = await toMarkdown([
      [
        { text: "Summary", x: 72, y: 700, size: 16, bold: true },
        ...paragraph(lead, 72, 676, { bold: true }),
        ...paragraph(["The board accepted the plans in full and asked for a first report in the spring."], 72, 640),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Summary"]);
    expect(markdown).toMatch(/^The committee met four times .* every meeting it held\.$/m);
  });

  it("keeps a bold line set on its own above a paragraph a heading of its own", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Scope of the review", x: 72, y: 700, bold: true },
        ...paragraph(["The review covers every contract the agency signed during the year, large", "and small, at home and abroad."], 72, 686),
      ],
    ]);
    expect(markdown).toMatch(/^#+ Scope of the review\n\nThe review covers every contract/m);
  });

  it("ranks a chapter's label set smaller above its title with the title, and the chapter's sections under both", async () => {
    // Note: as LaTeX's book and report classes set a chapter: "Chapter 1" over a larger title.
    const chapter = (number: number, title: string, y: number): PdfLine[] => [
      { text: `Chapter ${number}`, x: 72, y, size: 20.7, bold: true },
      { text: title, x: 72, y: y - 40, size: 24.8, bold: true },
      ...paragraph(["The chapter opens with a paragraph of body text that says what the", "sections below it will cover, and in which order."], 72, y - 80, { size: 10 }),
      { text: `${number}.1 Setup`, x: 72, y: y - 130, size: 14.3, bold: true },
      ...paragraph(["The setup is described in this section, in as much detail as a", "reader needs to repeat the work on a machine of their own."], 72, y - 155, { size: 10 }),
    ];
    const body = paragraph(["The rest of the first chapter runs on over this page, in the same body", "type as the paragraphs under its sections."], 72, 700, { size: 10 });
    const markdown = await toMarkdown([chapter(1, "Results", 650), body, chapter(2, "Discussion", 650)]);
    expect(markdown.split("\n").filter((line) => line.startsWith("#"))).toEqual([
      "# Chapter 1",
      "# Results",
      "## 1.1 Setup",
      "# Chapter 2",
      "# Discussion",
      "## 2.1 Setup",
    ]);
  });

  it("ranks a chapter's small label at the top of its page with the large title under it, below the document's title", async () => {
    // Note: as a browser prints a user guide: the guide's title largest on its first page, each
    // chapter on a page of its own under "CHAPTER 2" in bold type a little larger than the text, at
    // the top of the text some 75 points under the paper's edge.
    const chapter = (number: number, title: string): PdfLine[] => [
      { text: `CHAPTER ${number}`, x: 63, y: 717, size: 12, bold: true },
      { text: title, x: 63, y: 686, size: 20, bold: true },
      { text: `${number}.1 Before you start`, x: 63, y: 641, size: 14, bold: true },
      ...paragraph(["Check that the package holds every item listed on the card that", "came with it, and keep the card for later."], 63, 616, { size: 10.5 }),
      { text: `${number}.2 Next steps`, x: 63, y: 571, size: 14, bold: true },
      ...paragraph(["Connect the cables in the order the card shows, then switch the", "device on and wait for its light to turn green."], 63, 546, { size: 10.5 }),
    ];
    const cover: PdfLine[] = [
      { text: "NetEdge Router User Guide", x: 63, y: 760, size: 26, bold: true },
      ...paragraph(["This guide tells how to set up the router and how to keep it running."], 63, 720, { size: 10.5 }),
    ];
    const markdown = await toMarkdown([cover, chapter(1, "Getting Started"), chapter(2, "Wireless Networks")]);
    expect(markdown.split("\n").filter((line) => line.startsWith("#"))).toEqual([
      "# NetEdge Router User Guide",
      "## CHAPTER 1",
      "## Getting Started",
      "### 1.1 Before you start",
      "### 1.2 Next steps",
      "## CHAPTER 2",
      "## Wireless Networks",
      "### 2.1 Before you start",
      "### 2.2 Next steps",
    ]);
  });

  it("reads a note box's title (Tip, Warning) in bold body type as a bold label, not a section's heading", async () => {
    // Note: as LaTeX's mdframed and tcolorbox title a box: the word alone on a line over the box's text.
    const markdown = await toMarkdown([
      [
        { text: "1.1 Opening files safely", x: 72, y: 700, size: 14, bold: true },
        ...paragraph(["Open a file inside a context manager, which closes the file even when an", "exception is raised while it is read."], 72, 676, { size: 10 }),
        { text: "Tip", x: 82, y: 640, size: 10, bold: true },
        ...paragraph(["Pass an empty newline when you open a file of values parted by commas."], 82, 622, { size: 10 }),
        { text: "Warning", x: 82, y: 590, size: 10, bold: true },
        ...paragraph(["A job that runs longer than its interval overlaps with the next run."], 82, 572, { size: 10 }),
        { text: "1.2 Validating records", x: 72, y: 536, size: 14, bold: true },
        ...paragraph(["Validation rejects a record early, before it can spoil the results of the", "later stages of the pipeline."], 72, 512, { size: 10 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["1.1 Opening files safely", "1.2 Validating records"]);
    expect(markdown).toContain("**Tip**");
    expect(markdown).toContain("**Warning**");
  });

  it("reads a callout floated beside the text on a shaded background on its own, before the text that flows round it", async () => {
    // Note: as a browser prints a `float: right` note box: its lines share baselines with the
    // paragraph beside it, which reads as a table's rows or as one line where the box is not seen.
    const box = ["Important: Replace any helmet", "that has taken a hard blow, even", "when no damage can be seen on", "its shell."];
    const text = [
      "Most eye injuries in workshops are caused by small",
      "particles thrown from grinders, drills and wire",
      "brushes. Safety glasses stop particles from the front,",
      "but particles can also enter from the side or from",
      "below, which is why side shields are required for all",
      "bench work at every station of the workshop.",
    ];
    const markdown = await toMarkdown([
      [
        { fill: [380, 560, 540, 640], colour: [0.98, 0.92, 0.92] },
        { text: "Eye and face protection", x: 72, y: 626, size: 12, bold: true },
        ...box.map((line, index): PdfLine => ({ text: line, x: 390, y: 626 - index * 13, size: 9 })),
        ...paragraph(text, 72, 604, { size: 10.5 }),
      ],
    ]);
    expect(markdown).toContain("Important: Replace any helmet that has taken a hard blow, even when no damage can be seen on its shell.");
    expect(markdown).toContain(text.join(" "));
    expect(markdown).not.toContain("|");
  });

  it("keeps a table whose column of terms is shaded a table, its terms beside their descriptions", async () => {
    const rows = [
      ["timeout", "The number of seconds to wait for an answer from the server."],
      ["retries", "How many times a failed request is sent again before giving up."],
      ["backoff", "The factor by which the wait grows after each failed request."],
    ];
    const markdown = await toMarkdown([
      [
        ...paragraph(["The client reads the following settings from its configuration file."], 72, 700, { size: 10 }),
        { fill: [70, 590, 150, 665], colour: [0.9, 0.9, 0.9] },
        ...rows.flatMap(([term, description], index): PdfLine[] => [
          { text: term!, x: 76, y: 650 - index * 22, size: 10 },
          { text: description!, x: 160, y: 650 - index * 22, size: 10 },
        ]),
        ...paragraph(["Settings left out of the file keep the values the client was built with."], 72, 570, { size: 10 }),
      ],
    ]);
    for (const [term, description] of rows) expect(markdown).toContain(`| ${term} | ${description} |`);
  });

  it("keeps the entries of a book's index one a line, not run together into a paragraph", async () => {
    // Note: as LaTeX's theindex sets them: a term and its pages a line, a gap between letters.
    const entries = [
      ["absorbing, 7", "aircraft, 7", "aviation, 5, 12"],
      ["hydraulic, 5, 6", "hydraulics, 5"],
      ["landing gear, 7", "leaks, 9"],
    ];
    const lines: PdfLine[] = [{ text: "Index", x: 72, y: 700, size: 24.8, bold: true }];
    let y = 640;
    for (const group of entries) {
      for (const text of group) {
        lines.push({ text, x: 72, y, size: 10 });
        y -= 12;
      }
      y -= 12;
    }
    const markdown = await toMarkdown([[...paragraph(["The book closes with an index of the terms it explains, and the pages where", "each of them is explained."], 72, 740, { size: 10 })], lines]);
    const outputLines = markdown.split("\n");
    for (const text of entries.flat()) expect(outputLines.some((line) => line.replace(/\\$/, "").trim() === text)).toBe(true);
  });

  it("keeps an index's entries one a line where a letter's entries run on from one column to the next", async () => {
    // Note: as LaTeX's theindex sets a page of entries in two columns, a gap between letters.
    const left = ["absorber, 1", "accumulator, 1", "actuator, 1", "aileron, 2", "", "ballast, 2", "battery, 2", "bearing, 3", "", "damper, 4", "deicer, 4"];
    const right = ["diaphragm, 4", "dipstick, 5", "", "elevator, 5", "empennage, 5", "engine, 6", "exhaust, 6", "", "fairing, 7", "filter, 7", "flap, 7"];
    const column = (texts: readonly string[], x: number): PdfLine[] => texts.flatMap((text, index) => (text ? [{ text, x, y: 700 - index * 12, size: 10 }] : []));
    const markdown = await toMarkdown([[{ text: "Index", x: 72, y: 740, size: 24.8, bold: true }, ...column(left, 72), ...column(right, 320)]]);
    const outputLines = markdown.split("\n").map((line) => line.replace(/\\$/, "").trim());
    for (const text of [...left, ...right].filter(Boolean)) expect(outputLines).toContain(text);
  });

  it("ranks a book's title on its own title page first, though it is set smaller than the chapters' titles", async () => {
    // Note: as LaTeX's \maketitle sets a book's title page: the title in \LARGE, the publisher and
    // date under it; each chapter then opens under "Chapter 1" in larger type still.
    const cover: PdfLine[] = [
      { text: "Aviation Maintenance Handbook", x: 160, y: 600, size: 17.3 },
      { text: "Technical Publications", x: 240, y: 560, size: 10 },
      { text: "March 2026", x: 270, y: 540, size: 10 },
    ];
    const chapter: PdfLine[] = [
      { text: "Chapter 1", x: 72, y: 650, size: 20.7, bold: true },
      { text: "Hydraulic Systems", x: 72, y: 610, size: 24.8, bold: true },
      ...paragraph(["The word hydraulics is based on the Greek word for water and first meant", "the study of the behaviour of water at rest and in motion."], 72, 570, { size: 10 }),
      { text: "1.1 Types of Fluids", x: 72, y: 520, size: 14.3, bold: true },
      ...paragraph(["The correct fluid must be used, or the seals of the system are damaged", "and the system loses its pressure."], 72, 495, { size: 10 }),
    ];
    const markdown = await toMarkdown([cover, chapter]);
    expect(markdown.split("\n").filter((line) => line.startsWith("#"))).toEqual(["# Aviation Maintenance Handbook", "# Chapter 1", "# Hydraulic Systems", "## 1.1 Types of Fluids"]);
  });

  it("makes a chapter label set alone in body type a heading, but not a smaller footer naming the chapter", async () => {
    const markdown = await toMarkdown([
      [
        { text: "CHAPTER 7.", x: 72, y: 700 },
        { text: "COURSE MARKING DRIVERS", x: 72, y: 660, size: 14, bold: true },
        ...paragraph(["The state passed a bill that asks every college to mark the courses that use", "free materials in its timetable, and gave them one year to do so."], 72, 630),
        { text: "Chapter 7", x: 72, y: 60, size: 8 },
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["CHAPTER 7.", "COURSE MARKING DRIVERS"]);
    expect(markdown).toMatch(/^Chapter 7$/m);
  });

  it("keeps a bold lead-in phrase inside its paragraph", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(["The survey covered every region of the country in three phases over two years."], 72, 700),
        { text: [{ text: "Business characteristics.", bold: true }, { text: " Business size was determined by the number of staff." }], x: 72, y: 680 },
      ],
    ]);
    expect(headingsOf(markdown)).toEqual([]);
    expect(markdown).toContain("**Business characteristics.** Business size was determined");
  });
});

describe("pdf layout: line pitch", () => {
  it("reads double-spaced paragraphs in a tall font (lines nearly three ems apart) as paragraphs, not a paragraph a line", async () => {
    // Note: as Word sets double spacing in a font whose own line height is 1.4 ems: 12 pt lines
    // 33.6 points apart, each paragraph's first line indented.
    const lines = [
      ["The trials compared four varieties of winter wheat at three sites on the", 108],
      ["levels. Each variety was drilled in plots of one hectare, with four replicates", 72],
      ["at each site, and managed to the same fertiliser plan.", 72],
      ["Yields were highest at the Westbury site, where the soil is a deep silty", 108],
      ["loam. The variety Skyfall gave the best yield there, at ten tonnes a hectare,", 72],
      ["with another variety close behind.", 72],
    ] as const;
    const markdown = await toMarkdown([lines.map(([text, x], index): PdfLine => ({ text, x, y: 720 - index * 33.6, size: 12 }))]);
    expect(markdown).toBe(
      [
        "The trials compared four varieties of winter wheat at three sites on the levels. Each variety was drilled in plots of one hectare, with four replicates at each site, and managed to the same fertiliser plan.",
        "",
        "Yields were highest at the Westbury site, where the soil is a deep silty loam. The variety Skyfall gave the best yield there, at ten tonnes a hectare, with another variety close behind.",
        "",
      ].join("\n"),
    );
  });

  it("keeps a paragraph whole where text set solid elsewhere wraps more often at a tighter pitch", async () => {
    // Note: the paragraph's lines are 15 pt apart, half of them opening a sentence; the box's lines
    // are 10.5 pt apart and all go on in lowercase, so most wrapped lines are set at 10.5 pt.
    const body = [
      "This summary sets out the response and resolution targets",
      "agreed between the service desk and the business units.",
      "Targets are measured during core hours from eight to six.",
      "Public holidays and agreed maintenance windows are excluded.",
      "Each unit names a contact who receives the monthly report",
      "and the notes of the service review that follows it.",
    ];
    const box = [
      "if a target is missed the service desk manager informs the",
      "business relationship manager within one working day and",
      "agrees a recovery plan with the affected unit, and repeated",
      "failures are reported to the monthly service review, which",
      "may ask for a root cause analysis and changes to staffing.",
    ];
    const markdown = await toMarkdown([
      [
        ...body.map((text, index): PdfLine => ({ text, x: 72, y: 700 - index * 15, size: 10 })),
        ...box.map((text, index): PdfLine => ({ text, x: 72, y: 560 - index * 10.5, size: 10 })),
      ],
    ]);
    expect(markdown).toContain(body.join(" "));
    expect(markdown).toContain(box.join(" "));
  });

  it("keeps a paragraph whole above a table whose wrapped cells are centred on their rows", async () => {
    // A browser centres a row's one-line cells on the two lines of its wrapped cell: the lines of the
    // table come half a line apart, more often than the paragraph's lines come one line apart.
    const row = (y: number, code: string, first: string, second: string, price: string): PdfLine[] => [
      { text: first, x: 140, y: y + 7.5, size: 11 },
      { text: code, x: 72, y, size: 11 },
      { text: price, x: 330, y, size: 11 },
      { text: "each", x: 420, y, size: 11 },
      { text: second, x: 140, y: y - 7.5, size: 11 },
    ];
    const markdown = await toMarkdown([
      [
        { text: "All prices are in euro and exclude VAT. Prices are valid from 1", x: 72, y: 720, size: 11 },
        { text: "January 2025 until 31 December 2025.", x: 72, y: 704.5, size: 11 },
        ...row(660, "A-120", "Ergonomic chair with", "headrest", "249.00"),
        ...row(630, "B-200", "Height-adjustable desk", "140 cm", "489.00"),
        ...row(600, "B-210", "Height-adjustable desk", "160 cm", "529.00"),
        ...row(570, "C-300", "Mobile pedestal, three", "drawers", "179.00"),
        ...row(540, "C-310", "Filing cabinet with", "four drawers", "319.00"),
      ],
    ]);
    expect(markdown).toContain("Prices are valid from 1 January 2025 until 31 December 2025.");
  });

  it("keeps one-line paragraphs apart where paragraphs are set further apart than the lines of a wrapped one", async () => {
    // As a CV made in Word sets a sidebar of one-line paragraphs beside a column: most gaps on the
    // page are the space after a paragraph; the lines of the few wrapped paragraphs are closer.
    const sidebar = ["Skills", "Customer service", "Stock control", "Visual merchandising", "Cash handling", "Contact", "07700 900456"];
    // Note: each line with the gap to the next: a paragraph's lines 14.7 points apart, paragraphs 24.7.
    const main: [string, number][] = [
      ["Work history", 24.7],
      ["Assistant Store Manager", 24.7],
      ["Harlow Home Goods, Norwich", 24.7],
      ["Managed a team of nine and ran the", 14.7],
      ["weekly stock count.", 24.7],
      ["Sales Assistant", 24.7],
      ["Fenwick Books, Norwich", 24.7],
      ["Ran the children's section and its", 14.7],
      ["Saturday reading club.", 0],
    ];
    let y = 700;
    const mainLines = main.map(([text, gap]): PdfLine => {
      const line = { text, x: 306, y, size: 11 };
      y -= gap;
      return line;
    });
    const markdown = await toMarkdown([[...sidebar.map((text, index): PdfLine => ({ text, x: 90, y: 710 - index * 24.7, size: 11 })), ...mainLines]]);
    expect(markdown).toContain("Customer service\n\nStock control");
    expect(markdown).toContain("Managed a team of nine and ran the weekly stock count.");
  });
});

describe("pdf layout: drop caps and side headings", () => {
  it("joins a drop cap to the word it begins, not a heading of its own", async () => {
    const beside = ["he survey asked each firm how many staff it expected to keep", "over the next two months, and whether it would hire again once", "demand recovered in its sector of the economy. Most firms"];
    const below = ["expected to keep their staff, and a few planned to hire more staff", "within the year, mostly in the building trades."];
    const markdown = await toMarkdown([
      [
        { text: "Staffing plans", x: 72, y: 720, size: 18, bold: true },
        // Note: Helvetica's T is 0.611 em wide: at 44 points it ends at 98.9, the lines beside it start at 102.
        { text: "T", x: 72, y: 690 - 2 * 13, size: 44 },
        ...beside.map((text, index): PdfLine => ({ text, x: 102, y: 690 - index * 13, size: 10 })),
        ...below.map((text, index): PdfLine => ({ text, x: 72, y: 690 - (index + 3) * 13, size: 10 })),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Staffing plans"]);
    expect(markdown).toContain(`T${beside.join(" ")} ${below.join(" ")}`);
  });

  it("reads a large heading in a side column beside the text as one heading before it", async () => {
    const body = [
      "India suffers from regulatory",
      "cholesterol that is getting in",
      "the way of doing business. The",
      "laws and rules enacted by the",
      "Union and the states have over",
      "time created barriers to the",
      "smooth flow of ideas, money",
      "and entrepreneurship.",
    ];
    const markdown = await toMarkdown([
      [
        { text: "Jailed for Doing Business", x: 100, y: 790 - 44, size: 10, bold: true },
        // Note: the heading's words are set large, and their baselines fall between the text's.
        { text: "Executive", x: 100, y: 792 - 124, size: 34, bold: true },
        { text: "Summary", x: 100, y: 792 - 166, size: 34, bold: true },
        ...paragraph(body, 307, 792 - 123, { size: 10.5 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Executive Summary"]);
    expect(markdown).toContain(`# Executive Summary\n\n${body.join(" ")}`);
  });
});

describe("pdf layout: lists", () => {
  it("keeps the lines of a numbered item set flush with its marker in the item, and a paragraph after the list apart", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(
          [
            "17. Carefully pour off the supernatant from both tubes. Do not disturb the pellets. Invert the",
            "tubes and tap them gently on the surface of a clean paper towel to drain them thoroughly.",
            "18. Briefly spin the tubes in the microcentrifuge to bring any remaining ethanol to the bottom",
            "of the tube. Then use the micropipette to remove any remaining ethanol.",
            "19. Allow the tubes to dry",
            "Keep the tubes on ice until the next step begins.",
          ],
          72,
          700,
          { size: 10 },
        ),
      ],
    ]);
    expect(markdown).toContain("17. Carefully pour off the supernatant from both tubes. Do not disturb the pellets. Invert the tubes and tap them");
    expect(markdown).toContain("18. Briefly spin the tubes in the microcentrifuge to bring any remaining ethanol to the bottom of the tube.");
    expect(markdown).toMatch(/^19\. Allow the tubes to dry\n\nKeep the tubes on ice/m);
  });

  it("keeps a line flush with an item's marker in the item where its first word would not have fitted on the line above", async () => {
    // As a word processor sets an item without a hanging indent: the marker, a tab, the text; the
    // wrapped line goes back to the margin, under a line that ends well short of the edge.
    const markdown = await toMarkdown([
      [
        ...paragraph(["The board meets in the upper room of the hall on the first Monday of each", "month, and its papers are sent to members a week before each meeting."], 72, 700, { size: 11 }),
        { text: "1.", x: 72, y: 670, size: 11 },
        { text: "Quarterly report. Rents rose by two per cent, as shown in", x: 108, y: 670, size: 11 },
        { text: "administrations summary.", x: 72, y: 656, size: 11 },
        { text: "2.", x: 72, y: 636, size: 11 },
        { text: "Repairs programme. The windows will be replaced in the autumn.", x: 108, y: 636, size: 11 },
      ],
    ]);
    expect(markdown).toContain("1. Quarterly report. Rents rose by two per cent, as shown in administrations summary.\n2. Repairs");
  });
});

describe("pdf layout: page furniture", () => {
  it("keeps the title on page 1 that runs as the page header on later pages", async () => {
    const title = "Shared MIME-info Database";
    const markdown = await toMarkdown(
      [1, 2, 3].map((number): PdfLine[] => [
        number === 1 ? { text: title, x: 72, y: 730, size: 22, bold: true } : { text: title, x: 72, y: 750, size: 9 },
        ...paragraph([`Section ${number} describes how applications register the types they read,`, "and how the database is updated when one is installed."], 72, 680),
        { text: String(number), x: 300, y: 40, size: 9 },
      ]),
    );
    expect(markdown.match(/Shared MIME-info Database/g)).toHaveLength(1);
    expect(markdown).toMatch(/^# Shared MIME-info Database$/m);
  });
});

/** Thirteen lines of field notes, for two columns split where a test needs. */
const BIRD_NOTES = [
  "Small plovers run and stop along the strand",
  "line, picking insects from the weed. Pairs",
  "scrape a shallow nest among the pebbles of",
  "the upper beach, where the eggs are nearly",
  "invisible. Turnstones flip stones and weed",
  "with their short bills, in flocks of forty",
  "or more, and leave for the far north in May.",
  "Sanderlings chase the edge of each wave like",
  "clockwork toys. Their pale winter plumage",
  "makes them easy to tell from the dunlin. The",
  "curlew is the largest wader on the shore, with",
  "a long bill curved down for probing the mud,",
  "and its call carries across the whole estuary.",
];

/** A paragraph set under the columns, across the page. */
const COUNT_METHOD = ["Each count took about two hours, and birds in flight were counted only when they landed inside", "the study area, to avoid counting one flock twice."];

/** A paragraph cut mid-sentence at the foot of a page: its last line goes on at the top of the next. */
const FLOOD_REPORT = [
  ...Array.from({ length: 36 }, (_, index) => `Line ${index + 1} of the report on the flood tells how the water rose in the night`),
  "and how the river ran over its banks and",
  "flooded the lower meadow before morning.",
];

/** Three columns of a newsletter, six lines each, for 8 pt type in columns 195 points apart. */
const VILLAGE_NEWS = [
  "The summer fair raised more money than in",
  "any year since the hall was rebuilt, thanks",
  "to the stalls, the raffle and the fine weather",
  "that held until the last of the cakes had been",
  "sold. The committee thanks everyone who lent",
  "a table, baked, or gave up their Saturday to",
  "help. The money will pay for new chairs and",
  "a ramp at the side door, which the council",
  "has promised to match pound for pound if the",
  "work starts before the end of the year. The",
  "footpath by the mill has been cleared, and a",
  "new stile put in where the old one had fallen",
  "into the stream. Walkers are asked to keep",
  "dogs on a lead through the lower meadow until",
  "the lambs are moved in June. The next meeting",
  "of the parish council is on the second Tuesday",
  "of the month, in the small room of the hall,",
  "and everyone who lives in the village may come.",
];


/** A slide of big figures in Helvetica Bold 36 (each with its width in ems), centred on `centres`, over captions centred under them. */
const calloutsMarkdown = (callouts: readonly (readonly [string, number, readonly string[]])[], centres: readonly number[]): Promise<string> =>
  toMarkdown([
    callouts.flatMap(([figure, ems, caption], column): PdfLine[] => [
      { text: figure, x: centres[column]! - (ems * 36) / 2, y: 660, size: 36, bold: true },
      ...caption.map((text, row): PdfLine => ({ text, x: centres[column]! - helveticaWidth(text, 10) / 2, y: 632 - row * 13, size: 10 })),
    ]),
  ]);

describe("pdf layout: reading order", () => {
  it("reads each label of a label column before the body text beside it, losing no word", async () => {
    const sections = [
      ["Scope", "The review covers every contract signed by the agency during the year,", "including the small purchases that were never put out to tender.", "Contracts signed abroad are left to the next report."],
      ["Approach", "Each file was read twice, once by an auditor and once by a lawyer,", "and every difference between the two readings was resolved in a meeting."],
      ["Findings", "Most contracts followed the rules; eleven did not, and four of those", "were signed after the work they paid for had already been done.", "The agency has since changed its procedure for urgent purchases.", "No money was lost, but the records were incomplete in each case."],
    ];
    const lines: PdfLine[] = [];
    let y = 700;
    for (const [label, ...body] of sections) {
      lines.push({ text: label!, x: 72, y, size: 10, bold: true });
      lines.push(...paragraph(body, 200, y, { size: 10 }));
      y -= body.length * 14 + 24;
    }
    const markdown = await toMarkdown([lines]);
    expect(words(markdown).sort()).toEqual(sections.flat().flatMap(words).sort());
    const position = (text: string): number => markdown.indexOf(text);
    expect(position("Scope")).toBeLessThan(position("The review covers"));
    expect(position("Contracts signed abroad")).toBeLessThan(position("Approach"));
    expect(position("Approach")).toBeLessThan(position("Each file was read"));
    expect(position("resolved in a meeting")).toBeLessThan(position("Findings"));
    expect(markdown).toContain("The review covers every contract signed by the agency during the year, including the small purchases");
  });

  it("reads a sidebar beside the text as a block of its own, not as labels cutting the text's paragraphs", async () => {
    // A web page printed with its sidebar on the left: the sidebar's headings sit beside the
    // middle of the text's paragraphs, where no label of a label column would.
    const sidebar: PdfLine[] = [
      { text: "Opening hours", x: 40, y: 700, size: 10, bold: true },
      { text: "Nine to six on weekdays.", x: 40, y: 686, size: 9 },
      { text: "Contact", x: 40, y: 656, size: 10, bold: true },
      { text: "Call the front desk.", x: 40, y: 642, size: 9 },
      { text: "Related", x: 40, y: 612, size: 10, bold: true },
      { text: "The reading group.", x: 40, y: 598, size: 9 },
    ];
    const markdown = await toMarkdown([[...sidebar, ...paragraph(SURVEY_LEFT, 200, 700, { size: 10 }), ...paragraph(SURVEY_RIGHT, 200, 700 - 8 * 14 - 10, { size: 10 })]]);
    expect(markdown).toContain(SURVEY_LEFT.join(" "));
    expect(markdown).toContain(SURVEY_RIGHT.join(" "));
    expect(markdown).toContain("Call the front desk.");
  });

  it("keeps a label in the body's type apart from the body text above it", async () => {
    // A glossary whose definitions have no full stop; the labels are set in the body's type.
    const sections = [
      ["Lease", "A contract by which one party conveys land", "to another for a specified time"],
      ["Tenant", "A person who occupies land rented from", "a landlord, usually for a fixed term", "agreed in writing"],
      ["Rent", "The sum paid each month"],
      ["Deed", "A written and signed agreement"],
      ["Term", "The time the lease runs"],
    ];
    const lines: PdfLine[] = [];
    let y = 700;
    for (const [label, ...body] of sections) {
      lines.push({ text: label!, x: 72, y, size: 10 });
      lines.push(...body.map((text, index): PdfLine => ({ text, x: 170, y: y - index * 12, size: 10 })));
      y -= body.length * 12 + 8;
    }
    const blocks = (await toMarkdown([lines])).split("\n\n").map((block) => block.trim());
    for (const [label, ...body] of sections) {
      expect(blocks).toContain(label);
      expect(blocks).toContain(body.join(" "));
    }
  });

  it("loses no text that ends just past the gutter of a two-column page", async () => {
    const left = [
      "The survey asked each firm how many staff it",
      "expected to keep over the next two months,",
      "and whether it would hire again once demand",
      "recovered in its sector of the economy.",
      "Most firms expected to keep their staff, and",
      "a few planned to hire more within the year.",
      "Across the sectors the share of staff kept was:",
    ];
    const after = ["That share was highest in the north and", "lowest on the coast, where most of the firms", "depend on visitors from abroad."];
    const right = [
      "Firms in tourism were the most worried, since",
      "visitors had not yet come back and bookings",
      "for the season were still low in most towns,",
      "while farms expected little change at all and",
      "some of them planned to hire more workers.",
      "Builders were the most confident of all.",
    ];
    // Note: the figure (Helvetica digits are 0.556 em wide, the point 0.278 em) ends where the
    // right column starts, at 306.9; the emptiest strip between the columns is 306 to 307, so the
    // gutter is at 306.5 and the figure reaches just past it without crossing it.
    const figureWidth = (4 * 0.556 + 0.278) * 10;
    const markdown = await toMarkdown([
      [
        ...paragraph(left, 84, 700, { size: 10 }),
        { text: "All sectors", x: 84, y: 602, size: 10 },
        { text: "88.28", x: 306.9 - figureWidth, y: 602, size: 10 },
        ...paragraph(after, 84, 588, { size: 10 }),
        ...paragraph(right, 306.9, 700, { size: 10 }),
      ],
    ]);
    expect(markdown).toContain("All sectors 88.28");
    expect(markdown.indexOf("88.28")).toBeLessThan(markdown.indexOf(right[0]!));
    expect(markdown).toContain(right.join(" "));
  });

  it("reads a LaTeX page column by column where its columns are set an em apart and a float moved one down", async () => {
    // Note: LaTeX sets its columns 10 of its points apart, 9.963 PDF points (its points are
    // 1/72.27 in): a hair under an em of 10-point text. A table at the top of the left column
    // moved the left column's lines off the right's baselines, but for the line beside the right
    // column's heading and one more.
    const measure = 220;
    const rightX = 72 + measure + 9.963;
    const justified = (lines: readonly string[], x: number, y: number, leading = 12): PdfLine[] =>
      lines.map((text, index) => ({
        text,
        x,
        y: y - index * leading,
        size: 10,
        wordSpacing: index === lines.length - 1 ? 0 : (measure - helveticaWidth(text, 10)) / (text.split(" ").length - 1),
      }));
    const left = SURVEY_LEFT;
    const after = ["a second survey followed in the autumn."];
    const right = SURVEY_RIGHT;
    const markdown = await toMarkdown([
      [
        { text: "Table 1: Households by region.", x: 72, y: 700, size: 10 },
        ...justified(left, 72, 600),
        ...justified(after, 72, 498),
        { text: "2 Methods", x: rightX, y: 600, size: 12, bold: true },
        ...justified(right, rightX, 582),
      ],
    ]);
    expect(markdown).toContain(left.join(" "));
    expect(markdown).toContain(`# 2 Methods\n\n${right.join(" ")}`);
    expect(markdown.indexOf(left.at(-1)!)).toBeLessThan(markdown.indexOf("2 Methods"));
  });

  it("reads a page column by column where its columns of 11-point type are set 10 points apart, each edged by the gutter", async () => {
    // Note: as KOMA-Script sets two columns of 11-point type, 10 points apart (under an em); a
    // figure at the top of the left column moved its lines off the right's baselines, but for a
    // heading and the lines under it.
    const measure = 220;
    const rightX = 72 + measure + 10;
    const justified = justifiedElevenPoint(measure);
    const markdown = await toMarkdown([
      [
        { text: "Figure 1: Households by region.", x: 72, y: 700, size: 11 },
        ...justified(SURVEY_LEFT, 72, 600),
        ...justified(SURVEY_RIGHT, rightX, 707),
        { text: "2 Methods", x: rightX, y: 600 - 13.6, size: 12, bold: true },
        ...justified(["each household was asked the same questions", "on both visits."], rightX, 600 - 2 * 13.6),
      ],
    ]);
    expect(markdown).toContain(SURVEY_LEFT.join(" "));
    expect(markdown).toContain(`${SURVEY_RIGHT.join(" ")}\n\n# 2 Methods\n\neach household was asked the same questions on both visits.`);
    expect(markdown.indexOf(SURVEY_LEFT[0]!)).toBeLessThan(markdown.indexOf(SURVEY_RIGHT[0]!));
  });

  it("reads a last page of a line or two in each column by the gutter of the page before", async () => {
    // As LaTeX balances a last page: a paragraph's last lines, one in the left column and two in the
    // right, then the references across the page; too few lines to find the gutter on this page
    // alone. The columns are set under three ems apart, so the first line's sides read as one line.
    const column = [...SURVEY_LEFT, ...SURVEY_RIGHT];
    const widest = Math.max(...column.map((text) => helveticaWidth(text, 10)));
    const rightX = 50 + widest + 25;
    const left = column.find((text) => helveticaWidth(text, 10) === widest)!;
    const markdown = await toMarkdown([
      [...paragraph(column, 50, 700, { size: 10 }), ...paragraph(column, rightX, 700, { size: 10 })],
      [
        { text: left, x: 50, y: 740, size: 10 },
        { text: "and the tables at the end give the weights of", x: rightX, y: 740, size: 10 },
        { text: "them all.", x: rightX, y: 726, size: 10 },
        { text: "REFERENCES", x: 280, y: 690, size: 10 },
        { text: "[1] A. Author, A study of tables, 2020.", x: 50, y: 672, size: 9 },
      ],
    ]);
    expect(markdown).toContain(`${left} and the tables at the end give the weights of them all.`);
  });

  it("reads the left column on under a table at its top before a right column that ends short", async () => {
    // As IEEE's class sets a last page: a table floated to the top of the left column, the rest of
    // the left column under it, and the right column holding only the references.
    const table: PdfLine[] = [["Method", "Precision", "Recall"], ["Baseline", "71.2", "65.4"], ["Ours", "82.3", "79.8"]].flatMap((row, index) =>
      row.map((text, column): PdfLine => ({ text, x: 100 + column * 60, y: 730 - index * 10, size: 8 })),
    );
    const references = ["REFERENCES", ...["A. Author, A study of tables", "C. Reader, Reading order", "D. Writer, Two columns", "E. Printer, Floats", "F. Setter, Page making"].map((text, index) => `[${index + 1}] ${text}, 2020.`)].map(
      (text, index): PdfLine => ({ text, x: 320, y: 726 - index * 9, size: 8 }),
    );
    const left = [...SURVEY_LEFT, ...SURVEY_RIGHT];
    const markdown = await toMarkdown([[...table, ...references, ...paragraph(left, 72, 660, { size: 10 })]]);
    expect(markdown).toContain(left.join(" "));
    expect(markdown.indexOf(left.at(-1)!)).toBeLessThan(markdown.indexOf("REFERENCES"));
  });

  it("reads the right column's first lines, over a figure that heads the left column, after the left column", async () => {
    // As LaTeX sets a page whose left column opens with a figure: beside the figure, the right
    // column's first lines end the paragraph the left column's foot begins; columns 10 points apart.
    const measure = 220;
    const rightX = 72 + measure + 10;
    const justified = justifiedElevenPoint(measure);
    const cut = [...SURVEY_LEFT.slice(0, 7), "as the census of the year before"];
    const markdown = await toMarkdown([
      [
        { rule: [72, 740, 292, 740] },
        { rule: [72, 660, 292, 660] },
        { text: "Figure 1: Households by region.", x: 72, y: 630, size: 11 },
        ...justified(cut, 72, 612),
        { text: "counts it, and the weights are given in", x: rightX, y: 740, size: 11 },
        { text: "the appendix.", x: rightX, y: 726.4, size: 11 },
        { text: "2 Methods", x: rightX, y: 636, size: 13, bold: true },
        ...justified(SURVEY_RIGHT, rightX, 612),
      ],
    ]);
    expect(markdown).toContain(`${cut.join(" ")} counts it, and the weights are given in the appendix.`);
    expect(markdown.indexOf("the appendix.")).toBeLessThan(markdown.indexOf("2 Methods"));
  });

  it.each([
    { lastLine: "filled to the column's edge", filled: true },
    { lastLine: "set short", filled: false },
  ])("ends a justified paragraph at a column's last line that ends a sentence only where that line is set short (here $lastLine)", async ({ filled }) => {
    // Note: justified text sets a paragraph's last line short, so a line filled to the edge is not
    // one, whatever it ends with; a short line ending a sentence ends the paragraph.
    const measure = 220;
    const rightX = 72 + measure + 18;
    const justified = (lines: readonly string[], x: number, fillLast: boolean): PdfLine[] =>
      lines.map((text, index) => ({
        text,
        x,
        y: 700 - index * 12,
        size: 10,
        wordSpacing: index === lines.length - 1 && !fillLast ? 0 : (measure - helveticaWidth(text, 10)) / (text.split(" ").length - 1),
      }));
    const right = ["We weighted the answers by region and by the", ...SURVEY_RIGHT.slice(1)];
    const markdown = await toMarkdown([[...justified(SURVEY_LEFT, 72, filled), ...justified(right, rightX, false)]]);
    expect(markdown).toContain(`${SURVEY_LEFT.join(" ")}${filled ? " " : "\n\n"}${right.join(" ")}`);
  });

  it("reads authors' names set side by side above two columns as one line, before the columns", async () => {
    const [left, right] = [SURVEY_LEFT, SURVEY_RIGHT];
    const markdown = await toMarkdown([
      [
        { text: "Households Seen Twice a Day", x: 180, y: 700, size: 17 },
        // Note: centred on the page together, each name in the middle of a column's half of it.
        { text: "Ada Lovelace", x: 226, y: 670, size: 12 },
        { text: "Alan Turing", x: 322, y: 670, size: 12 },
        ...paragraph(left, 72, 630, { size: 10 }),
        // Note: off the left column's baselines, as a float above it leaves them.
        ...paragraph(right, 312, 623, { size: 10 }),
      ],
    ]);
    expect(markdown.indexOf("Ada Lovelace")).toBeLessThan(markdown.indexOf("Alan Turing"));
    expect(markdown.indexOf("Alan Turing")).toBeLessThan(markdown.indexOf(left[0]!));
    expect(markdown).toContain(`${left.join(" ")}\n\n${right.join(" ")}`);
  });

  it("reads a one-column page top down where a word space of the text lines up under a narrow caption", async () => {
    const caption = ["Figure 2.9.", "A pie chart", "showing", "twelve", "kinds of", "television", "seen in", "Ontario", "in 2004", "gives too", "much to", "take in."];
    const body = [
      ["If you have ever taken a statistics or data analysis course, you", "have come across this common phrase."],
      ["Correlation does not imply causation: two trends that rise and", "fall together need not be related."],
      ["The same holds for any two series that happen to move in step", "for a while, however good the chart."],
      ["A third cause may drive both series, as hot weather drives both", "ice cream sales and swimming."],
    ];
    const markdown = await toMarkdown([
      [
        ...caption.map((text, index): PdfLine => ({ text, x: 440, y: 740 - index * 14, size: 12, italic: true })),
        { text: "False Causation", x: 86, y: 540, size: 20, bold: true },
        { text: "Correlation does not imply causation.", x: 86, y: 510, size: 13.5 },
        ...body.flatMap(([full, short], index): PdfLine[] => [
          { text: full!, x: 86, y: 480 - index * 45, size: 13.5 },
          { text: short!, x: 86, y: 459 - index * 45, size: 13.5 },
        ]),
        // Note: a justified line whose word space (8 points, under an em) falls below the caption's left edge.
        { text: "It means that, just because two trends seem to", x: 86, y: 300, size: 13.5 },
        { text: "fluctuate", x: 375, y: 300, size: 13.5 },
      ],
    ]);
    expect(markdown.indexOf("take in.")).toBeLessThan(markdown.indexOf("# False Causation"));
    expect(markdown).toContain("two trends seem to fluctuate");
  });

  it("opens a paragraph at a line indented by one em after a sentence, as LaTeX indents in two columns", async () => {
    const first = ["The counts were made at low water on forty days between October", "and March, from the same two points on the sea wall each time."];
    const second = ["Each count took about two hours, and birds in flight were counted", "only when they landed inside the study area, to avoid doubles."];
    const markdown = await toMarkdown([
      [
        ...first.map((text, index): PdfLine => ({ text, x: index === 0 ? 82 : 72, y: 700 - index * 12, size: 10 })),
        ...second.map((text, index): PdfLine => ({ text, x: index === 0 ? 82 : 72, y: 700 - (index + 2) * 12, size: 10 })),
      ],
    ]);
    expect(markdown).toContain(`${first.join(" ")}\n\n${second.join(" ")}`);
  });

  it("goes on with a paragraph cut at the foot of a page under the table and caption the next page opens with", async () => {
    // LaTeX floats a table that does not fit to the top of the next page; the paragraph cut at the
    // foot of this page goes on under it.
    const body = FLOOD_REPORT.slice(0, -1).map((text, index): PdfLine => ({ text, x: 72, y: 700 - index * 14, size: 11 }));
    const markdown = await toMarkdown([
      body,
      [
        { text: "Table 1: Height of the water at the mill, by hour.", x: 150, y: 740, size: 11 },
        ...[["Hour", "Height"], ["01:00", "2.1 m"], ["02:00", "2.6 m"], ["03:00", "3.0 m"]].flatMap((row, index) =>
          row.map((text, column): PdfLine => ({ text, x: 200 + column * 120, y: 718 - index * 14, size: 11 })),
        ),
        { text: FLOOD_REPORT.at(-1)!, x: 72, y: 640, size: 11 },
      ],
    ]);
    expect(markdown).toContain(FLOOD_REPORT.join(" "));
    expect(markdown).toMatch(/^Table 1: Height of the water at the mill, by hour\.$/m);
    expect(markdown).toContain("| 02:00 | 2.6 m |");
  });

  it("goes on with a paragraph cut at the foot of a page past the page's footnote and the table the next page opens with, its caption's label in bold", async () => {
    const body = FLOOD_REPORT.slice(0, -1).map((text, index): PdfLine => ({ text, x: 72, y: 700 - index * 14, size: 11 }));
    const markdown = await toMarkdown([
      [...body, { text: "1 Measured by the county's gauge at the weir.", x: 72, y: 90, size: 8 }],
      [
        { text: [{ text: "Table 1.", bold: true }, { text: " Height of the water at the mill, by hour." }], x: 150, y: 740, size: 11 },
        ...[["Hour", "Height"], ["01:00", "2.1 m"], ["02:00", "2.6 m"], ["03:00", "3.0 m"]].flatMap((row, index) =>
          row.map((text, column): PdfLine => ({ text, x: 200 + column * 120, y: 718 - index * 14, size: 11 })),
        ),
        { text: FLOOD_REPORT.at(-1)!, x: 72, y: 640, size: 11 },
      ],
    ]);
    expect(markdown).toContain(FLOOD_REPORT.join(" "));
    expect(markdown).toMatch(/^1 Measured by the county's gauge at the weir\.$/m);
    expect(markdown).toContain("| 02:00 | 2.6 m |");
  });

  it("keeps a table's caption and the heading facing it across the gutter apart, and the caption out of the table", async () => {
    // As IEEE's class sets a page after the first: a table floated to the top of the left column,
    // its caption centred over it; the references start the right column, their heading centred on
    // the caption's baseline.
    const words = "the results of each method were read from the test set and checked twice by hand".split(" ");
    // Note: a paragraph of `count` lines filling a column 245 points wide, ending a sentence.
    const prose = (count: number, x: number, top: number): PdfLine[] =>
      Array.from({ length: count }, (_, index) => {
        let text = "";
        for (let word = index; helveticaWidth(`${text} ${words[word % words.length]}`.trim(), 9) < 240; word++) text = `${text} ${words[word % words.length]}`.trim();
        return { text: index === count - 1 ? `${text}.` : text, x, y: top - index * 11, size: 9 };
      });
    const centred = (text: string, left: number, right: number, y: number): PdfLine => ({ text, x: (left + right - helveticaWidth(text, 9)) / 2, y, size: 9 });
    const table = [["Method", "Precision", "Recall"], ["Baseline", "71.2", "65.4"], ["Ours", "78.9", "74.1"]];
    const markdown = await toMarkdown([
      prose(30, 72, 720),
      [
        centred("TABLE I", 49, 300, 740),
        centred("REFERENCES", 312, 563, 740),
        ...table.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: 60 + column * 80, y: 715 - index * 12, size: 9 }))),
        ...[725, 706, 671].map((y): PdfRule => ({ rule: [55, y, 295, y] })),
        ...prose(12, 49, 650),
        ...["[1] A. Author and B. Writer, A study of tables, in", "Proc. Conf. Documents, 2020, pp. 1-10.", "[2] C. Reader, Reading order in two columns,", "J. Layout, vol. 3, no. 2, pp. 45-67, 2021.", "[3] D. Editor, Tables and their captions, in", "Proc. Conf. Layout, 2022, pp. 11-19."].map((text, index): PdfLine => ({ text, x: 312, y: 720 - index * 11, size: 9 })),
      ],
    ]);
    expect(headingsOf(markdown)).toContain("REFERENCES");
    expect(markdown).toMatch(/^TABLE I$/m);
    expect(markdown).toContain("| Method | Precision | Recall |\n| --- | --- | --- |\n| Baseline | 71.2 | 65.4 |\n| Ours | 78.9 | 74.1 |");
  });

  it("reads a paragraph beside a table floated to its right, then the table", async () => {
    // A browser's `float: right` table: the paragraph's lines run beside the rows, some on a row's
    // baseline, and the paragraph goes on under the table across the page.
    const prose = [
      "The figures in this release are estimates based on the records held",
      "on the last working day of each quarter, and they are revised when",
      "later returns arrive; the revised figures then replace those that were",
      "published before. Small differences between the totals and the sum of",
      "their parts are due to rounding, and the figures for the most recent",
      "year are provisional until the returns for the next quarter are in and",
    ];
    const under = "checked against the accounts of each office, which takes about six weeks in all.";
    const rows = [
      ["Grade", "2022", "2023", "Change"],
      ["Senior", "142", "150", "8"],
      ["Middle", "1,046", "1,011", "(35)"],
      ["Junior", "2,377", "2,412", "35"],
      ["Total", "3,565", "3,573", "8"],
    ];
    const markdown = await toMarkdown([
      [
        ...prose.map((text, index): PdfLine => ({ text, x: 42, y: 700 - index * 11.2, size: 10 })),
        ...rows.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: 390 + column * 60, y: 690 - index * 14, size: 10 }))),
        { text: under, x: 42, y: 700 - 6 * 11.2 - 8, size: 10 },
      ],
    ]);
    expect(markdown).toContain(`${prose.join(" ")} ${under}`);
    expect(markdown).toContain("| Grade | 2022 | 2023 | Change |");
    expect(markdown).toContain("| Middle | 1,046 | 1,011 | (35) |");
  });

  it("reads a caption set beside a paragraph, on lines between the paragraph's, as a block of its own", async () => {
    const intro = ["Like the university did with its icon, your branding should reflect the work of your", "initiative in some way: think about your audience and what they should feel."];
    const body = [
      "A great example of a program whose name and messaging",
      "align with their work is the community college. It uses",
      "the tagline Innovation and Affordability as its program",
      "name, and its icon shows light bulbs and gears, which",
      "stand for the many disciplines it serves, and it is",
      "meant to be seen at a large scale on posters.",
    ];
    const caption = ["Figure 7.4. You can read", "more about the college's", "marketing approach in its", "own report (2020)."];
    const markdown = await toMarkdown([
      [
        ...paragraph(intro, 72, 700, { size: 10.5 }),
        ...body.map((text, index): PdfLine => ({ text, x: 228, y: 660 - index * 15.7, size: 10.5 })),
        // Note: the caption's lines (11.5 points apart) fall between the paragraph's (15.7 apart).
        ...caption.map((text, index): PdfLine => ({ text, x: 72, y: 600 - index * 11.5, size: 9.5 })),
      ],
    ]);
    expect(markdown).toContain(caption.join(" "));
    expect(markdown).toContain(body.join(" "));
  });

  it("reads the footnotes under both columns after both columns", async () => {
    const left = [
      "The survey asked each firm how many staff it",
      "expected to keep over the next two months,",
      "and whether it would hire again once demand",
      "recovered in its sector of the economy.1",
      "Most firms expected to keep their staff, and",
      "a few planned to hire more within the year.",
    ];
    const right = [
      "Firms in tourism were the most worried, since",
      "visitors had not yet come back and bookings",
      "for the season were still low in most towns,",
      "while farms expected little change at all and",
      "some of them planned to hire more workers.2",
      "Builders were the most confident of all.",
    ];
    const markdown = await toMarkdown([
      [
        ...paragraph(left, 72, 700, { size: 11 }),
        ...paragraph(right, 320, 700, { size: 11 }),
        { text: "1 Firms were asked in May and again in June.", x: 72, y: 600, size: 8 },
        { text: "2 Farms with fewer than five workers were left out.", x: 320, y: 600, size: 8 },
      ],
    ]);
    expect(markdown).toContain(left.join(" "));
    expect(markdown).toContain(right.join(" "));
    expect(markdown.indexOf("Builders were the most confident")).toBeLessThan(markdown.indexOf("1 Firms were asked"));
    expect(markdown.indexOf("1 Firms were asked")).toBeLessThan(markdown.indexOf("2 Farms with fewer"));
  });

  it("reads a footnote at the foot of the left column after the right column beside it", async () => {
    const left = [
      "The survey asked each firm how many staff it",
      "expected to keep over the next two months,",
      "and whether it would hire again once demand",
      "recovered in its sector of the economy.1",
      "Most firms expected to keep their staff, and",
    ];
    const right = [
      "Firms in tourism were the most worried, since",
      "visitors had not yet come back and bookings",
      "for the season were still low in most towns,",
      "while farms expected little change at all and",
      "some of them planned to hire more workers, and",
      "builders were the most confident of all, with",
      "more orders than they had had a year before.",
    ];
    const markdown = await toMarkdown([
      [
        ...paragraph(left, 72, 700, { size: 11 }),
        ...paragraph(right, 320, 700, { size: 11 }),
        // Note: the footnote sits on the baseline of the right column's last line.
        { text: "1 Firms were asked in May and again in June.", x: 72, y: 700 - 6 * 14, size: 8 },
      ],
    ]);
    expect(markdown).toContain(right.join(" "));
    expect(markdown.indexOf("more orders than")).toBeLessThan(markdown.indexOf("1 Firms were asked"));
  });

  it("reads small type closing the left column above a full-width line where it is, as a caption", async () => {
    const left = [
      "The survey asked each firm how many staff it",
      "expected to keep over the next two months,",
      "and whether it would hire again once demand",
      "recovered in its sector of the economy, and",
      "most firms expected to keep all their staff.",
    ];
    const right = [
      "Firms in tourism were the most worried, since",
      "visitors had not yet come back and bookings",
      "for the season were still low in most towns,",
      "while farms expected little change at all and",
      "some of them planned to hire more workers.",
      "Builders were the most confident of all.",
    ];
    const markdown = await toMarkdown([
      [
        ...paragraph(left, 72, 700, { size: 11 }),
        { text: "Table 2. Staff kept, by sector", x: 72, y: 700 - 5 * 14, size: 8 },
        ...paragraph(right, 320, 700, { size: 11 }),
        { text: "Outlook for the second half of the year, region by region", x: 72, y: 580, size: 16, bold: true },
        ...paragraph(["Most regions expected the recovery to go on through the autumn and into the winter months."], 72, 555, { size: 11 }),
      ],
    ]);
    expect(markdown.indexOf("Table 2. Staff kept")).toBeLessThan(markdown.indexOf("Firms in tourism"));
  });

  it("reads a short heading below a section of two columns after both columns, not inside the left one", async () => {
    // Word and LibreOffice balance the columns of a section that ends on the page; the next
    // section (one column) starts below both, here with a heading too short to cross the gutter.
    const left = BIRD_NOTES.slice(0, 6);
    const right = BIRD_NOTES.slice(6);
    const markdown = await toMarkdown([
      [
        { text: "Field notes on coastal birds", x: 72, y: 740, size: 16, bold: true },
        ...paragraph(left, 72, 710, { size: 11 }),
        ...paragraph(right, 320, 710, { size: 11 }),
        { text: "Method", x: 72, y: 710 - 6 * 14 - 26, size: 13, bold: true },
        ...paragraph(COUNT_METHOD, 72, 710 - 6 * 14 - 44, { size: 11 }),
      ],
    ]);
    expect(markdown).toContain(`${left.join(" ")} ${right.join(" ")}`);
    expect(markdown.indexOf("whole estuary")).toBeLessThan(markdown.indexOf("Method"));
    expect(markdown.indexOf("Method")).toBeLessThan(markdown.indexOf("Each count took"));
  });

  it("reads a page of three columns column by column, between the lines across the page", async () => {
    // A newsletter set in three columns (CSS column-count: 3): sentences run on from the foot of
    // one column to the top of the next. One gutter in the middle of the page there is not.
    const columns = [VILLAGE_NEWS.slice(0, 6), VILLAGE_NEWS.slice(6, 12), VILLAGE_NEWS.slice(12)];
    const markdown = await toMarkdown([
      [
        { text: "The Village Newsletter", x: 30, y: 740, size: 18, bold: true },
        { text: "Published by the parish council four times a year and delivered free to every house in the village.", x: 30, y: 712, size: 9 },
        ...columns.flatMap((lines, index) => paragraph(lines, 30 + index * 195, 684, { size: 8 })),
        { text: "Letters for the next issue reach the editor at the village hall by the first of the month, please.", x: 30, y: 684 - 6 * 14 - 20, size: 9 },
      ],
    ]);
    expect(markdown).toContain(VILLAGE_NEWS.join(" "));
    expect(markdown.indexOf("four times a year")).toBeLessThan(markdown.indexOf(VILLAGE_NEWS[0]!));
    expect(markdown.indexOf(VILLAGE_NEWS.at(-1)!)).toBeLessThan(markdown.indexOf("Letters for the next issue"));
  });

  it("reads the three columns above a short section heading before it, and those under it after", async () => {
    // A heading between two stretches of columns, short enough to stay left of the first gutter.
    const stretch = (lines: readonly string[], y: number): PdfLine[] =>
      [lines.slice(0, 3), lines.slice(3, 6), lines.slice(6, 9)].flatMap((column, index) => paragraph(column, 30 + index * 195, y, { size: 8 }));
    const markdown = await toMarkdown([
      [
        { text: "Village news", x: 30, y: 740, size: 16, bold: true },
        ...stretch(VILLAGE_NEWS.slice(0, 9), 710),
        { text: "Footpaths", x: 30, y: 710 - 2 * 14 - 36, size: 13, bold: true },
        ...stretch(VILLAGE_NEWS.slice(9), 710 - 2 * 14 - 60),
      ],
    ]);
    expect(markdown).toContain(VILLAGE_NEWS.slice(0, 9).join(" "));
    expect(markdown).toContain(VILLAGE_NEWS.slice(9).join(" "));
    expect(markdown.indexOf(VILLAGE_NEWS[8]!)).toBeLessThan(markdown.indexOf("Footpaths"));
    expect(markdown.indexOf("Footpaths")).toBeLessThan(markdown.indexOf(VILLAGE_NEWS[9]!));
  });

  it("reads the last page of three columns where the last column holds two lines", async () => {
    // Word fills each column before the next: on the last page the last column is the short one.
    const columns = [VILLAGE_NEWS.slice(0, 8), VILLAGE_NEWS.slice(8, 16), VILLAGE_NEWS.slice(16)];
    const markdown = await toMarkdown([columns.flatMap((lines, index) => paragraph(lines, 30 + index * 195, 740, { size: 8 }))]);
    expect(markdown).toContain(VILLAGE_NEWS.join(" "));
  });

  it("keeps a table whose middle column wraps, the other cells on its last line, as rows", async () => {
    // A spreadsheet printed with its cells aligned to the bottom: a reference and an amount beside
    // the last line of each wrapped description. Its columns are set at two pitches.
    const rows = [
      ["G-101 Riverside Trust", ["Public parks and open spaces including", "playground equipment and the seasonal", "planting of every flower bed"], "$7,250 Pending"],
      ["G-102 Harbour Arts", ["Spaces including playground equipment", "and the repairs of the benches"], "$5,000 Declined"],
      ["G-103 North Youth Club", ["Annual maintenance of public parks, with", "inspection, repairs and seasonal planting", "across all the districts of the town"], "$18,750 Approved"],
      ["G-104 Harbour Arts", ["Open spaces including the playground and", "the paths along the river"], "$2,250 Declined"],
      ["G-105 Riverside Trust", ["Repairs to the bandstand and the railings", "around the pond in the lower park"], "$3,400 Approved"],
      ["G-106 North Youth Club", ["Summer games on the common, with the hire", "of tents, chairs and a sound system"], "$1,200 Pending"],
    ] as const;
    const lines: PdfLine[] = [];
    let y = 740;
    for (const [reference, description, amount] of rows) {
      lines.push(...paragraph(description, 225, y, { size: 8 }));
      y -= (description.length - 1) * 14;
      lines.push({ text: reference, x: 30, y, size: 8 }, { text: amount, x: 480, y, size: 8 });
      y -= 20;
    }
    const markdown = await toMarkdown([lines]);
    for (const [reference, description, amount] of rows) {
      expect(markdown).toContain(`| ${reference} | ${description.join(" ")} | ${amount} |`);
    }
  });

  it("reads a borderless table of three columns of prose by rows, not as three columns of text", async () => {
    // Each row's cells start level, a row's gap above them: a table, however much prose its cells hold.
    const rows = [
      [VILLAGE_NEWS.slice(0, 2), VILLAGE_NEWS.slice(2, 4), VILLAGE_NEWS.slice(4, 6)],
      [VILLAGE_NEWS.slice(6, 8), VILLAGE_NEWS.slice(8, 10), VILLAGE_NEWS.slice(10, 12)],
      [VILLAGE_NEWS.slice(12, 14), VILLAGE_NEWS.slice(14, 16), VILLAGE_NEWS.slice(16, 18)],
    ];
    const markdown = await toMarkdown([
      rows.flatMap((cells, row) => cells.flatMap((lines, column) => paragraph(lines, 30 + column * 195, 700 - row * 50, { size: 8 }))),
    ]);
    // Read by rows: the first row's last cell comes before the second row's first.
    expect(markdown.indexOf(VILLAGE_NEWS[4]!)).toBeLessThan(markdown.indexOf(VILLAGE_NEWS[6]!));
    expect(markdown.indexOf(VILLAGE_NEWS[10]!)).toBeLessThan(markdown.indexOf(VILLAGE_NEWS[12]!));
  });

  it("reads a short heading below two balanced columns after both where the left column has a line more", async () => {
    // A browser balances CSS columns (column-count: 2); an odd number of lines leaves the left
    // column a line longer than the right one.
    const left = BIRD_NOTES.slice(0, 7);
    const right = BIRD_NOTES.slice(7);
    const markdown = await toMarkdown([
      [
        { text: "Field notes on coastal birds", x: 72, y: 740, size: 16, bold: true },
        ...paragraph(left, 72, 710, { size: 11 }),
        ...paragraph(right, 320, 710, { size: 11 }),
        { text: "Key figures", x: 72, y: 710 - 6 * 14 - 32, size: 16, bold: true },
        ...paragraph(COUNT_METHOD, 72, 710 - 6 * 14 - 54, { size: 11 }),
      ],
    ]);
    expect(markdown).toContain(`${left.join(" ")}\n\n${right.join(" ")}`);
    expect(markdown.indexOf("whole estuary")).toBeLessThan(markdown.indexOf("Key figures"));
    expect(markdown.indexOf("Key figures")).toBeLessThan(markdown.indexOf("Each count took"));
  });

  it("reads the text of each drawn box apart from the box below it and from the text under the boxes", async () => {
    // A flowchart of text boxes (Word shapes with text, each line a paragraph of its own) one
    // below the other, and a paragraph set right under the last box.
    const box = (left: number, top: number, right: number, bottom: number): PdfRule[] => [
      { rule: [left, top, right, top] },
      { rule: [left, bottom, right, bottom] },
      { rule: [left, top, left, bottom] },
      { rule: [right, top, right, bottom] },
    ];
    const steps = [
      ["Visitor arrives", "at reception"],
      ["Sign the visitor book"],
      ["Collect a badge and", "safety glasses"],
      ["Escort to the lab", "by a staff member"],
    ];
    const markdown = await toMarkdown([
      [
        ...paragraph(["Every visitor to the laboratory follows the steps shown in the chart below."], 72, 720, { size: 11 }),
        ...steps.flatMap((lines, index): (PdfLine | PdfRule)[] => {
          const top = 700 - index * 75;
          return [...box(200, top, 380, top - 55), ...lines.map((text, row): PdfLine => ({ text, x: 240, y: top - 18 - row * 24, size: 11 }))];
        }),
        ...paragraph(["Badges must be returned at reception before the visitor leaves the building."], 72, 700 - 3 * 75 - 18 - 24 - 23, { size: 11 }),
      ],
    ]);
    for (const lines of steps) expect(markdown).toContain(`\n\n${lines.join(" ")}\n\n`);
    expect(markdown).toContain("\n\nBadges must be returned");
  });

  it("reads a paragraph that wraps around a text box whole, and the box after it", async () => {
    // A text box on the right with the paragraph wrapping around it (Word's square wrapping): the
    // paragraph's lines beside the box are short, and it goes on under the box across the page.
    const beside = [
      "Members share the beds, the tools and the",
      "compost. The committee meets on the first",
      "Monday of each month in the shed, and any",
      "member may attend. Plots are allocated in",
      "March from the waiting list, and a plot left",
    ];
    const under = [
      "untended for six weeks returns to the list after one written reminder from the secretary.",
      "Bonfires are not allowed at any time, and green waste goes to the compost bays.",
    ];
    const box = ["Opening hours", "Weekdays 7:00 to 20:00", "Weekends 8:00 to 18:00"];
    const markdown = await toMarkdown([
      [
        ...paragraph(beside, 72, 700, { size: 11 }),
        ...box.map((text, index): PdfLine => ({ text, x: 360, y: 695 - index * 18, size: 11 })),
        ...paragraph(under, 72, 700 - beside.length * 14, { size: 11 }),
        ...paragraph(["Water comes from the two rain tanks while they last."], 72, 700 - (beside.length + under.length) * 14 - 10, { size: 11 }),
      ],
    ]);
    expect(markdown).toContain([...beside, ...under].join(" "));
    expect(markdown.indexOf("compost bays.")).toBeLessThan(markdown.indexOf("Opening hours"));
    expect(markdown.indexOf("Weekends 8:00")).toBeLessThan(markdown.indexOf("Water comes from"));
  });

  it("reads a paragraph that wraps around a tall text box whole on a page with a gutter beside the box", async () => {
    // As above, with a box as tall as the paragraph beside it, so that the strip between them
    // runs down the whole page like a column gutter.
    const beside = [
      "Members share the beds, the tools and the",
      "compost. The committee meets on the first",
      "Monday of each month in the shed, and any",
      "member may attend. Plots are allocated in",
      "March from the waiting list, oldest request",
      "first, and a plot that its holder has left",
      "empty and untended for more than six weeks",
    ];
    const under = ["returns to the list after one written reminder from the secretary of the garden."];
    const box = ["Opening hours", "Weekdays 7:00 to 20:00", "Weekends 8:00 to 18:00", "Closed on 25 December", "Keys from the secretary"];
    const markdown = await toMarkdown([
      [
        ...paragraph(beside, 72, 700, { size: 11 }),
        ...box.map((text, index): PdfLine => ({ text, x: 360, y: 695 - index * 18, size: 11 })),
        ...paragraph(under, 72, 700 - beside.length * 14, { size: 11 }),
      ],
    ]);
    expect(markdown).toContain([...beside, ...under].join(" "));
    expect(markdown.indexOf("secretary of the garden.")).toBeLessThan(markdown.indexOf("Opening hours"));
  });

  it("keeps a footnote mark raised well above its line with the word it marks", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Correlation does not prove that two trends are related in a meaningful way.", x: 72, y: 700, size: 9 },
        { text: "Review Figure 2.10", x: 72, y: 686, size: 9 },
        // Note: the mark is raised 0.7 em, nearly halfway to the line above.
        { text: "23", x: 72 + 71, y: 686 + 6.3, size: 6.4 },
        { text: "below, which shows a line graph of the two series.", x: 72 + 82, y: 686, size: 9 },
      ],
    ]);
    expect(markdown).toContain("Review Figure 2.1023 below, which shows");
  });

  it("starts a new paragraph at a bold lead-in after a sentence ends (definition items, run-in headings)", async () => {
    // As LaTeX sets a description list and \\paragraph: each item a line of its own, flush left,
    // its term in bold, the lines at the text's pitch.
    const item = (term: string, termWidth: number, text: string, y: number): PdfLine[] => [
      { text: term, x: 72, y, size: 10, bold: true },
      { text, x: 72 + termWidth + 3, y, size: 10 },
    ];
    const markdown = await toMarkdown([
      [
        { text: "Fees are set each year by the harbour board and paid in advance.", x: 72, y: 700, size: 10 },
        ...item("Residents", 46, "pay half the fee.", 686),
        ...item("Clubs", 28, "pay three quarters of it, and the rest", 672),
        { text: "of the fee at the end of the season.", x: 72, y: 658, size: 10 },
      ],
    ]);
    expect(markdown).toBe(
      "Fees are set each year by the harbour board and paid in advance.\n\n**Residents** pay half the fee.\n\n**Clubs** pay three quarters of it, and the rest of the fee at the end of the season.\n",
    );
  });

  it("keeps a space between a footnote's raised number and its text, where the number starts the line", async () => {
    // As LaTeX sets a footnote: the number raised and smaller, its text right after it.
    const markdown = await toMarkdown([
      [
        { text: "Cranes explain about a third of the winter bill of the harbour.", x: 72, y: 700, size: 10 },
        { text: "1", x: 83, y: 176, size: 6 },
        { text: "The bill covers the whole port.", x: 86.5, y: 173, size: 8 },
      ],
    ]);
    expect(markdown).toContain("1 The bill covers the whole port.");
  });

  it("reads each footnote under a page as a paragraph of its own, and goes on with the paragraph they cut on the next page", async () => {
    // As LaTeX sets notes: each number raised and smaller, its text right after it, the notes close together.
    const body = FLOOD_REPORT.slice(0, -1).map((text, index): PdfLine => ({ text, x: 72, y: 700 - index * 14, size: 11 }));
    const markdown = await toMarkdown([
      [
        ...body,
        { text: "1", x: 72, y: 103, size: 6 },
        { text: "The gauge at the mill was read every hour.", x: 75.34, y: 100, size: 8 },
        { text: "2", x: 72, y: 93, size: 6 },
        { text: "Two of the houses had been flooded before.", x: 75.34, y: 90, size: 8 },
      ],
      [{ text: FLOOD_REPORT.at(-1)!, x: 72, y: 740, size: 11 }, { text: "The council met the next week.", x: 72, y: 740 - 20, size: 11 }],
    ]);
    expect(markdown).toContain(FLOOD_REPORT.join(" "));
    expect(markdown).toMatch(/^1 The gauge at the mill was read every hour\.$/m);
    expect(markdown).toMatch(/^2 Two of the houses had been flooded before\.$/m);
  });

  it("keeps footnotes alike but for their numbers on every page, and reads a paragraph cut by notes in the text's size on", async () => {
    // As a word processor sets notes: the number raised and smaller, the note in the text's size.
    // "Ibid." notes at the foot of two pages match once their digits are left out, as a running
    // footer's page numbers are.
    const page = (first: number, note: number, page: number): PdfLine[] => [
      ...FLOOD_REPORT.slice(first, first + 36).map((text, index): PdfLine => ({ text, x: 72, y: 740 - index * 14, size: 11 })),
      { text: String(note), x: 72, y: 84, size: 6 },
      { text: `Ibid., p. ${note * 4}.`, x: 78, y: 80, size: 11 },
      { text: String(page), x: 300, y: 40, size: 10 },
    ];
    const markdown = await toMarkdown([page(0, 1, 1), page(36, 2, 2)]);
    expect(markdown).toContain(FLOOD_REPORT.join(" "));
    expect(markdown).toMatch(/^1 Ibid\., p\. 4\.$/m);
    expect(markdown).toMatch(/^2 Ibid\., p\. 8\.$/m);
  });

  it("reads a footnote's raised number with its note where it sits nearer the other column's last line", async () => {
    // At the foot of a page in two columns: the left column's note is set a little below the
    // right column's last line, its raised number nearer that line's baseline than its own.
    const markdown = await toMarkdown([
      [
        ...paragraph(SURVEY_LEFT.slice(0, 6), 72, 700, { size: 10 }),
        ...paragraph(SURVEY_RIGHT.slice(0, 7), 320, 700, { size: 10 }),
        { text: "1", x: 72, y: 700 - 6 * 14 - 4.8, size: 6 },
        { text: "Households of one person were counted too.", x: 75.34, y: 700 - 6 * 14 - 7.6, size: 8 },
      ],
    ]);
    expect(markdown).toMatch(/^1 Households of one person were counted too\.$/m);
  });

  it("keeps a heading that starts a page as high as a running header would sit, where no other page has one", async () => {
    // Note: as a browser prints a section that starts a new page, with its narrow print margins.
    const body = (first: number, count: number): PdfLine[] =>
      Array.from({ length: count }, (_, index) => ({ text: `Line ${index + 1} of the section, with words enough to read as a paragraph of prose.`, x: 40, y: first - index * 15, size: 11 }));
    const markdown = await toMarkdown([
      [{ text: "On keeping a garden diary", x: 40, y: 740, size: 24, bold: true }, ...body(700, 20)],
      [{ text: "Weather and memory", x: 40, y: 758, size: 15, bold: true }, ...body(730, 10)],
    ]);
    expect(markdown).toMatch(/^#+ Weather and memory$/m);
  });

  it("keeps a body-size bold heading that starts a page as high as a running header would sit, with its text close under it", async () => {
    // Note: as a browser prints a bold paragraph used as a heading that falls at the top of a page:
    // its space above is dropped there, and its text follows at the body's pitch.
    const body = (first: number, count: number): PdfLine[] =>
      Array.from({ length: count }, (_, index) => ({ text: `Line ${index + 1} of the minutes, with words enough to read as a paragraph of prose.`, x: 40, y: first - index * 15, size: 11 }));
    const markdown = await toMarkdown([
      [{ text: "Payments approved", x: 40, y: 700, size: 11, bold: true }, ...body(680, 30)],
      [{ text: "Budget for the coming year", x: 40, y: 738, size: 11, bold: true }, ...body(722, 10)],
    ]);
    expect(markdown).toMatch(/^#+ Budget for the coming year$/m);
  });

  it("still drops a body-size bold running header set apart above the text, though its words change from page to page", async () => {
    const body = (first: number, count: number): PdfLine[] =>
      Array.from({ length: count }, (_, index) => ({ text: `Line ${index + 1} of the chapter, with words enough to read as a paragraph of prose.`, x: 72, y: first - index * 15, size: 11 }));
    const markdown = await toMarkdown([
      [{ text: "Soils and drainage", x: 72, y: 760, size: 11, bold: true }, ...body(700, 30)],
      [{ text: "Planting and pruning", x: 72, y: 760, size: 11, bold: true }, ...body(700, 30)],
    ]);
    expect(markdown).not.toMatch(/^#+ (Soils and drainage|Planting and pruning)$/m);
  });

  it("keeps the bold title of a one-page document set as high as a running header would sit", async () => {
    // Note: as a one-page form or notice made with reportlab puts its title, 55 points from the top
    // of the page; a running header is seldom bold and set larger than the body.
    const markdown = await toMarkdown([
      [
        { text: "Product Recall Notice", x: 72, y: 737, size: 16, bold: true },
        { text: "The fault affects kettles sold between May and June at any of our stores.", x: 72, y: 700, size: 11 },
        { text: "Return the kettle to any store for a full refund, with or without a receipt.", x: 72, y: 686, size: 11 },
      ],
    ]);
    expect(markdown).toMatch(/^#+ Product Recall Notice$/m);
  });

  it("reads bold terms with their definitions indented under them as a glossary, not as headings", async () => {
    const entry = (term: string, definition: readonly string[], y: number): PdfLine[] => [
      { text: term, x: 72, y, size: 10, bold: true },
      ...definition.map((text, index): PdfLine => ({ text, x: 102, y: y - 16 - index * 14, size: 10 })),
    ];
    const markdown = await toMarkdown([
      [
        { text: "Glossary of planning terms", x: 72, y: 720, size: 18, bold: true },
        { text: "This glossary explains terms that appear in planning applications and in decision notices.", x: 72, y: 694, size: 10 },
        { text: "Terms A to F", x: 72, y: 664, size: 10, bold: true },
        { text: "The first part of the glossary covers the terms from A to F, in the order of the alphabet.", x: 72, y: 648, size: 10 },
        ...entry("Appeal", ["A request to the inspectorate to review a decision made by the council, or its failure", "to decide an application in time."], 622),
        ...entry("Conservation area", ["An area of special architectural or historic interest, where extra controls apply to", "demolition, trees and some alterations."], 572),
        ...entry("Curtilage", ["The land that belongs to a building, such as a garden, a yard or a drive."], 522),
      ],
    ]);
    expect(markdown).toMatch(/^#+ Terms A to F$/m);
    for (const term of ["Appeal", "Conservation area", "Curtilage"]) expect(markdown).toMatch(new RegExp(`^(?:\\*\\*)?${term}(?:\\*\\*)?$`, "m"));
    expect(markdown).toContain("to decide an application in time.");
  });

  it("keeps a footnote mark set five sixths of the text size (a browser's <sup>) with its line", async () => {
    const markdown = await toMarkdown([
      [
        { text: "The survey was posted to households in October and could be answered on", x: 72, y: 700, size: 11.5 },
        { text: "paper or online. We received 1,874 replies, a response rate of", x: 72, y: 683, size: 11.5 },
        // Note: the raised mark makes its line taller: the line sits further under the one above.
        { text: "31 per cent.", x: 72, y: 662.6, size: 11.5 },
        { text: "1", x: 132, y: 667.3, size: 9.6 },
        { text: "Satisfaction with services", x: 72, y: 628, size: 15, bold: true },
      ],
    ]);
    expect(markdown).toContain("a response rate of 31 per cent.1");
  });

  it("reads tiles set side by side one after the other, each whole", async () => {
    // Note: as on a slide, each tile has a small title, a statement in large type and maybe a list.
    const titles = ["Our Purpose", "Our Mission", "What We Do"];
    const statements = [["Making research useful"], ["Open data for every", "school in the region"], ["We publish the survey results", "every month for each district"]];
    const bullets = ["\x95 Tables for every district", "\x95 A short summary for the press"];
    const columns = [43, 194, 338];
    const markdown = await toMarkdown([
      [
        { text: "About the project", x: 43, y: 750, size: 14 },
        ...titles.map((text, column): PdfLine => ({ text, x: columns[column]!, y: 643, size: 8 })),
        ...statements.flatMap((lines, column) => lines.map((text, row): PdfLine => ({ text, x: columns[column]!, y: 618 - row * 16, size: 11 }))),
        ...bullets.map((text, row): PdfLine => ({ text, x: columns[2]!, y: 576 - row * 10.5, size: 7 })),
      ],
    ]);
    for (const [column, title] of titles.entries()) expect(markdown).toContain(`${title}\n\n${statements[column]!.join(" ")}`);
    expect(markdown.indexOf("school in the region")).toBeLessThan(markdown.indexOf("What We Do"));
    expect(markdown).toMatch(/each district\n\n- Tables for every district\n- A short summary for the press/);
  });

  it("reads cards side by side, a heading set larger over a few lines of text each, card by card, not as a table", async () => {
    const cards = [
      ["Higher Return", ["Projects paid back their cost", "within two budget cycles."]],
      ["Lower Emissions", ["Electric vehicles cut the depot's", "diesel use by more than half."]],
      ["Local Partners", ["Regional suppliers deliver parts", "within a day of an order."]],
    ] as const;
    const columns = [60, 250, 440];
    const markdown = await toMarkdown([
      [
        { text: "Why Choose the Network", x: 60, y: 720, size: 24, bold: true },
        ...cards.flatMap(([heading, text], column): PdfLine[] => [
          { text: heading, x: columns[column]!, y: 660, size: 15, bold: true },
          ...paragraph(text, columns[column]!, 638, { size: 10 }),
        ]),
      ],
    ]);
    expect(markdown).not.toContain("|");
    for (const [heading, text] of cards) expect(markdown).toContain(`## ${heading}\n\n${text.join(" ")}`);
  });

  it("reads cards whose bold titles are set in the text's size card by card, not as a table", async () => {
    const cards = [
      ["Lower Emissions", ["Electric vans cut the depot's", "diesel use by more than half."]],
      ["Local Partners", ["Twelve regional suppliers", "deliver parts within a day."]],
      ["Open Standards", ["Every interface follows a", "specification anyone can use."]],
    ] as const;
    const markdown = await toMarkdown([
      [
        ...cards.flatMap(([heading, text], column): PdfLine[] => [
          { text: heading, x: 40 + column * 190, y: 660, size: 10, bold: true },
          ...paragraph(text, 40 + column * 190, 644, { size: 10 }),
        ]),
      ],
    ]);
    expect(markdown).not.toContain("|");
    for (const [heading, text] of cards) expect(markdown).toContain(`${heading}\n\n${text.join(" ")}`);
  });

  it("reads a grid of cards row by row, each card whole", async () => {
    const cards = [
      ["Smarter Scheduling", ["Routes are planned overnight from", "the bookings and traffic forecasts."]],
      ["Shared Data", ["Departments publish their figures", "to a catalogue updated every week."]],
      ["Quiet Operation", ["The new turbines run below forty", "decibels at the nearest house."]],
      ["Flexible Contracts", ["Customers can scale their plan up", "or down at the end of any month."]],
      ["Clear Pricing", ["One monthly fee covers support,", "upgrades and storage, no extras."]],
      ["Local Partners", ["Twelve regional suppliers deliver", "parts a day after the order."]],
    ] as const;
    // Note: the cards' columns are read as a page's columns (two, or three), each card whole.
    const grid = async (columns: readonly number[]): Promise<string> =>
      toMarkdown([
        [
          { text: "Three Pillars of the Strategy", x: 60, y: 740, size: 22, bold: true },
          ...cards.slice(0, columns.length * 2).flatMap(([heading, text], index): PdfLine[] => {
            const [row, column] = [Math.floor(index / columns.length), index % columns.length];
            return [{ text: heading, x: columns[column]!, y: 680 - row * 114, size: 15, bold: true }, ...paragraph(text, columns[column]!, 656 - row * 114, { size: 10 })];
          }),
        ],
      ]);
    for (const columns of [[60, 330], [40, 230, 420]]) {
      const markdown = await grid(columns);
      const shown = cards.slice(0, columns.length * 2);
      for (const [heading, text] of shown) expect(markdown).toContain(`${heading}\n\n${text.join(" ")}`);
      expect(headingsOf(markdown)).toEqual(["Three Pillars of the Strategy", ...shown.map(([heading]) => heading)]);
    }
  });

  it("keeps a heading and the text under it apart beside a large number set between their baselines", async () => {
    // Note: as a slide lists features: a large number, and beside it a heading over a line of text.
    const features = [
      ["01", "Lower Emissions", "Electric vans cut the depot's diesel use by more than half."],
      ["02", "Local Partners", "Twelve regional suppliers deliver parts within a day."],
    ] as const;
    const markdown = await toMarkdown([
      [
        { text: "Annual Review Summary", x: 50, y: 740, size: 26, bold: true },
        ...features.flatMap(([number, heading, text], index): PdfLine[] => [
          { text: number, x: 50, y: 660 - index * 70, size: 30, bold: true },
          { text: heading, x: 137, y: 672 - index * 70, size: 18, bold: true },
          { text, x: 137, y: 651 - index * 70, size: 13 },
        ]),
      ],
    ]);
    for (const [, heading, text] of features) {
      expect(headingsOf(markdown)).toContain(heading);
      expect(markdown).toContain(`${heading}\n\n${text}`);
    }
  });

  it("reads two cards side by side, each heading set larger over its text, card by card", async () => {
    const cards = [
      ["Simple Setup", ["The device pairs with a phone in a minute", "and needs no tools to put it up."]],
      ["Trusted Advice", ["Qualified advisers answer questions by", "phone, chat or in person."]],
    ] as const;
    const markdown = await toMarkdown([
      [
        ...cards.flatMap(([heading, text], column): PdfLine[] => [
          { text: heading, x: 60 + column * 270, y: 660, size: 15, bold: true },
          ...paragraph(text, 60 + column * 270, 638, { size: 10 }),
        ]),
      ],
    ]);
    for (const [heading, text] of cards) expect(markdown).toContain(`${heading}\n\n${text.join(" ")}`);
  });

  it("reads slides' titles set at one height near the top of every page, each in its own words, as headings", async () => {
    // As Beamer's Warsaw theme prints frames: the title in a band at the very top of the slide.
    const titles = ["What this briefing covers", "How a sample reaches the laboratory", "Results by monitoring site"];
    const pages = titles.map((title, index): PdfLine[] => [
      { text: title, x: 13, y: 240, size: 14 },
      { text: `Slide ${index + 2} of the briefing says what the agency found in the harbour.`, x: 40, y: 160, size: 11 },
      { text: "Each finding is set out for the council in the sections that follow.", x: 40, y: 146, size: 11 },
    ]);
    const markdown = (await convert(makePdf(pages, { pageSize: [453.5, 255.1] }), { filename: "warsaw.pdf" })).markdown;
    expect(headingsOf(markdown)).toEqual(titles);
  });

  it("reads two paragraphs side by side on a slide, each under its bold head, column by column, not as a table", async () => {
    // As Beamer's columns and a browser's two-column flex box print a slide: heads in the text's size, bold.
    const columns = [
      ["Summer", ["Warm water held less oxygen, and", "the inner basin fell below the guide", "value on nine afternoons in July."]],
      ["Winter", ["Storm runoff raised nitrate at every", "site, but oxygen stayed well above", "the guide value all season."]],
    ] as const;
    const slide: PdfLine[] = [
      { text: "Summer against winter", x: 40, y: 480, size: 28, bold: true },
      ...columns.flatMap(([head, text], column): PdfLine[] => [
        { text: head, x: 40 + column * 450, y: 400, size: 20, bold: true },
        ...text.map((line, index) => ({ text: line, x: 40 + column * 450, y: 372 - index * 26, size: 20 })),
      ]),
    ];
    const { markdown } = await convert(makePdf([slide], { pageSize: [960, 540] }), { filename: "slide.pdf" });
    for (const [head, text] of columns) expect(markdown).toContain(`${head}\n\n${text.join(" ")}`);
    expect(markdown).not.toContain("|");
  });

  /**
   * The Markdown of a 16:9 slide of two paragraphs side by side at 20 points, the left one's first
   * line ending 5 points before the right one starts; under bold heads in the text's size if given.
   */
  const slideOfTwoColumns = async (title: string, left: readonly string[], right: readonly string[], heads?: [string, string]): Promise<string> => {
    const rightX = 40 + helveticaWidth(left[0]!, 20) + 5;
    const top = heads ? 394 : 400;
    const slide: PdfLine[] = [
      { text: title, x: 40, y: 480, size: 28, bold: true },
      ...(heads ? heads.map((text, index): PdfLine => ({ text, x: index === 0 ? 40 : rightX, y: 420, size: 20, bold: true })) : []),
      ...left.map((text, index) => ({ text, x: 40, y: top - index * 26, size: 20 })),
      ...right.map((text, index) => ({ text, x: rightX, y: top - index * 26, size: 20 })),
    ];
    return (await convert(makePdf([slide], { pageSize: [960, 540] }), { filename: "slide.pdf" })).markdown;
  };

  it("reads two paragraphs side by side column by column where a line of the left one runs up to the right one", async () => {
    // As WeasyPrint prints a slide's two columns: the longest line of the left column ends a few
    // points before the right column starts (its box's padding is all the gap there is).
    const left = ["Day shifts start with the seven o'clock", "handover and end once the", "evening round is signed off."];
    const right = ["Night shifts begin at nineteen hours,", "and a site manager answers the bleep", "for every ward until morning."];
    const markdown = await slideOfTwoColumns("Day shifts and night shifts", left, right);
    expect(markdown).toContain(`${left.join(" ")}\n\n${right.join(" ")}`);
  });

  it("reads two paragraphs side by side under bold heads in their own size, each head apart, the left running up to the right", async () => {
    // As LibreOffice and WeasyPrint print a slide's two columns: the heads bold in the text's size,
    // a line of the left column ending a few points before the right column starts.
    const left = ["A wrong tax code in the export would", "pay hundreds of staff the", "wrong amount in the first live month."];
    const right = ["The parallel run compares both", "systems for two months, and", "finance signs off every difference."];
    const markdown = await slideOfTwoColumns("Risks and answers", left, right, ["Risks", "Answers"]);
    expect(markdown).toMatch(new RegExp(`Risks\\*{0,2}\\n\\n${left.join(" ")}\\n\\n(?:#+ )?\\**Answers\\*{0,2}\\n\\n${right.join(" ")}`));
  });

  it("reads two lists side by side on a slide, each under its bold head, list by list, not as a table", async () => {
    // As Chromium prints a slide's two columns of bullets: each marker a shape, no character.
    const sides = [
      ["For", ["Families can visit together", "Students get a quiet place to revise", "The cafe earns more on weekends"]],
      ["Against", ["Staff rotas get harder to fill", "Heating costs rise in winter", "Volunteers are scarce on Sundays"]],
    ] as const;
    const slide: (PdfLine | PdfDot)[] = [
      { text: "For and against", x: 60, y: 470, size: 34, bold: true },
      ...sides.flatMap(([head, items], column): (PdfLine | PdfDot)[] => [
        { text: head, x: 60 + column * 435, y: 400, size: 22, bold: true },
        ...items.flatMap((text, index): (PdfLine | PdfDot)[] => [
          { dot: [74 + column * 435, 366 - index * 30, 3.5] },
          { text, x: 90 + column * 435, y: 360 - index * 30, size: 20 },
        ]),
      ]),
    ];
    const { markdown } = await convert(makePdf([slide], { pageSize: [960, 540] }), { filename: "slide.pdf" });
    for (const [head, items] of sides) expect(markdown).toContain(`${head}\n\n${items.map((item) => `- ${item}`).join("\n")}`);
    expect(markdown).not.toContain("|");
  });

  it("keeps a table of two columns whose cells start afresh on each row a table, a long cell wrapped", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Risk", x: 72, y: 700, bold: true },
        { text: "Answer", x: 300, y: 700, bold: true },
        ...[
          ["Late export of pay history", "Start the export a month early"],
          ["Wrong tax codes after the move", "Compare every payslip line by"],
          ["", "line for two months"],
          ["Staff cannot log in", "Send letters with the new address"],
        ].flatMap(([left, right], row): PdfLine[] => [
          ...(left ? [{ text: left, x: 72, y: 682 - row * 16 }] : []),
          { text: right!, x: 300, y: 682 - row * 16 },
        ]),
      ],
    ]);
    expect(markdown).toContain("| Late export of pay history");
  });

  it("reads big figures side by side over their centred captions, each figure with its caption", async () => {
    // Each figure with its width in ems of Helvetica Bold, to centre it on its column's middle.
    const callouts = [
      ["1.8X", 2.057, ["faster processing than", "the old platform"]],
      ["42%", 2.001, ["fewer missed appointments", "across all clinics"]],
      ["$3.2M", 2.779, ["saved in operating costs", "over three years"]],
    ] as const;
    const centres = [140, 306, 472];
    const markdown = await calloutsMarkdown(callouts, centres);
    for (const [figure, , caption] of callouts) expect(markdown).toContain(`${figure}\n\n${caption.join(" ")}`);
  });

  it("reads captions centred under big figures apart when their lines run together on one baseline", async () => {
    // Each figure with its width in ems of Helvetica Bold; the captions' first lines end and start
    // less than a run's gap apart, so the text layer's lines join them into one run.
    const callouts = [
      ["1.8X", 2.057, ["journeys made on the extended", "tram line"]],
      ["42%", 2.001, ["rated provider in the national", "survey"]],
      ["$3.2M", 2.779, ["faster processing than the old", "platform"]],
    ] as const;
    const centres = [140, 278, 416];
    const markdown = await calloutsMarkdown(callouts, centres);
    for (const [figure, , caption] of callouts) expect(markdown).toContain(`${figure}\n\n${caption.join(" ")}`);
  });

  it("keeps apart the text of two cards whose lines end close to where the next card's start", async () => {
    const first = ["Every interface follows a", "published specification."];
    // Note: the second card starts a phrase's gap (three ems) or less after the first card's widest line.
    const secondX = 60 + helveticaWidth(first[0]!, 10) + 20;
    const markdown = await toMarkdown([
      [
        { text: "Open Standards", x: 60, y: 660, size: 15, bold: true },
        { text: "Clear Pricing", x: secondX, y: 660, size: 15, bold: true },
        ...paragraph(first, 60, 638, { size: 10 }),
        ...paragraph(["One fee covers support", "and upgrades."], secondX, 638, { size: 10 }),
      ],
    ]);
    expect(markdown).toContain(`Open Standards\n\n${first.join(" ")}`);
    expect(markdown).toContain("Clear Pricing\n\nOne fee covers support and upgrades.");
  });

  it("reads a list and a paragraph side by side under their headings one after the other, not as a table", async () => {
    const items = ["Extend opening hours", "Replace ageing vehicles", "Publish service data"];
    const text = ["Quarterly accounts are published online in", "plain language, with the evidence behind each", "figure and the targets agreed at the start."];
    const markdown = await toMarkdown([
      [
        { text: "Next Steps", x: 60, y: 660, size: 16, bold: true },
        { text: "Transparent Reporting", x: 320, y: 660, size: 16, bold: true },
        ...paragraph(items.map((item) => `\x95 ${item}`), 60, 636, { size: 11 }),
        ...paragraph(text, 320, 636, { size: 11 }),
      ],
    ]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain(`Next Steps\n\n${items.map((item) => `- ${item}`).join("\n")}\n\n# Transparent Reporting\n\n${text.join(" ")}`);
  });

  it("reads a caption set beside the body text as its own block", async () => {
    const caption = ["Figure 4. Water use per", "household, in litres a", "day, 2010 to 2020."];
    const body = [
      "Households used less water in every year of the decade, as meters",
      "were fitted in most homes and prices rose. The fall was steepest in",
      "the cities, where the share of flats with their own meter doubled.",
      "Rural use fell more slowly because most farms draw their own water.",
    ];
    const markdown = await toMarkdown([[...paragraph(caption, 72, 600, { size: 9, italic: true }), ...paragraph(body, 220, 604)]]);
    expect(markdown).toContain("Figure 4. Water use per household, in litres a day, 2010 to 2020.");
    expect(markdown).toContain(body.join(" "));
  });
});

describe("pdf layout: code and emphasis", () => {
  it("writes a listing in a monospaced font as a fenced code block with its indentation", async () => {
    const listing = ["function area(r) {", "  if (r < 0) {", "    throw new Error(\"negative_radius\");", "  }", "  return Math.PI * r * r;", "}"];
    const markdown = await toMarkdown([
      [
        ...paragraph(
          [
            "Every shape in the library has an area function. They all check their arguments",
            "first and throw a named error, so that callers can tell a bad argument from a bug.",
            "The function below computes the area of a circle:",
          ],
          72,
          728,
        ),
        ...listing.map((text, index): PdfLine => ({ text: text.trimStart(), x: 90 + (text.length - text.trimStart().length) * 6, y: 676 - index * 12, size: 10, mono: true })),
        ...paragraph(["It throws when the radius is negative."], 72, 590),
      ],
    ]);
    expect(markdown).toContain(`\`\`\`\n${listing.join("\n")}\n\`\`\``);
    expect(markdown).toContain("It throws when the radius is negative.");
    expect(markdown.match(/```/g)).toHaveLength(2);
  });

  it("keeps the runs of spaces that align a listing's columns, written or left between words", async () => {
    // Two columns aligned with spaces the PDF writes, and a comment placed further on its own.
    const listing = ["PO-2025-0042  Street lighting", "PO-2025-0043  Library shelving", "PO-2025-0044  Road repairs"];
    const markdown = await toMarkdown([
      [
        ...paragraph(["The open orders of the month are these:"], 72, 728),
        ...listing.map((text, index): PdfLine => ({ text, x: 90, y: 700 - index * 12, size: 10, mono: true })),
        // Note: Courier is 6 points a character at 10 points; the comment starts 4 characters after the last line's end.
        { text: "# late", x: 90 + (listing[2]!.length + 4) * 6, y: 676, size: 10, mono: true },
      ],
    ]);
    expect(markdown).toContain(`\`\`\`\n${listing.slice(0, 2).join("\n")}\n${listing[2]}    # late\n\`\`\``);
  });

  it("marks a monospaced word inside a sentence as inline code, and leaves a URL set in a typewriter font a paragraph", async () => {
    const markdown = await toMarkdown([
      [
        { text: [{ text: "Call " }, { text: "area_of(r)", mono: true }, { text: " with the radius in metres." }], x: 72, y: 700 },
        { text: "https://example.org/docs/shapes/circle", x: 72, y: 670, mono: true },
      ],
    ]);
    expect(markdown).toContain("Call `area_of(r)` with the radius in metres.");
    expect(markdown).toContain("https://example.org/docs/shapes/circle");
    expect(markdown).not.toContain("```");
  });

  it("marks bold and italic words in paragraphs but not in headings", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Safety notes", x: 72, y: 700, size: 18, bold: true },
        { text: [{ text: "Always " }, { text: "switch off", bold: true }, { text: " the power before opening the " }, { text: "control", italic: true }, { text: " cabinet." }], x: 72, y: 670 },
      ],
    ]);
    expect(markdown).toMatch(/^# Safety notes$/m);
    expect(markdown).toContain("Always **switch off** the power before opening the _control_ cabinet.");
  });
});

describe("pdf layout: words, scripts and what shares a line", () => {
  it("keeps a footnote mark raised in the text's own size on the line of the word it touches", async () => {
    // WeasyPrint raises `<sup>` without setting it smaller: the mark sits nearer its own line than
    // the line above, but further off than a line's baseline may vary.
    const host = "away from the office.";
    const markX = 72 + helveticaWidth(host, 11);
    const markdown = await toMarkdown([
      [
        { text: "this policy explains how employees may work from home or other locations", x: 72, y: 700, size: 11 },
        { text: host, x: 72, y: 681, size: 11 },
        { text: "1", x: markX, y: 686.3, size: 10.7 },
        { text: "it should be read with the safety policy.", x: markX + 9, y: 681, size: 11 },
      ],
    ]);
    expect(markdown).toContain("other locations away from the office.1 it should be read");
  });

  it("reads a justified paragraph's lines whose word spaces were stretched wide as prose, not a table", async () => {
    // A narrow column of long words, justified: two lines hold three words each, spaced as far
    // apart as a table's cells, and flush with the lines around them on both sides.
    const measure = 155;
    const lines = ["our volunteers gave well over a", "hundred thousand hours of", "their time, supporting", "youth clubs and", "befriending services across the", "whole region."];
    const markdown = await toMarkdown([
      [
        ...lines.map((text, index) => ({
          text,
          x: 72,
          y: 700 - index * 15,
          size: 11,
          wordSpacing: index === lines.length - 1 ? 0 : (measure - helveticaWidth(text, 11)) / (text.split(" ").length - 1),
        })),
      ],
    ]);
    expect(markdown.trim()).toBe(lines.join(" "));
  });

  it("keeps the word spaces of tightly justified text, however narrow", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(["Lavish dresses and embellishments became insignia of wealth and power."], 72, 700),
        // Note: the spaces are squeezed to 0.07 em, narrower than any gap between words is guessed to be.
        { text: "turbans, ostrich plumes, long capes, veils and flattering shalvars", x: 72, y: 686, wordSpacing: -2.3 },
      ],
    ]);
    expect(markdown).toContain("turbans, ostrich plumes, long capes, veils and flattering shalvars");
  });

  it("keeps a charge raised half an em with the formula it follows", async () => {
    const host = "the quantity of OH";
    const markdown = await toMarkdown([
      [
        { text: "Phenolphthalein changes from colorless to faint pink when", x: 72, y: 714, size: 9 },
        { text: host, x: 72, y: 700, size: 9 },
        // Note: raised 0.51 em, nearer the middle between the lines than its own baseline's band.
        { text: "-", x: 72 + helveticaWidth(host, 9), y: 704.6, size: 7.2 },
        { text: "ions added via the NaOH equals the quantity of acid.", x: 72 + helveticaWidth(host, 9) + 6, y: 700, size: 9 },
      ],
    ]);
    expect(markdown).toContain("quantity of OH- ions added");
  });

  it("keeps a script with the glyph it touches when it sits nearer the baseline of the cell beside it", async () => {
    // Note: a table header whose one-line cell is centred between the two lines of the next cell.
    const host = "portfolio over time r";
    const markdown = await toMarkdown([
      [
        { text: "Time", x: 72, y: 650, size: 9 },
        { text: "Observed returns on the firm's", x: 160, y: 655.2, size: 9 },
        { text: host, x: 160, y: 644.8, size: 9 },
        { text: "p", x: 160 + helveticaWidth(host, 9), y: 649.1, size: 7.2 },
      ],
    ]);
    expect(markdown).toContain("over time rp");
  });

  it("keeps two lines apart when a larger glyph (a checkbox) sits between their baselines", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(
          [
            "24. Do the staff lawyers of the public defender",
            "coordinate to challenge common violations of national and",
            "international due process rights and human rights?",
          ],
          72,
          700,
          { size: 9 },
        ),
        // Note: the answers' 13-point boxes sit half way down between two lines of the question.
        ...["Yes, at the national level", "Yes, at the regional level", "No"].flatMap((answer, index): PdfLine[] => [
          { text: "o", x: 340, y: 693.8 - index * 12, size: 13 },
          { text: answer, x: 354, y: 693.8 - index * 12, size: 9 },
        ]),
      ],
    ]);
    expect(markdown).toContain("violations of national and international due process");
  });

  it("keeps a caption beside a paragraph apart from the paragraph's line it shares a baseline with", async () => {
    const body = [
      "female anglers, who are outnumbered by men,",
      "hold many records, and one of them taught",
      "fly casting to thousands of beginners in",
      "a school on the upper river for many decades",
      "and her guides on casting are still read",
      "today by anglers who want to learn the sport.",
    ];
    // Note: the paragraph is justified (its word spaces stretched to a common width); the caption
    // starts a word space and a half after it, a size smaller, its second line on the baseline of
    // the paragraph's fourth.
    const measure = 190;
    const justified = (text: string, index: number): PdfLine => ({
      text,
      x: 72,
      y: 700 - index * 14,
      size: 9,
      wordSpacing: index === body.length - 1 ? 0 : (measure - helveticaWidth(text, 9)) / (text.split(" ").length - 1),
    });
    const captionX = 72 + measure + 9;
    const shared = 700 - 3 * 14;
    const markdown = await toMarkdown([
      [
        ...paragraph(["The first publication on fishing was written by a woman in the fifteenth century."], 72, 740),
        ...body.map(justified),
        { text: "Figure 7.5: She holds the record for", x: captionX, y: shared + 9.6, size: 8 },
        { text: "a salmon caught on the river", x: captionX, y: shared, size: 8 },
        { text: "in the year 1922.", x: captionX, y: shared - 9.6, size: 8 },
      ],
    ]);
    expect(markdown).toContain(body.join(" "));
    expect(markdown).toContain("Figure 7.5: She holds the record for a salmon caught on the river in the year 1922.");
  });

  it("keeps the hyphen of a compound broken at the end of a line, and undoes the hyphenation of a word", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(
          [
            "The merged model reaches results that are state-of-the-",
            "art on most tasks of the suite, and a mixture-of-",
            "experts model of the same size does almost as well on the bench-",
            "mark as a whole.",
          ],
          72,
          700,
        ),
      ],
    ]);
    expect(markdown).toContain("state-of-the-art on most tasks of the suite, and a mixture-of-experts model");
    expect(markdown).toContain("on the benchmark as a whole.");
  });

  it("keeps the hyphen of a word broken at the end of a line where the document writes that word with it elsewhere", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(
          [
            "Members of the co-operative meet in the hall. The Tidewater Co-",
            "operative was founded in 1921 by twelve families, and its grain is",
            "sold as a co-",
            "operative brand. The founders met every",
            "week, as the minutes of the meet-",
            "ings show. Its hens are kept free-range",
            "and their eggs are sold as free-",
            "range eggs.",
          ],
          72,
          700,
        ),
      ],
    ]);
    expect(markdown).toContain("The Tidewater Co-operative was founded");
    expect(markdown).toContain("sold as free-range eggs.");
    expect(markdown).toContain("sold as a co-operative brand.");
    expect(markdown).toContain("the minutes of the meetings show.");
  });

  it("keeps the hyphen of a compound broken before or after a capital, and joins a capitalised word the document writes whole", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(["The Anglo-", "Saxon charters name the UK-", "based archive that released the SO-", "LAR catalogue; SOLAR is free to use."], 72, 700),
        { text: "Read the survey of So-", x: 72, y: 620 },
        { text: [{ text: "cial Life", italic: true }, { text: " in the market towns." }], x: 72, y: 606 },
      ],
    ]);
    expect(markdown).toContain("The Anglo-Saxon charters name the UK-based archive that released the SOLAR catalogue;");
    expect(markdown).toContain("Read the survey of _Social Life_ in the market towns.");
  });

  it("goes on with a paragraph whose inline code wraps onto the next line, as one code span", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Connect the meter to a computer and read the display.", x: 72, y: 720 },
        { text: [{ text: "Press and hold Power for two seconds. The display shows " }, { text: "SELF", mono: true }], x: 72, y: 700 },
        { text: [{ text: "TEST", mono: true }, { text: ". Then run the export of the " }, { text: "3d-", mono: true }], x: 72, y: 686 },
        { text: [{ text: "raytrace", mono: true }, { text: " benchmark." }], x: 72, y: 672 },
      ],
    ]);
    expect(markdown).toContain("The display shows `SELF TEST`. Then run the export of the `3d-raytrace` benchmark.");
    expect(markdown).not.toContain("```");
  });

  it("keeps the hyphens of a code or a number range broken at the end of a line", async () => {
    const markdown = await toMarkdown([
      [
        ...paragraph(
          [
            "The request was logged as 3f2a9c1e-407f-",
            "a055-9e0d-1b2c3d4e5f60 on pages 10-",
            "20 of the register, with the COVID-",
            "19 entries after it.",
          ],
          72,
          700,
        ),
      ],
    ]);
    expect(markdown).toContain("logged as 3f2a9c1e-407f-a055-9e0d-1b2c3d4e5f60 on pages 10-20 of the register, with the COVID-19 entries after it.");
  });
});

/** A bar chart drawn as an image, its labels part of the picture (no text layer), as RGB pixels. */
async function chartImage(labels: readonly string[], title: string): Promise<{ pixelWidth: number; pixelHeight: number; rgb: Uint8Array }> {
  const { createCanvas, GlobalFonts } = await import("@napi-rs/canvas");
  // Note: the font comes from pdfjs-dist, so the test does not depend on the machine's fonts.
  GlobalFonts.registerFromPath(fileURLToPath(import.meta.resolve("pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf")), "Chart Sans");
  const [width, height] = [1000, 500];
  const canvas = createCanvas(width, height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.fillStyle = "#000000";
  context.font = "40px 'Chart Sans'";
  context.fillText(title, 40, 60);
  labels.forEach((label, index) => {
    const x = 120 + index * 300;
    context.fillStyle = "#4060a0";
    context.fillRect(x, 340 - index * 80, 120, 60 + index * 80);
    context.fillStyle = "#000000";
    context.fillText(label, x, 460);
  });
  const { data } = context.getImageData(0, 0, width, height);
  const rgb = new Uint8Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel++) rgb.set(data.subarray(pixel * 4, pixel * 4 + 3), pixel * 3);
  return { pixelWidth: width, pixelHeight: height, rgb };
}

describe("pdf layout: text in images", () => {
  it("reads the text of a chart image among the page's text in ocr mode, keeping the headings", { timeout: 60_000 }, async () => {
    const labels = ["Coal", "Wind", "Solar"];
    const chart = await chartImage(labels, "Electricity generation by source");
    const pdf = makePdf(
      [
        [
          { text: "Energy mix", x: 72, y: 720, size: 20, bold: true },
          ...paragraph(["The chart below shows how the country produced its electricity last year."], 72, 690),
          ...paragraph(["Wind overtook coal for the first time in the second half of the year."], 72, 420),
        ],
      ],
      { images: [[{ ...chart, x: 72, y: 460, width: 360, height: 180 }]] },
    );
    const fast = await convert(pdf, { filename: "chart.pdf" });
    expect(fast.markdown).not.toContain("Electricity generation");
    const { markdown } = await convert(pdf, { filename: "chart.pdf", pdf: { mode: "ocr" } });
    expect(markdown).toMatch(/^# Energy mix$/m);
    const position = (text: string): number => markdown.indexOf(text);
    expect(position("Electricity generation by source")).toBeGreaterThan(position("produced its electricity"));
    for (const label of labels) {
      expect(position(label)).toBeGreaterThan(position("Electricity generation by source"));
      expect(position(label)).toBeLessThan(position("Wind overtook coal"));
    }
  });
});

describe("pdf layout: columns below a full-width table", () => {
  it("joins a paragraph cut by a table floated to the top of the next column with its rest under the table", async () => {
    // As LaTeX floats a table that does not fit "here" to the top of the next column: the left
    // column ends mid-sentence, the right one starts with the table and its caption, then the rest.
    const left = paragraph([...SURVEY_LEFT.slice(0, 7), "as the census of the year before"], 72, 700);
    const table: PdfLine[] = [["Region", "Homes", "Visits"], ["North", "1,204", "2,310"], ["South", "980", "1,870"]].flatMap((row, index) =>
      row.map((text, column): PdfLine => ({ text, x: 320 + column * 80, y: 700 - index * 14 })),
    );
    const caption: PdfLine = { text: "Table 1: Homes and visits by region.", x: 340, y: 648 };
    const rest = paragraph(["counts it, and the weights are given in", "the appendix with the rest of the figures."], 320, 620);
    const markdown = await toMarkdown([[...left, ...table, caption, ...rest]]);
    const joined = `${[...SURVEY_LEFT.slice(0, 7), "as the census of the year before"].join(" ")} counts it, and the weights are given in the appendix with the rest of the figures.`;
    expect(markdown).toContain(joined);
    expect(markdown.indexOf(joined)).toBeLessThan(markdown.indexOf("| Region"));
    expect(markdown.indexOf("| Region")).toBeLessThan(markdown.indexOf("Table 1: Homes and visits by region."));
  });

  it("joins a paragraph cut by a figure floated to the top of the next column with its rest under the figure's caption", async () => {
    // As LaTeX floats a figure that does not fit "here" to the top of the next column: the left
    // column ends mid-sentence, the right one starts with the figure and its caption, then the rest.
    const cut = [...SURVEY_LEFT.slice(0, 7), "as the census of the year before"];
    const frame: PdfRule[] = [
      { rule: [320, 700, 540, 700] },
      { rule: [320, 640, 540, 640] },
    ];
    const caption: PdfLine = { text: "Figure 2: Households visited in each month of the survey.", x: 320, y: 626 };
    const rest = paragraph(["counts it, and the weights are given in", "the appendix with the rest of the figures."], 320, 600);
    const markdown = await toMarkdown([[...paragraph(cut, 72, 700), ...frame, caption, ...rest]]);
    const joined = `${cut.join(" ")} counts it, and the weights are given in the appendix with the rest of the figures.`;
    expect(markdown).toContain(joined);
    expect(markdown.indexOf(joined)).toBeLessThan(markdown.indexOf("Figure 2: Households visited"));
  });

  it("joins a paragraph whose column ends with a sentence, filled to the edge, with its rest set flush under a table at the top of the next", async () => {
    // As LaTeX sets justified text whose paragraphs open indented: the left column's last line is
    // filled to the edge and ends a sentence, but the paragraph goes on, flush, under the table
    // floated to the top of the right column.
    const measure = 225;
    const justified = (lines: readonly string[], x: number, y: number, indentFirst: boolean, fillLast: boolean): PdfLine[] =>
      lines.map((text, index) => {
        const indent = indentFirst && index === 0 ? 12 : 0;
        const fill = index < lines.length - 1 || fillLast;
        return { text, x: x + indent, y: y - index * 12, size: 10, wordSpacing: fill ? (measure - indent - helveticaWidth(text, 10)) / (text.split(" ").length - 1) : 0 };
      });
    const first = ["The sample was drawn from every region of the", "country in the spring, and each household was", "visited twice by the same interviewer, once in", "the morning and once in the evening."];
    const second = ["So the answers of those at work during the day", "were not lost from the survey, and the results", "could be weighted by the size of each region", "as the census of the year before counts it."];
    const third = ["The weights are given in the appendix with the", "rest of the figures, region by region, and the", "tables use them throughout."];
    const rest = ["Most firms in the sample answered both times,", "and the rest once."];
    const table: PdfLine[] = [["Region", "Homes", "Visits"], ["North", "1,204", "2,310"], ["South", "980", "1,870"]].flatMap((row, index) =>
      row.map((text, column): PdfLine => ({ text, x: 330 + column * 70, y: 700 - index * 12, size: 10 })),
    );
    const markdown = await toMarkdown([
      [
        ...justified(first, 72, 700, true, false),
        ...justified(second, 72, 652, true, true),
        ...table,
        { text: "Table 1: Homes and visits by region.", x: 340, y: 656, size: 10 },
        ...justified(rest, 320, 630, false, false),
        ...justified(third, 320, 606, true, false),
      ],
    ]);
    expect(markdown).toContain(`${second.join(" ")} ${rest.join(" ")}`);
  });

  it("reads the captions of figures set side by side over both columns where they stand, each over its column", async () => {
    // As a book sets two figures in a row over its two columns: the paragraph cut at the foot of
    // the left column goes on under the right figure's caption, which stays over the right column.
    const captions: PdfLine[] = [
      { text: "Figure 1: The harbour in winter.", x: 72, y: 640 },
      { text: "Figure 2: The harbour in summer.", x: 320, y: 640 },
    ];
    const cut = [...SURVEY_LEFT.slice(0, 7), "as the census of the year before"];
    const rest = paragraph(["counts it, and the weights are given in", ...SURVEY_RIGHT.slice(1)], 320, 610);
    const markdown = await toMarkdown([[...captions, ...paragraph(cut, 72, 610), ...rest]]);
    expect(markdown.indexOf("Figure 2: The harbour in summer.")).toBeLessThan(markdown.indexOf("counts it, and the weights"));
    expect(markdown.indexOf("as the census of the year before")).toBeLessThan(markdown.indexOf("Figure 2: The harbour in summer."));
  });

  it("goes on with a paragraph cut at the foot of the right column past the note at the foot of the left one, level with the cut", async () => {
    // As LaTeX sets a note at the foot of the column its mark is in: the left column, shortened by
    // the note, ends above the right one, and the note stands level with the right column's last lines.
    const left = [...SURVEY_LEFT.slice(0, 4), "and the answers were kept for a year.1"];
    const markdown = await toMarkdown([
      [
        ...paragraph(left, 72, 700, { size: 10 }),
        { text: "1", x: 72, y: 625, size: 6 },
        { text: "The survey asks forty questions of each home.", x: 75.34, y: 622, size: 8 },
        ...paragraph(SURVEY_RIGHT.slice(0, 7), 320, 700, { size: 10 }),
      ],
      paragraph(SURVEY_RIGHT.slice(7), 72, 740, { size: 10 }),
    ]);
    expect(markdown).toContain(SURVEY_RIGHT.join(" "));
    expect(markdown).toMatch(/^1 The survey asks forty questions of each home\.$/m);
  });

  it("goes on with a paragraph cut at the foot of a page under a table whose caption sets its label and title on lines apart", async () => {
    // As IEEE's class sets a table's caption: "TABLE I" on its own line, the title under it in
    // small capitals, smaller type.
    const body = FLOOD_REPORT.slice(0, -1).map((text, index): PdfLine => ({ text, x: 72, y: 700 - index * 14, size: 11 }));
    const markdown = await toMarkdown([
      body,
      [
        { text: "TABLE I", x: 280, y: 750, size: 8 },
        { text: "HEIGHT OF THE WATER AT THE MILL, BY HOUR", x: 230, y: 741, size: 6.4 },
        ...[["Hour", "Height"], ["01:00", "2.1 m"], ["02:00", "2.6 m"], ["03:00", "3.0 m"]].flatMap((row, index) =>
          row.map((text, column): PdfLine => ({ text, x: 200 + column * 120, y: 718 - index * 14, size: 11 })),
        ),
        { text: FLOOD_REPORT.at(-1)!, x: 72, y: 640, size: 11 },
      ],
    ]);
    expect(markdown).toContain(FLOOD_REPORT.join(" "));
    expect(markdown).toContain("| 02:00 | 2.6 m |");
  });

  it("reads the two columns of prose under a table that spans the page column by column", async () => {
    const table: PdfLine[] = ["Region", "North", "South", "East", "West", "Centre", "Islands", "Total"].flatMap((label, row) =>
      [label, "1,204", "2,310", "3,420", "4,118", "5,093"].map((text, column): PdfLine => ({ text, x: 72 + column * 95, y: 720 - row * 16, size: 10 })),
    );
    const left = ["The survey asked each firm how many staff", "it expected to keep over the next two", "months, and whether it would hire again", "once demand recovered in its sector.", "Most firms expected to keep their staff."];
    const right = ["Firms in tourism were the most worried,", "since visitors had not yet come back and", "bookings for the season were still low,", "while farms expected little change at all", "and some planned to hire more workers."];
    const columns = left.flatMap((text, index): PdfLine[] => [
      { text, x: 72, y: 560 - index * 14 },
      { text: right[index]!, x: 320, y: 560 - index * 14 },
    ]);
    const markdown = await toMarkdown([[...table, ...columns]]);
    expect(markdown).toContain(left.join(" "));
    expect(markdown).toContain(right.join(" "));
    expect(markdown.indexOf(left[0]!)).toBeLessThan(markdown.indexOf(right[0]!));
  });
});

describe("pdf layout: headings in body-size type, as groff sets them", () => {
  it("reads a numbered line in body-size italics over its section's text as a heading", async () => {
    // Note: groff's -mm sets its headings in italics at the body's size, numbered, flush left.
    const markdown = await toMarkdown([
      [
        { text: "1. Purpose", x: 72, y: 720, size: 10, italic: true },
        ...paragraph(["This memorandum sets out the plan for moving the finance team to the new building on", "the other side of the river, over three weekends in the spring."], 72, 706, { size: 10 }),
        { text: "2. Schedule", x: 72, y: 670, size: 10, italic: true },
        ...paragraph(["The move will take place in three stages, one on each weekend, starting with the archive."], 72, 656, { size: 10 }),
        { text: "2.1 Responsibilities", x: 72, y: 634, size: 10, italic: true },
        ...paragraph(["Each team lead labels every box with the number of the room it goes to."], 72, 620, { size: 10 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["1. Purpose", "2. Schedule", "2.1 Responsibilities"]);
  });

  it("reads a numbered italic line in the right column as a heading under a paragraph that went on there from the left one", async () => {
    // As Elsevier's class sets a subsection: "2.1. Calibration" in body-size italics, flush with
    // the right column, under the end of a paragraph begun at the foot of the left column.
    const cut = [...SURVEY_LEFT.slice(0, 7), "as the census of the year before"];
    const markdown = await toMarkdown([
      [
        ...paragraph(cut, 72, 700, { size: 10 }),
        ...paragraph(["counts it, region by region, and the", "weights are given in the appendix."], 320, 700, { size: 10 }),
        { text: "2.1. Calibration", x: 320, y: 660, size: 10, italic: true },
        ...paragraph(SURVEY_RIGHT.slice(1, 6), 320, 644, { size: 10 }),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["2.1. Calibration"]);
  });

  it("reads a bold line over a paragraph whose first line alone is indented as a heading, not a defined term", async () => {
    // Note: groff's -ms sets `.SH` headings in bold at the body's size, and indents the first line of each `.PP`.
    const section = (heading: string, lines: readonly string[], y: number): PdfLine[] => [
      { text: heading, x: 72, y, size: 10, bold: true },
      { text: lines[0]!, x: 97, y: y - 14, size: 10 },
      ...paragraph(lines.slice(1), 72, y - 26, { size: 10 }),
    ];
    const markdown = await toMarkdown([
      [
        ...section("Introduction", ["Soil moisture controls the water available to crops and the rate", "at which rain runs off a field, and so how much of it is lost to", "the streams below the farm."], 720),
        ...section("Method", ["Three sensor models were buried at a depth of ten centimetres in", "a loam plot and read every fifteen minutes for a season."], 650),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Introduction", "Method"]);
  });

  it("reads references numbered in brackets, set apart from their text, as paragraphs, each entry whole", async () => {
    // Note: as groff's -ms sets `.IP [1] 5n`: the number at the margin, the entry's lines hanging at its text.
    const entry = (number: string, lines: readonly string[], y: number): PdfLine[] => [
      { text: number, x: 72, y, size: 10 },
      ...lines.map((text, index): PdfLine => ({ text, x: 97, y: y - index * 12, size: 10 })),
    ];
    const markdown = await toMarkdown([
      [
        { text: "References", x: 72, y: 720, size: 10, bold: true },
        ...entry("[1]", ["Smith, A. and Jones, B. Rainfall intensity in towns. Journal of Hydrology, 1998."], 700),
        ...entry("[2]", ["Brown, C. Design of storm sewers. Water Press, 2004."], 684),
        ...entry("[3]", ["Green, D. Sustainable drainage systems: a practical guide to design and maintenance.", "Civil Books, 2011."], 668),
      ],
    ]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("\\[3\\] Green, D. Sustainable drainage systems: a practical guide to design and maintenance. Civil Books, 2011.");
  });

  it("reads sub-clauses set in under a numbered clause as paragraphs of their own, the clause's lines flush with its number", async () => {
    // Note: as browsers print an HTML list numbered "1", "1.1" by CSS counters: the number in a box
    // an indent wide before the clause's first line, its other lines back under the number, and the
    // sub-clauses one indent in, a little more than a line apart.
    const clause = (number: string, lines: readonly string[], y: number): PdfLine[] => [
      { text: number, x: 72, y, size: 10.5 },
      ...lines.map((text, index): PdfLine => ({ text, x: index === 0 ? 95 : 72, y: y - index * 14.7, size: 10.5 })),
    ];
    const markdown = await toMarkdown([
      [
        ...clause("1", ["About us. We are Tidewater Co-operative, a society registered in", "England under number 31254R."], 700),
        { text: "1.1 These terms tell you the rules for using our website.", x: 95, y: 666.6, size: 10.5 },
        ...clause("2", ["Changes to these terms. We amend these terms from time to time."], 647.9),
        { text: "2.1 Please check these terms every time you wish to use our site.", x: 95, y: 629.2, size: 10.5 },
      ],
    ]);
    expect(markdown).toContain("1 About us. We are Tidewater Co-operative, a society registered in England under number 31254R.\n\n1.1 These terms");
    expect(markdown).toContain("2 Changes to these terms. We amend these terms from time to time.\n\n2.1 Please check");
  });

  it("reads bold labels stacked over their values at the text's pitch as labels, not headings, under a heading that is one", async () => {
    // Note: as WeasyPrint prints an HTML `<dl>` laid out in a grid it does not support: each label over its value.
    const stacked = (pairs: ReadonlyArray<readonly [string, string]>, y: number): PdfLine[] =>
      pairs.flatMap(([label, value], index): PdfLine[] => [
        { text: label, x: 72, y: y - index * 27.2, size: 10, bold: true },
        { text: value, x: 72, y: y - index * 27.2 - 13.6, size: 10 },
      ]);
    const markdown = await toMarkdown([
      [
        { text: "Thank you for your order. We will email you when it ships, with a link to follow it.", x: 72, y: 720, size: 10 },
        { text: "Delivery address", x: 72, y: 694, size: 12, bold: true },
        ...stacked([["Name", "Ana Novak"], ["Street", "14 Harbour Road"], ["Town", "Bristol"]], 676),
      ],
    ]);
    expect(headingsOf(markdown)).toEqual(["Delivery address"]);
    expect(markdown).toContain("**Name**\n\nAna Novak\n\n**Street**\n\n14 Harbour Road");
  });

  it("reads a short term over its definition indented under it as two blocks, not one sentence", async () => {
    // Note: as groff's -me sets `.ip "Abstraction"`: a tag wider than the indent stands on its own line.
    const markdown = await toMarkdown([
      [
        ...paragraph(["This report uses a few technical terms whose meaning differs slightly from everyday usage, so", "they are defined below for readers from outside the water industry."], 72, 720, { size: 10 }),
        { text: "Abstraction", x: 72, y: 690, size: 10 },
        ...paragraph(["The removal of water from a river, lake or aquifer for any purpose, whether or not it", "is later returned to the environment after use."], 97, 678, { size: 10 }),
        { text: "Baseflow", x: 72, y: 648, size: 10 },
        ...paragraph(["The part of the flow of a river that comes from groundwater rather than from recent", "rainfall running off the land surface."], 97, 636, { size: 10 }),
      ],
    ]);
    expect(markdown).toContain("Abstraction\n\nThe removal of water");
    expect(markdown).toContain("Baseflow\n\nThe part of the flow");
  });
});

describe("pdf layout: paragraphs", () => {
  it("goes on with a ragged paragraph on the next page after a sentence where the next page's first word would not have fitted, where paragraphs open indented", async () => {
    // Paragraphs that open with an indent: a flush line at the top of the next page goes on with one.
    const opening = (y: number): PdfLine[] => [
      { text: "Firms were asked in the autumn and again in the", x: 90, y },
      ...paragraph(["spring, and their answers are compared in full.", "The next paragraph opens indented like this one."], 72, y - 14),
    ];
    const pageOne = [
      ...opening(300),
      ...opening(240),
      { text: "The survey asked each firm how many staff it kept in", x: 90, y: 180 },
      ...paragraph(["the winter months and whether it would hire again in", "spring, and most of the firms that answered said they", "would. Few of them had kept all of their staff on."], 72, 166),
    ];
    const pageTwo = (x: number): PdfLine[] => [
      { text: "Demand for staff was highest in the building trade and", x, y: 760 },
      ...paragraph(["lowest in farming, where the season starts late.", "The report gives the figures by region."], 72, 746),
    ];
    const wrapped = await toMarkdown([pageOne, pageTwo(72)]);
    expect(wrapped).toContain("staff on. Demand for staff");
    // A line indented at the top of the next page opens a paragraph of its own.
    const indented = await toMarkdown([pageOne, pageTwo(90)]);
    expect(indented).toContain("staff on.\n\nDemand for staff");
  });

  it("does not join paragraphs that open flush across a page break, where a paragraph's long last line says nothing", async () => {
    // Block paragraphs, set apart by space and never indented: each may end on a long line.
    const pageOne = [
      ...paragraph(["Firms were asked in the autumn and again in the", "spring, and their answers are compared in full."], 72, 300),
      ...paragraph(["The survey asked each firm how many staff it kept in", "the winter months and whether it would hire again in", "spring, and most of the firms that answered said they", "would. Few of them had kept all of their staff on."], 72, 262),
    ];
    const pageTwo = paragraph(["Demand for staff was highest in the building trade and", "lowest in farming, where the season starts late."], 72, 760);
    expect(await toMarkdown([pageOne, pageTwo])).toContain("staff on.\n\nDemand for staff");
    // Items indented under a sentence, their lines all indented, are no sign of indented paragraphs.
    const items = (y: number): PdfLine[] => [
      ...paragraph(["Firms were asked about their plans in the autumn."], 72, y),
      ...paragraph(["• Staff kept over the winter months", "  and the reasons they gave for it"], 84, y - 14),
    ];
    const withItems = [...items(400), ...items(350), ...pageOne];
    expect(await toMarkdown([withItems, pageTwo])).toContain("staff on.\n\nDemand for staff");
  });

  it("reads a paragraph beside a sidebar floated at its right whole, then the sidebar, whose lines share its baselines", async () => {
    const body = [
      "The centre opens its doors to every group in the",
      "village, and the hall can be booked for meetings",
      "and parties on any evening of the week, as long as",
      "the booking is made a week ahead at the desk. The",
      "kitchen may be used by those who book the hall.",
    ];
    const sidebar: PdfLine[] = [
      { text: "This month", x: 400, y: 686, size: 11, bold: true },
      { text: "Tuesday walks", x: 400, y: 672, size: 9 },
      { text: "Book swap", x: 400, y: 658, size: 9 },
    ];
    // Under the sidebar, the next paragraph runs across the page.
    const under = paragraph(["The hall has a lift and a ramp at the side door, and the car park behind the centre is", "free for everyone who comes to a meeting, a class or a party in the hall or the rooms."], 72, 620, { size: 11 });
    const markdown = await toMarkdown([[{ text: "Community centre news", x: 72, y: 730, size: 18, bold: true }, ...paragraph(body, 72, 700, { size: 11 }), ...sidebar, ...under]]);
    expect(markdown).toContain(body.join(" "));
    expect(markdown.indexOf("hall.")).toBeLessThan(markdown.indexOf("This month"));
    expect(markdown).toMatch(/This month[\s\S]*Tuesday walks[\s\S]*Book swap/);
  });

  it("keeps contents entries whose page numbers are set apart in bold with their numbers, not as a sidebar", async () => {
    const entries = ["Why play matters in the city", "Streets as places of play", "The commodified playground", "Serious games and planning"];
    const markdown = await toMarkdown([
      [
        { text: "The chapters of this book follow one another in", x: 72, y: 720, size: 11 },
        ...entries.flatMap((text, index): PdfLine[] => [
          { text, x: 72, y: 706 - index * 14, size: 11 },
          { text: String(11 + index * 20), x: 500, y: 706 - index * 14, size: 11, bold: true },
        ]),
      ],
    ]);
    expect(markdown.replace(/\*\*/g, "")).toMatch(/Streets as places of play\W+31/);
  });
});

/** Paragraphs of long words, as a parish newsletter sets them in narrow justified columns. */
const PARISH_NEWS = [
  "Representatives from neighbouring organisations congratulated volunteers, acknowledging extraordinary commitment demonstrated throughout unprecedented circumstances.",
  "Accommodation arrangements, notwithstanding difficulties, accommodated approximately seventy additional participants. Correspondence concerning telecommunications infrastructure, broadband availability, electricity substations remained unresolved.",
  "Environmental considerations, particularly biodiversity enhancements, characterised discussions. Refurbishment of the community centre, administration of allotments, maintenance of footpaths, responsibilities previously undertaken by councillors, transferred successfully.",
];

/**
 * A paragraph set justified in a column `measure` points wide at `x`, from the baseline `y` down,
 * in 11 pt Helvetica at a 13 pt pitch: each word placed on its own, as a browser prints them, the
 * word spaces of every line but the last stretched to fill the measure.
 */
function justifiedWords(text: string, x: number, y: number, measure: number): PdfLine[] {
  const size = 11;
  const space = helveticaWidth(" ", size);
  const lines: string[][] = [];
  for (const word of text.split(" ")) {
    const line = lines.at(-1);
    const width = line ? helveticaWidth(line.join(" "), size) + space + helveticaWidth(word, size) : Infinity;
    if (line && width <= measure) line.push(word);
    else lines.push([word]);
  }
  return lines.flatMap((line, index) => {
    const last = index === lines.length - 1;
    const gap = last || line.length === 1 ? space : (measure - helveticaWidth(line.join(""), size)) / (line.length - 1);
    let left = x;
    return line.map((word): PdfLine => {
      const placed = { text: word, x: left, y: y - index * 13, size };
      left += helveticaWidth(word, size) + gap;
      return placed;
    });
  });
}

/** One justified line: its words spread from `x` so that the last ends at `right` (Helvetica, 11 pt). */
function justifiedLine(text: string, x: number, y: number, right: number): PdfLine[] {
  const words = text.split(" ");
  const gap = (right - x - helveticaWidth(words.join(""), 11)) / (words.length - 1);
  let left = x;
  return words.map((word): PdfLine => {
    const placed = { text: word, x: left, y, size: 11 };
    left += helveticaWidth(word, 11) + gap;
    return placed;
  });
}

describe("pdf layout: justified paragraphs in a column", () => {
  it("keeps a right column's justified paragraph, its first line indented, as one paragraph under a line across the page", async () => {
    // Note: the line across the page sets the left edge of all text under it; the right column's
    // lines all end together and its first starts apart, as a flush-right block's lines would.
    const across = { text: "Each section below reports one part of the survey in two columns of text.", x: 72, y: 740, size: 11 };
    const leftText = [
      "the sample was drawn from every region of",
      "the country in the spring, and each house",
      "was visited twice by the same interviewer,",
      "once in the morning and once at night, so",
      "that the answers of those who work in the",
      "day were heard as well as those at home.",
    ];
    const left = leftText.map((text, index): PdfLine => ({ text, x: 72, y: 710 - index * 13, size: 11 }));
    const rightText = [
      "Each compiled trace covers one path through",
      "the program with one mapping of values to its",
      "types, and when the machine runs the trace it",
      "cannot know that the same path is followed or",
      "that the same types occur in later iterations",
      "of the loop, so each trace checks them as it",
    ];
    const right = rightText.flatMap((text, index) => justifiedLine(text, index === 0 ? 330 : 318, 710 - index * 13, 540));
    const markdown = await toMarkdown([[across, ...left, ...right]]);
    expect(markdown).not.toContain("\\\n");
    expect(markdown).toContain(rightText.join(" "));
  });
});

describe("pdf layout: narrow justified columns", () => {
  it("reads three narrow justified columns set less than an em apart column by column, as prose", async () => {
    // Note: as a browser prints CSS `columns: 3; column-gap: 12px; text-align: justify`: columns 160
    // points wide, 9 points (0.8 em) apart, the word spaces of long words stretched wider than the gutter.
    const markdown = await toMarkdown([
      [
        { text: "Parish Newsletter", x: 48, y: 780, size: 22, bold: true },
        ...PARISH_NEWS.flatMap((text, index) => justifiedWords(text, 48 + index * 169, 740 - (index === 0 ? 11 : 0), 160)),
      ],
    ]);
    expect(markdown).not.toContain("| --- |");
    for (const text of PARISH_NEWS) expect(markdown).toContain(text);
  });
});

describe("a landscape page printed sideways on a portrait sheet", () => {
  it("reads its text upright, as a viewer turned a quarter turn shows it: a table's rows stay rows", async () => {
    // Note: the landscape page's top runs along the sheet's left edge; a line `top` points below
    // the landscape top and `left` points from its left sits at x = top, y = left, reading up.
    const at = (text: string, left: number, top: number, bold = false): PdfLine => ({ text, x: top, y: left, size: 11, bold, sideways: true });
    const rows = [
      ["Vehicle", "Last service", "Next service", "Mileage"],
      ["Van 12", "3 March", "3 September", "48,210"],
      ["Truck 4", "17 April", "17 October", "102,944"],
      ["Car 7", "9 May", "9 November", "22,305"],
    ];
    const lines = [
      { ...at("Fleet Maintenance Schedule", 60, 60, true), size: 16 },
      ...rows.flatMap((row, index) => row.map((cell, column) => at(cell, 60 + column * 160, 100 + index * 20, index === 0))),
    ];
    const markdown = await toMarkdown([lines]);
    expect(markdown).toContain("Fleet Maintenance Schedule");
    expect(markdown).toContain("| Vehicle | Last service | Next service | Mileage |");
    expect(markdown).toContain("| Truck 4 | 17 April | 17 October | 102,944 |");
  });
});

describe("pdf layout: text drawn over itself", () => {
  it("reads text drawn two or three times a fraction of a point aside (fake bold) once", async () => {
    const markdown = await toMarkdown([
      [
        ...[0, 0.4, 0.8].map((shift): PdfLine => ({ text: "Opening Hours", x: 72 + shift, y: 700, size: 16 })),
        { text: "The library opens at nine on weekdays and at ten on Saturdays.", x: 72, y: 670 },
        ...[0, 0.3].map((shift): PdfLine => ({ text: "Closed on public holidays.", x: 72 + shift, y: 650 })),
      ],
    ]);
    expect(markdown).toContain("Opening Hours");
    expect(markdown).not.toMatch(/Opening Hours\s*Opening/);
    expect(markdown).not.toMatch(/holidays\.\s*Closed/);
  });
});
