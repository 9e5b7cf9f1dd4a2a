import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { helveticaWidth } from "./helpers/helvetica.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfFill, PdfLine, PdfRule } from "./helpers/make-pdf.js";

type PageItem = PdfLine | PdfRule | PdfFill;

const LEADING = 13;
const PADDING = 6;

/**
 * A ruled table as a printer lays it out: each cell's text wrapped onto lines at `LEADING`, each
 * row as tall as its tallest cell plus padding, rules around every cell. A cell given as
 * `undefined` is covered by the cell above it (a row span): no rule is drawn between them.
 */
function ruledTable(x: number, top: number, widths: readonly number[], rows: readonly (readonly (readonly string[] | undefined)[])[]): PageItem[] {
  const items: PageItem[] = [];
  const edges = widths.reduce((acc, width) => [...acc, acc.at(-1)! + width], [x]);
  let y = top;
  const rowTops: number[] = [];
  for (const row of rows) {
    rowTops.push(y);
    const height = Math.max(...row.map((cell) => cell?.length ?? 1)) * LEADING + PADDING;
    row.forEach((cell, column) => {
      cell?.forEach((text, index) => items.push({ text, x: edges[column]! + 4, y: y - PADDING / 2 - 10 - index * LEADING, size: 10 }));
    });
    y -= height;
  }
  rowTops.push(y);
  // Horizontal rules: the top and bottom borders, and under each cell unless the next row's cell is covered by it.
  rowTops.forEach((ruleY, index) => {
    widths.forEach((_, column) => {
      const covered = index > 0 && index < rows.length && rows[index]![column] === undefined;
      if (!covered) items.push({ rule: [edges[column]!, ruleY, edges[column + 1]!, ruleY] });
    });
  });
  for (const edge of edges) items.push({ rule: [edge, top, edge, y] });
  return items;
}

/** A row of a table: each cell's text as the lines it wraps onto. */
type Row = readonly (readonly string[])[];

/**
 * A borderless table as a word processor sets it: each cell's lines `LEADING` apart at its
 * column's x, each row as tall as its tallest cell plus `padding`. With `centred`, a cell with
 * fewer lines than its row is centred on the row's height, as cells set to "centre vertically" are.
 */
function borderlessTable(columns: readonly number[], top: number, rows: readonly Row[], { padding = 8, centred = false } = {}): PdfLine[] {
  const lines: PdfLine[] = [];
  let y = top;
  for (const row of rows) {
    const height = Math.max(...row.map((cell) => cell.length));
    row.forEach((cell, column) => {
      const offset = centred ? ((height - cell.length) * LEADING) / 2 : 0;
      cell.forEach((text, index) => lines.push({ text, x: columns[column]!, y: y - offset - index * LEADING, size: 10 }));
    });
    y -= height * LEADING + padding;
  }
  return lines;
}

const lowestBaseline = (lines: readonly PdfLine[]): number => Math.min(...lines.map((line) => line.y));

// Note: in Helvetica, digits and "$" are 0.556 em wide, "," and "." 0.278 em.
const numberWidth = (text: string, size: number): number => [...text].reduce((sum, character) => sum + (/[.,]/.test(character) ? 0.278 : 0.556) * size, 0);

/** The Markdown outside its tables: whatever a table let fall out as paragraphs. */
const outsideTables = (markdown: string): string =>
  markdown
    .split("\n")
    .filter((line) => !line.startsWith("|"))
    .join("\n");

const toMarkdown = async (pages: PageItem[][]): Promise<string> => (await convert(makePdf(pages), { filename: "table.pdf" })).markdown;

/** The rows of the first GFM table in some Markdown, cells trimmed, separator line left out. */
function tableRows(markdown: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith("|")) break;
    if (/^\|(?:\s*---\s*\|)+$/.test(line)) continue;
    rows.push(line.slice(1, -1).split(" | ").map((cell) => cell.trim()));
  }
  return rows;
}

describe("pdf tables", () => {
  it("cuts a header whose names nearly touch where the figures under them end", async () => {
    // Note: as a browser sets a table of figures: each column as wide as its bold name, the figures
    // flush right under it, the names 0.7 em apart. Helvetica-Bold's "Total 2026" is 4.891 em wide;
    // a figure is 0.556 em a digit and 0.278 em a comma.
    const NAME_WIDTH = 48.91;
    const figureWidth = (figure: string): number => [...figure].reduce((sum, character) => sum + (character === "," ? 2.78 : 5.56), 0);
    const rightEdges = [200, 256];
    const row = (y: number, label: string, figures: readonly string[]): PdfLine[] => [
      { text: label, x: 72, y, size: 10 },
      ...figures.map((text, index): PdfLine => ({ text, x: rightEdges[index]! - figureWidth(text), y, size: 10 })),
    ];
    const markdown = await toMarkdown([
      [
        { text: "Statement of financial activities for the year.", x: 72, y: 730, size: 10 },
        ...["Total 2026", "Total 2025"].map((text, index): PdfLine => ({ text, x: rightEdges[index]! - NAME_WIDTH, y: 700, size: 10, bold: true })),
        ...row(684, "Donations", ["260,450", "241,310"]),
        ...row(668, "Trading", ["31,870", "29,440"]),
        ...row(652, "Total income", ["544,455", "503,735"]),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["", "Total 2026", "Total 2025"],
      ["Donations", "260,450", "241,310"],
      ["Trading", "31,870", "29,440"],
      ["Total income", "544,455", "503,735"],
    ]);
  });

  it("keeps the header's names when one of them wraps, centred over and under the line of the others", async () => {
    // Note: as a browser sets a header cell (centred across and down) whose name wraps: "Exposure"
    // half a line over the other names, "days" half a line under them, neither at its column's start.
    const row = (y: number, cells: readonly string[]): PdfLine[] => cells.map((text, index) => ({ text, x: [72, 150, 200, 250][index]!, y, size: 10 }));
    const markdown = await toMarkdown([
      [
        { text: "Daily survival rate by treatment.", x: 72, y: 740, size: 10 },
        { text: "Exposure", x: 196, y: 705, size: 10 },
        ...row(700, ["Treatment", "Nests", "", "DSR"]).filter((line) => line.text !== ""),
        { text: "days", x: 204, y: 695, size: 10 },
        ...row(684, ["Camera", "104", "1,722", "0.962"]),
        ...row(668, ["No camera", "108", "1,845", "0.968"]),
      ],
    ]);
    const rows = tableRows(markdown);
    expect(rows[0]).toEqual(["Treatment", "Nests", expect.stringContaining("days"), "DSR"]);
    expect(rows.slice(1)).toEqual([
      ["Camera", "104", "1,722", "0.962"],
      ["No camera", "108", "1,845", "0.968"],
    ]);
  });

  it("cuts every row where a column of same-width figures nearly touches the column after it", async () => {
    // Note: each rate is 2.502 em wide in Helvetica ("0.962"), so every row leaves the same 0.7 em
    // before the interval; no row shows the column gap any wider.
    const row = (y: number, cells: readonly string[], countWidth: number): PdfLine[] => [
      { text: cells[0]!, x: 72, y, size: 10 },
      { text: cells[1]!, x: 160 - countWidth, y, size: 10 },
      { text: cells[2]!, x: 200, y, size: 10 },
      { text: cells[3]!, x: 232, y, size: 10 },
    ];
    const markdown = await toMarkdown([
      [
        { text: "Daily survival rate by treatment.", x: 72, y: 730, size: 10 },
        ...row(700, ["Treatment", "Nests", "DSR", "95% CI"], 25.56),
        ...row(684, ["Camera", "104", "0.962", "0.95-0.97"], 16.68),
        ...row(668, ["No camera", "108", "0.968", "0.96-0.98"], 16.68),
        ...row(652, ["Fence", "97", "0.971", "0.96-0.98"], 11.12),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Treatment", "Nests", "DSR", "95% CI"],
      ["Camera", "104", "0.962", "0.95-0.97"],
      ["No camera", "108", "0.968", "0.96-0.98"],
      ["Fence", "97", "0.971", "0.96-0.98"],
    ]);
  });

  it("cuts a row whose cells nearly touch at the columns the rows around it start", async () => {
    // Note: as a browser sets an HTML table with default spacing: the widest cell of each column
    // ends well under an em before the next column starts.
    const row = (y: number, cells: readonly string[]): PdfLine[] => cells.map((text, index) => ({ text, x: [72, 164, 224, 280][index]!, y, size: 12 }));
    const markdown = await toMarkdown([
      [
        { text: "Results of the show, by class.", x: 72, y: 720, size: 12 },
        ...row(690, ["Class", "First", "Second", "Third"]),
        ...row(672, ["Victoria sponge", "H. Brook", "C. Dean", "T. Ward"]),
        ...row(654, ["Fruit scones", "C. Dean", "E. Marsh", "H. Brook"]),
        ...row(636, ["Loaf of bread", "T. Ward", "L. Frost", "E. Marsh"]),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Class", "First", "Second", "Third"],
      ["Victoria sponge", "H. Brook", "C. Dean", "T. Ward"],
      ["Fruit scones", "C. Dean", "E. Marsh", "H. Brook"],
      ["Loaf of bread", "T. Ward", "L. Frost", "E. Marsh"],
    ]);
  });

  it("keeps a ruled table's wrapped cells in one row each", async () => {
    const markdown = await toMarkdown([
      ruledTable(72, 700, [90, 200, 80], [
        [["Country"], ["Restrictions"], ["Approval"]],
        [["Argentina"], ["Ownership of land near", "borders and large lakes", "is prohibited."], ["Yes"]],
        [["Australia"], ["Approval is needed from", "the Treasurer."], ["No"]],
      ]),
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Country", "Restrictions", "Approval"],
      ["Argentina", "Ownership of land near borders and large lakes is prohibited.", "Yes"],
      ["Australia", "Approval is needed from the Treasurer.", "No"],
    ]);
  });

  it("reads a ruled grid of numbers as a table, though each row ends in a higher number, like a table of contents", async () => {
    const cells = (from: number): string[][] => [0, 1, 2, 3].map((offset) => [String(from + offset)]);
    const markdown = await toMarkdown([
      [{ text: "Counts by week:", x: 72, y: 720 }, ...ruledTable(72, 700, [60, 60, 60, 60], [cells(1), cells(5), cells(9), cells(13)])],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["1", "2", "3", "4"],
      ["5", "6", "7", "8"],
      ["9", "10", "11", "12"],
      ["13", "14", "15", "16"],
    ]);
  });

  it("does not split a row at a line that underlines a link in a cell", async () => {
    const items = ruledTable(72, 700, [90, 200], [
      [["Version"], ["Affected sections"]],
      [["1.0"], ["1. Introduction to Open", "Educational Resources"]],
    ]);
    // An underline 2 points under the first line of the second cell (its baseline is 668).
    items.push({ rule: [166, 666, 250, 666] });
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Version", "Affected sections"],
      ["1.0", "1. Introduction to Open Educational Resources"],
    ]);
  });

  it("writes a cell that spans two rows once", async () => {
    const markdown = await toMarkdown([
      ruledTable(72, 700, [150, 150], [
        [["Area"], ["Competence"]],
        [["1. Sustainability values"], ["1.1 Valuing sustainability"]],
        [undefined, ["1.2 Supporting fairness"]],
        [["2. Complexity"], ["2.1 Systems thinking"]],
      ]),
    ]);
    const rows = tableRows(markdown);
    expect(rows).toEqual([
      ["Area", "Competence"],
      ["1. Sustainability values", "1.1 Valuing sustainability"],
      ["", "1.2 Supporting fairness"],
      ["2. Complexity", "2.1 Systems thinking"],
    ]);
  });

  it("keeps a row-spanning cell whole when its text runs past the rule beside it", async () => {
    // Rows 19 points high; the left cell spans rows 1 and 2 and wraps onto a line level with row 2.
    const items: PageItem[] = [
      { text: "Area", x: 76, y: 687, size: 10 },
      { text: "Competence", x: 226, y: 687, size: 10 },
      { text: "2. Embracing complexity in", x: 76, y: 668, size: 10 },
      { text: "sustainability", x: 76, y: 655, size: 10 },
      { text: "2.1 Systems thinking", x: 226, y: 668, size: 10 },
      { text: "2.2 Critical thinking", x: 226, y: 649, size: 10 },
      { rule: [72, 700, 372, 700] },
      { rule: [72, 681, 372, 681] },
      { rule: [222, 662, 372, 662] },
      { rule: [72, 643, 372, 643] },
      ...[72, 222, 372].map((x): PdfRule => ({ rule: [x, 700, x, 643] })),
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Area", "Competence"],
      ["2. Embracing complexity in sustainability", "2.1 Systems thinking"],
      ["", "2.2 Critical thinking"],
    ]);
  });

  it("builds the rows of a borderless table from its first column", async () => {
    // Rows set at one pitch: a line without text in the first column continues the row above.
    const lines: PdfLine[] = [
      { text: "Region", x: 72, y: 700 },
      { text: "2010", x: 250, y: 700 },
      { text: "2020", x: 330, y: 700 },
      { text: "National Capital", x: 72, y: 686 },
      { text: "9", x: 250, y: 686 },
      { text: "8", x: 330, y: 686 },
      { text: "Region and its", x: 72, y: 672 },
      { text: "surroundings", x: 72, y: 658 },
      { text: "Cordillera", x: 72, y: 644 },
      { text: "1", x: 250, y: 644 },
      { text: "2", x: 330, y: 644 },
    ];
    expect(tableRows(await toMarkdown([lines]))).toEqual([
      ["Region", "2010", "2020"],
      ["National Capital Region and its surroundings", "9", "8"],
      ["Cordillera", "1", "2"],
    ]);
  });

  it("keeps justified text in a ruled cell in its cell", async () => {
    // Word gaps wider than the gap between two runs, as full justification sets them.
    const cell = (y: number, words: string[], step: number): PdfLine[] => words.map((text, index) => ({ text, x: 76 + index * step, y, size: 10 }));
    const items: PageItem[] = [
      ...cell(690, ["Name"], 0),
      { text: "Terms of the agreement", x: 176, y: 690, size: 10 },
      ...cell(670, ["Lease"], 0),
      ...[0, 1].flatMap((line) => ["The", "tenant", "pays", "rent"].map((text, index) => ({ text, x: 176 + index * 52, y: 670 - line * 13, size: 10 }))),
      { rule: [72, 704, 400, 704] },
      { rule: [72, 684, 400, 684] },
      { rule: [72, 650, 400, 650] },
      { rule: [72, 704, 72, 650] },
      { rule: [172, 704, 172, 650] },
      { rule: [400, 704, 400, 650] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Name", "Terms of the agreement"],
      ["Lease", "The tenant pays rent The tenant pays rent"],
    ]);
  });

  it("reads a label and value form as a table", async () => {
    const fields = [
      ["Insured name:", "Gabriel Diaz"],
      ["Policy number:", "PX-2291"],
      ["Date of loss:", "12 March 2022"],
    ];
    const lines = fields.flatMap(([label, value], index): PdfLine[] => [
      { text: label!, x: 72, y: 700 - index * 16 },
      { text: value!, x: 200, y: 700 - index * 16 },
    ]);
    expect(tableRows(await toMarkdown([lines]))).toEqual(fields);
  });

  it("reads a checklist (a bullet, a label and a mark under each heading) as a table, not a list", async () => {
    const groups = ["Persons with disabilities", "Children", "Women", "Migrants"];
    const lines = groups.flatMap((label, index): PdfLine[] => [
      { text: "\u0095", x: 72, y: 700 - index * 18 },
      { text: label, x: 100, y: 700 - index * 18 },
      { text: "*", x: 330, y: 700 - index * 18 },
      { text: "*", x: 400, y: 700 - index * 18 },
    ]);
    const rows = tableRows(await toMarkdown([lines]));
    expect(rows.map((row) => row.filter((cell) => cell !== "•"))).toEqual(groups.map((label) => [label, "\\*", "\\*"]));
  });

  it("reads a bullet list set right above a borderless table as a list, the table from its header", async () => {
    // As Word sets a bulleted list (the bullet, a tab, the text) followed by a table without borders.
    const points = ["Firms in tourism were the most worried", "Farms expected little change", "Builders were confident"];
    const table = [
      ["Sector", "Firms", "Staff"],
      ["Tourism", "120", "1,450"],
      ["Farming", "85", "610"],
      ["Building", "64", "2,020"],
    ];
    const markdown = await toMarkdown([
      [
        ...points.flatMap((point, index): PdfLine[] => [
          { text: "\u0095", x: 90, y: 700 - index * 15, size: 11 },
          { text: point, x: 108, y: 700 - index * 15, size: 11 },
        ]),
        ...table.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: 72 + column * 70, y: 650 - index * 15, size: 11 }))),
      ],
    ]);
    for (const point of points) expect(markdown).toMatch(new RegExp(`^- ${point}$`, "m"));
    expect(tableRows(markdown)).toEqual(table);
  });

  it("splits numbers set close together into their own columns", async () => {
    // Right-aligned "Foreign" numbers end about 10 points before the "Domestic" numbers start: closer
    // than a gap between runs, so each row's two numbers come out of the text layer as one run.
    const rows = [
      ["Port", "Foreign", "Domestic"],
      ["Manila", "2,454", "6,125"],
      ["Cebu", "1,138", "79,500"],
      ["Davao", "750", "17,807"],
    ];
    // Helvetica's digits are 0.556 em wide and its comma 0.278 em.
    const rightAligned = (text: string, right: number): number => right - 11 * [...text].reduce((width, char) => width + (char === "," ? 0.278 : 0.556), 0);
    const lines = rows.flatMap((row, index): PdfLine[] => [
      { text: row[0]!, x: 72, y: 700 - index * 14 },
      { text: row[1]!, x: index === 0 ? 200 : rightAligned(row[1]!, 235), y: 700 - index * 14 },
      { text: row[2]!, x: 245, y: 700 - index * 14 },
    ]);
    expect(tableRows(await toMarkdown([lines]))).toEqual(rows);
  });

  it("joins a table continued on the next page and keeps its repeated header once", async () => {
    const header = [["Year"], ["Revenue"], ["Staff"]];
    const row = (year: number): string[][] => [[String(year)], [`${year - 1990} million`], [String(year - 1900)]];
    const intro: PdfLine = { text: "Results by year are set out below.", x: 72, y: 740 };
    const pages = [
      [intro, ...ruledTable(72, 300, [80, 120, 80], [header, row(2001), row(2002), row(2003)])],
      ruledTable(72, 740, [80, 120, 80], [header, row(2004), row(2005)]),
      ruledTable(72, 740, [80, 120, 80], [header, row(2006)]),
    ];
    const markdown = await toMarkdown(pages);
    expect(tableRows(markdown)).toEqual([
      ["Year", "Revenue", "Staff"],
      ...[2001, 2002, 2003, 2004, 2005, 2006].map((year) => row(year).map(([cell]) => cell!)),
    ]);
    expect(markdown.match(/^\| Year \|/gm)).toHaveLength(1);
  });

  it.each([
    ["two set apart", [60, 170, 250, 330, 410], ["", "Claimants in", "Claimants in", "", ""], "Change"],
    ["three set as close together as words", [60, 170, 227.79, 290.03, 370], ["", "Claimants in", "Claimants in", "Change on", ""], "Change on month"],
  ])("keeps both lines of a header repeated at the top of every page, %s of its names wrapped, out of the page furniture", async (_, columns, upper, change) => {
    // Note: as LibreOffice Calc prints a sheet whose header row repeats on every page: the names
    // wrapped and set on the bottom of their cells, the upper line in the top margin; the first
    // and last names take one line. Names a word space apart are one run, each name a piece of
    // the text layer of its own (set here in alternating weights, each ending in its space).
    const cellsAt = (cells: readonly string[], y: number): PdfLine[] => cells.flatMap((text, index) => (text ? [{ text, x: columns[index]!, y, size: 10 }] : []));
    const names = upper.filter((text) => text !== "");
    const runTogether = columns[2]! - columns[1]! < 60;
    const upperLine: PdfLine[] = runTogether
      ? [{ text: names.map((text, index) => ({ text: index < names.length - 1 ? `${text} ` : text, bold: index % 2 === 1 })), x: columns[1]!, y: 740, size: 10 }]
      : cellsAt(upper, 740);
    const header = [...upperLine, ...cellsAt(["Local authority", "March", "April", change.split(" ").at(-1)!, "Rate"], 728)];
    const body = (first: number): PdfLine[] =>
      [0, 1, 2, 3].flatMap((offset) => cellsAt([`Authority ${first + offset}`, `${1000 + first + offset}`, `${900 + first + offset}`, `-${100 - first - offset}`, "1.5"], 712 - offset * 14));
    const markdown = await toMarkdown([
      [...header, ...body(1)],
      [...header, ...body(5)],
    ]);
    const rows = tableRows(markdown);
    expect(rows[0]).toEqual(["Local authority", "Claimants in March", "Claimants in April", change, "Rate"]);
    expect(rows).toHaveLength(9);
    expect(outsideTables(markdown)).not.toContain("Claimants");
  });

  it("joins a table continued under its caption marked '(continued)', keeping its two header rows once", async () => {
    const header = [
      [["Region"], ["Population"], ["Change"]],
      [[], ["(thousands)"], ["(%)"]],
    ];
    const row = (index: number): string[][] => [[`District ${index}`], [`${index * 3},${100 + index}`], [`${index % 4}.${index % 7}`]];
    const caption = (text: string): PdfLine => ({ text, x: 72, y: 760, bold: true });
    // The next part under the caption repeated, or right at the top of the page.
    for (const nextCaption of [[caption("Table 2. Population by district (continued)")], []]) {
      const pages = [
        [caption("Table 2. Population by district"), ...ruledTable(72, 740, [120, 120, 80], [...header, row(1), row(2), row(3)])],
        [...nextCaption, ...ruledTable(72, 740, [120, 120, 80], [...header, row(4), row(5)])],
      ];
      const markdown = await toMarkdown(pages);
      expect(tableRows(markdown)).toEqual([
        ["Region", "Population", "Change"],
        ["", "(thousands)", "(%)"],
        ...[1, 2, 3, 4, 5].map((index) => row(index).map(([cell]) => cell!)),
      ]);
      expect(markdown).not.toContain("(continued)");
    }
  });

  it("joins the last row of a table, alone at the top of the next page, to the table", async () => {
    // Word breaks a long table wherever the page ends, so its last row may stand alone on the
    // next page (without a repeated header row).
    const header = [["Month"], ["Task"], ["Who"]];
    const row = (month: string, task: string, who: string): string[][] => [[month], [task], [who]];
    const pages = [
      [{ text: "Shared tasks are set out below.", x: 72, y: 740 } as PdfLine, ...ruledTable(72, 200, [100, 200, 100], [header, row("October", "Clear the gutters", "Plots 1 to 10"), row("November", "Mend the fences", "Plots 11 to 20")])],
      [...ruledTable(72, 740, [100, 200, 100], [row("December", "Sow the herb bed", "Plots 21 to 30")]), { text: "Swap a task by writing both names in the diary.", x: 72, y: 700 } as PdfLine],
    ];
    const markdown = await toMarkdown(pages);
    expect(tableRows(markdown)).toEqual([
      ["Month", "Task", "Who"],
      ["October", "Clear the gutters", "Plots 1 to 10"],
      ["November", "Mend the fences", "Plots 11 to 20"],
      ["December", "Sow the herb bed", "Plots 21 to 30"],
    ]);
  });

  it("joins a row broken over a page back into one row", async () => {
    // Word lets a row break across pages: the rest of a cell's text goes on in the same cell on the
    // next page, where the other cells of that row are empty.
    const header = [["Month"], ["Task"], ["Who"]];
    const pages = [
      [
        { text: "Shared tasks are set out below.", x: 72, y: 740 } as PdfLine,
        ...ruledTable(72, 200, [100, 200, 100], [header, [["February"], ["Clear the gutters"], ["Plots 1 to 10"]], [["March"], ["Mend the fences along"], ["Plots 11 to 20"]]]),
      ],
      ruledTable(72, 740, [100, 200, 100], [[[], ["the lane and oil the gate"], []], [["April"], ["Sow the herb bed"], ["Plots 21 to 30"]]]),
    ];
    expect(tableRows(await toMarkdown(pages))).toEqual([
      ["Month", "Task", "Who"],
      ["February", "Clear the gutters", "Plots 1 to 10"],
      ["March", "Mend the fences along the lane and oil the gate", "Plots 11 to 20"],
      ["April", "Sow the herb bed", "Plots 21 to 30"],
    ]);
  });

  it("reads a table ruled with horizontal lines only, its header cut at the body's columns", async () => {
    // A booktabs table: rules above and below the header and under the body, no vertical rules;
    // the header's names sit closer together than the gap that separates runs, so the header line
    // is one run and only the rules tell that it belongs to the table.
    const names = ["Challenge", "HellaSwag", "MMLU", "GSM8K"];
    const columns = [72, 114, 160, 190];
    const items: PageItem[] = [
      { rule: [70, 720, 320, 720] },
      ...names.map((text, index): PdfLine => ({ text, x: columns[index]!, y: 708, size: 8 })),
      { rule: [70, 702, 320, 702] },
      ...["0.06", "N/A", "0.15", "0.70"].map((text, index): PdfLine => ({ text, x: columns[index]!, y: 690, size: 8 })),
      ...["0.11", "0.32", "0.18", "0.64"].map((text, index): PdfLine => ({ text, x: columns[index]!, y: 679, size: 8 })),
      { rule: [70, 672, 320, 672] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([names, ["0.06", "N/A", "0.15", "0.70"], ["0.11", "0.32", "0.18", "0.64"]]);
  });

  it("tells the rows of a table ruled with horizontal lines only by the padding between them, a quarter line", async () => {
    // As a browser prints pandoc's HTML: 12-point text at an 18-point pitch, 4.5 points of padding
    // between rows, a wrapped first cell with the row's other cells centred beside its two lines.
    const columns = [72, 210, 290];
    const row = (y: number, cells: readonly string[]): PdfLine[] => cells.map((text, index) => ({ text, x: columns[index]!, y, size: 12 })).filter((line) => line.text !== "");
    const items: PageItem[] = [
      { rule: [70, 730, 360, 730] },
      ...row(715, ["Item", "Budget", "Status"]),
      { rule: [70, 708, 360, 708] },
      ...row(692, ["Road", "8,364", "Pending"]),
      ...row(669.5, ["Policy safety", "7,942", "Open"]),
      ...row(647, ["Bridge contract", "", ""]),
      ...row(638, ["", "5,712", "Closed"]),
      ...row(629, ["quality", "", ""]),
      ...row(606.5, ["Risk", "2,621", "Open"]),
      { rule: [70, 598, 360, 598] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Item", "Budget", "Status"],
      ["Road", "8,364", "Pending"],
      ["Policy safety", "7,942", "Open"],
      ["Bridge contract quality", "5,712", "Closed"],
      ["Risk", "2,621", "Open"],
    ]);
  });

  it("reads each row of a table ruled only above, under its header and below, its cells wrapped at the body's pitch", async () => {
    // As LaTeX sets pandoc's longtable: no padding between rows, so only the codes of the first
    // column tell where each row starts.
    const columns = [72, 152, 362];
    let y = 700;
    const row = (cells: readonly string[]): PdfLine[] => {
      const lines = cells.map((text, index) => ({ text, x: columns[index]!, y, size: 10 })).filter((line) => line.text !== "");
      y -= 12;
      return lines;
    };
    const items: PageItem[] = [
      { rule: [70, 714, 480, 714] },
      ...row(["Code", "Description", "Owner"]),
      { rule: [70, 695, 480, 695] },
      ...((y = 682), []),
      ...row(["R-757", "Regional staff completed", "Operations"]),
      ...row(["", "the policy transport archive", ""]),
      ...row(["", "road", ""]),
      ...row(["R-851", "Our auditors recorded the", "Finance"]),
      ...row(["", "survey district report", ""]),
      ...row(["R-976", "The council measured the", "Legal"]),
      ...row(["", "tender training", ""]),
      { rule: [70, y + 6, 480, y + 6] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Code", "Description", "Owner"],
      ["R-757", "Regional staff completed the policy transport archive road", "Operations"],
      ["R-851", "Our auditors recorded the survey district report", "Finance"],
      ["R-976", "The council measured the tender training", "Legal"],
    ]);
  });

  it("reads each band of a table ruled under every row, every cell wrapped onto two lines, as one row", async () => {
    // Note: as a browser prints cells with a bottom border and no side borders: a rule under each
    // row, each row's cells on two lines. Rules between groups of single-line rows (booktabs)
    // look alike, so two such tables, one of names and one of option names in lowercase, stay row by row.
    const columns = [72, 200, 330];
    const ruledUnderBands = (bands: readonly (readonly string[])[][]): PageItem[] => {
      const items: PageItem[] = [{ rule: [70, 730, 460, 730] }];
      let y = 730;
      for (const band of bands) {
        band.forEach((cells, line) => cells.forEach((text, column) => items.push({ text, x: columns[column]!, y: y - 14 - line * 12, size: 10 })));
        y -= band.length * 12 + 10;
        items.push({ rule: [70, y, 460, y] });
      }
      return items;
    };
    const wrapped = ruledUnderBands([
      [["Measure name", "Target for the year", "Result at year end"]],
      [["Homes built", "1,200 new", "1,150 new"], ["this year", "homes", "homes"]],
      [["Roads repaired", "80 miles of", "92 miles of"], ["in the county", "road", "road"]],
      [["Libraries open", "12 branches", "11 branches"], ["on Sundays", "open", "open"]],
    ]);
    expect(tableRows(await toMarkdown([wrapped]))).toEqual([
      ["Measure name", "Target for the year", "Result at year end"],
      ["Homes built this year", "1,200 new homes", "1,150 new homes"],
      ["Roads repaired in the county", "80 miles of road", "92 miles of road"],
      ["Libraries open on Sundays", "12 branches open", "11 branches open"],
    ]);
    const groups = ruledUnderBands([
      [["District", "Permits", "Refused"]],
      [["Aberton", "1,204", "32"], ["Belmarsh", "987", "14"]],
      [["Carrow", "2,311", "54"], ["Dunmore", "1,100", "12"]],
      [["Elstead", "1,876", "41"], ["Fallow Cross", "654", "9"]],
    ]);
    expect(tableRows(await toMarkdown([groups]))).toHaveLength(7);
    const options = ruledUnderBands([
      [["Option", "Default", "Allowed"]],
      [["color", "auto", "yes"], ["pager", "less", "no"]],
      [["editor", "vi", "yes"], ["shell", "sh", "no"]],
      [["theme", "dark", "yes"], ["width", "80", "no"]],
    ]);
    expect(tableRows(await toMarkdown([options]))).toHaveLength(7);
  });

  it("keeps a header wrapped over a table ruled under every row in the table when the page is read as columns", async () => {
    // Note: as a browser prints header cells with a bottom border, the names wrapped onto two
    // lines, over rows whose cells all wrap: the gutters between the cells run down the page, and
    // the header line is read in pieces, one per column.
    const columns = [57, 181, 306];
    const top = (y: number): number => 792 - y;
    const cellsAt = (cells: readonly string[], y: number, bold = false): PdfLine[] =>
      cells.flatMap((text, index) => (text ? [{ text, x: columns[index]!, y: top(y), size: 12, bold }] : []));
    const bands = [
      [["Homes built", "1,200 new", "1,150 new"], ["this year", "homes", "homes"]],
      [["Roads resurfaced", "80 miles of", "92 miles of"], ["in the county", "road", "road"]],
      [["Libraries open", "12 branches", "11 branches"], ["on Sundays", "open", "open"]],
      [["Bins collected", "98 in every", "97 in every"], ["on time", "hundred", "hundred"]],
    ];
    const items: PageItem[] = [
      { text: "Performance against targets", x: 51, y: top(65), size: 15.7, bold: true },
      { text: "The council set four targets for the year.", x: 51, y: top(91.5), size: 10.5 },
      ...cellsAt(["Measure name", "Target for the", "Result at year"], 117.7, true),
      ...cellsAt(["", "year", "end"], 132, true),
      ...bands.flatMap(([first, second], band) => [...cellsAt(first!, 151.5 + band * 33.7), ...cellsAt(second!, 165.7 + band * 33.7)]),
      ...[137.6, 171.3, 205, 238.7, 272.4].map((y): PdfRule => ({ rule: [51, top(y), 424.5, top(y)] })),
      { text: "Figures are provisional until audited.", x: 51, y: top(300), size: 10.5 },
    ];
    const markdown = await toMarkdown([items]);
    expect(tableRows(markdown)).toEqual([
      ["Measure name", "Target for the year", "Result at year end"],
      ["Homes built this year", "1,200 new homes", "1,150 new homes"],
      ["Roads resurfaced in the county", "80 miles of road", "92 miles of road"],
      ["Libraries open on Sundays", "12 branches open", "11 branches open"],
      ["Bins collected on time", "98 in every hundred", "97 in every hundred"],
    ]);
    expect(outsideTables(markdown)).not.toContain("Measure name");
  });

  it("reads two tables ruled with horizontal lines only, one above the other, as two tables", async () => {
    // Two booktabs tables of one width, the caption of the first between them, wider than both.
    const row = (y: number, cells: readonly string[]): PdfLine[] => cells.map((text, index) => ({ text, x: 130 + index * 70, y, size: 8 }));
    const items: PageItem[] = [
      { rule: [126, 720, 420, 720] },
      ...row(710, ["Model", "Alpaca", "OpenOrca", "Average"]),
      { rule: [126, 704, 420, 704] },
      ...row(694, ["SFT v1", "O", "X", "69.15"]),
      ...row(684, ["SFT v2", "O", "O", "69.21"]),
      { rule: [126, 678, 420, 678] },
      { text: "Table 3: Ablation studies on the datasets used for instruction tuning, merged by averaging the weights.", x: 72, y: 660, size: 10 },
      { rule: [126, 640, 420, 640] },
      ...row(630, ["Model", "Feedback", "Average", "ARC"]),
      { rule: [126, 624, 420, 624] },
      ...row(614, ["DPO v1", "O", "73.06", "71.42"]),
      ...row(604, ["DPO v2", "X", "73.42", "71.50"]),
      { rule: [126, 598, 420, 598] },
    ];
    const markdown = await toMarkdown([items]);
    expect(tableRows(markdown)).toEqual([
      ["Model", "Alpaca", "OpenOrca", "Average"],
      ["SFT v1", "O", "X", "69.15"],
      ["SFT v2", "O", "O", "69.21"],
    ]);
    const second = markdown.slice(markdown.indexOf("Table 3:"));
    expect(second).toContain("Ablation studies on the datasets used for instruction tuning");
    expect(tableRows(second)).toEqual([
      ["Model", "Feedback", "Average", "ARC"],
      ["DPO v1", "O", "73.06", "71.42"],
      ["DPO v2", "X", "73.42", "71.50"],
    ]);
  });

  it("reads a borderless table whose header names are set as close together as words", async () => {
    // Each name starts over its column, a word space after the name before it: one run of text.
    const columns = [72, 153, 205, 295];
    const row = (y: number, cells: readonly string[], bold = false): PdfLine[] => cells.map((text, index) => ({ text, x: columns[index]!, y, size: 10, bold }));
    const items: PageItem[] = [
      { text: "Table 2. Contents of the saccharometers for the larger tubes.", x: 72, y: 720, size: 10 },
      ...row(700, ["Saccharometer", "DI Water", "Glucose Solution", "Yeast Suspension"], true),
      ...row(686, ["1", "16 ml", "12 ml", "0 ml"]),
      ...row(672, ["2", "24 ml", "0 ml", "4 ml"]),
    ];
    const markdown = await toMarkdown([items]);
    expect(tableRows(markdown)).toEqual([
      ["Saccharometer", "DI Water", "Glucose Solution", "Yeast Suspension"],
      ["1", "16 ml", "12 ml", "0 ml"],
      ["2", "24 ml", "0 ml", "4 ml"],
    ]);
    expect(outsideTables(markdown)).toContain("Table 2. Contents of the saccharometers for the larger tubes.");
  });

  it("reads a form ruled above and below as rows of labels beside empty cells to fill in", async () => {
    // The header's two names are a column space apart (more than a word space, less than the gap
    // that separates runs), so the header is one run; the labels under it are two ems apart.
    const labels = ["K+", "Na+", "Ca2+", "Al3+", "Check"];
    const items: PageItem[] = [
      { text: "Table 13.2. Effect of cations on flocculation of a clay suspension.", x: 72, y: 740, size: 12 },
      { rule: [70, 720, 300, 720] },
      { text: "Added cation", x: 74, y: 708, size: 8, bold: true },
      { text: "Relative Size & Settling Rates of Floccules", x: 132, y: 708, size: 8, bold: true },
      ...labels.map((text, index): PdfLine => ({ text, x: 74, y: 692 - index * 16, size: 8 })),
      { rule: [70, 620, 300, 620] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Added cation", "Relative Size & Settling Rates of Floccules"],
      ...labels.map((label) => [label, ""]),
    ]);
  });

  it("keeps lines two ems apart in a table ruled above and below as rows of their own", async () => {
    const items: PageItem[] = [
      { rule: [70, 720, 400, 720] },
      ...["Sample", "Mass (g)", "Colour"].map((text, index): PdfLine => ({ text, x: 74 + index * 110, y: 708, size: 9 })),
      { text: "Sand", x: 74, y: 690, size: 9 },
      { text: "Silt", x: 74, y: 672, size: 9 },
      { text: "Clay", x: 74, y: 654, size: 9 },
      ...["Loam", "12.5", "brown"].map((text, index): PdfLine => ({ text, x: 74 + index * 110, y: 636, size: 9 })),
      { rule: [70, 628, 400, 628] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Sample", "Mass (g)", "Colour"],
      ["Sand", "", ""],
      ["Silt", "", ""],
      ["Clay", "", ""],
      ["Loam", "12.5", "brown"],
    ]);
  });

  it("keeps cells wrapped at wide line spacing whole in a table ruled above and below", async () => {
    // Set with one and a half line spacing (17 points at 10), rows 8 points further apart.
    const items: PageItem[] = [
      { rule: [70, 720, 400, 720] },
      ...["Country", "Restrictions"].map((text, index): PdfLine => ({ text, x: 74 + index * 110, y: 706, size: 10 })),
      { text: "Argentina", x: 74, y: 681, size: 10 },
      { text: "Land near borders", x: 184, y: 681, size: 10 },
      { text: "is restricted.", x: 184, y: 664, size: 10 },
      { text: "Australia", x: 74, y: 639, size: 10 },
      { text: "Approval is needed.", x: 184, y: 639, size: 10 },
      { rule: [70, 630, 400, 630] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Country", "Restrictions"],
      ["Argentina", "Land near borders is restricted."],
      ["Australia", "Approval is needed."],
    ]);
  });

  it("keeps a two-line header cell in the header row", async () => {
    // Rules above and below the table only; the header's first two cells wrap onto a second line.
    const line = (y: number, cells: (string | undefined)[]): PdfLine[] =>
      cells.flatMap((text, index) => (text === undefined ? [] : [{ text, x: 72 + index * 90, y, size: 9 }]));
    const items: PageItem[] = [
      { rule: [70, 720, 430, 720] },
      ...line(708, ["Slope gradient", "Maximum length", "P value", "Strip width"]),
      ...line(698, ["(%)", "(ft)", undefined, undefined]),
      ...line(682, ["1 - 2", "400", "0.6", "130"]),
      ...line(668, ["3 - 5", "300", "0.5", "100"]),
      ...line(654, ["6 - 8", "200", "0.5", "100"]),
      { rule: [70, 646, 430, 646] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Slope gradient (%)", "Maximum length (ft)", "P value", "Strip width"],
      ["1 - 2", "400", "0.6", "130"],
      ["3 - 5", "300", "0.5", "100"],
      ["6 - 8", "200", "0.5", "100"],
    ]);
  });

  it("reads a bullet list set right above a table boxed all round as a list, the table from its top rule", async () => {
    // As LibreOffice prints a Word list followed at once by a table with all its borders.
    const points = ["New product development", "Staff training programme", "Environmental policy"];
    const table = [
      ["City", "Amount"],
      ["Busan", "2,500 won"],
    ];
    const markdown = await toMarkdown([
      [
        ...points.flatMap((point, index): PdfLine[] => [
          { text: "\u0095", x: 90, y: 700 - index * 17, size: 11 },
          { text: point, x: 108, y: 700 - index * 17, size: 11 },
        ]),
        ...ruledTable(84, 652, [216, 216], table.map((row) => row.map((cell) => [cell]))),
      ],
    ]);
    for (const point of points) expect(markdown).toMatch(new RegExp(`^- ${point}$`, "m"));
    expect(tableRows(markdown)).toEqual(table);
  });

  it("takes a header set over the first rule of a table ruled only between its rows", async () => {
    // As Word and LibreOffice draw a table with borders under the header and between rows only:
    // the column names sit above the first (thicker) rule, rows are tall, and cells wrap.
    const rule = (y: number, width = 0.5): PdfRule => ({ rule: [67, y, 545, y], width });
    const row = (y: number, cells: readonly string[], wrapped: readonly (string | undefined)[] = []): PdfLine[] => [
      { text: cells[0]!, x: 158, y, size: 10, bold: true },
      ...cells.slice(1).map((text, index): PdfLine => ({ text, x: [245, 405][index]!, y, size: 10 })),
      ...wrapped.flatMap((text, index): PdfLine[] => (text === undefined ? [] : [{ text, x: [245, 405][index]!, y: y - 14, size: 10 }])),
    ];
    const items: PageItem[] = [
      { text: "Here are some interesting things a respectful duck could eat:", x: 67, y: 606, size: 10 },
      { text: "Food", x: 245, y: 562, size: 12 },
      { text: "Calories per", x: 405, y: 562, size: 12 },
      { text: "portion", x: 405, y: 545, size: 12 },
      rule(529, 2),
      ...row(505, ["Leaves", "Ash, Elm, Maple", "50"]),
      rule(491),
      ...row(469, ["Berries", "Blueberry,", "150"], ["Strawberry, Cranberry"]),
      rule(441),
      ...row(418, ["Grain", "Corn, Buckwheat,", "200"], ["Barley"]),
      rule(390),
      { text: "And let us add another list in the end:", x: 67, y: 348, size: 10 },
    ];
    const markdown = await toMarkdown([items]);
    expect(tableRows(markdown)).toEqual([
      ["", "Food", "Calories per portion"],
      ["Leaves", "Ash, Elm, Maple", "50"],
      ["Berries", "Blueberry, Strawberry, Cranberry", "150"],
      ["Grain", "Corn, Buckwheat, Barley", "200"],
    ]);
    expect(markdown).toContain("Here are some interesting things a respectful duck could eat:\n\n|");
  });

  /** A ruled body of staff under a header row of filled cells over its columns, or under one shaded bar with a caption over the whole width. */
  const staffUnderFilledTop = async (header: "cells" | "bar"): Promise<string> => {
    const widths = [150, 140, 130, 90];
    const edges = widths.reduce((acc, width) => [...acc, acc.at(-1)! + width], [40]);
    const body = ruledTable(40, 680, widths, [
      [["Amira Haddad"], ["Finance"], ["2019-03-04"], ["48,500"]],
      [["Ben Okafor"], ["Operations"], ["2021-07-19"], ["41,200"]],
      [["Chloe Martin"], ["Sales"], ["2018-11-01"], ["52,750"]],
    ]);
    const names = ["Employee", "Department", "Start date", "Salary"];
    const top: PageItem[] =
      header === "cells"
        ? names.flatMap((name, column): PageItem[] => [
            { fill: [edges[column]!, 680, edges[column + 1]!, 700], colour: [0.16, 0.5, 0.73] },
            { text: name, x: edges[column]! + 4, y: 686, size: 10, bold: true },
          ])
        : [{ fill: [40, 680, 550, 700], colour: [0.85, 0.85, 0.85] }, { text: "Table 2: Permanent staff", x: 44, y: 686, size: 10, bold: true }];
    return toMarkdown([[{ text: "Permanent staff on 1 January 2026.", x: 40, y: 730, size: 10 }, ...top, ...body]]);
  };

  it("takes the row of filled cells on top of a ruled body in as the table's header", async () => {
    // As jsPDF-AutoTable's "grid" theme draws a table: the header's cells filled, no rules around them.
    expect(tableRows(await staffUnderFilledTop("cells"))).toEqual([
      ["Employee", "Department", "Start date", "Salary"],
      ["Amira Haddad", "Finance", "2019-03-04", "48,500"],
      ["Ben Okafor", "Operations", "2021-07-19", "41,200"],
      ["Chloe Martin", "Sales", "2018-11-01", "52,750"],
    ]);
  });

  it("keeps a shaded caption bar over the whole width of a ruled table out of the table", async () => {
    const markdown = await staffUnderFilledTop("bar");
    expect(outsideTables(markdown)).toContain("Table 2: Permanent staff");
    expect(tableRows(markdown)[0]).toEqual(["Amira Haddad", "Finance", "2019-03-04", "48,500"]);
  });

  it("keeps the rows of a wide table whole on a two-column page", async () => {
    const prose = (x: number, from: number): PdfLine[] =>
      Array.from({ length: 12 }, (_, index) => ({ text: `Column text line ${from + index} of the running prose here.`, x, y: 560 - index * 13, size: 10 }));
    const items: PageItem[] = [
      ...ruledTable(72, 740, [120, 120, 120, 110], [
        [["Model"], ["ARC"], ["MMLU"], ["GSM8K"]],
        [["SFT v1"], ["67.66"], ["65.88"], ["52.24"]],
        [["SFT v2"], ["65.36"], ["65.93"], ["57.32"]],
      ]),
      ...prose(72, 1),
      ...prose(320, 13),
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Model", "ARC", "MMLU", "GSM8K"],
      ["SFT v1", "67.66", "65.88", "52.24"],
      ["SFT v2", "65.36", "65.93", "57.32"],
    ]);
  });
});

describe("pdf tables: cells merged across columns", () => {
  /**
   * A ruled table with merged cells, as Word draws it: each row's cells (text and how many
   * columns it spans) one line high, a vertical rule only between cells that are not merged.
   */
  function spannedTable(x: number, top: number, width: number, rows: readonly (readonly [text: string, span: number][])[]): PageItem[] {
    const items: PageItem[] = [];
    const height = LEADING + PADDING;
    rows.forEach((row, index) => {
      const y = top - index * height;
      let column = 0;
      for (const [text, span] of row) {
        items.push({ text, x: x + column * width + 4, y: y - PADDING / 2 - 10, size: 10 });
        items.push({ rule: [x + column * width, y, x + column * width, y - height] });
        column += span;
      }
      items.push({ rule: [x + column * width, y, x + column * width, y - height] });
      items.push({ rule: [x, y, x + column * width, y] });
    });
    const columns = rows[0]!.reduce((sum, [, span]) => sum + span, 0);
    items.push({ rule: [x, top - rows.length * height, x + columns * width, top - rows.length * height] });
    return items;
  }

  it("writes a header cell centred over the columns it spans in the first of them", async () => {
    // As a browser prints `colspan`: the spanning cell's text centred, no column rules beside it.
    const rowTops = [700, 681, 662, 643, 624];
    const row = (top: number, cells: readonly [string, number][]): PdfLine[] => cells.map(([text, x]) => ({ text, x, y: top - 13, size: 10 }));
    const items: PageItem[] = [
      ...row(700, [["Item", 76], ["Price per unit", 292]]),
      ...row(681, [["1 to 9", 176], ["10 to 49", 276], ["50 or more", 376]]),
      ...row(662, [["Chair", 76], ["129.00", 176], ["119.00", 276], ["109.00", 376]]),
      ...row(643, [["Desk", 76], ["489.00", 176], ["459.00", 276], ["439.00", 376]]),
      ...rowTops.map((y): PdfRule => ({ rule: [72, y, 472, y] })),
      ...[72, 172, 472].map((x): PdfRule => ({ rule: [x, 700, x, 624] })),
      ...[272, 372].map((x): PdfRule => ({ rule: [x, 681, x, 624] })),
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Item", "Price per unit", "", ""],
      ["", "1 to 9", "10 to 49", "50 or more"],
      ["Chair", "129.00", "119.00", "109.00"],
      ["Desk", "489.00", "459.00", "439.00"],
    ]);
    // Names in two of those columns are two cells the rules leave unruled, not one merged cell.
    const named = [...items.filter((item) => !("text" in item) || item.y !== 687), ...row(700, [["Item", 76], ["Small orders", 176], ["Large orders", 276]])];
    expect(tableRows(await toMarkdown([named]))[0]).toEqual(["Item", "Small orders", "Large orders", ""]);
  });

  it("keeps a column of one row where the cells above and below it are merged across it", async () => {
    const markdown = await toMarkdown([
      spannedTable(72, 700, 120, [
        [["Morning shift", 2], ["Evening shift", 1]],
        [["Ines", 1], ["Tomas", 1], ["Priya", 1]],
        [["Closed on public holidays", 3]],
      ]),
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Morning shift", "", "Evening shift"],
      ["Ines", "Tomas", "Priya"],
      ["Closed on public holidays", "", ""],
    ]);
  });

  it("keeps the header's columns over rows whose cells are merged across two of them", async () => {
    const markdown = await toMarkdown([
      spannedTable(72, 700, 120, [
        [["Site", 1], ["Morning count", 1], ["Evening count", 1]],
        [["North pier", 1], ["Closed all day for repairs", 2]],
        [["South pier", 1], ["Counted once at noon", 2]],
      ]),
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Site", "Morning count", "Evening count"],
      ["North pier", "Closed all day for repairs", ""],
      ["South pier", "Counted once at noon", ""],
    ]);
  });

  it("keeps a table nested in a cell inside that cell, its rules no columns of the outer table", async () => {
    const nested = (x: number, top: number): PageItem[] => [
      ...["A", "B", "C"].map((text, column): PdfLine => ({ text, x: x + column * 40 + 4, y: top - 13, size: 10 })),
      { rule: [x, top, x + 120, top] },
      { rule: [x, top - 18, x + 120, top - 18] },
      ...[0, 1, 2, 3].map((column): PdfRule => ({ rule: [x + column * 40, top, x + column * 40, top - 18] })),
    ];
    const markdown = await toMarkdown([
      [
        ...spannedTable(72, 700, 200, [[["Column A", 1], ["Column B", 1]]]),
        ...nested(80, 676),
        { text: "Rich cell", x: 276, y: 676 - 13, size: 10 },
        { rule: [72, 681, 72, 650] },
        { rule: [272, 681, 272, 650] },
        { rule: [472, 681, 472, 650] },
        ...spannedTable(72, 650, 200, [[["Simple cell", 1], ["Another cell", 1]]]),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Column A", "Column B"],
      ["A B C", "Rich cell"],
      ["Simple cell", "Another cell"],
    ]);
  });
});

describe("pdf tables: a grid ruled under every row", () => {
  it("keeps a row whose cells all wrap, the first one too, one row", async () => {
    // Cell borders as a browser prints them: a rule under every row and between all columns.
    const table = ruledTable(72, 700, [130, 50, 60, 50, 60], [
      [["Course"], ["Date"], ["Venue"], ["Date"], ["Venue"]],
      [["First aid at work"], ["14 Jan"], ["Room 1.04"], ["11 Mar"], ["Room 1.04"]],
      [["Fire warden"], ["21 Jan"], ["Main hall"], ["18 Mar"], ["Main hall"]],
      [["Managing difficult", "conversations"], ["11", "Feb"], ["Room", "2.10"], ["15 Apr"], ["Room", "2.10"]],
      [["Data protection"], ["4 Feb"], ["Online"], ["8 Apr"], ["Online"]],
    ]);
    expect(tableRows(await toMarkdown([table]))).toEqual([
      ["Course", "Date", "Venue", "Date", "Venue"],
      ["First aid at work", "14 Jan", "Room 1.04", "11 Mar", "Room 1.04"],
      ["Fire warden", "21 Jan", "Main hall", "18 Mar", "Main hall"],
      ["Managing difficult conversations", "11 Feb", "Room 2.10", "15 Apr", "Room 2.10"],
      ["Data protection", "4 Feb", "Online", "8 Apr", "Online"],
    ]);
  });
});

describe("pdf tables: a table ruled under every row at one spacing", () => {
  // A glossary as a word processor prints a table with horizontal borders only: a rule over the
  // header and under every row, each row two lines tall (the description wraps), so the rules
  // stand at one spacing, like a chart's grid lines.
  const entries = [
    ["Term", ["Description"]],
    ["Survey", ["Households visited twice", "in the spring and autumn"]],
    ["Census", ["Counts every resident", "on one night"]],
    ["Register", ["Records kept by the", "council offices"]],
    ["Returns", ["Forms sent back by", "the businesses"]],
  ] as const;

  it("reads its rows between the rules, not as a chart's grid", async () => {
    const items: PageItem[] = [{ rule: [72, 700, 520, 700] }];
    entries.forEach(([term, description], row) => {
      const top = 700 - row * 30;
      items.push({ text: term, x: 72, y: top - 12, size: 10 }, ...description.map((text, index): PdfLine => ({ text, x: 200, y: top - 12 - index * 12, size: 10 })));
      items.push({ rule: [72, top - 30, 520, top - 30] });
    });
    expect(tableRows(await toMarkdown([items]))).toEqual(entries.map(([term, description]) => [term, description.join(" ")]));
  });

  it("keeps a chart's grid lines at one spacing, its values over their left ends and its bars' labels, as text", async () => {
    const items: PageItem[] = [
      { text: "Visitors rose in every quarter of the year, as the chart below shows.", x: 72, y: 730, size: 10 },
      { text: "Visitors (thousands)", x: 72, y: 710, size: 10, bold: true },
    ];
    ["100", "75", "50", "25", "0"].forEach((value, index) => {
      const y = 690 - index * 30;
      items.push({ text: value, x: 100, y: y + 3, size: 8 }, { rule: [100, y, 400, y] });
    });
    // Two bars a quarter, this year's and last year's, their values over their tops (two in a
    // band between grid lines), and the quarters under the bars, inside the grid.
    [["22", "24"], ["41", "45"], ["57", "61"], ["78", "83"]].forEach((values, index) => {
      items.push(...values.map((text, bar): PdfLine => ({ text, x: 140 + index * 70 + bar * 25, y: 590 + index * 30, size: 8 })));
    });
    items.push(...["Q1", "Q2", "Q3", "Q4"].map((text, index): PdfLine => ({ text, x: 140 + index * 70, y: 566, size: 8 })));
    items.push({ text: "The spring opening of the new gallery brought the largest rise.", x: 72, y: 530, size: 10 });
    const markdown = await toMarkdown([items]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("The spring opening of the new gallery brought the largest rise.");
  });
});

describe("pdf tables: two tables side by side", () => {
  it("reads two tables set side by side under their captions as two tables, each after its caption", async () => {
    // A browser's flex box: two tables whose rows start level, their captions on one line; the
    // right one's first cells wrap, the other cells centred beside them.
    const left = borderlessTable([72, 150, 200], 680, [
      [["Grade"], ["2022"], ["2023"]],
      [["Senior"], ["142"], ["150"]],
      [["Middle"], ["1,046"], ["1,011"]],
      [["Junior"], ["2,377"], ["2,412"]],
    ], { padding: 4 });
    const right = borderlessTable([300, 400, 450], 680, [
      [["Programme"], ["Plan"], ["Outturn"]],
      [["Roads", "maintenance"], ["412.6"], ["398.1"]],
      [["Public transport", "support"], ["128.0"], ["131.7"]],
      [["Cycling"], ["22.4"], ["19.9"]],
    ], { padding: 4, centred: true });
    const captions: PdfLine[] = [
      { text: "Table 6. Staff in post", x: 72, y: 700, size: 10, bold: true },
      { text: "Table 7. Budget by programme", x: 300, y: 700, size: 10, bold: true },
    ];
    const markdown = await toMarkdown([[...captions, ...left, ...right]]);
    const [first, second] = markdown.split("**Table 7. Budget by programme**");
    expect(first).toContain("**Table 6. Staff in post**");
    expect(tableRows(first!)).toEqual([
      ["Grade", "2022", "2023"],
      ["Senior", "142", "150"],
      ["Middle", "1,046", "1,011"],
      ["Junior", "2,377", "2,412"],
    ]);
    expect(tableRows(second!)).toEqual([
      ["Programme", "Plan", "Outturn"],
      ["Roads maintenance", "412.6", "398.1"],
      ["Public transport support", "128.0", "131.7"],
      ["Cycling", "22.4", "19.9"],
    ]);
  });
  it("keeps a wrapped label of the right table in its row where the right table's rows sit a little below the left's", async () => {
    // Note: a flex box centres each table in its box, so the right table's rows may sit a point or
    // two under the left's, read on one line with them: each table's part of that line keeps the
    // baseline of its own text, which tells which row a cell centred beside a wrapped label is in.
    const left = borderlessTable([72, 150, 200], 680, [
      [["Grade"], ["2022"], ["2023"]],
      [["Senior"], ["142"], ["150"]],
      [["Middle"], ["1,046"], ["1,011"]],
      [["Junior"], ["2,377"], ["2,412"]],
      [["Total"], ["3,565"], ["3,573"]],
    ], { padding: 4 });
    const right = borderlessTable([300, 400, 450], 678.5, [
      [["Programme"], ["Plan"], ["Outturn"]],
      [["Roads", "maintenance"], ["412.6"], ["398.1"]],
      [["Cycling and", "walking"], ["22.4"], ["19.9"]],
      [["Total"], ["563.0"], ["549.7"]],
    ], { padding: 4, centred: true });
    const captions: PdfLine[] = [
      { text: "Table 6. Staff in post", x: 72, y: 700, size: 10, bold: true },
      { text: "Table 7. Budget by programme", x: 300, y: 700, size: 10, bold: true },
    ];
    const markdown = await toMarkdown([[...captions, ...left, ...right]]);
    const second = markdown.split("**Table 7. Budget by programme**")[1]!;
    expect(tableRows(second)).toEqual([
      ["Programme", "Plan", "Outturn"],
      ["Roads maintenance", "412.6", "398.1"],
      ["Cycling and walking", "22.4", "19.9"],
      ["Total", "563.0", "549.7"],
    ]);
  });
});

describe("pdf tables: a cell spanning rows", () => {
  it("puts a cell centred on the two rows it spans, over the rule between their other cells, in the upper row", async () => {
    // A browser centres a row-spanning cell on its rows: its line falls between the two rows'
    // lines, below the rule that divides their other cells only.
    const table = ruledTable(72, 700, [80, 80, 90, 40], [
      [["Day"], ["Session"], ["Consultant"], ["Room"]],
      [[], ["Morning"], ["Dr Patel"], ["3A"]],
      [undefined, ["Afternoon"], ["Dr Novak"], ["3B"]],
      [["Tuesday"], ["Morning"], ["Dr Osei"], ["3A"]],
    ]);
    // The rule under the upper row's other cells is at 662; the cell's middle falls a hair on either side of it.
    for (const y of [658, 659]) {
      const centred: PdfLine = { text: "Monday", x: 76, y, size: 10 };
      expect(tableRows(await toMarkdown([[...table, centred]]))).toEqual([
        ["Day", "Session", "Consultant", "Room"],
        ["Monday", "Morning", "Dr Patel", "3A"],
        ["", "Afternoon", "Dr Novak", "3B"],
        ["Tuesday", "Morning", "Dr Osei", "3A"],
      ]);
    }
  });
});

describe("pdf tables: a long cell", () => {
  // A cell wrapped over four lines, in a row between short ones.
  const restrictions = ["Ownership of land near the borders", "and large lakes is prohibited unless", "the ministry grants an exception in", "writing after a public hearing."];
  /** The table with `long` as the restrictions of its second row, and the rows it should give. */
  const countries = (long: readonly string[] = restrictions): { rows: Row[]; expected: string[][] } => ({
    rows: [
      [["Country"], ["Restrictions"], ["Approval"]],
      [["Argentina"], long, ["Yes"]],
      [["Australia"], ["Approval from the Treasurer."], ["No"]],
      [["Brazil"], ["None."], ["No"]],
    ],
    expected: [
      ["Country", "Restrictions", "Approval"],
      ["Argentina", long.join(" "), "Yes"],
      ["Australia", "Approval from the Treasurer.", "No"],
      ["Brazil", "None.", "No"],
    ],
  });
  // Centred beside four lines, the short cells sit half a line off the long cell's lines; beside three, on its second line.
  const centredLayouts = [restrictions, restrictions.slice(0, 3)];

  it("keeps a ruled table's cell wrapped over four lines in its row, and the rows after it", async () => {
    const { rows, expected } = countries();
    const markdown = await toMarkdown([ruledTable(72, 700, [90, 200, 80], rows)]);
    expect(tableRows(markdown)).toEqual(expected);
    expect(outsideTables(markdown)).not.toContain("ministry");
  });

  it("keeps the cells centred beside a long cell in its row, in a table ruled above and below", async () => {
    for (const long of centredLayouts) {
      const { rows, expected } = countries(long);
      const lines = borderlessTable([72, 170, 400], 700, rows, { centred: true });
      // Rules above and under the header and under the table only (booktabs), none between rows.
      const rules: PdfRule[] = [712, 693, lowestBaseline(lines) - 6].map((y) => ({ rule: [70, y, 460, y] }));
      const markdown = await toMarkdown([[...rules, ...lines]]);
      expect(tableRows(markdown)).toEqual(expected);
      expect(outsideTables(markdown)).not.toContain("ministry");
    }
  });

  it("keeps a borderless table's long cell in its row, and the rows after it in the table", async () => {
    const { rows, expected } = countries();
    const markdown = await toMarkdown([borderlessTable([72, 170, 400], 700, rows)]);
    expect(tableRows(markdown)).toEqual(expected);
    expect(outsideTables(markdown)).toBe("");
  });

  it("keeps the cells centred beside a long cell of a borderless table in its row", async () => {
    for (const long of centredLayouts) {
      const { rows, expected } = countries(long);
      const markdown = await toMarkdown([borderlessTable([72, 170, 400], 700, rows, { centred: true })]);
      expect(tableRows(markdown)).toEqual(expected);
      expect(outsideTables(markdown)).toBe("");
    }
  });

  it("keeps a long description in the last row of a borderless table, and the paragraph after it apart", async () => {
    const paragraph = [
      "The prices above include taxes and delivery to any address in the country; returns are accepted",
      "within thirty days of purchase when the goods are unused and in their original packaging.",
    ];
    const lamp = ["A lamp with a shade of woven", "paper and a base of turned oak", "and brass, sold with its bulb."];
    // The description in the middle column with space between rows, or in the first column with
    // rows at one pitch (where only its lowercase start tells a wrapped line from a note under the table).
    const layouts: { columns: number[]; padding: number; rows: Row[] }[] = [
      { columns: [72, 170, 400], padding: 8, rows: [[["Item"], ["Description"], ["Price"]], [["Pen"], ["Blue ink."], ["2.00"]], [["Desk"], ["Solid oak."], ["250.00"]], [["Lamp"], lamp, ["40.00"]]] },
      { columns: [72, 300, 400], padding: 0, rows: [[["Description"], ["Quantity"], ["Price"]], [["Blue pen."], ["2"], ["2.00"]], [["Solid oak desk."], ["1"], ["250.00"]], [lamp, ["1"], ["40.00"]]] },
    ];
    for (const { columns, padding, rows } of layouts) {
      const table = borderlessTable(columns, 700, rows, { padding });
      // The paragraph starts a blank line under the table's last line.
      const below = paragraph.map((text, index): PdfLine => ({ text, x: 72, y: lowestBaseline(table) - 26 - index * 13, size: 10 }));
      const markdown = await toMarkdown([[...table, ...below]]);
      expect(tableRows(markdown)).toEqual(rows.map((row) => row.map((cell) => cell.join(" "))));
      expect(outsideTables(markdown).trim()).toBe(paragraph.join(" "));
    }
  });

  it("keeps a long cell that is much wider than its column's other cells in its row", async () => {
    const rows: Row[] = [
      [["Risk"], ["Level"], ["Owner"]],
      [["Fire"], ["High"], ["Facilities"]],
      [["Flood"], ["Low, but the basement archive must be", "moved above ground before the rainy", "season begins in October each year."], ["Records"]],
      [["Theft"], ["Medium"], ["Security"]],
    ];
    const markdown = await toMarkdown([borderlessTable([72, 150, 380], 700, rows)]);
    expect(tableRows(markdown)).toEqual(rows.map((row) => row.map((cell) => cell.join(" "))));
    expect(outsideTables(markdown)).toBe("");
  });

  it("keeps a header over the value columns whose name wraps, centred, as the table's first row", async () => {
    // A form's matrix: row labels with no name over them, "Yes"/"No" marks centred under two
    // centred names, the first of which wraps onto a second line ("State funded" / "legal aid").
    // Helvetica's widths of the characters used, in thousandths of an em (its AFM).
    const HELVETICA: Record<string, number> = { " ": 278, S: 667, C: 722, O: 778, Y: 667, N: 722, t: 278, a: 556, e: 556, f: 278, u: 556, n: 556, d: 556, l: 222, g: 556, i: 222, s: 500, o: 556 };
    const centredAt = (centre: number, y: number, text: string): PdfLine => {
      const width = ([...text].reduce((sum, character) => sum + HELVETICA[character]!, 0) * 9) / 1000;
      return { text, x: centre - width / 2, y, size: 9 };
    };
    const [stateColumn, civilColumn] = [320, 400];
    const rows = ["Persons with disabilities", "Children", "Women", "The elderly"].flatMap((label, index): PdfLine[] => {
      const y = 668 - index * 18;
      return [{ text: label, x: 90, y, size: 9 }, centredAt(stateColumn, y, index % 2 ? "No" : "Yes"), centredAt(civilColumn, y, "Yes")];
    });
    const markdown = await toMarkdown([
      [
        { text: "28. Are specialised legal aid services provided to disadvantaged groups, and by whom?", x: 72, y: 730, size: 9, bold: true },
        { text: "(Please select all that apply)", x: 90, y: 718, size: 9, italic: true },
        centredAt(stateColumn, 696, "State funded"),
        centredAt(civilColumn, 696, "CSOs"),
        centredAt(stateColumn, 684, "legal aid"),
        ...rows,
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["", "State funded legal aid", "CSOs"],
      ["Persons with disabilities", "Yes", "Yes"],
      ["Children", "No", "Yes"],
      ["Women", "Yes", "Yes"],
      ["The elderly", "No", "Yes"],
    ]);
    expect(outsideTables(markdown)).not.toMatch(/State funded|legal aid\b(?! services)/);
  });

  it("keeps header cells set between the two lines of their neighbours in the header row", async () => {
    // The header's middle cells wrap onto two lines 11 points apart; the first cell (and, in the
    // second layout, a last one) is centred between them. Body rows follow 18 points apart.
    const header = (unit: boolean): PdfLine[] => [
      { text: "Observed returns on the", x: 150, y: 700, size: 9 },
      { text: "Returns on a potential", x: 300, y: 700, size: 9 },
      { text: "Year", x: 72, y: 694.5, size: 9 },
      ...(unit ? [{ text: "Unit", x: 450, y: 694.5, size: 9 }] : []),
      { text: "firm's portfolio", x: 150, y: 689, size: 9 },
      { text: "new investment", x: 300, y: 689, size: 9 },
    ];
    for (const unit of [false, true]) {
      const body = ["2012", "2013", "2014"].flatMap((year, index): PdfLine[] =>
        [year, `${10 - index}%`, `${7 + index}%`, ...(unit ? ["%"] : [])].map((text, column) => ({ text, x: [72, 150, 300, 450][column]!, y: 671 - index * 18, size: 9 })),
      );
      const last = (cells: string[], text: string): string[] => (unit ? [...cells, text] : cells);
      expect(tableRows(await toMarkdown([[...header(unit), ...body]]))).toEqual([
        last(["Year", "Observed returns on the firm's portfolio", "Returns on a potential new investment"], "Unit"),
        last(["2012", "10%", "7%"], "%"),
        last(["2013", "9%", "8%"], "%"),
        last(["2014", "8%", "9%"], "%"),
      ]);
    }
  });
});

describe("pdf text that is not a table", () => {
  it("keeps a header cell centred under its neighbours' first line in their row, above a rule under a spanning name", async () => {
    // Booktabs: "Score" spans two columns with a short rule under it; "Language" is centred on the
    // first header line's row, half a line under it; the second header line is under the short rule.
    const at = (y: number, cells: readonly (string | undefined)[]): PdfLine[] =>
      cells.flatMap((text, column) => (text === undefined ? [] : [{ text, x: [72, 130, 200, 260, 330][column]!, y, size: 9 }]));
    const items: PageItem[] = [
      { rule: [70, 720, 380, 720] },
      ...at(710, ["#", undefined, "Score", undefined, "Time"]),
      { rule: [198, 706.5, 300, 706.5] },
      ...at(705, [undefined, "Language"]),
      ...at(698, ["layers", undefined, "simple", "complex", "(secs)"]),
      { rule: [70, 692, 380, 692] },
      ...at(680, ["6", "OTSL", "0.965", "0.934", "2.73"]),
      ...at(668, ["4", "HTML", "0.952", "0.909", "3.77"]),
      { rule: [70, 660, 380, 660] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["#", "Language", "Score", "", "Time"],
      ["layers", "", "simple", "complex", "(secs)"],
      ["6", "OTSL", "0.965", "0.934", "2.73"],
      ["4", "HTML", "0.952", "0.909", "3.77"],
    ]);
  });

  it("keeps a note and a paragraph set under a table as text", async () => {
    // A note a line under the last row, in small type under rows set apart, or in the table's
    // type under rows at one pitch; then a paragraph.
    for (const { padding, size } of [{ padding: 8, size: 8 }, { padding: 0, size: 10 }]) {
      const table = borderlessTable([72, 200, 330], 700, [
        [["Region"], ["2010"], ["2020"]],
        [["North"], ["1,204"], ["1,310"]],
        [["South"], ["2,118"], ["2,093"]],
      ], { padding });
      const note: PdfLine = { text: "Source: national census.", x: 72, y: lowestBaseline(table) - LEADING, size };
      const paragraph = [
        "Both regions grew more slowly in the second decade than in the first, as people moved to the",
        "capital and its suburbs; the census of 2030 will show whether the trend has turned.",
      ].map((text, index): PdfLine => ({ text, x: 72, y: note.y - 24 - index * 13, size: 10 }));
      const markdown = await toMarkdown([[...table, note, ...paragraph]]);
      expect(tableRows(markdown)).toEqual([
        ["Region", "2010", "2020"],
        ["North", "1,204", "1,310"],
        ["South", "2,118", "2,093"],
      ]);
      expect(outsideTables(markdown)).toContain("Source: national census.");
      expect(outsideTables(markdown)).toContain("Both regions grew more slowly in the second decade than in the first, as people moved to the capital");
    }
  });

  it("keeps the notes under a table that explain its marks (an asterisk, a dash) as notes with their marks, not list items", async () => {
    // A statistical table marks provisional figures with "*" and a missing one with "—" (WinAnsi
    // 0x97); the notes under it say what the marks mean, each starting with its mark as a bullet would.
    const table = borderlessTable([72, 200, 330], 700, [
      [["Region"], ["2022"], ["2023"]],
      [["North"], ["1,204"], ["1,310*"]],
      [["South"], ["2,118"], ["\x97"]],
      [["East"], ["987"], ["1,011*"]],
    ]);
    const notes = ["* Provisional figures, to be revised in the spring.", "\x97 Not available: the office closed in 2023."].map(
      (text, index): PdfLine => ({ text, x: 72, y: lowestBaseline(table) - 2 * LEADING - index * 11, size: 8 }),
    );
    const markdown = await toMarkdown([[...table, ...notes]]);
    expect(tableRows(markdown)).toEqual([
      ["Region", "2022", "2023"],
      ["North", "1,204", "1,310\\*"],
      ["South", "2,118", "—"],
      ["East", "987", "1,011\\*"],
    ]);
    expect(outsideTables(markdown)).toContain("\\* Provisional figures, to be revised in the spring.");
    expect(outsideTables(markdown)).toContain("— Not available: the office closed in 2023.");
    expect(outsideTables(markdown)).not.toMatch(/^- /m);
  });

  it("keeps a table of contents with dot leaders as text", async () => {
    const entries = ["Introduction", "Methods", "Results", "Discussion"];
    const lines = entries.map((text, index): PdfLine => ({ text: `${text} ${". ".repeat(30)} ${index * 4 + 1}`, x: 72, y: 700 - index * 16 }));
    const markdown = await toMarkdown([[{ text: "Contents", x: 72, y: 730, size: 16, bold: true }, ...lines]]);
    expect(markdown).not.toContain("|");
    for (const entry of entries) expect(markdown).toContain(entry);
  });

  it("keeps a bulleted list with a wide gap after each bullet as a list", async () => {
    const items = ["Transfer pipettes", "Test tube rack", "Large plastic tray"];
    const lines = items.flatMap((text, index): PdfLine[] => [
      { text: "\u0095", x: 72, y: 700 - index * 14 },
      { text, x: 100, y: 700 - index * 14 },
    ]);
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("- Test tube rack");
  });

  it("keeps numbered notes and numbered equations as text", async () => {
    const lines: PdfLine[] = [
      { text: "25", x: 72, y: 700, size: 9 },
      { text: "William Beckford, An Arabian Tale, from an Unpublished Manuscript (London, 1786), 165.", x: 90, y: 700, size: 9 },
      { text: "26", x: 72, y: 688, size: 9 },
      { text: "For the association between coffee and wine, see Ralph S. Hattox, Coffee and Coffeehouses.", x: 90, y: 688, size: 9 },
      { text: "M - Q(h) = c h + O(h)", x: 200, y: 600 },
      { text: "(3.15a)", x: 480, y: 600 },
      { text: "M - Q(2h) = c 2h + O(h)", x: 200, y: 584 },
      { text: "(3.15b)", x: 480, y: 584 },
    ];
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("(3.15b)");
  });

  it("keeps a displayed formula set in pieces (a fraction beside its left side) as text", async () => {
    // Numerator and denominator over and under the line that holds "M =" and the rest.
    const lines: PdfLine[] = [
      { text: "This means that", x: 90, y: 620, size: 10 },
      { text: "2pQ(h) - Q(2h)", x: 252, y: 606, size: 10 },
      { text: "p+1", x: 355, y: 606, size: 10 },
      { text: "M =", x: 227, y: 599, size: 10 },
      { text: "+ O(h", x: 326, y: 599, size: 10 },
      { text: ").", x: 370, y: 599, size: 10 },
      { text: "2p - 1", x: 274, y: 592, size: 10 },
      { text: "The value is a new approximation formula for M with an accuracy one order higher.", x: 90, y: 570, size: 10 },
    ];
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("M =");
  });

  it("keeps justified text in a narrow column, its word spaces stretched wide on two lines, as text", async () => {
    // Each line is justified to the column's width; two lines with few long words get word spaces
    // wider than the gap between runs, at places that do not line up.
    const lines: PdfLine[] = [
      { text: "direct meetings to disseminate", x: 107, y: 700, size: 10 },
      { text: "propaganda,", x: 107, y: 685, size: 10 },
      { text: "misinformation", x: 210, y: 685, size: 10 },
      { text: "and", x: 107, y: 670, size: 10 },
      { text: "disinformation", x: 145, y: 670, size: 10 },
      { text: "through", x: 244, y: 670, size: 10 },
      { text: "most government's large-scale", x: 107, y: 655, size: 10 },
    ];
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("propaganda, misinformation and disinformation through");
  });

  it("reads paragraphs set side by side in three columns (a brochure's panels) column by column, not as a table", async () => {
    const panels = [
      ["Unlike existing search systems that return", "only what matches the keywords, the pack", "returns all relevant data that meet the", "intent of the user"],
      ["By returning all related information for", "the keywords, the time required for finding", "information is reduced drastically against", "traditional keyword-matching systems"],
      ["The analysis of user logs saved in real time", "allows us to further optimize the search", "services over time"],
    ];
    const lines = panels.flatMap((panel, column) => panel.map((text, row): PdfLine => ({ text, x: 40 + column * 200, y: 600 - row * 10, size: 8 })));
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    for (const panel of panels) expect(markdown).toContain(panel.join(" "));
  });

  it("keeps numbered paragraphs with hanging indents as text", async () => {
    const lines: PdfLine[] = [
      { text: "1.", x: 72, y: 700 },
      { text: "Place the tubes in a balanced configuration in the", x: 100, y: 700 },
      { text: "centrifuge and spin them for five minutes.", x: 100, y: 686 },
      { text: "2.", x: 72, y: 672 },
      { text: "Carefully pour off the supernatant from each tube", x: 100, y: 672 },
      { text: "and tap them gently on a paper towel.", x: 100, y: 658 },
    ];
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("Place the tubes in a balanced configuration in the centrifuge");
  });

  it("keeps a contract's clauses and lettered sub-clauses, each number a tab stop from its text, as text", async () => {
    // As a word processor sets typed clause numbers: "2.1", a tab, the clause in a hanging indent;
    // "(a)", a tab, the sub-clause one indent further in.
    const clause = (number: string, text: readonly string[], x: number, y: number): PdfLine[] => [
      { text: number, x, y },
      ...text.map((line, index): PdfLine => ({ text: line, x: x + 36, y: y - index * 14 })),
    ];
    const markdown = await toMarkdown([
      [
        ...clause("2.1", ["The Supplier shall supply the Goods to the Customer in accordance with", "each order the Customer places, provided that:"], 72, 700),
        ...clause("(a)", ["the order is made in writing at least five Business Days before", "the delivery date; and"], 108, 668),
        ...clause("(b)", ["the quantity ordered does not exceed the monthly maximum."], 108, 636),
        ...clause("2.2", ["Risk in the Goods passes to the Customer on delivery at the Delivery Point."], 72, 614),
      ],
    ]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("2.1 The Supplier shall supply the Goods to the Customer in accordance with each order the Customer places, provided that:");
    expect(markdown).toContain("- (a) the order is made in writing at least five Business Days before the delivery date; and\n- (b) the quantity ordered");
    expect(markdown).toContain("2.2 Risk in the Goods passes");
  });

  it("reads numbered headings set apart from their numbers as headings over the table and the sub-heading under them, not rows", async () => {
    // Note: as LibreOffice prints Word's numbered headings: the number, a tab, the title, larger than the body.
    const heading = (number: string, title: string, y: number, size: number): PdfLine[] => [
      { text: number, x: 72, y, size, bold: true },
      { text: title, x: 108, y, size, bold: true },
    ];
    const markdown = await toMarkdown([
      [
        ...heading("2", "Scope", 720, 16),
        ...heading("2.1", "Who the policy covers", 690, 14),
        { text: "The policy covers all staff, including temporary staff, volunteers and board", x: 72, y: 664, size: 12 },
        { text: "members, and contractors who process personal data for us.", x: 72, y: 648, size: 12 },
        ...heading("4", "Responsibilities", 600, 16),
        { text: "Role", x: 72, y: 580, size: 12 },
        { text: "Responsibility", x: 306, y: 580, size: 12 },
        { text: "Board", x: 72, y: 560, size: 12 },
        { text: "Approves this policy every two years", x: 306, y: 560, size: 12 },
        { text: "All staff", x: 72, y: 540, size: 12 },
        { text: "Follow this policy and report any breach", x: 306, y: 540, size: 12 },
      ],
    ]);
    expect(markdown.split("\n").filter((line) => line.startsWith("#"))).toEqual(["# 2 Scope", "## 2.1 Who the policy covers", "# 4 Responsibilities"]);
    expect(tableRows(markdown)).toEqual([
      ["Role", "Responsibility"],
      ["Board", "Approves this policy every two years"],
      ["All staff", "Follow this policy and report any breach"],
    ]);
  });

  it("keeps a table whose first column holds decimal numbers a table (they are values, not outline numbers)", async () => {
    // No header row: a continuation of a table on a new page, say.
    const rows = [
      ["0.5", "Mild", "Within range"],
      ["1.5", "Moderate", "Within range"],
      ["2.5", "Strong", "Above range"],
    ];
    const lines = rows.flatMap((cells, index): PdfLine[] => cells.map((text, column) => ({ text, x: 72 + column * 120, y: 700 - index * 16 })));
    expect(tableRows(await toMarkdown([lines]))).toEqual(rows);
  });

  it("keeps outline-numbered headings and the bulleted items under them, each marker a tab stop from its text, as text", async () => {
    const rows = [
      ["2.", "WEEKEND ERRANDS"],
      ["2.1", "Market stops"],
      ["\u0095", "Buy fresh bread from the corner bakery"],
      ["\u0095", "Pick up citrus and green onions"],
      ["2.2", "Kitchen tasks"],
    ];
    const lines = rows.flatMap(([marker, text], index): PdfLine[] => [
      { text: marker!, x: 72, y: 700 - index * 24 },
      { text: text!, x: 108, y: 700 - index * 24 },
    ]);
    const markdown = await toMarkdown([lines]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("- Buy fresh bread from the corner bakery");
  });

  it("reads sections whose headings are underlined across the page as sections, with the table in one of them", async () => {
    // Note: as a browser prints a web page whose CSS rules each `h2` across the text column.
    const section = (title: string, y: number): PageItem[] => [
      { text: title, x: 72, y, size: 14, bold: true },
      { rule: [72, y - 5, 540, y - 5], width: 0.75 },
    ];
    const markdown = await toMarkdown([
      [
        ...section("Product description", 720),
        { text: "The unit extracts stale air from kitchens and bathrooms and supplies fresh, filtered air", x: 72, y: 696, size: 10 },
        { text: "to living rooms and bedrooms. A heat exchanger recovers most of the heat in the extracted", x: 72, y: 682, size: 10 },
        { text: "air before it leaves the house.", x: 72, y: 668, size: 10 },
        ...section("Technical data", 636),
        ...borderlessTable([72, 260], 612, [[["Property"], ["Value"]], [["Airflow range"], ["30 to 160 m3/h"]], [["Weight"], ["24 kg"]], [["Power supply"], ["230 V, 50 Hz"]]], { padding: 4 }),
        ...section("Maintenance", 530),
        { text: "Change the filters every six months, or when the filter warning light comes on.", x: 72, y: 506, size: 10 },
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Property", "Value"],
      ["Airflow range", "30 to 160 m3/h"],
      ["Weight", "24 kg"],
      ["Power supply", "230 V, 50 Hz"],
    ]);
    expect(outsideTables(markdown)).toContain("air before it leaves the house.");
    expect(markdown).toMatch(/^#+ Technical data$/m);
    expect(markdown).toMatch(/^#+ Maintenance$/m);
  });
});

describe("cells printed close to a cell border", () => {
  it("parts a right-aligned number from the text of the next cell where a column rule runs between them", async () => {
    // Note: as a spreadsheet prints them: the number ends and the next cell's text starts about
    // three points from the border, close enough for the text layer to join them with a space.
    const rows = [
      ["Part", "Value", "Location"],
      ["A2000", "$1,250.00", "Shelf B"],
      ["A2001", "$98.40", "Bin 3"],
      ["A2002", "$12,004.75", "Cage"],
    ];
    const edges = [72, 150, 250, 340];
    const items: PageItem[] = [];
    rows.forEach(([part, value, location], index) => {
      const y = 700 - index * 16;
      const valueX = index === 0 ? 153 : edges[2]! - 3 - numberWidth(value!, 10);
      items.push({ text: part!, x: 75, y, size: 10 }, { text: value!, x: valueX, y, size: 10 }, { text: location!, x: edges[2]! + 3, y, size: 10 });
      items.push({ rule: [72, y + 12, 340, y + 12] });
    });
    items.push({ rule: [72, 700 - 3 * 16 - 4, 340, 700 - 3 * 16 - 4] });
    for (const x of edges) items.push({ rule: [x, 712, x, 700 - 3 * 16 - 4] });
    expect(tableRows(await toMarkdown([items]))).toEqual(rows);
  });
  it("parts a column of right-aligned numbers from the column of text printed just after it, without rules", async () => {
    const rows = [
      ["Part", "Name", "Value", "Location"],
      ["A2000", "Relay", "$1,250.00", "Shelf B"],
      ["A2001", "Bolt M6", "$98.40", "Bin 3"],
      ["A2002", "Hinge", "$12,004.75", "Cage"],
      ["A2003", "Sensor", "$7.10", "Shelf A"],
    ];
    const lines: PdfLine[] = rows.flatMap(([part, name, value, location], index) => {
      const y = 700 - index * 14;
      const valueX = index === 0 ? 267 : 293 - numberWidth(value!, 10);
      return [
        { text: part!, x: 72, y, size: 10 },
        { text: name!, x: 150, y, size: 10 },
        { text: value!, x: valueX, y, size: 10 },
        { text: location!, x: 296, y, size: 10 },
      ];
    });
    expect(tableRows(await toMarkdown([lines]))).toEqual(rows);
  });

  it("keeps a number and the word after it one cell where the numbers start at one x", async () => {
    const rows = [
      ["Plan", "Term", "Price"],
      ["Basic", "12 months", "$99"],
      ["Plus", "24 months", "$179"],
      ["Premium", "36 months", "$249"],
    ];
    expect(tableRows(await toMarkdown([borderlessTable([72, 200, 320], 700, rows.map((row) => row.map((cell) => [cell])), { padding: 2 })]))).toEqual(rows);
  });

  it("parts two numbers of a totals row set so close that they read as one", async () => {
    // Note: the totals are longer than the figures above them, so they nearly touch.
    const rows = [
      ["Fund", "Receipts", "Payments", "Balance"],
      ["General fund", "418,622", "(190,302)", "950,091"],
      ["Housing", "350,473", "(315,337)", "210,208"],
      ["Capital reserve", "227,624", "(589,128)", "447,944"],
      ["Total", "1,471,922", "(1,735,388)", "2,323,966"],
    ];
    const ends = [250, 306, 362];
    const lines: PdfLine[] = rows.flatMap((row, index) => {
      const y = 700 - index * 14;
      const bold = index === rows.length - 1;
      return [
        { text: row[0]!, x: 72, y, size: 10, bold },
        ...row.slice(1).map((text, column): PdfLine => ({ text, x: ends[column]! - (index === 0 ? 45 : numberWidth(text.replace(/[()]/g, ""), 10) + (text.startsWith("(") ? 6.66 : 0)), y, size: 10, bold })),
      ];
    });
    expect(tableRows(await toMarkdown([lines]))).toEqual(rows);
  });

  it("parts two columns of right-aligned figures printed so close that most rows read as one piece", async () => {
    // Note: names set at the left of their columns, figures at the right, two points of padding:
    // most rows' figures nearly touch, and the text layer joins them.
    const rows = [
      ["Product", "Units", "Revenue", "Margin"],
      ["Widget", "2,656", "$787,817", "3.0%"],
      ["Gadget", "3,862", "$35,763", "18.6%"],
      ["Doohickey", "535", "$362,023", "54.0%"],
      ["Gizmo", "6,055", "$332,418", "55.0%"],
      ["Sprocket", "5,323", "$306,241", "16.3%"],
    ];
    const lefts = [72, 140, 172, 220];
    const ends = [168, 215, 250];
    const lines: PdfLine[] = rows.flatMap((row, index) =>
      row.map((text, column): PdfLine => ({ text, x: index === 0 || column === 0 ? lefts[column]! : ends[column - 1]! - numberWidth(text.replace("%", ""), 10) - (text.endsWith("%") ? 8.89 : 0), y: 700 - index * 14, size: 10 })),
    );
    expect(tableRows(await toMarkdown([lines]))).toEqual(rows);
  });
});

describe("a borderless table with a narrow first column", () => {
  it("reads the first column as the table's, not as a column of text beside it", async () => {
    // Note: as a spreadsheet prints a list of names beside short codes: the first column ends far
    // left of the page's middle and every other cell is set well apart from its neighbours.
    const names = ["Ana Rossi", "Ben Okafor", "Chloe Tanaka", "Dev Smith", "Eli Müller", "Fatima Khan", "Gus Okafor", "Hana Tanaka", "Ivan Rossi", "Jade Smith", "Kofi Mensah", "Lena Smith"];
    const rows = [["Name", "Team", "Phone", "Start date"], ...names.map((name, index) => [name, ["Finance", "Legal", "Sales", "Support"][index % 4]!, `+1 555 70${10 + index}`, `2019-0${(index % 9) + 1}-1${index % 10}`])];
    const markdown = await toMarkdown([borderlessTable([55, 195, 279, 377], 720, rows.map((row) => row.map((cell) => [cell])), { padding: 2 })]);
    expect(tableRows(markdown)).toEqual(rows);
  });
});

/** Rows of one-line cells as `borderlessTable` takes them, an empty string an empty cell. */
const oneLineCells = (rows: readonly (readonly string[])[]): Row[] => rows.map((row) => row.map((cell) => (cell ? [cell] : [])));

describe("a borderless table whose columns are fitted to their text", () => {
  it("reads cells set under an em apart as a table when every cell starts under the one above", async () => {
    // Note: as a spreadsheet prints with its columns fitted to the widest cell: "Raster in webp"
    // (66.7 points in 10-point Helvetica) ends 7 points, under an em, before the next column.
    const rows = [
      ["Name", "Objective"],
      ["Raster in webp", "Test image in WebP format"],
    ];
    const markdown = await toMarkdown([borderlessTable([72, 146], 720, oneLineCells(rows), { padding: 2 })]);
    expect(tableRows(markdown)).toEqual(rows);
  });
});

describe("a borderless table printed from a spreadsheet, text flush left and numbers flush right", () => {
  it("puts each header name in the column it starts in, though it starts just after the numbers of the column before", async () => {
    // Note: cells 60 points wide from x = 48, each 2 points in from its borders, as Calc prints:
    // "Beta" starts 4 points after the numbers of the first column end, well left of the middle
    // of the space between the numbers of the two columns; "Gamma %" ends under an em before
    // "Delta", so the two are one run.
    const borders = [48, 108, 168, 228, 288];
    const header = ["Alpha", "Beta", "Gamma %", "Delta"];
    const body = [
      ["89", "82", "100", "12"],
      ["76", "89", "33", "42"],
      ["7", "69", "10", "17"],
      ["123", "4", "89", "25"],
    ];
    const items: PdfLine[] = [
      ...header.map((text, column): PdfLine => ({ text, x: borders[column]! + 2, y: 720, size: 11, bold: true })),
      ...body.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: borders[column + 1]! - 2 - numberWidth(text, 11), y: 706 - index * 14, size: 11 }))),
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([header, ...body]);
  });
});

describe("a borderless table with rows in groups", () => {
  it("keeps the label of each group of rows a row of its own, where every row is one line", async () => {
    // Note: as a statistical table sets them: a group's label alone in the first column, over its
    // rows, all at one pitch, so that the spacing cannot tell a label from a wrapped cell's next line.
    const rows = [
      ["Industry", "Employees", "Wages ($m)"],
      ["Goods", "", ""],
      ["Agriculture, forestry and fishing", "12,400", "410.2"],
      ["Manufacturing", "31,718", "1,363.4"],
      ["Construction", "22,051", "978.0"],
      ["Services", "", ""],
      ["Retail trade", "40,696", "1,151.9"],
      ["Professional and technical services", "18,157", "1,430.7"],
    ];
    const markdown = await toMarkdown([borderlessTable([72, 300, 380], 700, oneLineCells(rows), { padding: 3 })]);
    expect(tableRows(markdown)).toEqual(rows);
  });

  it("keeps a bold group label a row of its own under the widest cell of the first column", async () => {
    // Note: after "Professional and technical services", the widest cell, "Public" would not have
    // fitted: the change of weight tells the label from the cell's next line.
    const rows = [
      ["Industry", "Employees", "Wages ($m)"],
      ["Retail trade", "40,696", "1,151.9"],
      ["Professional and technical services", "18,157", "1,430.7"],
      ["Public sector", "", ""],
      ["Education", "25,902", "645.6"],
      ["Health care", "26,384", "658.0"],
    ];
    const lines = borderlessTable([72, 300, 380], 700, oneLineCells(rows), { padding: 3 });
    const markdown = await toMarkdown([lines.map((line) => (line.text === "Public sector" ? { ...line, bold: true } : line))]);
    expect(tableRows(markdown)).toEqual(rows);
  });

  it("keeps a group label a row of its own in a first column set wider than its text", async () => {
    // Note: "Expenses" would not fit after "Total revenue" within the widest label, but the first
    // column reaches far further, to where the figures start.
    const rows = [
      ["Item", "2024", "2023"],
      ["Tax revenue", "2,415,569", "1,130,235"],
      ["Grants", "2,689,147", "2,037,982"],
      ["Total revenue", "5,104,716", "3,168,217"],
      ["Expenses", "", ""],
      ["Materials", "1,242,669", "1,801,562"],
      ["Total expenses", "1,242,669", "1,801,562"],
    ];
    const markdown = await toMarkdown([borderlessTable([72, 300, 380], 700, oneLineCells(rows), { padding: 3 })]);
    expect(tableRows(markdown)).toEqual(rows);
  });

  it("keeps a group label set across the first two columns in the table", async () => {
    // Note: the labels run past the narrow first column, across the space before the second.
    const rows = [
      ["Code", "Occupation", "Employed"],
      ["Managers", "", ""],
      ["1101", "Chief executive", "2,100"],
      ["1102", "Finance manager", "5,320"],
      ["Clerical workers", "", ""],
      ["4101", "Records officer", "8,840"],
      ["4102", "Payroll clerk", "6,015"],
    ];
    const lines = borderlessTable([72, 120, 300], 700, oneLineCells(rows), { padding: 3 });
    const markdown = await toMarkdown([lines.map((line) => (line.text === "Managers" || line.text === "Clerical workers" ? { ...line, bold: true } : line))]);
    expect(tableRows(markdown)).toEqual(rows);
  });

  it("takes the label of the first group into the table under a header with nothing over the first column", async () => {
    // Note: as a financial statement sets it: "Revenue" starts no column of the header above it.
    const rows = [
      ["", "Note", "2024", "2023"],
      ["Revenue", "", "", ""],
      ["Tax revenue", "4", "2,415,569", "1,130,235"],
      ["Fees and charges", "5", "531,917", "276,172"],
      ["Grants", "2", "2,689,147", "2,037,982"],
    ];
    const markdown = await toMarkdown([borderlessTable([72, 280, 340, 420], 700, oneLineCells(rows), { padding: 3 })]);
    expect(tableRows(markdown)).toEqual(rows);
  });
});

describe("a borderless table whose header names wrap", () => {
  it("keeps a header whose wrapped names sit on the bottom line of their cells one row", async () => {
    // Note: as a spreadsheet prints cells aligned to the bottom: the first column's name is on the
    // header's last line, the longer names start one or two lines higher.
    const columns = [72, 190, 290, 390, 490];
    const header = [
      ["", "", "Median", "Share of", ""],
      ["", "Households", "household", "income spent", "New homes"],
      ["Local authority", "on waiting list", "income ($)", "on rent (%)", "completed"],
    ];
    const body = [
      ["Ashford", "2,481", "43,671", "39.8", "269"],
      ["Bexley", "1,081", "52,180", "21.6", "361"],
      ["Camden", "1,792", "43,280", "35.4", "779"],
    ];
    const lines: PdfLine[] = [...header, ...body].flatMap((row, index) =>
      row.flatMap((text, column) => (text ? [{ text, x: columns[column]!, y: 700 - index * 13, size: 10, bold: index < header.length }] : [])),
    );
    expect(tableRows(await toMarkdown([lines]))).toEqual([
      ["Local authority", "Households on waiting list", "Median household income ($)", "Share of income spent on rent (%)", "New homes completed"],
      ...body,
    ]);
  });
});

describe("a table whose cells are centred beside a cell wrapped onto two lines", () => {
  it("keeps the first line of the wrapped cell in its row, not the row above", async () => {
    // Note: as a browser sets cells (vertically centred by default): the one-line cells of a row
    // sit half a line under the first line of the wrapped cell, half a line over its second.
    const rows: Row[] = [
      [["Band"], ["Income threshold"], ["Rate"], ["Allowance"]],
      [["A"], ["Up to 12,570"], ["0"], ["1,000"]],
      [["B"], ["12,571 to", "50,270"], ["20"], ["750"]],
      [["C"], ["50,271 to", "125,140"], ["40"], ["500"]],
      [["D"], ["Over 125,140"], ["45"], ["250"]],
    ];
    const expected = rows.map((row) => row.map((cell) => cell.join(" ")));
    const lines = borderlessTable([72, 120, 220, 280], 700, rows, { padding: 2, centred: true });
    const rules: PdfRule[] = [712, 696, lowestBaseline(lines) - 5].map((y) => ({ rule: [70, y, 350, y] }));
    for (const page of [lines, [...rules, ...lines]]) {
      expect(tableRows(await toMarkdown([page]))).toEqual(expected);
    }
  });
});

describe("a table of figures ruled above and under its header, with rows set close together", () => {
  // Note: as a browser or LaTeX sets a table with little padding between rows: the next row's first
  // line is hardly further down than a cell's next line. Figures flush right at 260, 310 and 360.
  const figureRights = [260, 310, 360];
  const rowAt = (y: number, cells: readonly string[]): PdfLine[] =>
    cells.flatMap((text, column): PdfLine[] => (text === "" ? [] : [{ text, x: column === 0 ? 72 : figureRights[column - 1]! - numberWidth(text, 10), y, size: 10 }]));
  const page = (body: readonly PdfLine[]): PageItem[] => [
    { rule: [70, 712, 362, 712] },
    ...rowAt(700, ["Function", "2022", "2023", "2024"]),
    { rule: [70, 695, 362, 695] },
    ...body,
    { rule: [70, Math.min(...body.map((line) => line.y)) - 6, 362, Math.min(...body.map((line) => line.y)) - 6] },
  ];

  it("keeps a row with empty cells a row of its own", async () => {
    const body = [...rowAt(680, ["Health", "5,406", "5,598", "5,702"]), ...rowAt(666, ["Recreation", "301", "", ""]), ...rowAt(652, ["Total", "5,707", "5,598", "5,702"])];
    expect(tableRows(await toMarkdown([page(body)]))).toEqual([
      ["Function", "2022", "2023", "2024"],
      ["Health", "5,406", "5,598", "5,702"],
      ["Recreation", "301", "", ""],
      ["Total", "5,707", "5,598", "5,702"],
    ]);
  });

  it("keeps a label wrapped onto two lines, its figures on the last, in one row", async () => {
    const body = [
      ...rowAt(680, ["General public services", "", "", ""]),
      ...rowAt(668, ["and administration of justice", "1,204", "1,260", "1,311"]),
      ...rowAt(654, ["Defence", "412", "420", "455"]),
      ...rowAt(640, ["Health", "5,406", "5,598", "5,702"]),
    ];
    expect(tableRows(await toMarkdown([page(body)]))).toEqual([
      ["Function", "2022", "2023", "2024"],
      ["General public services and administration of justice", "1,204", "1,260", "1,311"],
      ["Defence", "412", "420", "455"],
      ["Health", "5,406", "5,598", "5,702"],
    ]);
  });

  it("keeps a label wrapped onto two lines, its figures centred beside it, in one row", async () => {
    const body = [
      ...rowAt(680, ["Health", "5,406", "5,598", "5,702"]),
      ...rowAt(667, ["Recreation, culture and", "", "", ""]),
      ...rowAt(661, ["", "301", "310", "322"]),
      ...rowAt(655, ["religious services", "", "", ""]),
      ...rowAt(641, ["Total", "5,707", "5,908", "6,024"]),
    ];
    expect(tableRows(await toMarkdown([page(body)]))).toEqual([
      ["Function", "2022", "2023", "2024"],
      ["Health", "5,406", "5,598", "5,702"],
      ["Recreation, culture and religious services", "301", "310", "322"],
      ["Total", "5,707", "5,908", "6,024"],
    ]);
  });
});

describe("a table whose header names wrap onto different numbers of lines, centred", () => {
  it("keeps the header one row when a two-line name sits between the lines of a three-line one", async () => {
    // Note: as a word processor centres header cells vertically: "In" / "percent" falls half a line
    // off the lines of "Number of" / "clauses in" / "Union laws", and "Category" on their middle one.
    const columns = [72, 180, 290, 350, 460];
    const header: PdfLine[] = [
      ...[1, 3].map((column): PdfLine => ({ text: "Number of", x: columns[column]!, y: 700, size: 10 })),
      ...[2, 4].map((column): PdfLine => ({ text: "In", x: columns[column]!, y: 694, size: 10 })),
      { text: "Category", x: 72, y: 688, size: 10 },
      ...[1, 3].map((column): PdfLine => ({ text: "clauses in", x: columns[column]!, y: 688, size: 10 })),
      ...[2, 4].map((column): PdfLine => ({ text: "percent", x: columns[column]!, y: 682, size: 10 })),
      { text: "Union laws", x: columns[1]!, y: 676, size: 10 },
      { text: "State laws", x: columns[3]!, y: 676, size: 10 },
    ];
    const rows = [
      ["Commercial", "529", "10.1%", "817", "3.9%"],
      ["General", "75", "1.4%", "360", "1.7%"],
      ["Labour", "534", "10.2%", "17285", "82.7%"],
    ];
    const body = rows.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: columns[column]!, y: 655 - index * 14, size: 10 })));
    const rules: PdfRule[] = [712, 666, 620].map((y) => ({ rule: [70, y, 520, y] }));
    expect(tableRows(await toMarkdown([[...rules, ...header, ...body]]))).toEqual([
      ["Category", "Number of clauses in Union laws", "In percent", "Number of clauses in State laws", "In percent"],
      ...rows,
    ]);
  });
});

describe("a long table whose header is ruled above and under, its body open until its end", () => {
  it("reads each page's header and body as one table, the header kept once, its wrapped name one cell", async () => {
    // Note: as reportlab sets a long table: on each page a rule over the header, a rule under each
    // group's name (the two meet), a rule under the names ("Pupils per" over "teacher"), and a rule
    // under the body on the last page only. Names and figures flush right in their columns.
    const rights = [200, 250, 310, 370];
    const flushRight = (text: string, column: number, y: number, bold = false): PdfLine => ({ text, x: rights[column - 1]! - numberWidth(text, 9), y, size: 9, bold });
    const row = (y: number, cells: readonly string[]): PdfLine[] => cells.map((text, column) => (column === 0 ? { text, x: 72, y, size: 9 } : flushRight(text, column, y)));
    // Helvetica's letters are about half an em wide: the names are placed by their length.
    const name = (text: string, column: number, y: number): PdfLine => ({ text, x: rights[column - 1]! - text.length * 4.8, y, size: 9 });
    const header: PageItem[] = [
      { rule: [70, 760, 372, 760] },
      { text: "Schools and pupils", x: 165, y: 750, size: 9 },
      { text: "Teaching staff", x: 268, y: 750, size: 9 },
      { rule: [150, 746, 260, 746] },
      { rule: [260, 746, 370, 746] },
      name("Pupils per", 4, 736),
      { text: "District", x: 72, y: 726, size: 9 },
      ...["Schools", "Pupils", "Teachers", "teacher"].map((text, index) => name(text, index + 1, 726)),
      { rule: [70, 721, 372, 721] },
    ];
    const district = (index: number): string[] => [`District ${index}`, String(5 + index), `${index},${String(100 + index).slice(-3)}`, String(20 + index), (14 + (index % 9) / 10).toFixed(1)];
    const body = (from: number, to: number): PdfLine[] => Array.from({ length: to - from + 1 }, (_, offset) => row(708 - offset * 12, district(from + offset))).flat();
    const pages = [
      [...header, ...body(1, 20)],
      [...header, ...body(21, 30), { rule: [70, 708 - 9 * 12 - 6, 372, 708 - 9 * 12 - 6] } as PdfRule],
    ];
    expect(tableRows(await toMarkdown(pages))).toEqual([
      ["", "Schools and pupils", "", "Teaching staff", ""],
      ["District", "Schools", "Pupils", "Teachers", "Pupils per teacher"],
      ...Array.from({ length: 30 }, (_, offset) => district(offset + 1)),
    ]);
  });
});

describe("a ruled table with a label spanning several rows", () => {
  it("writes the label, centred on the rows it spans, in the first of them", async () => {
    const rows: (readonly string[] | undefined)[][] = [
      [["Sex"], ["Age"], ["Employed"], ["Unemployed"]],
      [[], ["15-24"], ["1,120"], ["142"]],
      [undefined, ["25-54"], ["6,480"], ["301"]],
      [undefined, ["55+"], ["1,907"], ["88"]],
      [[], ["15-24"], ["1,046"], ["131"]],
      [undefined, ["25-54"], ["5,932"], ["276"]],
      [undefined, ["55+"], ["1,733"], ["74"]],
    ];
    // Note: each row is LEADING + PADDING high, its text PADDING / 2 + 10 under its top; the labels
    // are centred on their three rows, on the middle one's line.
    const rowHeight = LEADING + PADDING;
    const middleLine = (row: number): number => 700 - row * rowHeight - PADDING / 2 - 10;
    const labels: PdfLine[] = [
      { text: "Men", x: 76, y: middleLine(2), size: 10 },
      { text: "Women", x: 76, y: middleLine(5), size: 10 },
    ];
    expect(tableRows(await toMarkdown([[...ruledTable(72, 700, [80, 80, 80, 80], rows), ...labels]]))).toEqual([
      ["Sex", "Age", "Employed", "Unemployed"],
      ["Men", "15-24", "1,120", "142"],
      ["", "25-54", "6,480", "301"],
      ["", "55+", "1,907", "88"],
      ["Women", "15-24", "1,046", "131"],
      ["", "25-54", "5,932", "276"],
      ["", "55+", "1,733", "74"],
    ]);
  });
});

describe("a ruled table with sideways column headers", () => {
  it("reads the names set up the page over narrow columns as the header row", async () => {
    const names = ["Vaccination", "Dental care", "Physiotherapy", "Maternity"];
    const rows = [
      ["Ashdown", "Yes", "Yes", "No", "Yes"],
      ["Brookfield", "Yes", "No", "No", "Yes"],
      ["Castleford", "No", "Yes", "Yes", "No"],
    ];
    const edges = [72, 172, 200, 228, 256, 284];
    const headerBottom = 620;
    const items: PageItem[] = [
      { text: "Clinic", x: 76, y: headerBottom + 4, size: 9 },
      // Each name starts at the bottom of its cell and reads upward, its glyphs left of the x it starts at.
      ...names.map((text, index): PdfLine => ({ text, x: edges[index + 1]! + 18, y: headerBottom + 4, size: 9, sideways: true })),
      ...rows.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: edges[column]! + 4, y: headerBottom - 12 - index * 16, size: 9 }))),
      ...[700, headerBottom, headerBottom - 16, headerBottom - 32, headerBottom - 48].map((y): PdfRule => ({ rule: [72, y, 284, y] })),
      ...edges.map((x): PdfRule => ({ rule: [x, 700, x, headerBottom - 48] })),
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([["Clinic", ...names], ...rows]);
  });
});

describe("a borderless table with sideways column headers", () => {
  it("reads the names set up the page, ending at the foot of the header, as the header row with the upright one beside them", async () => {
    // Note: as Chromium prints `writing-mode: vertical-rl` headers at the bottom of their cells: each
    // name ends on the header's bottom, the upright name's baseline a little above it.
    const names = ["Holdings", "Area (ha)", "Change (%)"];
    const rows = [
      ["North East", "4,812", "562,300", "-1.2"],
      ["North West", "11,205", "871,450", "-0.4"],
      ["East", "9,904", "1,184,200", "-2.1"],
    ];
    const columns = [72, 200, 280, 360];
    const items: PageItem[] = [
      { text: "Region", x: 72, y: 563.6, size: 12, bold: true },
      ...names.map((text, index): PdfLine => ({ text, x: columns[index + 1]! + 10, y: 560, size: 12, bold: true, sideways: true })),
      { rule: [72, 556, 420, 556] },
      ...rows.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: columns[column]!, y: 540 - index * 18, size: 12 }))),
      { rule: [72, 500, 420, 500] },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([["Region", ...names], ...rows]);
  });
});

describe("a table of figures with footnote marks", () => {
  it("keeps a letter mark set as a browser sets <sup> (five sixths of the size, raised) with its figure", async () => {
    const columnRights = [200, 260, 320];
    const rows = [
      ["North", "1,234", "1,250", "1,261"],
      ["South", "2,905", "2,887", "2,902"],
      ["East", "987", "1,001", "1,010"],
      ["West", "1,518", "1,527", "1,540"],
    ];
    const marks: Record<string, string> = { "2,887": "a", "1,540": "b" };
    const lines: PdfLine[] = rows.flatMap((row, index) => {
      const y = 700 - index * 14;
      return row.flatMap((text, column): PdfLine[] => {
        if (column === 0) return [{ text, x: 72, y, size: 10 }];
        const right = columnRights[column - 1]!;
        const mark = marks[text];
        return [{ text, x: right - numberWidth(text, 10), y, size: 10 }, ...(mark ? [{ text: mark, x: right, y: y + 3.3, size: 8.33 }] : [])];
      });
    });
    const header: PdfLine[] = ["2019", "2020", "2021"].map((text, index) => ({ text, x: columnRights[index]! - numberWidth(text, 10), y: 716, size: 10 }));
    expect(tableRows(await toMarkdown([[...header, ...lines]]))).toEqual([
      ["", "2019", "2020", "2021"],
      ["North", "1,234", "1,250", "1,261"],
      ["South", "2,905", "2,887a", "2,902"],
      ["East", "987", "1,001", "1,010"],
      ["West", "1,518", "1,527", "1,540b"],
    ]);
  });
});

describe("a table of figures with numbered footnote marks", () => {
  it("writes a note's number raised after a figure as superscript digits, not as more digits of the figure", async () => {
    // Note: as WeasyPrint sets `<sup>` in 6 pt after 10 pt figures, raised 3 points.
    const rows = [
      ["Under 16", "1,204,330", "18.4"],
      ["16 to 64", "4,118,905", "62.9"],
      ["65 and over", "1,226,417", "18.7"],
    ];
    const marks: Record<string, string> = { "16 to 64": "1", "1,226,417": "2" };
    const lines: PdfLine[] = rows.flatMap((row, index) => {
      const y = 700 - index * 14;
      return row.flatMap((text, column): PdfLine[] => {
        const x = column === 0 ? 72 : [220, 280][column - 1]! - numberWidth(text, 10);
        const right = column === 0 ? 72 + helveticaWidth(text, 10) : [220, 280][column - 1]!;
        const mark = marks[text];
        return [{ text, x, y, size: 10 }, ...(mark ? [{ text: mark, x: right, y: y + 3, size: 6 }] : [])];
      });
    });
    expect(tableRows(await toMarkdown([lines]))).toEqual([
      ["Under 16", "1,204,330", "18.4"],
      ["16 to 64¹", "4,118,905", "62.9"],
      ["65 and over", "1,226,417²", "18.7"],
    ]);
  });
});

describe("a statement of figures with totals ruled under", () => {
  it("keeps a total in its column though the rule under it runs under the column before, empty on its row", async () => {
    // Note: as accounts are set: a rule over the figures' columns above each total, and under it.
    const rights = [260, 330];
    const row = (y: number, cells: readonly string[]): PdfLine[] =>
      cells.flatMap((text, column): PdfLine[] => (text === "" ? [] : [{ text, x: column === 0 ? 72 : rights[column - 1]! - numberWidth(text, 10), y, size: 10 }]));
    const lines: PageItem[] = [
      ...row(700, ["Item", "2024", "2023"]),
      { rule: [70, 695, 332, 695] },
      ...row(682, ["Grants", "1,200", "1,150"]),
      ...row(668, ["Donations", "", "3,850"]),
      { rule: [220, 662, 332, 662] },
      ...row(650, ["Total income", "1,200", "5,000"]),
      ...row(636, ["Transfer to reserves", "", "5,000"]),
      { rule: [220, 632, 332, 632] },
      { rule: [70, 620, 332, 620] },
    ];
    expect(tableRows(await toMarkdown([lines]))).toEqual([
      ["Item", "2024", "2023"],
      ["Grants", "1,200", "1,150"],
      ["Donations", "", "3,850"],
      ["Total income", "1,200", "5,000"],
      ["Transfer to reserves", "", "5,000"],
    ]);
  });
});

describe("a table of figures with group headers and no rules", () => {
  it("writes each group's name, centred over its columns, in the first of them", async () => {
    // Note: as a spreadsheet prints cells merged over the months of a quarter: each name centred on
    // its cells (45 points wide from x 150), the months centred in theirs, the figures flush right.
    const cellLeft = (column: number): number => 150 + (column - 1) * 45;
    const centred = (text: string, from: number, to: number, y: number): PdfLine => ({ text, x: (cellLeft(from) + cellLeft(to + 1)) / 2 - text.length * 2.4, y, size: 9 });
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"];
    const figures = (y: number, label: string, values: readonly string[]): PdfLine[] => [
      { text: label, x: 72, y, size: 9 },
      ...values.map((text, index): PdfLine => ({ text, x: cellLeft(index + 2) - 4 - numberWidth(text, 9), y, size: 9 })),
    ];
    const lines: PdfLine[] = [
      centred("First quarter", 1, 3, 700),
      centred("Second quarter", 4, 6, 700),
      { text: "Office", x: 72, y: 688, size: 9 },
      ...months.map((text, index) => centred(text, index + 1, index + 1, 688)),
      ...figures(675, "Aberton", ["110", "123", "136", "149", "162", "175"]),
      ...figures(664, "Belmarsh", ["247", "260", "273", "286", "299", "222"]),
      ...figures(653, "Carrow", ["384", "397", "320", "333", "346", "359"]),
    ];
    expect(tableRows(await toMarkdown([lines]))).toEqual([
      ["", "First quarter", "", "", "Second quarter", "", ""],
      ["Office", ...months],
      ["Aberton", "110", "123", "136", "149", "162", "175"],
      ["Belmarsh", "247", "260", "273", "286", "299", "222"],
      ["Carrow", "384", "397", "320", "333", "346", "359"],
    ]);
  });
});

describe("a table whose header names wrap onto the unit of their figures", () => {
  it("keeps a header whose names end in a unit in brackets on the line of the first column's name one row", async () => {
    const columns = [72, 130, 230, 290, 370];
    const header = [
      ["", "Income", "Rate", "Allowance", "Allowance"],
      ["Band", "threshold", "(%)", "(US$)", "(£)"],
    ];
    const body = [
      ["A", "12,570", "0", "1,000", "850"],
      ["B", "50,270", "20", "750", "640"],
      ["C", "125,140", "40", "500", "425"],
    ];
    const lines: PdfLine[] = [...header, ...body].flatMap((row, index) =>
      row.flatMap((text, column) => (text ? [{ text, x: columns[column]!, y: 700 - index * 12, size: 9, bold: index < header.length }] : [])),
    );
    const rules: PdfRule[] = [{ rule: [70, 685, 450, 685] }, { rule: [70, 640, 450, 640] }];
    for (const page of [lines, [...rules, ...lines]]) {
      expect(tableRows(await toMarkdown([page]))).toEqual([["Band", "Income threshold", "Rate (%)", "Allowance (US$)", "Allowance (£)"], ...body]);
    }
  });
});

describe("a borderless table with rows taller than their text", () => {
  it("reads rows set well apart, their cells aligned to the top, as one table", async () => {
    // Note: as a spreadsheet prints rows given a fixed height: each row's text at its top, the rest
    // of the row empty, so the gap under a row's last line is wider than rows are usually apart.
    const rows: Row[] = [
      [["Recipient"], ["Project"], ["Status"]],
      [["Riverside Trust"], ["Restoring the riverside path", "and its lighting"], ["Approved"]],
      [["North Youth Club"], ["A summer sports programme"], ["Pending"]],
      [["Harbour Arts"], ["Murals on the harbour wall,", "painted with local schools", "over two summers"], ["Approved"]],
      [["Makers Lab"], ["Tools for the repair café"], ["Declined"]],
    ];
    const lines = rows.flatMap((row, index) => row.flatMap((cell, column) => cell.map((text, line): PdfLine => ({ text, x: [72, 200, 420][column]!, y: 700 - index * 52 - line * 12, size: 10 }))));
    expect(tableRows(await toMarkdown([lines]))).toEqual(rows.map((row) => row.map((cell) => cell.join(" "))));
  });
});

describe("a borderless table whose wrapped cells are aligned to the bottom", () => {
  // Note: as a spreadsheet prints a list with a long description wrapped in its cell: each row as
  // tall as its lines, every other cell on the row's last line (spreadsheets align cells to the
  // bottom), the amount right-aligned just before the status.
  const rows = [
    ["Ref", "Recipient", "Description of works", "Amount", "Status"],
    ["G-101", "Riverside Trust", "Public parks and open spaces including playground equipment", "$7,250", "Pending"],
    ["G-102", "Harbour Arts", "Spaces including playground equipment", "$5,000", "Declined"],
    ["G-103", "Riverside Trust", "Repairs to the inspection sheds and seasonal planting", "$18,750", "Approved"],
    ["G-104", "North Youth Club", "Annual maintenance of public", "$13,000", "Approved"],
    ["G-105", "North Youth Club", "Parks and open spaces including playground equipment inspection", "$2,500", "Approved"],
    ["G-106", "Riverside Trust", "Seasonal planting across all districts", "$6,750", "Declined"],
    ["G-107", "Harbour Arts", "Parks and open spaces", "$2,250", "Declined"],
    ["G-108", "Bike Kitchen", "Maintenance of public parks and open spaces including", "$19,000", "Approved"],
  ];
  /** A description wrapped at about 24 characters, as the cell's width would. */
  const wrap = (text: string): string[] =>
    text.split(" ").reduce<string[]>((lines, word) => {
      const last = lines.at(-1);
      if (last !== undefined && last.length + word.length < 24) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
      return lines;
    }, []);

  function printed(): PdfLine[] {
    const lines: PdfLine[] = [];
    let y = 720;
    for (const [index, [ref, recipient, description, amount, status]] of rows.entries()) {
      const wrapped = index === 0 ? [description!] : wrap(description!);
      wrapped.forEach((text, line) => lines.push({ text, x: 230, y: y - line * 12.8, size: 10 }));
      y -= (wrapped.length - 1) * 12.8;
      const amountX = index === 0 ? 407 : 440 - numberWidth(amount!, 10);
      lines.push({ text: ref!, x: 72, y, size: 10 }, { text: recipient!, x: 112, y, size: 10 }, { text: amount!, x: amountX, y, size: 10 }, { text: status!, x: 443, y, size: 10 });
      y -= 12.8;
    }
    return lines;
  }

  it("reads each row with the lines of its description above its own line", async () => {
    expect(tableRows(await toMarkdown([printed()]))).toEqual(rows);
  });
});

describe("a statistical table with group headers over its columns", () => {
  it("writes a group header in the first column of those the rule under it spans", async () => {
    // Note: as booktabs or a browser sets it: each group name centred over its columns, a short
    // rule under it across them, the figures flush right in columns 60 points wide.
    const columnRights = [220, 280, 340, 400, 460];
    const figures = (y: number, label: string, values: readonly string[]): PdfLine[] => [
      { text: label, x: 72, y, size: 9 },
      ...values.map((text, index): PdfLine => ({ text, x: columnRights[index]! - numberWidth(text, 9), y, size: 9 })),
    ];
    const centred = (text: string, left: number, right: number, y: number): PdfLine => ({ text, x: (left + right) / 2 - text.length * 2.2, y, size: 9 });
    const lines: PdfLine[] = [
      centred("Population (thousands)", 165, 340, 700),
      centred("Change (%)", 345, 460, 700),
      ...["Region", "2019", "2020", "2021", "2019-20", "2020-21"].map((text, index): PdfLine => ({ text, x: index === 0 ? 72 : columnRights[index - 1]! - text.length * 5, y: 686, size: 9 })),
      ...figures(670, "North", ["1,234", "1,250", "1,261", "1.3", "0.9"]),
      ...figures(658, "South", ["2,905", "2,887", "2,902", "(0.6)", "0.5"]),
      ...figures(646, "East", ["987", "1,001", "1,010", "1.4", "0.9"]),
    ];
    const rules: PdfRule[] = [
      { rule: [70, 712, 462, 712] },
      { rule: [165, 696, 340, 696] },
      { rule: [345, 696, 460, 696] },
      { rule: [70, 682, 462, 682] },
      { rule: [70, 640, 462, 640] },
    ];
    const rows = tableRows(await toMarkdown([[...rules, ...lines]]));
    expect(rows[0]).toEqual(["", "Population (thousands)", "", "", "Change (%)", ""]);
    expect(rows.slice(1)).toEqual([
      ["Region", "2019", "2020", "2021", "2019-20", "2020-21"],
      ["North", "1,234", "1,250", "1,261", "1.3", "0.9"],
      ["South", "2,905", "2,887", "2,902", "(0.6)", "0.5"],
      ["East", "987", "1,001", "1,010", "1.4", "0.9"],
    ]);
  });
});

describe("a table in a box with no rules between its columns", () => {
  it("ends at the box's bottom rule, leaving a marked list under it out of its rows", async () => {
    // Note: as tbl's `box` draws it: four rules round the table, none inside.
    const cellsAt = (cells: readonly string[], y: number): PdfLine[] => cells.map((text, index) => ({ text, x: [200, 280, 350][index]!, y, size: 10 }));
    const item = (text: string, y: number): PdfLine[] => [
      { text: "-", x: 72, y, size: 10 },
      { text, x: 108, y, size: 10 },
    ];
    const markdown = await toMarkdown([
      [
        { text: "Samples were taken at each station once a month.", x: 72, y: 720, size: 10 },
        { rule: [190, 706, 400, 706] },
        { rule: [190, 656, 400, 656] },
        { rule: [190, 706, 190, 656] },
        { rule: [400, 706, 400, 656] },
        ...cellsAt(["River", "Samples", "Mean pH"], 694),
        ...cellsAt(["Avon", "12", "7.1"], 680),
        ...cellsAt(["Severn", "8", "6.9"], 666),
        ...item("First item about sampling depth.", 640),
        ...item("Second item about sample storage.", 626),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["River", "Samples", "Mean pH"],
      ["Avon", "12", "7.1"],
      ["Severn", "8", "6.9"],
    ]);
    expect(outsideTables(markdown)).toContain("- First item about sampling depth.\n- Second item about sample storage.");
  });

  it("keeps a header's cell spanning two columns and its cell spanning both header lines in the table", async () => {
    // Note: as tbl sets `c s` over `c c` with `\^` beside them: "Visits" centred over "Adults" and
    // "Children", "Branch" half a line under it, centred on the header's two lines.
    const lines: PdfLine[] = [
      { text: "Visits to the branch libraries rose in every quarter of the year.", x: 97, y: 720, size: 10 },
      { text: "Visits", x: 303.1, y: 702, size: 10 },
      { text: "Branch", x: 223.2, y: 696, size: 10 },
      { text: "Adults", x: 276.1, y: 690, size: 10 },
      { text: "Children", x: 317.8, y: 690, size: 10 },
      ...[["Central", "48200", "12900"], ["Eastside", "15400", "6100"], ["Riverside", "9800", "4300"]].flatMap((cells, row): PdfLine[] =>
        cells.map((text, column) => ({ text, x: [223.2, 277, 322.8][column]!, y: 676 - row * 12, size: 10 })),
      ),
    ];
    const markdown = await toMarkdown([
      [...lines, { rule: [218, 712, 358, 712] }, { rule: [218, 684, 358, 684] }, { rule: [218, 638, 358, 638] }, { rule: [218, 712, 218, 638] }, { rule: [358, 712, 358, 638] }],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Branch", "Visits", ""],
      ["", "Adults", "Children"],
      ["Central", "48200", "12900"],
      ["Eastside", "15400", "6100"],
      ["Riverside", "9800", "4300"],
    ]);
    expect(outsideTables(markdown)).not.toContain("Branch");
  });

  it("keeps a header's cell spanning two columns in the table, with cells spanning both header lines on either side", async () => {
    // Note: as a browser sets `colspan` and `rowspan` header cells: "Visits" on the header's first
    // line, centred over "Adults" and "Children" on its second, "Branch" and "Total" centred
    // between the two lines; "Branch" centred over its column, the labels under it set left.
    const lines: PdfLine[] = [
      { text: "Table 4. Library visits by branch, 2024", x: 34, y: 760, size: 12 },
      { text: "Visits", x: 150, y: 728, size: 12 },
      { text: "Branch", x: 46, y: 718, size: 12 },
      { text: "Total", x: 241, y: 718, size: 12 },
      { text: "Adults", x: 112, y: 708, size: 12 },
      { text: "Children", x: 168, y: 708, size: 12 },
      ...[["Northgate", "12,400", "5,310", "17,710"], ["Riverside", "8,920", "4,105", "13,025"], ["Old Town", "15,002", "6,740", "21,742"]].flatMap((cells, row): PdfLine[] =>
        cells.map((text, column) => ({ text, x: [40, 112, 168, 241][column]!, y: 688 - row * 20, size: 12 })),
      ),
    ];
    const markdown = await toMarkdown([lines]);
    expect(tableRows(markdown)).toEqual([
      ["Branch", "Visits", "", "Total"],
      ["", "Adults", "Children", ""],
      ["Northgate", "12,400", "5,310", "17,710"],
      ["Riverside", "8,920", "4,105", "13,025"],
      ["Old Town", "15,002", "6,740", "21,742"],
    ]);
    expect(outsideTables(markdown)).not.toContain("Visits");
  });
});

describe("a table ruled between groups of rows, a label spanning each group's rows", () => {
  it("reads each line of figures beside the spanning label as a row of its own", async () => {
    // Note: as LaTeX's booktabs and multirow set it: the label centred between its rows' lines.
    const columns = [72, 160, 240, 320];
    const cellsAt = (cells: readonly (string | undefined)[], y: number): PdfLine[] =>
      cells.flatMap((text, index) => (text === undefined ? [] : [{ text, x: columns[index]!, y, size: 10 }]));
    const markdown = await toMarkdown([
      [
        { rule: [70, 712, 400, 712] },
        ...cellsAt(["Arm", "Dose", "Patients", "Responders"], 700),
        { rule: [70, 694, 400, 694] },
        ...cellsAt(["Placebo", "none", "60", "9"], 682),
        { rule: [70, 676, 400, 676] },
        ...cellsAt([undefined, "10 mg", "58", "21"], 664),
        ...cellsAt(["Drug A"], 658),
        ...cellsAt([undefined, "20 mg", "61", "30"], 652),
        { rule: [70, 646, 400, 646] },
        ...cellsAt([undefined, "10 mg", "59", "18"], 634),
        ...cellsAt(["Drug B"], 628),
        ...cellsAt([undefined, "20 mg", "57", "26"], 622),
        { rule: [70, 616, 400, 616] },
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Arm", "Dose", "Patients", "Responders"],
      ["Placebo", "none", "60", "9"],
      ["Drug A", "10 mg", "58", "21"],
      ["", "20 mg", "61", "30"],
      ["Drug B", "10 mg", "59", "18"],
      ["", "20 mg", "57", "26"],
    ]);
  });
});

describe("an invoice's totals under its items", () => {
  it("reads each total (its label in a middle column, its amount in pounds under the amounts) as a row of its own", async () => {
    // Note: as an invoice sets them: the items ruled under their header only, the totals set under
    // the items at the same pitch, nothing in the first columns.
    const columns = [72, 130, 340, 390, 470];
    const cellsAt = (cells: readonly (string | undefined)[], y: number): PdfLine[] =>
      cells.flatMap((text, index) => (text === undefined ? [] : [{ text, x: columns[index]!, y, size: 10 }]));
    const markdown = await toMarkdown([
      [
        ...cellsAt(["Item", "Description", "Qty", "Unit price", "Amount"], 700),
        { rule: [70, 694, 530, 694] },
        ...cellsAt(["A-100", "Exercise books, A4 lined, pack of 50", "4", "£18.50", "£74.00"], 682),
        ...cellsAt(["B-220", "Whiteboard markers, assorted colours", "10", "£6.20", "£62.00"], 670),
        ...cellsAt(["C-310", "Printer paper, 5 reams", "6", "£21.00", "£126.00"], 658),
        ...cellsAt([undefined, undefined, "Subtotal", undefined, "£262.00"], 640),
        ...cellsAt([undefined, undefined, "VAT (20%)", undefined, "£52.40"], 628),
        ...cellsAt([undefined, undefined, "Total due", undefined, "£314.40"], 616),
      ],
    ]);
    expect(tableRows(markdown).slice(-3)).toEqual([
      ["", "", "Subtotal", "", "£262.00"],
      ["", "", "VAT (20%)", "", "£52.40"],
      ["", "", "Total due", "", "£314.40"],
    ]);
  });
});

describe("a list set in two columns over a ruled table", () => {
  it("ends at the table's frame: the table's rows are its own, not more of the list's", async () => {
    // Note: as groff's -mm sets a `.VL` list of options (term, then its text at a tab), then a heading and an `allbox` table.
    const option = (term: string, text: string, y: number): PdfLine[] => [
      { text: term, x: 72, y, size: 10 },
      { text, x: 160, y, size: 10 },
    ];
    const markdown = await toMarkdown([
      [
        ...option("--verbose", "Print every file as it is processed.", 720),
        ...option("--dry-run", "Show what would be done without changing anything.", 708),
        ...option("--output", "Write the results to the named directory.", 696),
        { text: "Exit codes", x: 72, y: 672, size: 10 },
        ...ruledTable(200, 660, [60, 140], [[["Code"], ["Meaning"]], [["0"], ["Success"]], [["2"], ["Input file not found"]]]),
      ],
    ]);
    const tables = markdown.split(/\n\n+/).filter((block) => block.startsWith("|"));
    expect(tables).toHaveLength(2);
    expect(tableRows(tables[1]!)).toEqual([
      ["Code", "Meaning"],
      ["0", "Success"],
      ["2", "Input file not found"],
    ]);
  });
});

describe("a long table whose rules frame its header alone on a page", () => {
  it("reads the rows under the header's rules as the table's body", async () => {
    // Note: as LaTeX's longtable with booktabs sets a page of it: rules over and under the header, none under the body on that page.
    const cellsAt = (cells: readonly string[], y: number): PdfLine[] => cells.map((text, index) => ({ text, x: [200, 290, 370][index]!, y, size: 10 }));
    const markdown = await toMarkdown([
      [
        { rule: [195, 712, 420, 712] },
        ...cellsAt(["Employee", "Department", "Extension"], 700),
        { rule: [195, 694, 420, 694] },
        ...cellsAt(["Alice Adams", "Finance", "4100"], 680),
        ...cellsAt(["Bilal Brown", "Sales", "4101"], 667),
        ...cellsAt(["Chen Clark", "Legal", "4102"], 654),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Employee", "Department", "Extension"],
      ["Alice Adams", "Finance", "4100"],
      ["Bilal Brown", "Sales", "4101"],
      ["Chen Clark", "Legal", "4102"],
    ]);
  });
});

describe("a timetable whose columns of times are set close together", () => {
  // Note: Helvetica widths in ems of the characters used.
  const WIDTHS: Record<string, number> = { ":": 0.278, M: 0.833, T: 0.611, W: 0.944, F: 0.611, S: 0.667, o: 0.556, n: 0.556, u: 0.556, e: 0.556, d: 0.556, h: 0.556, r: 0.333, i: 0.222, t: 0.278, p: 0.556 };
  const widthOf = (text: string, size: number): number => [...text].reduce((sum, character) => sum + (WIDTHS[character] ?? 0.556) * size, 0);

  it("parts the times of each row into their columns, though less than half an em lies between them", async () => {
    // Note: as a browser prints an HTML timetable with two points of padding (a tagged PDF, each
    // cell's text an item of its own): every cell right-aligned, the times 5.5 points (0.46 em)
    // apart in every row, the day names closer than a run break.
    const rows = [
      ["Stop", "Mon", "Tue", "Wed", "Thu", "Fri"],
      ["Bus station", "07:05", "07:05", "07:05", "07:05", "08:15"],
      ["Market Square", "07:12", "07:12", "07:12", "07:12", "08:22"],
      ["Hospital", "07:20", "07:20", "07:20", "07:20", "08:30"],
      ["Railway station", "07:31", "07:31", "07:31", "07:31", "08:41"],
    ];
    const ends = [200, 235.5, 271, 306.5, 342];
    const lines: PdfLine[] = rows.flatMap((row, index) =>
      row.map((text, column): PdfLine => ({ text, x: column === 0 ? 72 : ends[column - 1]! - widthOf(text, 12), y: 700 - index * 17, size: 12 })),
    );
    const markdown = (await convert(makePdf([lines], { tagged: true }), { filename: "table.pdf" })).markdown;
    expect(tableRows(markdown)).toEqual(rows);
  });

  it("reads rows of times that rise down the last column as a table, not as a table of contents", async () => {
    // Note: a timetable without a header: each row a stop and its times, the last column's times
    // rising from row to row as page numbers do in a table of contents.
    const rows = [
      ["Harbour", "0610", "0645", "0720", "0755"],
      ["Quay Street", "0616", "0651", "0726", "0801"],
      ["Station", "0622", "0657", "0732", "0807"],
      ["College", "0628", "0703", "0738", "0813"],
    ];
    const lines: PdfLine[] = rows.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: column === 0 ? 60 : 150 + column * 31, y: 750 - index * 12, size: 8 })));
    expect(tableRows(await toMarkdown([[{ text: "Service 7: Mondays to Fridays", x: 60, y: 780, size: 12, bold: true }, ...lines]]))).toEqual(rows);
  });
});

describe("a table whose header has a group's name set flush left over its columns", () => {
  it("keeps the group's name in a row of its own over the names of its columns", async () => {
    // Note: as a browser prints `<th colspan=2>` in a table whose cells are set flush left: "Visits"
    // starts where "Adults" does, the names spanning the header's rows ("Branch", "Total") on its line.
    const figure = (text: string, right: number, y: number): PdfLine => ({ text, x: right - numberWidth(text, 11), y, size: 11 });
    const body = [
      ["Northgate", "12,400", "5,310", "17,710"],
      ["Riverside", "8,920", "4,105", "13,025"],
      ["Old Town", "15,002", "6,740", "21,742"],
    ];
    const lines: PdfLine[] = [
      { text: "Branch", x: 72, y: 700, size: 11 },
      { text: "Visits", x: 160, y: 700, size: 11 },
      { text: "Total", x: 290, y: 700, size: 11 },
      { text: "Adults", x: 160, y: 683, size: 11 },
      { text: "Children", x: 215, y: 683, size: 11 },
      ...body.flatMap((row, index) => [{ text: row[0]!, x: 72, y: 664 - index * 17, size: 11 }, ...[200, 262, 330].map((right, column) => figure(row[column + 1]!, right, 664 - index * 17))]),
    ];
    expect(tableRows(await toMarkdown([lines]))).toEqual([["Branch", "Visits", "", "Total"], ["", "Adults", "Children", ""], ...body]);
  });
});

describe("a table whose header has three levels of names centred over their columns", () => {
  it("keeps each level of the header in a row of its own", async () => {
    // Note: as a spreadsheet prints merged header cells centred: a year over two quarters, each
    // quarter over two classes of ticket, the first column's name on the header's last line.
    const left = (column: number): number => 150 + column * 50;
    const centredOver = (text: string, from: number, to: number, y: number): PdfLine => ({ text, x: (left(from) + left(to) + 40) / 2 - helveticaWidth(text, 10) / 2, y, size: 10 });
    const classes = ["First", "Std", "First", "Std", "First", "Std", "First", "Std"];
    const body = [
      ["Coastal", "12", "140", "14", "151", "13", "149", "15", "160"],
      ["Valley", "8", "96", "9", "101", "9", "99", "10", "108"],
      ["Express", "31", "210", "33", "222", "35", "230", "36", "241"],
    ];
    const lines: PdfLine[] = [
      centredOver("2023", 0, 3, 700),
      centredOver("2024", 4, 7, 700),
      ...["Q1", "Q2", "Q1", "Q2"].map((text, index) => centredOver(text, index * 2, index * 2 + 1, 687)),
      { text: "Route", x: 72, y: 674, size: 10 },
      ...classes.map((text, index) => centredOver(text, index, index, 674)),
      ...body.flatMap((row, index) => row.map((text, column): PdfLine => ({ text, x: column === 0 ? 72 : left(column - 1) + 40 - numberWidth(text, 10), y: 658 - index * 14, size: 10 }))),
    ];
    expect(tableRows(await toMarkdown([lines]))).toEqual([
      ["", "2023", "", "", "", "2024", "", "", ""],
      ["", "Q1", "", "Q2", "", "Q1", "", "Q2", ""],
      ["Route", ...classes],
      ...body,
    ]);
  });
});

describe("pdf tables: a page in a double border", () => {
  it("reads a certificate framed by a double border as text, not as a table of the border's columns", async () => {
    // Note: two boxes 4 points apart, as a browser draws `border: double`; the text is centred in them.
    const box = (inset: number): PdfRule[] => [
      { rule: [40 + inset, 60 + inset, 572 - inset, 60 + inset] },
      { rule: [40 + inset, 740 - inset, 572 - inset, 740 - inset] },
      { rule: [40 + inset, 60 + inset, 40 + inset, 740 - inset] },
      { rule: [572 - inset, 60 + inset, 572 - inset, 740 - inset] },
    ];
    const markdown = await toMarkdown([
      [
        ...box(0),
        ...box(4),
        { text: "Certificate of Achievement", x: 150, y: 640, size: 28 },
        { text: "presented to", x: 272, y: 580 },
        { text: "Oliver Mensah", x: 230, y: 540, size: 22 },
        { text: "for outstanding contribution to the Riverside Litter Pick", x: 160, y: 500 },
        { text: "Awarded 12 October 2024", x: 240, y: 470 },
      ],
    ]);
    expect(markdown).not.toContain("|");
    expect(markdown).toContain("# Certificate of Achievement");
    expect(markdown).toContain("for outstanding contribution to the Riverside Litter Pick");
  });
});

describe("a table without rules whose rows are told apart by their fills", () => {
  // Note: as LibreOffice prints a Writer table shaded every other row, no borders: each branch's
  // name spans its three rows at the left, so the rows under it leave the first column empty.
  const columns = [72, 170, 260, 330];
  const PITCH = 18;
  const header = ["Branch", "Day", "Opens", "Closes"];
  const body: (string | undefined)[][] = [
    ["Central", "Monday", "09:00", "20:00"],
    [undefined, "Saturday", "10:00", "17:00"],
    [undefined, "Sunday", "12:00", "16:00"],
    ["Riverside", "Monday", "09:30", "18:00"],
    [undefined, "Saturday", "10:00", "13:00"],
    [undefined, "Sunday", "-", "-"],
  ];
  const expected = [header, ...body.map((row) => row.map((cell) => cell ?? ""))];
  const WHITE: [number, number, number] = [1, 1, 1];
  const DARK: [number, number, number] = [0.2, 0.3, 0.6];
  const TINT: [number, number, number] = [0.85, 0.89, 0.95];
  const PAGE: PdfFill["fill"] = [0, 0, 612, 792];

  /**
   * The table's lines, a dark header with white text and every other row of the body tinted beside
   * the names' column; `clipped` paints each fill as the page clipped to its box; `centred` sets
   * each branch's name on the middle one of its rows, over a fill of its own spanning them.
   */
  function stripedTable({ clipped = false, centred = false } = {}): PageItem[] {
    const fill = (box: PdfFill["fill"], colour: [number, number, number]): PdfFill => (clipped ? { fill: PAGE, colour, clip: box } : { fill: box, colour });
    const rowBox = (baseline: number, left: number, right = 400): PdfFill["fill"] => [left, baseline - 6, right, baseline + 12];
    const items: PageItem[] = [{ text: "Opening hours by branch", x: 72, y: 720, size: 10 }];
    items.push(fill(rowBox(690, 68), DARK));
    header.forEach((text, column) => items.push({ text, x: columns[column]!, y: 690, size: 10, bold: true, colour: WHITE }));
    body.forEach((row, index) => {
      const baseline = 690 - (index + 1) * PITCH;
      if (index % 2 === 1) items.push(fill(rowBox(baseline, 166), TINT));
      const [name, ...others] = row;
      if (name !== undefined && centred) {
        items.push(fill([68, baseline - 2 * PITCH - 6, 166, baseline + 12], TINT));
        items.push({ text: name, x: columns[0]!, y: baseline - PITCH, size: 10 });
      } else if (name !== undefined) items.push({ text: name, x: columns[0]!, y: baseline, size: 10 });
      others.forEach((text, column) => text !== undefined && items.push({ text, x: columns[column + 1]!, y: baseline, size: 10 }));
    });
    items.push({ text: "Branches close on bank holidays.", x: 72, y: 540, size: 10 });
    return items;
  }

  it("reads each tinted and each plain row as a row of its own, the branch in its first row only", async () => {
    expect(tableRows(await toMarkdown([stripedTable()]))).toEqual(expected);
  });

  it("reads the rows so where each fill is the page clipped to its row (as WeasyPrint paints backgrounds)", async () => {
    expect(tableRows(await toMarkdown([stripedTable({ clipped: true })]))).toEqual(expected);
  });

  it("writes a name centred on the rows it spans, over one fill behind them, in the first of them", async () => {
    // Note: as a browser sets a `rowspan` cell (vertical-align: middle) with a background of its own.
    expect(tableRows(await toMarkdown([stripedTable({ centred: true })]))).toEqual(expected);
  });

  it("keeps a figure on its own row where a fill behind it spans rows no other fill divides (a bar of a chart)", async () => {
    const items: PageItem[] = [
      ...["Site", "Bags", "Bins"].map((text, column) => ({ text, x: [72, 170, 260][column]!, y: 700, size: 10, bold: true })),
      { fill: [250, 630, 290, 680], colour: [0.3, 0.4, 0.8] },
      ...[
        ["Ashby", "14", ""],
        ["Brent", "9", "31"],
        ["Colne", "22", ""],
      ].flatMap((row, index) => row.flatMap((text, column) => (text === "" ? [] : [{ text, x: [72, 170, 260][column]!, y: 670 - index * 15, size: 10 }]))),
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Site", "Bags", "Bins"],
      ["Ashby", "14", ""],
      ["Brent", "9", "31"],
      ["Colne", "22", ""],
    ]);
  });

  it("keeps a plain header row apart from the first striped row under it, a section's name alone", async () => {
    // Note: as reportlab's ROWBACKGROUNDS stripe a quotation: the header on white, then grey and
    // white rows by turns, the first of them naming a section.
    const rows = [["Item", "Qty", "Unit price", "Amount"], ["Labour", "", "", ""], ["Rebar 12mm", "30", "$195.54", "$5,866.11"], ["Timber framing", "36", "$219.54", "$7,903.38"]];
    const items: PageItem[] = rows.flatMap((row, index): PageItem[] => {
      const baseline = 700 - index * 17;
      const cells = row.flatMap((text, column): PageItem[] => (text === "" ? [] : [{ text, x: [72, 250, 320, 420][column]!, y: baseline, size: 10 }]));
      return index % 2 === 1 ? [{ fill: [68, baseline - 5, 490, baseline + 12], colour: [0.9, 0.9, 0.9] }, ...cells] : cells;
    });
    expect(tableRows(await toMarkdown([items]))).toEqual(rows);
  });

  it("keeps a cell wrapped onto two lines one cell, though a word of its second line is highlighted", async () => {
    const items: PageItem[] = [
      ...["Item", "Note", "Cost"].map((text, column) => ({ text, x: [72, 170, 330][column]!, y: 700, size: 10, bold: true })),
      { text: "Boiler", x: 72, y: 682, size: 10 },
      { text: "Replaced in spring after", x: 170, y: 682, size: 10 },
      { text: "1,200", x: 330, y: 682, size: 10 },
      { fill: [168, 665, 200, 677], colour: [1, 0.9, 0.3] },
      { text: "the leak", x: 170, y: 669, size: 10 },
      { text: "Roof", x: 72, y: 651, size: 10 },
      { text: "Patched", x: 170, y: 651, size: 10 },
      { text: "450", x: 330, y: 651, size: 10 },
      { text: "Gutters", x: 72, y: 633, size: 10 },
      { text: "Cleared", x: 170, y: 633, size: 10 },
      { text: "80", x: 330, y: 633, size: 10 },
    ];
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Item", "Note", "Cost"],
      ["Boiler", "Replaced in spring after the leak", "1,200"],
      ["Roof", "Patched", "450"],
      ["Gutters", "Cleared", "80"],
    ]);
  });
});

describe("a table without rules or fills whose first column's names span rows", () => {
  // Note: as a browser prints a table with `rowspan` cells set at the top, no borders: the rows
  // under a spanning name leave the first column empty.
  const columns = [72, 140, 220, 270, 330, 380];
  const PITCH = 15;
  const cellsAt = (cells: readonly (string | undefined)[], y: number, bold = false): PdfLine[] =>
    cells.flatMap((text, index) => (text === undefined ? [] : [{ text, x: columns[index]!, y, size: 10, bold }]));
  const body: (string | undefined)[][] = [
    ["Northern", "Alnwick", "14", "3,120", "15", "3,305"],
    [undefined, "Berwick", "9", "1,884", "9", "1,962"],
    [undefined, "Consett", "11", "2,407", "12", "2,511"],
    ["Southern", "Dover", "21", "4,630", "20", "4,702"],
    [undefined, "Eastbourne", "17", "3,998", "18", "4,150"],
  ];
  const bodyRows = body.map((row) => row.map((cell) => cell ?? ""));
  const bodyLines = (top: number): PdfLine[] => body.flatMap((row, index) => cellsAt(row, top - index * PITCH));

  it("reads the first row beside each spanning name, and each row under it, as rows of their own", async () => {
    const markdown = await toMarkdown([[...cellsAt(["Region", "Site", "Staff", "Visits", "Staff", "Visits"], 700, true), ...bodyLines(700 - PITCH)]]);
    expect(tableRows(markdown)).toEqual([["Region", "Site", "Staff", "Visits", "Staff", "Visits"], ...bodyRows]);
  });

  it("keeps a header's group names, beside names spanning both its lines, in a row of their own over the names of their columns", async () => {
    // Note: "2023" and "2024" are centred over the two columns each spans; "Region" and "Site" span both lines of the header.
    const centredOver = (text: string, from: number): PdfLine => ({ text, x: (columns[from]! + columns[from + 1]! + 20) / 2 - helveticaWidth(text, 10) / 2, y: 700, size: 10, bold: true });
    const markdown = await toMarkdown([
      [
        ...cellsAt(["Region", "Site"], 700, true),
        centredOver("2023", 2),
        centredOver("2024", 4),
        ...cellsAt([undefined, undefined, "Staff", "Visits", "Staff", "Visits"], 700 - PITCH, true),
        ...bodyLines(700 - 2 * PITCH),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([["Region", "Site", "2023", "", "2024", ""], ["", "", "Staff", "Visits", "Staff", "Visits"], ...bodyRows]);
  });
});

describe("a grid whose rules close over each row's capitals, a label spanning its group's rows", () => {
  it("writes each group's label in its first row, though it is set on the middle one", async () => {
    // Note: as LaTeX sets `\multirow` in a tabular ruled with `\hline` and `\cline`: each rule
    // 9 points over the next row's baseline (inside a 10-point font's size), the label centred on
    // its group's rows, `\cline` under the other columns between them.
    const edges = [88, 150, 230, 290, 350];
    const PITCH = 14;
    const items: PageItem[] = [];
    const rows: (string | undefined)[][] = [
      ["Faculty", "Course", "Full", "Part"],
      [undefined, "History", "210", "35"],
      ["Arts", "Music", "88", "12"],
      [undefined, "Philosophy", "64", "20"],
      [undefined, "Biology", "305", "18"],
      ["Science", "Chemistry", "240", "9"],
      [undefined, "Physics", "190", "6"],
    ];
    rows.forEach((row, index) => {
      const baseline = 700 - index * PITCH;
      row.forEach((text, column) => text !== undefined && items.push({ text, x: edges[column]! + 4, y: baseline, size: 10 }));
      const ruleY = baseline + 9;
      // \hline over the header, the first row and each group; \cline{2-4} between a group's rows.
      const full = index <= 1 || index === 4;
      items.push({ rule: [full ? edges[0]! : edges[1]!, ruleY, edges.at(-1)!, ruleY] });
    });
    const bottom = 700 - rows.length * PITCH + 9;
    items.push({ rule: [edges[0]!, bottom, edges.at(-1)!, bottom] });
    for (const x of edges) items.push({ rule: [x, 709, x, bottom] });
    expect(tableRows(await toMarkdown([items]))).toEqual([
      ["Faculty", "Course", "Full", "Part"],
      ["Arts", "History", "210", "35"],
      ["", "Music", "88", "12"],
      ["", "Philosophy", "64", "20"],
      ["Science", "Biology", "305", "18"],
      ["", "Chemistry", "240", "9"],
      ["", "Physics", "190", "6"],
    ]);
  });
});

describe("ruled tables set one under the other", () => {
  it("reads two ruled grids set a point or two apart, with different columns, as two tables", async () => {
    // Rows are 19 points high: the first grid's bottom border is at 700 - 4 × 19 = 624; the
    // second's top border 2 points lower, its left border in line with the first's.
    const markdown = await toMarkdown([
      [
        ...ruledTable(72, 700, [60, 90, 90], [
          [["Route"], ["Operator"], ["Buses per hour"]],
          [["1"], ["Citylink"], ["6"]],
          [["4A"], ["Citylink"], ["4"]],
          [["12"], ["Greenway"], ["2"]],
        ]),
        ...ruledTable(72, 622, [100, 50, 70, 90], [
          [["Stop"], ["Zone"], ["Shelter"], ["Step-free"]],
          [["Bridge Street"], ["1"], ["Yes"], ["Yes"]],
          [["Canal Lane"], ["1"], ["No"], ["Yes"]],
        ]),
      ],
    ]);
    const tables = markdown.split(/\n{2,}/).filter((block) => block.startsWith("|")).map(tableRows);
    expect(tables).toEqual([
      [
        ["Route", "Operator", "Buses per hour"],
        ["1", "Citylink", "6"],
        ["4A", "Citylink", "4"],
        ["12", "Greenway", "2"],
      ],
      [
        ["Stop", "Zone", "Shelter", "Step-free"],
        ["Bridge Street", "1", "Yes", "Yes"],
        ["Canal Lane", "1", "No", "Yes"],
      ],
    ]);
  });

  it("keeps a grid whose middle column has a cell spanning rows in one table (its row rules broken either side of it)", async () => {
    const markdown = await toMarkdown([
      ruledTable(72, 700, [90, 80, 60, 60], [
        [["Product"], ["Warehouse"], ["Min"], ["Max"]],
        [["Bolts M6"], ["Leeds"], ["500"], ["5,000"]],
        [["Bolts M8"], undefined, ["400"], ["4,000"]],
        [["Washers"], undefined, ["1,000"], ["9,000"]],
        [["Hinges"], ["Derby"], ["50"], ["600"]],
        [["Brackets"], undefined, ["80"], ["900"]],
      ]),
    ]);
    expect(markdown.split(/\n{2,}/).filter((block) => block.startsWith("|")).map(tableRows)).toEqual([
      [
        ["Product", "Warehouse", "Min", "Max"],
        ["Bolts M6", "Leeds", "500", "5,000"],
        ["Bolts M8", "", "400", "4,000"],
        ["Washers", "", "1,000", "9,000"],
        ["Hinges", "Derby", "50", "600"],
        ["Brackets", "", "80", "900"],
      ],
    ]);
  });
});

describe("ruled tables set side by side", () => {
  it("reads two ruled grids side by side, their rows level, as two tables, the left one first", async () => {
    const markdown = await toMarkdown([
      [
        { text: "Leisure services in four boroughs.", x: 72, y: 730, size: 10 },
        ...ruledTable(72, 700, [70, 60, 80], [
          [["Borough"], ["Libraries"], ["Loans"]],
          [["Camden"], ["10"], ["1,204"]],
          [["Hackney"], ["8"], ["981"]],
        ]),
        ...ruledTable(300, 700, [70, 50, 80], [
          [["Borough"], ["Pools"], ["Visits"]],
          [["Camden"], ["4"], ["612"]],
          [["Hackney"], ["5"], ["744"]],
        ]),
      ],
    ]);
    expect(markdown.split(/\n{2,}/).filter((block) => block.startsWith("|")).map(tableRows)).toEqual([
      [
        ["Borough", "Libraries", "Loans"],
        ["Camden", "10", "1,204"],
        ["Hackney", "8", "981"],
      ],
      [
        ["Borough", "Pools", "Visits"],
        ["Camden", "4", "612"],
        ["Hackney", "5", "744"],
      ],
    ]);
  });
});

describe("borderless tables set one under the other", () => {
  it("ends a borderless table over the caption of the next, though the caption starts in its first column", async () => {
    const row = (y: number, cells: readonly string[]): PdfLine[] => cells.map((text, index) => ({ text, x: [72, 200, 260, 320][index]!, y, size: 9 }));
    const markdown = await toMarkdown([
      [
        { text: "Table A. Main heating fuel", x: 72, y: 730, size: 10 },
        ...row(716, ["Fuel", "Homes", "Share"]),
        ...row(704, ["Mains gas", "18,204", "74.1"]),
        ...row(692, ["Electricity", "2,310", "9.4"]),
        ...row(680, ["Oil", "1,105", "4.5"]),
        { text: "Table B. Tenure", x: 72, y: 664, size: 10 },
        ...row(650, ["Tenure", "Homes", "Share", "Mean age"]),
        ...row(638, ["Owner occupied", "15,640", "63.7", "51"]),
        ...row(626, ["Private rented", "4,702", "19.1", "38"]),
      ],
    ]);
    expect(markdown.split(/\n{2,}/).filter((block) => block.startsWith("|")).map(tableRows)).toEqual([
      [
        ["Fuel", "Homes", "Share"],
        ["Mains gas", "18,204", "74.1"],
        ["Electricity", "2,310", "9.4"],
        ["Oil", "1,105", "4.5"],
      ],
      [
        ["Tenure", "Homes", "Share", "Mean age"],
        ["Owner occupied", "15,640", "63.7", "51"],
        ["Private rented", "4,702", "19.1", "38"],
      ],
    ]);
    expect(markdown).toContain("Table B. Tenure");
  });
});

describe("a header whose names the text layer joined", () => {
  it("cuts a header whose right-aligned names the text layer joined where the figures under the first end", async () => {
    // Note: as reportlab sets a table of figures: each name flush right over its figures, the
    // column on the right narrow, so its name starts half an em after the name before it ends and
    // the text layer reads both as one item. In Helvetica-Bold "Median pay" is 5.446 em wide,
    // "Change (%)" 5.5 em; the pay figures are all 3.058 em ("18,000"), too alike to show they
    // are set flush right.
    const edges = [300, 360];
    const row = (y: number, label: string, figures: readonly string[]): PdfLine[] => [
      { text: label, x: 72, y, size: 10 },
      ...figures.map((text, index): PdfLine => ({ text, x: edges[index]! - helveticaWidth(text, 10), y, size: 10 })),
    ];
    const markdown = await toMarkdown([
      [
        { text: "Annual pay by occupation.", x: 72, y: 730, size: 10 },
        { text: "Occupation", x: 72, y: 700, size: 10, bold: true },
        { text: "Median pay", x: 300 - 54.46, y: 700, size: 10, bold: true },
        { text: "Change (%)", x: 360 - 55, y: 700, size: 10, bold: true },
        ...row(684, "Chief executives", ["18,000", "-2.0"]),
        ...row(668, "Production managers", ["25,717", "-0.7"]),
        ...row(652, "Financial managers", ["33,434", "0.6"]),
        ...row(636, "Civil engineers", ["41,151", "12.9"]),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Occupation", "Median pay", "Change (%)"],
      ["Chief executives", "18,000", "-2.0"],
      ["Production managers", "25,717", "-0.7"],
      ["Financial managers", "33,434", "0.6"],
      ["Civil engineers", "41,151", "12.9"],
    ]);
  });
});

describe("a group's name over the columns it spans", () => {
  const flushRight = (text: string, right: number, y: number, size = 10): PdfLine => ({ text, x: right - helveticaWidth(text, size), y, size });

  it("leaves a name set flush left in its own column, after a column of right-aligned figures, where it is", async () => {
    // Note: as a spreadsheet prints a header: "Balances" centred over two columns, "Rate" flush
    // left in the next (as text is), over "(annual)" set flush right as the figures are.
    const edges = [200, 270, 330];
    const row = (y: number, label: string, figures: readonly string[]): PdfLine[] => [{ text: label, x: 72, y, size: 10 }, ...figures.map((figure, index) => flushRight(figure, edges[index]!, y))];
    const markdown = await toMarkdown([
      [
        { text: "Ledger balances at the year end.", x: 72, y: 730, size: 10 },
        { text: "Balances", x: 205 - helveticaWidth("Balances", 10) / 2, y: 700, size: 10 },
        { text: "Rate", x: 272, y: 700, size: 10 },
        ...row(686, "Account", ["Opening", "Movement", "(annual)"]),
        ...row(670, "Account 1000", ["1,629", "71", "5.1%"]),
        ...row(656, "Account 1003", ["35,632", "18", "9.2%"]),
        ...row(642, "Account 1006", ["32,635", "(35)", "4.3%"]),
        ...row(628, "Account 1009", ["29,638", "(188)", "9.1%"]),
      ],
    ]);
    expect(tableRows(markdown).slice(0, 3)).toEqual([
      ["", "Balances", "", "Rate"],
      ["Account", "Opening", "Movement", "(annual)"],
      ["Account 1000", "1,629", "71", "5.1%"],
    ]);
  });

  it("does not spread a name over a column past a column rule beside it", async () => {
    // Note: as a spreadsheet prints its grid: "Account" in cells merged down two rows, "Balances"
    // in cells merged over two columns (no rule between them on its row), "Rate" in the next
    // cell, flush left 2 points from its rule.
    const columns = [72, 152, 242, 312, 372];
    const rows = [700, 684, 668, 652, 636];
    const rules: PdfRule[] = [
      ...rows.map((y, index): PdfRule => ({ rule: [index === 1 ? columns[1]! : columns[0]!, y, columns[4]!, y] })),
      ...columns.map((x, index): PdfRule => ({ rule: [x, index === 2 ? rows[1]! : rows[0]!, x, rows[4]!] })),
    ];
    const row = (y: number, label: string, cells: readonly string[]): PdfLine[] => [{ text: label, x: 74, y, size: 10 }, ...cells.map((cell, index) => flushRight(cell, columns[index + 2]! - 4, y))];
    const markdown = await toMarkdown([
      [
        ...rules,
        { text: "Balances", x: (columns[1]! + columns[3]!) / 2 - helveticaWidth("Balances", 10) / 2, y: 689, size: 10 },
        { text: "Rate", x: 314, y: 689, size: 10 },
        ...row(673, "Account", ["Opening", "Movement", "(annual)"]),
        ...row(657, "Account 1000", ["1,629", "71", "5.1%"]),
        ...row(641, "Account 1003", ["35,632", "(35)", "9.2%"]),
      ],
    ]);
    expect(tableRows(markdown)).toEqual([
      ["Account", "Balances", "", "Rate"],
      ["", "Opening", "Movement", "(annual)"],
      ["Account 1000", "1,629", "71", "5.1%"],
      ["Account 1003", "35,632", "(35)", "9.2%"],
    ]);
  });
});
