import { describe, expect, it } from "vitest";
import { convert } from "../../src/index.js";
import { createImageCollector, sniffImage } from "../../src/image-collector.js";
import { docxWithPictures, pdfWithPictures, ruledTable, vectorBarChart, xlsxWithPicture } from "./make-documents.js";
import { bmp, chartPng, photoJpeg } from "./make-images.js";

const chart = chartPng();
const photo = photoJpeg();

/** The Markdown's `![alt](name)` references, in order. */
const references = (markdown: string): Array<{ alt: string; name: string }> =>
  [...markdown.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map(([, alt = "", name = ""]) => ({ alt, name }));

describe("the image collector", () => {
  it("names a picture after its bytes, the same in every run", () => {
    const first = createImageCollector("a.docx").add(chart);
    const second = createImageCollector("b.docx").add(chart);
    expect(first).toMatch(/^image-[0-9a-f]{16}\.png$/);
    expect(second).toBe(first);
    expect(createImageCollector("c.docx").add(photo)).toMatch(/\.jpg$/);
  });

  it("reads the type and pixel size from the header", () => {
    expect(sniffImage(chart)).toEqual({ type: "png", width: 320, height: 200 });
    expect(sniffImage(photo)).toEqual({ type: "jpg", width: 300, height: 200 });
    expect(sniffImage(new TextEncoder().encode("not a picture"))).toBeUndefined();
  });

  it("leaves EMF and TIFF pictures as alt text, with a warning that says what to do", async () => {
    const emf = new Uint8Array(88);
    emf.set([1, 0, 0, 0]);
    emf.set(new TextEncoder().encode(" EMF"), 40);
    const tiff = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 1, 0, 0x00, 0x01, 3, 0, 1, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]);
    const collector = createImageCollector("diagram.docx");
    expect(collector.add(emf, { alt: "Org chart" })).toBeUndefined();
    expect(collector.add(tiff, { alt: "Scan" })).toBeUndefined();
    const { images, warnings } = await collector.finish();
    expect(images).toEqual([]);
    expect(warnings).toEqual([
      "1 EMF/WMF picture(s) of diagram.docx were left as alt text: browsers cannot show them; save them as PNG or SVG.",
      "1 TIFF picture(s) of diagram.docx were left as alt text: browsers cannot show them; save them as PNG or JPEG.",
    ]);
  });

  it("keeps one copy of a picture added twice", async () => {
    const collector = createImageCollector("a.docx");
    expect(collector.add(chart, { alt: "first" })).toBe(collector.add(chart, { alt: "second" }));
    const { images } = await collector.finish();
    expect(images).toHaveLength(1);
    expect(images[0]!.alt).toBe("first");
  });
});

describe("DOCX", () => {
  it("returns each picture with its alt text, referenced in place", async () => {
    const bytes = await docxWithPictures(["Before the chart.", { type: "png", bytes: chart, alt: "Sales by quarter" }, "After the chart."]);
    const result = await convert(bytes, { filename: "report.docx", images: true });
    expect(result.markdown).toMatch(/^Before the chart\.\n\n!\[Sales by quarter\]\(image-[0-9a-f]{16}\.png\)\n\nAfter the chart\.\n$/);
    expect(result.images).toHaveLength(1);
    const [image] = result.images!;
    expect(image).toMatchObject({ contentType: "image/png", alt: "Sales by quarter", width: 320, height: 200 });
    expect(Buffer.from(image!.bytes).equals(Buffer.from(chart))).toBe(true);
    expect(references(result.markdown)).toEqual([{ alt: "Sales by quarter", name: image!.name }]);
    expect(result.warnings).toEqual([]);
  });

  it("turns a BMP into a PNG browsers show", async () => {
    const bytes = await docxWithPictures([{ type: "bmp", bytes: bmp(40, 30), alt: "Grey box" }]);
    const { images } = await convert(bytes, { filename: "bitmap.docx", images: true });
    expect(images).toHaveLength(1);
    expect(images![0]).toMatchObject({ contentType: "image/png", width: 40, height: 30 });
    expect(sniffImage(images![0]!.bytes)).toEqual({ type: "png", width: 40, height: 30 });
  });

  it("keeps only alt text when pictures are not asked for", async () => {
    const bytes = await docxWithPictures([{ type: "png", bytes: chart, alt: "Sales by quarter" }]);
    const result = await convert(bytes, { filename: "report.docx" });
    expect(result.markdown).toBe("Sales by quarter\n");
    expect(result.images).toBeUndefined();
  });
});

describe("PDF", () => {
  const report = (): Promise<Uint8Array> =>
    pdfWithPictures([
      [
        { text: "Quarterly report", x: 72, y: 60, size: 20 },
        { text: "Sales grew in every quarter, as the chart shows.", x: 72, y: 100 },
        { image: chart, x: 72, y: 130, width: 320 },
        { text: "Figure 1: Sales by quarter", x: 72, y: 340 },
        { text: "The team at the harbour.", x: 72, y: 380 },
        { image: photo, x: 72, y: 400, width: 300 },
        { text: "Closing words after the photo.", x: 72, y: 620 },
      ],
    ]);

  it("places each raster picture in reading order, a caption as its alt text", async () => {
    const result = await convert(await report(), { filename: "report.pdf", images: true });
    const [chartImage, photoImage] = result.images!;
    expect(result.markdown).toBe(
      [
        "# Quarterly report",
        "Sales grew in every quarter, as the chart shows.",
        `![Figure 1: Sales by quarter](${chartImage!.name})`,
        "Figure 1: Sales by quarter",
        "The team at the harbour.",
        `![](${photoImage!.name})`,
        "Closing words after the photo.",
      ].join("\n\n") + "\n",
    );
    expect(chartImage).toMatchObject({ contentType: "image/png", width: 320, height: 200, page: 1 });
    expect(photoImage).toMatchObject({ contentType: "image/jpeg", width: 300, height: 200, page: 1 });
  });

  it("takes the closer caption when captions stand above their figures", async () => {
    const bytes = await pdfWithPictures([
      [
        { text: "Figure 1: Sales", x: 72, y: 60 },
        { image: chart, x: 72, y: 80, width: 200 },
        { text: "Figure 2: Harbour", x: 72, y: 240 },
        { image: photo, x: 72, y: 260, width: 200 },
      ],
    ]);
    const { images } = await convert(bytes, { filename: "captions.pdf", images: true });
    expect(images!.map((image) => image.alt)).toEqual(["Figure 1: Sales", "Figure 2: Harbour"]);
  });

  it("finds the caption of a picture that ends a page at the top of the next page", async () => {
    const bytes = await pdfWithPictures([
      [
        { text: "The chart closes this page.", x: 72, y: 500 },
        { image: chart, x: 72, y: 560, width: 320 },
      ],
      [
        { text: "Figure 4: Sales by quarter", x: 72, y: 60 },
        { text: "The next page goes on.", x: 72, y: 100 },
      ],
    ]);
    const { images } = await convert(bytes, { filename: "overleaf.pdf", images: true });
    expect(images!.map((image) => image.alt)).toEqual(["Figure 4: Sales by quarter"]);
  });

  it("gives the pixels of a drawing back exactly (PNG, lossless)", async () => {
    const { images } = await convert(await report(), { filename: "report.pdf", images: true });
    const { createCanvas, loadImage } = await import("@napi-rs/canvas");
    const pixels = async (bytes: Uint8Array) => {
      const image = await loadImage(Buffer.from(bytes));
      const context = createCanvas(image.width, image.height).getContext("2d");
      context.drawImage(image, 0, 0);
      return Buffer.from(context.getImageData(0, 0, image.width, image.height).data);
    };
    expect((await pixels(images![0]!.bytes)).equals(await pixels(chart))).toBe(true);
  });

  it("leaves out a logo repeated on every page, as page furniture", async () => {
    const logo = chartPng(64, 64);
    const page = (text: string) => [
      { image: logo, x: 500, y: 20, width: 40 },
      { text, x: 72, y: 120 },
    ];
    const bytes = await pdfWithPictures([page("One."), page("Two."), page("Three.")]);
    expect((await convert(bytes, { filename: "letterhead.pdf", images: true })).images).toEqual([]);
    const all = await convert(bytes, { filename: "letterhead.pdf", images: true, onlyMainContent: false });
    expect(all.images).toHaveLength(1);
    expect(references(all.markdown)).toHaveLength(3);
  });

  it("renders a chart drawn with vector paths as a PNG of its region, its labels part of the picture", async () => {
    const bytes = await pdfWithPictures([
      [
        { text: "Sales grew in every quarter.", x: 72, y: 80 },
        vectorBarChart(72, 110),
        { text: "Figure 2: Sales by quarter, drawn as vectors", x: 72, y: 300 },
        ruledTable(72, 340, [
          ["Quarter", "Sales", "Change"],
          ["Q1", "60", "-"],
          ["Q2", "110", "+83%"],
        ]),
        { text: "The table above is text, not a picture.", x: 72, y: 430 },
      ],
    ]);
    const result = await convert(bytes, { filename: "vector.pdf", images: true });
    expect(result.images).toHaveLength(1);
    const [figure] = result.images!;
    expect(figure).toMatchObject({ contentType: "image/png", alt: "Figure 2: Sales by quarter, drawn as vectors", page: 1 });
    // Rendered at 144 dpi: the 280 × 166 pt drawing plus its padding.
    expect(figure!.width).toBeGreaterThan(560);
    expect(figure!.height).toBeGreaterThan(330);
    expect(result.markdown).toMatch(/^Sales grew in every quarter\.\n\n!\[Figure 2: Sales by quarter, drawn as vectors\]\(image-[0-9a-f]{16}\.png\)\n\nFigure 2/);
    expect(result.markdown).not.toMatch(/\bQ4\b/);
    expect(result.markdown).toContain("| Quarter | Sales | Change |");
    expect(result.markdown).toContain("The table above is text, not a picture.");
  });

  it("decodes no picture when pictures are not asked for", async () => {
    const result = await convert(await report(), { filename: "report.pdf" });
    expect(result.images).toBeUndefined();
    expect(result.markdown).not.toContain("![");
  });
});

describe("over HTTP (/v2/scrape)", () => {
  it("sends pictures only when asked (removeBase64Images: false), inline as data: URIs", async () => {
    const { startHostileSource } = await import("../hardening/hostile-source.js");
    const { postScrape, startScrapeServer } = await import("../server/helpers.js");
    const bytes = await docxWithPictures(["Before the chart.", { type: "png", bytes: chart, alt: "Sales by quarter" }]);
    const [source, api] = await Promise.all([
      startHostileSource(new Map([["report.docx", bytes]])),
      startScrapeServer({ apiKeys: ["key"], allowPrivateNetworks: true }),
    ]);
    try {
      const url = `${source.url}/doc/report.docx`;
      const plain = await postScrape(api.url, { url }, "key");
      expect(plain.status).toBe(200);
      expect(plain.json.data).toMatchObject({ markdown: "Before the chart.\n\nSales by quarter\n" });
      expect(plain.json.data).not.toHaveProperty("images");

      const asked = await postScrape(api.url, { url, removeBase64Images: false, formats: ["markdown", "html"] }, "key");
      const data = asked.json.data as { markdown: string; html: string };
      const inline = /!\[Sales by quarter\]\(data:image\/png;base64,([A-Za-z0-9+/=]+)\)/.exec(data.markdown);
      expect(inline).not.toBeNull();
      expect(Buffer.from(inline![1]!, "base64").equals(Buffer.from(chart))).toBe(true);
      expect(data.html).toContain('<img src="data:image/png;base64,');
      expect(asked.json.data).not.toHaveProperty("images");
    } finally {
      await Promise.all([source.close(), api.close()]);
    }
  });
});

describe("inline pictures with layout blocks (/v2/scrape)", () => {
  it("moves each block's markdownSpan to where its content stands once the pictures are inline", async () => {
    const { startHostileSource } = await import("../hardening/hostile-source.js");
    const { postScrape, startScrapeServer } = await import("../server/helpers.js");
    const bytes = await pdfWithPictures([
      [
        { text: "Before the photo.", x: 72, y: 72 },
        { image: photo, x: 72, y: 120, width: 200 },
        { text: "Between the pictures.", x: 72, y: 300 },
        { image: chart, x: 72, y: 340, width: 200 },
        { text: "After the chart.", x: 72, y: 500 },
      ],
    ]);
    const [source, api] = await Promise.all([
      startHostileSource(new Map([["report.pdf", bytes]])),
      startScrapeServer({ apiKeys: ["key"], allowPrivateNetworks: true }),
    ]);
    try {
      const body = { url: `${source.url}/doc/report.pdf`, removeBase64Images: false, parsers: [{ type: "pdf", mode: "fast", blocks: true }] };
      const { status, json } = await postScrape(api.url, body, "key");
      expect(status).toBe(200);
      const data = json.data as { markdown: string; blocks: Array<{ items: Array<{ content: string; markdownSpan: [number, number] }> }> };
      const items = data.blocks.flatMap((page) => page.items);
      expect(items.map((item) => item.content)).toContain("After the chart.");
      // Every block's span still slices exactly its content out of the Markdown, pictures included.
      for (const item of items) expect(data.markdown.slice(...item.markdownSpan)).toBe(item.content);
      expect(items.filter((item) => item.content.includes("](data:image/"))).toHaveLength(2);
    } finally {
      await Promise.all([source.close(), api.close()]);
    }
  });
});

describe("XLSX", () => {
  it("puts a sheet's picture after its table, with its description as alt text", async () => {
    const bytes = await xlsxWithPicture(
      [
        ["Quarter", "Sales"],
        ["Q1", 120],
        ["Q2", 180],
      ],
      { type: "png", bytes: chart, alt: "Sales by quarter" },
      { row: 4, column: 0 },
    );
    const result = await convert(bytes, { filename: "sales.xlsx", images: true });
    const [image] = result.images!;
    expect(image).toMatchObject({ contentType: "image/png", alt: "Sales by quarter", width: 320, height: 200, page: 1 });
    expect(result.markdown).toBe(`## Sales\n\n| Quarter | Sales |\n| --- | --- |\n| Q1 | 120 |\n| Q2 | 180 |\n\n![Sales by quarter](${image!.name})\n`);
    expect((await convert(bytes, { filename: "sales.xlsx" })).markdown).not.toContain("![");
  });
});
