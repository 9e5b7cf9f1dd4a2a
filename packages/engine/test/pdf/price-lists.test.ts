import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { makePdf } from "./helpers/make-pdf.js";
import type { PdfLine } from "./helpers/make-pdf.js";

const toMarkdown = async (lines: readonly PdfLine[]): Promise<string> => (await convert(makePdf([lines]), { filename: "prices.pdf" })).markdown;

describe("pdf price lists and menus", () => {
  it("reads items led by dots to their prices as a table, not as a table of contents", async () => {
    const items = [
      ["Shirt", "$3.50"],
      ["Suit (two-piece)", "$14.00"],
      ["Winter coat", "$16.50"],
      ["Duvet, double", "$22.00"],
    ];
    const markdown = await toMarkdown([
      { text: "Dry Cleaning Prices", x: 72, y: 740, size: 20, bold: true },
      ...items.map(([item, price], index): PdfLine => ({ text: `${item} ${".".repeat(70 - item!.length)} ${price}`, x: 72, y: 700 - index * 18, size: 11 })),
    ]);
    expect(markdown).toContain("| Shirt | $3.50 |");
    expect(markdown).toContain("| Duvet, double | $22.00 |");
  });

  it("keeps page numbers led by dots a table of contents", async () => {
    const entries = [
      ["Introduction", "1"],
      ["Methods", "4"],
      ["Results", "9"],
    ];
    const markdown = await toMarkdown(entries.map(([title, page], index): PdfLine => ({ text: `${title} ${".".repeat(70 - title!.length)} ${page}`, x: 72, y: 700 - index * 18, size: 11 })));
    expect(markdown).not.toContain("|");
  });

  it("ends a price table at a heading set larger in its first column (a menu's next course)", async () => {
    const course = (name: string, dishes: readonly (readonly [string, string])[], y: number): PdfLine[] => [
      { text: name, x: 72, y, size: 14, bold: true },
      ...dishes.flatMap(([dish, price], index): PdfLine[] => [
        { text: dish, x: 72, y: y - 22 - index * 16, size: 11 },
        { text: price, x: 480, y: y - 22 - index * 16, size: 11 },
      ]),
    ];
    const markdown = await toMarkdown([
      ...course("Antipasti", [["Bruschetta al pomodoro", "7.50"], ["Calamari fritti", "9.00"]], 720),
      ...course("Pasta", [["Spaghetti alle vongole", "14.50"], ["Gnocchi al pesto", "12.50"]], 654),
    ]);
    expect(markdown).toMatch(/^#+ Pasta$/mu);
    expect(markdown).not.toContain("| Pasta");
  });
});
