import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/index.js";
import { epubWith, odtWith } from "../hardening/hostile-text-documents.js";
import { ODF_DRAWING_NS, odpWithPicture, odsWithPicture, odtWithPicture, pptxWithPicture } from "./make-documents.js";
import { chartPng, photoJpeg } from "./make-images.js";

/** Pictures of the formats that came after DOCX, XLSX and PDF (PPTX, ODP, ODT, EPUB, RTF, ODS), in documents generated here. */

const chart = chartPng();
const photo = photoJpeg();

/** The Markdown's `![alt](name)` references, in order. */
const references = (markdown: string): Array<{ alt: string; name: string }> =>
  [...markdown.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map(([, alt = "", name = ""]) => ({ alt, name }));

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.from(a).equals(Buffer.from(b));

/** An EPUB chapter with two pictures of the book (one in a folder whose name needs escaping) and one on the web. */
const book = (): Uint8Array =>
  epubWith(
    `<h1>The Harbour</h1><figure><img src="images/harbour%20dawn.jpg" alt="The harbour at dawn"/></figure><p>The boats leave at six.</p><p><img src="../OEBPS/images/chart.png" alt="Catch by month"/> and <img src="https://example.org/map.png" alt="Map"/></p>`,
    undefined,
    { "OEBPS/images/harbour dawn.jpg": photo, "OEBPS/images/chart.png": chart },
  );

/** Hex data wrapped at 64 columns, as word processors write it. */
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex").replace(/.{64}/g, "$&\n");
/** An RTF with a PNG and a JPEG; Word writes each picture twice: `\shppict` and a metafile fallback (`\nonshppict`). */
const rtf = (): Uint8Array =>
  new TextEncoder().encode(
    `{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\pard Before the chart.\\par\n{\\*\\shppict{\\pict{\\*\\picprop{\\sp{\\sn wzDescription}{\\sv Sales by quarter, \\u8364\\'80 thousands}}{\\sp{\\sn wzName}{\\sv Picture 1}}}\\picw320\\pich200{\\*\\blipuid 0123456789abcdef}\\pngblip\n${hex(chart)}}}{\\nonshppict{\\pict\\wmetafile8 0100}}\\par\n{\\pict\\jpegblip ${hex(photo)}}\\par After the photo.\\par}`,
  );

/** LibreOffice's save of a one-slide deck holding chartPng() (see files/make-files.mts). */
const deck = (): Uint8Array => new Uint8Array(readFileSync(new URL("files/gen_picture-deck.ppt", import.meta.url)));

describe("PPTX", () => {
  it("returns a slide's picture with its description, in reading order, on its slide", async () => {
    const result = await convert(pptxWithPicture(chart), { filename: "ferry.pptx", images: true });
    expect(result.markdown).toMatch(/^## Ferry season\n\nBoats leave every hour\.\n\n!\[The ferry at the north pier\]\(image-[0-9a-f]{16}\.png\)\n$/);
    expect(result.images).toHaveLength(1);
    const [image] = result.images!;
    expect(image).toMatchObject({ contentType: "image/png", alt: "The ferry at the north pier", width: 320, height: 200, page: 1 });
    expect(same(image!.bytes, chart)).toBe(true);
    expect(references(result.markdown)).toEqual([{ alt: "The ferry at the north pier", name: image!.name }]);
    expect(result.warnings).toEqual([]);
  });
});

describe("ODP", () => {
  it("returns a page's picture with its description, numbered by its slide", async () => {
    const result = await convert(odpWithPicture(photo), { filename: "harbour.odp", images: true });
    expect(result.markdown).toMatch(/## The lighthouse\n\n!\[The lighthouse at dusk\]\(image-[0-9a-f]{16}\.jpg\)\n$/);
    expect(result.images).toHaveLength(1);
    expect(result.images![0]).toMatchObject({ contentType: "image/jpeg", alt: "The lighthouse at dusk", width: 300, height: 200, page: 2 });
    expect(same(result.images![0]!.bytes, photo)).toBe(true);
    expect(result.warnings).toEqual([]);
  });
});

describe("ODT", () => {
  it("returns a picture with its description, in place", async () => {
    const result = await convert(odtWithPicture(chart), { filename: "report.odt", images: true });
    expect(result.markdown).toMatch(/^Before the chart\.\n\n!\[Sales by quarter\]\(image-[0-9a-f]{16}\.png\)\n\nAfter the chart\.\n$/);
    expect(result.images).toHaveLength(1);
    expect(result.images![0]).toMatchObject({ contentType: "image/png", alt: "Sales by quarter", width: 320, height: 200 });
    expect(same(result.images![0]!.bytes, chart)).toBe(true);
    expect(result.warnings).toEqual([]);
  });
});

describe("EPUB", () => {
  it("returns each picture of a chapter, found relative to it, in place; a picture on the web stays a link", async () => {
    const result = await convert(book(), { filename: "harbour.epub", images: true });
    const names = result.images!.map((image) => image.name);
    expect(result.images!.map((image) => image.alt)).toEqual(["The harbour at dawn", "Catch by month"]);
    expect(same(result.images![0]!.bytes, photo) && same(result.images![1]!.bytes, chart)).toBe(true);
    expect(references(result.markdown)).toEqual([
      { alt: "The harbour at dawn", name: names[0] },
      { alt: "Catch by month", name: names[1] },
      { alt: "Map", name: "https://example.org/map.png" },
    ]);
    expect(result.markdown).toContain(`# The Harbour\n\n![The harbour at dawn](${names[0]})\n\nThe boats leave at six.`);
    expect(result.warnings).toEqual([]);
  });
});

describe("EPUB captions", () => {
  it("gives a figure's picture without alt text its <figcaption>", async () => {
    const bytes = epubWith(`<figure><img src="chart.png" alt=""/><figcaption>Catch by <em>month</em></figcaption></figure>`, undefined, { "OEBPS/chart.png": chart });
    const result = await convert(bytes, { filename: "captioned.epub", images: true });
    expect(result.markdown).toBe(`![Catch by month](${result.images![0]!.name})\n\nCatch by *month*\n`);
  });
});

describe("RTF", () => {
  it("returns each \\pict's PNG or JPEG data in place, with its description (picprop's wzDescription)", async () => {
    const result = await convert(rtf(), { filename: "report.rtf", images: true });
    expect(result.images!.map((image) => image.contentType)).toEqual(["image/png", "image/jpeg"]);
    expect(same(result.images![0]!.bytes, chart) && same(result.images![1]!.bytes, photo)).toBe(true);
    expect(result.markdown).toBe(`Before the chart.\n\n![Sales by quarter, € thousands](${result.images![0]!.name})\n\n![](${result.images![1]!.name})\n\nAfter the photo.\n`);
    expect(result.warnings).toEqual([]);
  });
});

describe("ODS", () => {
  it("puts a sheet's picture after its table, with its description as alt text; a chart object is no picture", async () => {
    const result = await convert(odsWithPicture(chart), { filename: "sales.ods", images: true });
    expect(result.images).toHaveLength(1);
    const [image] = result.images!;
    expect(image).toMatchObject({ contentType: "image/png", alt: "Sales by quarter", width: 320, height: 200, page: 2 });
    expect(same(image!.bytes, chart)).toBe(true);
    expect(result.markdown).toMatch(new RegExp(`## Sales\\n\\n\\| Quarter \\| Sales \\|[^]*\\| Q2 +\\| 180 +\\|\\n\\n!\\[Sales by quarter\\]\\(${image!.name}\\)\\n$`));
    expect(result.warnings).toEqual([]);
    expect((await convert(odsWithPicture(chart), { filename: "sales.ods" })).markdown).not.toContain("![");
  });
});

describe("PPT", () => {
  it("returns a picture from the blip store, in place", async () => {
    const result = await convert(deck(), { filename: "sales.ppt", images: true });
    expect(result.images).toHaveLength(1);
    const [image] = result.images!;
    expect(image).toMatchObject({ contentType: "image/png", width: 320, height: 200, page: 1 });
    expect(same(image!.bytes, chart)).toBe(true);
    expect(result.markdown).toBe(`## Sales by quarter\n\n![](${image!.name})\n`);
    expect(result.warnings).toEqual([]);
  });
});

describe("pictures not asked for", () => {
  it.each([
    ["ferry.pptx", () => pptxWithPicture(chart), "## Ferry season\n\nBoats leave every hour.\n\nThe ferry at the north pier\n", "1 picture(s) were replaced by their alt text."],
    ["sales.ppt", deck, "## Sales by quarter\n", "1 picture(s) were replaced by their alt text."],
    ["report.odt", () => odtWithPicture(chart), "Before the chart.\n\nSales by quarter\n\nAfter the chart.\n", "1 image(s) were replaced by their alt text."],
    [
      "harbour.epub",
      book,
      "# The Harbour\n\nThe harbour at dawn\n\nThe boats leave at six.\n\nCatch by month and ![Map](https://example.org/map.png)\n",
      "2 image(s) were replaced by their alt text.",
    ],
    ["report.rtf", rtf, "Before the chart.\n\nSales by quarter, € thousands\n\nAfter the photo.\n", "2 picture(s) were left out."],
  ])("%s keeps each picture's description (a web picture its link), and says so", async (filename, make, markdown, warning) => {
    const result = await convert(make(), { filename });
    expect(result.markdown).toBe(markdown);
    expect(result.images).toBeUndefined();
    expect(result.warnings).toContain(warning);
  });
});

describe("ODT captions", () => {
  const picture = `<draw:frame ${ODF_DRAWING_NS}><draw:image xlink:href="Pictures/chart.png"/></draw:frame>`;

  it("gives a picture without a description the caption paragraph after it (pandoc)", async () => {
    const bytes = odtWith(
      `<text:p text:style-name="FigureWithCaption">${picture}</text:p><text:p text:style-name="FigureCaption">Catch by month, 2025</text:p><text:p>After the chart.</text:p>`,
      { "Pictures/chart.png": chart },
    );
    const result = await convert(bytes, { filename: "pandoc.odt", images: true });
    expect(result.markdown).toBe(`![Catch by month, 2025](${result.images![0]!.name})\n\nCatch by month, 2025\n\nAfter the chart.\n`);
  });

  it("gives it the caption of the text frame around it (LibreOffice)", async () => {
    const bytes = odtWith(
      `<text:p><draw:frame ${ODF_DRAWING_NS}><draw:text-box><text:p text:style-name="Illustration">${picture}Illustration <text:sequence>1</text:sequence>: Catch by month</text:p></draw:text-box></draw:frame></text:p>`,
      { "Pictures/chart.png": chart },
    );
    const { images } = await convert(bytes, { filename: "libreoffice.odt", images: true });
    expect(images!.map((image) => image.alt)).toEqual(["Illustration 1: Catch by month"]);
  });
});
