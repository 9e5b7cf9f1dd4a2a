import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert } from "../../src/index.js";
import { docxWithPictures, odtWithPicture, pptxWithPicture } from "../images/make-documents.js";
import { bombPng, chartPng, photoJpeg } from "../images/make-images.js";
import { postScrape } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";
import { imageBombPdf } from "./hostile-documents.js";
import { startHostileSource } from "./hostile-source.js";
import { startServerProcess } from "./server-process.js";
import type { ServerProcess } from "./server-process.js";

describe("picture limits (in-process)", () => {
  it("stops at maxImages and says how many pictures were left as alt text", async () => {
    const pictures = [1, 2, 3, 4].map((seed) => ({ type: "jpg" as const, bytes: photoJpeg(60, 40, seed), alt: `Photo ${seed}` }));
    const bytes = await docxWithPictures(pictures);
    const result = await convert(bytes, { filename: "album.docx", images: { maxImages: 2 } });
    expect(result.images).toHaveLength(2);
    expect(result.markdown.match(/!\[Photo [12]\]\(image-/g)).toHaveLength(2);
    expect(result.markdown).toContain("Photo 3");
    expect(result.markdown).not.toContain("![Photo 3]");
    expect(result.warnings).toEqual(["2 picture(s) of album.docx were left as alt text: it has more than 2 pictures."]);
  });

  it("stops at maxTotalBytes", async () => {
    const chart = chartPng();
    const photo = photoJpeg();
    const bytes = await docxWithPictures([
      { type: "png", bytes: chart, alt: "Chart" },
      { type: "jpg", bytes: photo, alt: "Photo" },
    ]);
    const result = await convert(bytes, { filename: "report.docx", images: { maxTotalBytes: chart.length + 100 } });
    expect(result.images!.map((image) => image.alt)).toEqual(["Chart"]);
    expect(result.warnings[0]).toMatch(/^1 picture\(s\) of report\.docx were left as alt text: its pictures pass/);
  });
});

describe("image bombs in the packaged formats (in-process)", () => {
  it.each([
    ["bomb-picture.odt", () => odtWithPicture(bombPng(50_000, 50_000), "Bomb"), "Before the chart.\n\nBomb\n\nAfter the chart.\n"],
    ["bomb-picture.pptx", () => pptxWithPicture(bombPng(50_000, 50_000), "Bomb"), "## Ferry season\n\nBoats leave every hour.\n\nBomb\n"],
  ])("%s holding a PNG that declares 50,000 × 50,000 pixels → its alt text and a warning", async (name, make, markdown) => {
    const result = await convert(make(), { filename: name, images: true });
    expect(result.markdown).toBe(markdown);
    expect(result.images).toEqual([]);
    expect(result.warnings).toEqual([`1 picture(s) of ${name} were left as alt text: each declares more than 25000000 pixels (an image bomb, or a scan to downsize).`]);
  });
});

describe("image bombs through the server process", () => {
  let source: SourceServer;
  let server: ServerProcess;

  beforeAll(async () => {
    const documents = new Map<string, Uint8Array>([
      ["bomb-picture.docx", await docxWithPictures(["Before the bomb.", { type: "png", bytes: bombPng(50_000, 50_000), alt: "Bomb" }, "After the bomb."])],
      ["bomb-picture.pdf", imageBombPdf(50_000, 50_000)],
    ]);
    [source, server] = await Promise.all([startHostileSource(documents), startServerProcess(["--pool-size", "1", "--max-heap-mb", "512"])]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([server?.stop(), source?.close()]);
  });

  it("a DOCX holding a PNG that declares 50,000 × 50,000 pixels → 200, alt text and a warning", async () => {
    server.resetPeakRss();
    const { status, json } = await postScrape(server.url, { url: `${source.url}/doc/bomb-picture.docx`, removeBase64Images: false });
    const data = json.data as { markdown: string; warning?: string };
    expect(status).toBe(200);
    expect(data.markdown).toBe("Before the bomb.\n\nBomb\n\nAfter the bomb.\n");
    expect(data.warning).toContain("1 picture(s) of bomb-picture.docx were left as alt text: each declares more than 25000000 pixels");
    // Note: decoding it would take 10 GB; the process stays near its idle size.
    expect(server.peakRssMb()).toBeLessThan(600);
    expect(server.alive()).toBe(true);
  });

  it("a PDF drawing an image XObject of 50,000 × 50,000 pixels → 200 with its text, the picture never decoded", async () => {
    server.resetPeakRss();
    const { status, json } = await postScrape(server.url, { url: `${source.url}/doc/bomb-picture.pdf`, removeBase64Images: false });
    const data = json.data as { markdown: string };
    expect(status).toBe(200);
    expect(data.markdown).toBe("Before the picture\n\nAfter the picture\n");
    expect(server.peakRssMb()).toBeLessThan(600);
    expect(server.alive()).toBe(true);
  });
});
