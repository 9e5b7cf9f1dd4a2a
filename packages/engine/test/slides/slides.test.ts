import { readFileSync } from "node:fs";
import CFB from "cfb";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert } from "../../src/index.js";
import { PPTX_NAMESPACES, pptxWith } from "../hardening/hostile-documents.js";
import { startHostileSource } from "../hardening/hostile-source.js";
import { postScrape, runCli, startScrapeServer } from "../server/helpers.js";
import type { SourceServer } from "../server/helpers.js";

/** The deck make-files.mjs writes, as LibreOffice saved it in each format. */
const FILES = new URL("../format-corpus/slides/files/", import.meta.url);
const filePath = (name: string): string => new URL(name, FILES).pathname;
const file = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, FILES)));

const SLIDE_TITLES = [
  "Harbour Lights Quarterly Review",
  "Roadmap for the spring season",
  "Budget by project",
  "Visitors since the reopening",
  "Steps to reopen the lighthouse",
  "Two teams, two columns",
];

const headings = (markdown: string): string[] => [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
/** The Markdown of one slide's section, from its heading to the next. */
const section = (markdown: string, title: string): string => markdown.split(/^(?=## )/m).find((part) => part.startsWith(`## ${title}\n`)) ?? "";

describe.each(["gen_deck.pptx", "gen_deck.odp", "gen_deck.ppt"])("%s", (name) => {
  let result: Awaited<ReturnType<typeof convert>>;
  beforeAll(async () => {
    result = await convert(file(name), { filename: name });
  });

  it("has one section per visible slide, titled by the slide's title, in deck order", () => {
    expect(headings(result.markdown)).toEqual(SLIDE_TITLES);
    expect(result.metadata.numPages).toBe(6);
    expect(result.metadata.title).toBe("Harbour Lights Quarterly Review");
  });

  it("leaves the hidden slide out, and says so", () => {
    expect(result.markdown).not.toContain("Confidential renegotiation figures");
    expect(result.warnings).toContain("1 hidden slide(s) were left out; unhide them to include them.");
  });

  it("keeps bullet levels as nested lists", () => {
    expect(section(result.markdown, "Roadmap for the spring season")).toContain(
      "- Repaint the north pier lamps\n  - Order marine varnish\n    - Check the tide tables first\n  - Hire two painters\n- Open the visitor centre on weekends",
    );
  });

  it("writes tables as GFM tables, header first", () => {
    expect(section(result.markdown, "Budget by project")).toMatch(/\| Project +\| Owner +\| Cost \(EUR\) \|\n\| -+ \| -+ \| -+ \|\n\| Pier lamps +\| Maintenance team \| 12500 +\|/);
  });

  it("puts the speaker notes after their slide", () => {
    expect(section(result.markdown, "Roadmap for the spring season")).toContain("> **Notes:** Mention that the varnish order closes on the fifth of March.");
    expect(section(result.markdown, "Budget by project")).toContain("> **Notes:** The tide gauge cost includes installation.");
    expect(section(result.markdown, "Two teams, two columns")).not.toContain("Notes:");
  });

  it("keeps web links", () => {
    expect(result.markdown).toContain("- Read the [full roadmap page](https://example.org/harbour/roadmap) for dates");
  });

  it("reads a group's shapes by position: left column, right column, then the box below", () => {
    const text = section(result.markdown, "Two teams, two columns");
    const order = ["Left column", "Right column", "Footer box"].map((start) => text.indexOf(start));
    expect(order.every((index) => index > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe.each(["gen_deck.pptx", "gen_deck.odp", "gen_deck.ppt"])("%s metadata", (name) => {
  it("has the deck's title and author from its properties", async () => {
    const { metadata } = await convert(file(name), { filename: name });
    expect(metadata).toMatchObject({ title: "Harbour Lights Quarterly Review", author: "Tidewater Cooperative" });
  });
});

describe.each(["gen_deck.pptx", "gen_deck.odp"])("%s (formats that keep more)", (name) => {
  it("keeps numbered lists and the chart's title", async () => {
    const { markdown } = await convert(file(name), { filename: name });
    expect(section(markdown, "Steps to reopen the lighthouse")).toContain("1. Inspect the lantern room\n2. Replace the cracked panes");
    expect(section(markdown, "Visitors since the reopening")).toContain("**Chart: Visitors per month**");
  });
});

/** The decks make-ppt.sh saves as PowerPoint 97 from their flat ODP sources. */
const pptDeck = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`./ppt/${name}`, import.meta.url)));

interface PptRecordAt {
  type: number;
  start: number;
  end: number;
  parents: number[];
}
/** Every record of a "PowerPoint Document" stream, depth first (a ___PPT9 tag's data holds records too). */
function* pptRecords(bytes: Uint8Array, start = 0, end = bytes.length, parents: number[] = []): Generator<PptRecordAt> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = start; offset + 8 <= end; ) {
    const record = { type: view.getUint16(offset + 2, true), start: offset + 8, end: offset + 8 + view.getUint32(offset + 4, true), parents };
    yield record;
    if ((view.getUint16(offset, true) & 0xf) === 0xf || record.type === 0x138b) yield* pptRecords(bytes, record.start, Math.min(record.end, end), [...parents, record.type]);
    offset = record.end;
  }
}
/** A PPT whose "PowerPoint Document" stream `patch` changed in place. */
function patchedPpt(bytes: Uint8Array, patch: (stream: Uint8Array, records: PptRecordAt[]) => void): Uint8Array {
  const container = CFB.read(bytes, { type: "buffer" });
  const entry = CFB.find(container, "PowerPoint Document")!;
  const stream = Uint8Array.from(entry.content);
  patch(stream, [...pptRecords(stream)]);
  entry.content = stream;
  return new Uint8Array(CFB.write(container, { type: "buffer" }) as Uint8Array);
}
const CLIENT_DATA = 0xf011;
const STYLE_TEXT_PROP9_ATOM = 0x0fac;
const SHAPE_PROPERTIES = 0xf00b;
const PICTURE_PROPERTY = 0x0104;

describe.each(["ppt", "pptx", "odp"])("bold and italic runs in emphasis.%s", (format) => {
  it("are written as **bold** and *italic*, a wholly bold paragraph and list items too", async () => {
    const { markdown } = await convert(pptDeck(`emphasis.${format}`), { filename: `emphasis.${format}` });
    expect(section(markdown, "Before you board").trimEnd()).toBe(
      "## Before you board\n\nMind the **gap** and the *wet step*, **_always_**.\n\n**Life jackets are under every seat.**\n\n- **Never** lean over the rail\n- Keep children *close*",
    );
  });
});

describe("a PPT's numbered lists (the PowerPoint 2000 extension)", () => {
  let markdown: string;
  beforeAll(async () => {
    ({ markdown } = await convert(pptDeck("numbered-lists.ppt"), { filename: "numbered-lists.ppt" }));
  });

  it("writes a numbered list as an ordered list", () => {
    expect(section(markdown, "Boarding in three steps")).toContain("1. Buy a ticket at the kiosk\n2. Wait behind the yellow line\n3. Show the ticket at the gangway");
  });

  it("keeps a numbered list's start number, Roman numerals too", () => {
    const text = section(markdown, "Steps four to six");
    expect(text).toContain("4. Stow bicycles on the lower deck\n5. Take a seat upstairs\n6. Leave by the bow door");
    // Roman from III: a list of its own, starting at 3 (its marker alternates, as two lists in a row must).
    expect(text).toMatch(/^3[.)] Third clause: refunds\n4[.)] Fourth clause: lost property$/m);
  });

  it.each(["pptx", "odp"])("keeps a numbered list's start number in the same deck as %s", async (format) => {
    const { markdown: text } = await convert(pptDeck(`numbered-lists.${format}`), { filename: `numbered-lists.${format}` });
    expect(section(text, "Steps four to six")).toContain("4. Stow bicycles on the lower deck\n5. Take a seat upstairs\n6. Leave by the bow door");
    expect(section(text, "Steps four to six")).toMatch(/^3[.)] Third clause: refunds\n4[.)] Fourth clause: lost property$/m);
  });

  it("keeps a bulleted list beside a numbered one bulleted", () => {
    const text = section(markdown, "What to bring, what to do");
    expect(text).toContain("- A warm coat\n- A valid ticket\n");
    expect(text).toContain("1. Check the departure board\n2. Board when called");
  });

  it("nests a numbered list under a bulleted item", () => {
    expect(section(markdown, "Winter crossings")).toContain("- Storm days\n  1. Listen for the harbour siren\n  2. Wait in the terminal\n- Ice on the ramp");
  });

  it("numbers the paragraphs after the sixteenth of a text, whose entry LibreOffice names past the spec's four bits", () => {
    expect(section(markdown, "Sixteen piers, then two steps")).toContain("- Pier sixteen\n\n1. Count the mooring lines\n2. Report to the harbour master");
  });

  it("reads a placeholder's numbering from the document's outline text properties when its shape has none", async () => {
    // Rename the shapes' ___PPT9 tags: what is left is the document's OutlineTextProps9Container.
    const deck = patchedPpt(pptDeck("numbered-lists.ppt"), (stream, records) => {
      for (const record of records) {
        if (record.type === 0x0fba && record.parents.includes(CLIENT_DATA) && new TextDecoder("utf-16le").decode(stream.subarray(record.start, record.end)) === "___PPT9") {
          stream[record.end - 2] = "X".charCodeAt(0);
        }
      }
    });
    const { markdown: text } = await convert(deck, { filename: "numbered-lists.ppt" });
    expect(section(text, "Boarding in three steps")).toContain("1. Buy a ticket at the kiosk\n2. Wait behind the yellow line");
    expect(section(text, "Steps four to six")).toContain("4. Stow bicycles on the lower deck");
    // A text box that is no placeholder has no outline entry: its numbers went with its tag.
    expect(section(text, "What to bring, what to do")).toContain("- Check the departure board");
  });

  it("keeps the bullets of texts whose numbering is damaged, and reads the rest of the deck", async () => {
    // Every StyleTextProp9 entry list ends in an entry whose smart tags run past its atom.
    const deck = patchedPpt(pptDeck("numbered-lists.ppt"), (stream, records) => {
      const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
      for (const record of records) if (record.type === STYLE_TEXT_PROP9_ATOM) view.setUint32(record.end - 4, 1 << 9, true);
    });
    const { markdown: text } = await convert(deck, { filename: "numbered-lists.ppt" });
    expect(section(text, "Boarding in three steps")).toContain("- Buy a ticket at the kiosk\n- Wait behind the yellow line");
    expect(section(text, "Winter crossings")).toContain("- Storm days\n  - Listen for the harbour siren");
  });

  it("writes a picture's description (wzDescription), which LibreOffice does not write but PowerPoint does", async () => {
    // The picture's property table, rewritten in place: its picture, then the description as the one complex property.
    const deck = patchedPpt(pptDeck("emphasis.ppt"), (stream, records) => {
      const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
      const pictureEntry = (record: PptRecordAt): number | undefined =>
        [...Array(view.getUint16(record.start - 8, true) >> 4).keys()].find((i) => (view.getUint16(record.start + i * 6, true) & 0x3fff) === PICTURE_PROPERTY);
      const table = records.find((record) => record.type === SHAPE_PROPERTIES && pictureEntry(record) !== undefined)!;
      const [pictureId, picture] = [view.getUint16(table.start + pictureEntry(table)! * 6, true), view.getUint32(table.start + pictureEntry(table)! * 6 + 2, true)];
      const complexSize = table.end - table.start - 12;
      stream.fill(0, table.start, table.end);
      view.setUint16(table.start - 8, (2 << 4) | 3, true);
      view.setUint16(table.start, pictureId, true);
      view.setUint32(table.start + 2, picture, true);
      view.setUint16(table.start + 6, 0x8000 | 0x0381, true);
      view.setUint32(table.start + 8, complexSize, true);
      [..."Plan of the waiting hall"].forEach((character, i) => view.setUint16(table.start + 12 + i * 2, character.charCodeAt(0), true));
    });
    const { markdown: text } = await convert(deck, { filename: "emphasis.ppt" });
    expect(section(text, "Where to wait")).toContain("Plan of the waiting hall");
  });

  it("numbers the corpus deck's numbered slide, as the PPTX and ODP do", async () => {
    const { markdown: text } = await convert(file("gen_deck.ppt"), { filename: "gen_deck.ppt" });
    expect(section(text, "Steps to reopen the lighthouse")).toContain("1. Inspect the lantern room\n2. Replace the cracked panes\n3. Invite the town council");
  });
});

describe("a PPTX built by hand", () => {
  const chartXml = `<?xml version="1.0" encoding="UTF-8"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:p><a:r><a:t>Ferry passengers</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:lineChart>${[
    ["Summer", [900, 1100]],
    ["Winter", [150, 120]],
  ]
    .map(
      ([series, values], i) =>
        `<c:ser><c:idx val="${i}"/><c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>${series}</c:v></c:pt></c:strCache></c:strRef></c:tx><c:cat><c:strRef><c:strCache><c:ptCount val="2"/><c:pt idx="0"><c:v>2024</c:v></c:pt><c:pt idx="1"><c:v>2025</c:v></c:pt></c:strCache></c:strRef></c:cat><c:val><c:numRef><c:numCache><c:ptCount val="2"/>${(values as number[]).map((value, j) => `<c:pt idx="${j}"><c:v>${value}</c:v></c:pt>`).join("")}</c:numCache></c:numRef></c:val></c:ser>`,
    )
    .join("")}</c:lineChart></c:plotArea></c:chart></c:chartSpace>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart1.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org/ferry" TargetMode="External"/></Relationships>`;
  const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree>
    <p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:p><a:r><a:t>Ferry season</a:t></a:r></a:p></p:txBody></p:sp>
    <p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="3" name="Chart"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="3000000"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId2"/></a:graphicData></a:graphic></p:graphicFrame>
    <p:sp><p:nvSpPr><p:cNvPr id="4" name="Text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="1000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:rPr><a:hlinkClick r:id="rId3"/></a:rPr><a:t>Do not follow</a:t></a:r><a:r><a:t> but read </a:t></a:r><a:r><a:rPr><a:hlinkClick r:id="rId4"/></a:rPr><a:t>the timetable</a:t></a:r></a:p></p:txBody></p:sp>
    <p:sp><p:nvSpPr><p:cNvPr id="6" name="Footer"/><p:cNvSpPr/><p:nvPr><p:ph type="ftr" idx="11"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:p><a:r><a:t>Tidewater ferry office</a:t></a:r></a:p></p:txBody></p:sp>
    <p:pic><p:nvPicPr><p:cNvPr id="5" name="Photo" descr="The ferry at the north pier"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:spPr><a:xfrm><a:off x="0" y="2000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr></p:pic>
  </p:spTree></p:cSld></p:sld>`;
  const deck = pptxWith(slide, { "ppt/slides/_rels/slide1.xml.rels": rels, "ppt/charts/chart1.xml": chartXml });

  it("writes a chart as its title and a table of its cached values", async () => {
    const { markdown } = await convert(deck, { filename: "ferry.pptx" });
    expect(markdown).toContain("**Chart: Ferry passengers**\n\n|      | Summer | Winter |\n| ---- | ------ | ------ |\n| 2024 | 900    | 150    |\n| 2025 | 1100   | 120    |");
  });

  it("keeps web links, drops script links, and keeps a picture's description where it stood", async () => {
    const { markdown, warnings } = await convert(deck, { filename: "ferry.pptx" });
    expect(markdown).toContain("Do not follow but read [the timetable](https://example.org/ferry)\n\nThe ferry at the north pier\n\n**Chart");
    expect(markdown).not.toContain("javascript");
    expect(warnings).toContain("1 picture(s) were replaced by their alt text.");
  });

  it("drops the footer placeholder, unless onlyMainContent is false", async () => {
    expect((await convert(deck, { filename: "ferry.pptx" })).markdown).not.toContain("Tidewater ferry office");
    expect((await convert(deck, { filename: "ferry.pptx", onlyMainContent: false })).markdown).toContain("Tidewater ferry office");
  });
});

describe("a PPTX built of text boxes alone, as code writes decks", () => {
  const textBox = (id: number, y: number, text: string, height = 500000) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8000000" cy="${height}"/></a:xfrm></p:spPr><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
  const footer = (id: number) => textBox(id, 4660000, "Tidewater Cooperative - Members' evening", 270000);
  const slideXml = (shapes: string) => `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree>${shapes}</p:spTree></p:cSld></p:sld>`;
  const slides = [
    slideXml(textBox(2, 1500000, "Harbour Lights Season Report") + textBox(3, 2500000, "For the members' evening in May") + footer(4)),
    slideXml(textBox(2, 270000, "Visitors by month") + textBox(3, 1200000, "Visitors doubled after the reopening of the pier.", 2000000) + footer(4)),
    slideXml(textBox(2, 270000, "Questions?") + textBox(3, 2000000, "Write to the harbour office.") + footer(4)),
  ];
  const relationship = (i: number) => `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${i}.xml"/>`;
  const deck = pptxWith(slides[0]!, {
    "ppt/presentation.xml": `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${PPTX_NAMESPACES}><p:sldIdLst>${[1, 2, 3].map((i) => `<p:sldId id="${255 + i}" r:id="rId${i}"/>`).join("")}</p:sldIdLst></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${[1, 2, 3].map(relationship).join("")}</Relationships>`,
    "ppt/slides/slide2.xml": slides[1]!,
    "ppt/slides/slide3.xml": slides[2]!,
  });

  it("titles each slide by its top text box, a short line standing alone above the rest", async () => {
    const { markdown } = await convert(deck, { filename: "boxes.pptx" });
    expect(headings(markdown)).toEqual(["Harbour Lights Season Report", "Visitors by month", "Questions?"]);
    expect(section(markdown, "Visitors by month")).toContain("Visitors doubled after the reopening of the pier.");
  });

  it("drops a text box repeated with the same words in the same place on every slide, unless onlyMainContent is false", async () => {
    expect((await convert(deck, { filename: "boxes.pptx" })).markdown).not.toContain("Members' evening");
    expect((await convert(deck, { filename: "boxes.pptx", onlyMainContent: false })).markdown).toContain("Members' evening");
  });

  it("writes no description for a picture whose description is the name of its file", async () => {
    const picture = (descr: string) =>
      `<p:pic><p:nvPicPr><p:cNvPr id="5" name="Picture 4" descr="${descr}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:spPr><a:xfrm><a:off x="0" y="2000000"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr></p:pic>`;
    const withFileName = await convert(pptxWith(slideXml(textBox(2, 270000, "The reading room") + picture("images/reading room.png"))), { filename: "named.pptx" });
    expect(withFileName.markdown).not.toContain("reading room.png");
    const described = await convert(pptxWith(slideXml(textBox(2, 270000, "The reading room") + picture("The reading room in the afternoon"))), { filename: "described.pptx" });
    expect(described.markdown).toContain("The reading room in the afternoon");
  });

  it("leaves a slide whose top line reads as a sentence untitled", async () => {
    const sentence = pptxWith(slideXml(textBox(2, 270000, "The pier reopened in March.") + textBox(3, 1500000, "Visitors came back at once.")));
    expect(headings((await convert(sentence, { filename: "sentence.pptx" })).markdown)).toEqual(["Slide 1"]);
  });
});

describe("a PPTX with SmartArt", () => {
  it("writes the diagram's text as a list nested as the diagram nests it", async () => {
    const point = (id: string, text: string) => `<dgm:pt modelId="${id}"><dgm:t><a:bodyPr/><a:p><a:r><a:t>${text}</a:t></a:r></a:p></dgm:t></dgm:pt>`;
    const data = `<?xml version="1.0" encoding="UTF-8"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst>
      <dgm:pt modelId="0" type="doc"/>${point("1", "Plan the season")}${point("2", "Build the pontoon")}${point("3", "Order the timber")}
      <dgm:pt modelId="9" type="sibTrans"><dgm:t><a:p><a:r><a:t>connector text</a:t></a:r></a:p></dgm:t></dgm:pt>
    </dgm:ptLst><dgm:cxnLst><dgm:cxn modelId="10" srcId="0" destId="1"/><dgm:cxn modelId="11" srcId="0" destId="2"/><dgm:cxn modelId="12" srcId="2" destId="3"/><dgm:cxn modelId="13" type="presOf" srcId="1" destId="3"/></dgm:cxnLst></dgm:dataModel>`;
    const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree><p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="2" name="Diagram"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"><dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rId7" r:lo="rId8" r:qs="rId9" r:cs="rId10"/></a:graphicData></a:graphic></p:graphicFrame></p:spTree></p:cSld></p:sld>`;
    const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData" Target="../diagrams/data1.xml"/></Relationships>`;
    const { markdown } = await convert(pptxWith(slide, { "ppt/slides/_rels/slide1.xml.rels": rels, "ppt/diagrams/data1.xml": data }), { filename: "diagram.pptx" });
    expect(markdown).toContain("- Plan the season\n- Build the pontoon\n  - Order the timber");
    expect(markdown).not.toContain("connector text");
  });
});

describe("a PPTX with text in a monospaced font", () => {
  it("writes a paragraph set wholly in it as a code block and a word in it as inline code", async () => {
    const run = (text: string, font?: string) => `<a:r><a:rPr>${font ? `<a:latin typeface="${font}"/>` : ""}</a:rPr><a:t xml:space="preserve">${text}</a:t></a:r>`;
    const paragraphs = [
      `<a:p>${run("def", "Courier")}${run(" dock(ship):", "Courier")}<a:br/>${run("    return ship.berth", "Courier")}</a:p>`,
      `<a:p>${run("print(dock(ship))", "Consolas")}</a:p>`,
      `<a:p>${run("Use ")}${run("dock()", "Courier New")}${run(" for each arrival.")}</a:p>`,
    ].join("");
    const slide = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Code"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
    const { markdown } = await convert(pptxWith(slide), { filename: "code.pptx" });
    expect(markdown).toContain("```\ndef dock(ship):\n    return ship.berth\nprint(dock(ship))\n```");
    expect(markdown).toContain("Use `dock()` for each arrival.");
  });
});

describe("XLSB", () => {
  it("converts like XLSX: a section and a table per visible sheet", async () => {
    const { markdown, metadata, warnings } = await convert(file("gen_berths.xlsb"), { filename: "berths.xlsb" });
    expect(headings(markdown)).toEqual(["Berths", "Fees"]);
    expect(markdown).toContain("| Morning Star | A3 | 18.5 | 2026-03-02 |");
    expect(markdown).toContain("| Total length |  | 52.25 |  |");
    expect(metadata).toMatchObject({ format: "xlsb", contentType: "application/vnd.ms-excel.sheet.binary.macroenabled.12", sheetNames: ["Berths", "Fees"] });
    expect(warnings).toContain('Sheet "Scratch" is hidden and was left out; unhide it in Excel to include it.');
  });
});

describe("detection", () => {
  it.each([
    ["gen_deck.pptx", "slides.pdf", "pptx"],
    ["gen_deck.ppt", "slides.doc", "ppt"],
    ["gen_deck.odp", "slides.ods", "odp"],
    ["gen_berths.xlsb", "berths.xlsx", "xlsb"],
  ])("%s named %s is read as %s: the bytes win", async (name, filename, format) => {
    const { metadata } = await convert(file(name), { filename });
    expect(metadata.format).toBe(format);
  });

  it("reads a deck with no name from its content type or its bytes alone", async () => {
    expect((await convert(file("gen_deck.pptx"), { contentType: "application/vnd.ms-powerpoint.presentation.macroEnabled.12" })).metadata.format).toBe("pptx");
    expect((await convert(file("gen_deck.ppt"))).metadata.format).toBe("ppt");
    expect((await convert(file("gen_deck.odp"))).metadata.format).toBe("odp");
  });
});

describe("an ODP's page", () => {
  it("an ODP slide's review comment (office:annotation) is left out", async () => {
    const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><office:body><office:presentation>
      <draw:page draw:name="page1"><draw:frame presentation:class="title" svg:x="2cm" svg:y="1cm"><draw:text-box><text:p>Crane schedule</text:p></draw:text-box></draw:frame>
      <office:annotation svg:x="20cm" svg:y="1cm"><dc:creator>Reviewer</dc:creator><text:p>Check the late shift first.</text:p></office:annotation>
      <draw:frame svg:x="2cm" svg:y="4cm"><draw:text-box><text:p>Two cranes work the early shift.</text:p></draw:text-box></draw:frame></draw:page>
    </office:presentation></office:body></office:document-content>`;
    const odp = zipSync({ mimetype: [strToU8("application/vnd.oasis.opendocument.presentation"), { level: 0 }], "content.xml": strToU8(content) });
    const { markdown } = await convert(odp, { filename: "cranes.odp" });
    expect(markdown).toBe("## Crane schedule\n\nTwo cranes work the early shift.\n");
  });
});

describe("damaged decks", () => {
  it.each([
    ["mal_encrypted.pptx", /^mal_encrypted\.pptx is password-protected; remove the password in PowerPoint and try again\.$/],
    ["mal_not_a_zip.pptx", /^mal_not_a_zip\.pptx is not a valid PPTX presentation \(it is not a ZIP package\); check/],
    ["mal_truncated_deck.pptx", /^mal_truncated_deck\.pptx is damaged: its ZIP directory is missing, so it was cut short; check that the file is complete and not corrupt\.$/],
    ["mal_truncated_deck.ppt", /^mal_truncated_deck\.ppt could not be read as PPT \(.+\); check/],
    ["mal_truncated_deck.odp", /^mal_truncated_deck\.odp is damaged: its ZIP directory is missing, so it was cut short; check/],
  ])("%s: DOCUMENT_UNREADABLE with one sentence that names it", async (name, message) => {
    await expect(convert(file(name), { filename: name })).rejects.toMatchObject({ code: "DOCUMENT_UNREADABLE", message: expect.stringMatching(message) });
  });

  it("an ODP whose manifest lists encrypted parts is password-protected, found by its bytes alone", async () => {
    // What LibreOffice writes for a password: the mimetype stored first, the content encrypted.
    const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>`;
    const odp = zipSync({
      mimetype: [strToU8("application/vnd.oasis.opendocument.presentation"), { level: 0 }],
      "META-INF/manifest.xml": strToU8(manifest),
      "content.xml": Uint8Array.from({ length: 512 }, (_, i) => (i * 31) % 256),
    });
    await expect(convert(odp, { filename: "locked" })).rejects.toMatchObject({
      code: "DOCUMENT_UNREADABLE",
      message: "locked is password-protected; save it again without a password and try again.",
    });
  });
});

describe("the other ways in", () => {
  let source: SourceServer;
  let api: SourceServer;
  beforeAll(async () => {
    [source, api] = await Promise.all([
      startHostileSource(new Map([["deck.pptx", file("gen_deck.pptx")]])),
      startScrapeServer({ apiKeys: ["slides-key"], allowPrivateNetworks: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([source?.close(), api?.close()]);
  });

  it("docscrape serve: POST /v2/scrape answers a PPTX's Markdown and metadata", async () => {
    const { status, json } = await postScrape(api.url, { url: `${source.url}/doc/deck.pptx`, formats: ["markdown", "html"] }, "slides-key");
    expect(status).toBe(200);
    const data = json.data as { markdown: string; html: string; metadata: Record<string, unknown> };
    expect(headings(data.markdown)).toEqual(SLIDE_TITLES);
    expect(data.html).toContain("<h2>Budget by project</h2>");
    expect(data.metadata).toMatchObject({ contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", numPages: 6 });
  });

  it("docscrape convert prints an ODP's Markdown, and one line for a damaged PPT", async () => {
    const good = await runCli(["convert", filePath("gen_deck.odp")]);
    expect(good.code).toBe(0);
    expect(headings(good.stdout)).toEqual(SLIDE_TITLES);
    const bad = await runCli(["convert", filePath("mal_truncated_deck.ppt")]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/^docscrape: mal_truncated_deck\.ppt could not be read as PPT \(.+\); check [^\n]+\n$/);
  });
});
