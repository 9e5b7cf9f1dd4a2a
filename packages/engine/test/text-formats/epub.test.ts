import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convertNamed, corpusFile } from "./helpers.js";

/** An EPUB whose manifest lists chapters in one order and whose spine reads them in another. */
function reorderedBook(): Uint8Array {
  const chapter = (title: string, body: string) =>
    strToU8(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`);
  return zipSync({
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(`<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OPS/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`),
    "OPS/package.opf": strToU8(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Two Rivers</dc:title><dc:creator>Mara Vell</dc:creator><dc:creator>Otto Brann</dc:creator><dc:language>de</dc:language></metadata>
      <manifest><item id="a" href="text/a.xhtml" media-type="application/xhtml+xml"/><item id="b" href="text/b%20two.xhtml" media-type="application/xhtml+xml"/><item id="css" href="s.css" media-type="text/css"/></manifest>
      <spine><itemref idref="b"/><itemref idref="a"/></spine></package>`),
    "OPS/text/a.xhtml": chapter("The Second River", `<p>Back to <a href="b%20two.xhtml#start">the first</a>, or <a href="https://example.org/rivers">the map</a>.</p><script>alert(1)</script>`),
    "OPS/text/b two.xhtml": chapter("The First River", "<ol><li>Source</li><li>Mouth</li></ol>"),
  });
}

/** A one-chapter EPUB 2 whose chapter is written in ISO-8859-1, as its XML declaration says. */
function latin1Book(): Uint8Array {
  const xhtml = `<?xml version="1.0" encoding="iso-8859-1"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Port</title></head><body><h1>Le Café du Port</h1><p>Señor Ruiz sold oranges.</p></body></html>`;
  return zipSync({
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(`<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`),
    "content.opf": strToU8(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Port</dc:title></metadata>
      <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>`),
    "c.xhtml": Uint8Array.from(xhtml, (char) => char.charCodeAt(0)),
  });
}

/** A one-chapter EPUB 3 whose chapter holds a MathML equation with its LaTeX, as pandoc writes it. */
function mathBook(): Uint8Array {
  const math = `<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><semantics><mrow><msup><mi>a</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">a^2</annotation></semantics></math>`;
  return zipSync({
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(`<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`),
    "content.opf": strToU8(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Squares</dc:title></metadata>
      <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml" properties="mathml"/></manifest><spine><itemref idref="c"/></spine></package>`),
    "c.xhtml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Squares</title></head><body><p>The area is ${math} square metres.</p></body></html>`),
  });
}

describe("EPUB", () => {
  it("keeps a MathML equation as $…$ math from its LaTeX", async () => {
    const { markdown } = await convertNamed(mathBook(), "squares.epub");
    expect(markdown).toContain("The area is $a^2$ square metres.");
  });

  it("decodes a chapter in the encoding its XML declaration names", async () => {
    const { markdown } = await convertNamed(latin1Book(), "port.epub");
    expect(markdown).toContain("# Le Café du Port");
    expect(markdown).toContain("Señor Ruiz sold oranges.");
  });

  it("reads chapters in spine order, with the title, authors and language in metadata", async () => {
    const { markdown, metadata } = await convertNamed(reorderedBook(), "rivers.epub");
    expect(markdown.indexOf("# The First River")).toBeGreaterThanOrEqual(0);
    expect(markdown.indexOf("# The First River")).toBeLessThan(markdown.indexOf("# The Second River"));
    expect(markdown).toContain("1. Source\n2. Mouth");
    expect(metadata).toMatchObject({ title: "Two Rivers", author: "Mara Vell, Otto Brann", language: "de", format: "epub" });
  });

  it("keeps links to the web, and only the text of links inside the book", async () => {
    const { markdown } = await convertNamed(reorderedBook(), "rivers.epub");
    expect(markdown).toContain("Back to the first, or [the map](https://example.org/rivers).");
    expect(markdown).not.toContain("alert");
  });

  it("keeps pandoc's footnotes and tables, and leaves out its table of contents", async () => {
    const { markdown } = await convertNamed(corpusFile("gen_handbook.epub"), "handbook.epub");
    expect(markdown).toContain("3. Lock the archive door[^1]");
    expect(markdown).toContain("[^1]: The archive key stays in the front desk safe.");
    expect(markdown).toContain("| 000-299 | Reference and philosophy     | 2     |");
    expect(markdown.match(/# Welcome/g)).toHaveLength(1);
  });
});
