import { utils, write } from "@e965/xlsx";
import CFB from "cfb";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { workbookBytes, workbookOf } from "./helpers.js";

const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A text box shape with one `a:p` per paragraph, as Excel saves one. */
const shape = (paragraphs: string[]): string =>
  `<xdr:sp macro="" textlink=""><xdr:nvSpPr><xdr:cNvPr id="2" name="TextBox 1"/><xdr:cNvSpPr txBox="1"/></xdr:nvSpPr><xdr:spPr/>` +
  `<xdr:txBody><a:bodyPr/><a:lstStyle/>${paragraphs.map((text) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r></a:p>`).join("")}</xdr:txBody></xdr:sp>`;

/** A drawing anchored at a cell (0-based row and column). */
const anchored = (row: number, column: number, drawing: string): string =>
  `<xdr:twoCellAnchor><xdr:from><xdr:col>${column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
  `<xdr:to><xdr:col>${column + 3}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${row + 4}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>${drawing}<xdr:clientData/></xdr:twoCellAnchor>`;

const group = (...shapes: string[]): string => `<xdr:grpSp><xdr:nvGrpSpPr><xdr:cNvPr id="9" name="Group"/><xdr:cNvGrpSpPr/></xdr:nvGrpSpPr><xdr:grpSpPr/>${shapes.join("")}</xdr:grpSp>`;

/** An XLSX of these sheets, each sheet's drawing holding the given anchors (SheetJS cannot write drawings; they are added as Excel saves them). */
function xlsxWithDrawings(sheets: Record<string, { rows: unknown[][]; anchors: string[] }>): Uint8Array {
  const entries = Object.entries(sheets);
  const files = unzipSync(workbookBytes(workbookOf(Object.fromEntries(entries.map(([name, { rows }]) => [name, utils.aoa_to_sheet(rows)])))));
  const relationship = (target: string) =>
    strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/drawing" Target="${target}"/></Relationships>`);
  let overrides = "";
  entries.forEach(([, { anchors }], index) => {
    const n = index + 1;
    files[`xl/drawings/drawing${n}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">${anchors.join("")}</xdr:wsDr>`,
    );
    files[`xl/worksheets/_rels/sheet${n}.xml.rels`] = relationship(`../drawings/drawing${n}.xml`);
    files[`xl/worksheets/sheet${n}.xml`] = strToU8(strFromU8(files[`xl/worksheets/sheet${n}.xml`]!).replace("</worksheet>", `<drawing r:id="rId1" xmlns:r="${R}"/></worksheet>`));
    overrides += `<Override PartName="/xl/drawings/drawing${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`;
  });
  files["[Content_Types].xml"] = strToU8(strFromU8(files["[Content_Types].xml"]!).replace("</Types>", `${overrides}</Types>`));
  return zipSync(files);
}

/** A slicer as Excel saves it: the slicer for Excel 2010 and later, a text box saying so for older readers. */
const slicer =
  `<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice xmlns:sle15="http://schemas.microsoft.com/office/drawing/2012/slicer" Requires="sle15">` +
  `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="3" name="Region"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/drawing/2010/slicer"/></a:graphic></xdr:graphicFrame>` +
  `</mc:Choice><mc:Fallback>${shape(["This shape represents a table slicer. Table slicers are supported in Excel or later versions."])}</mc:Fallback></mc:AlternateContent>`;

describe("text boxes drawn on a sheet", () => {
  it("follow the table as paragraphs, top to bottom, also on a sheet with no cells and inside a group, but not a slicer's fallback", async () => {
    const bytes = xlsxWithDrawings({
      Dash: {
        rows: [["Region", "Sales"], ["North", 10]],
        anchors: [anchored(8, 3, shape(["Later note"])), anchored(12, 3, slicer), anchored(20, 0, group(shape(["Grouped caption"]))), anchored(1, 3, shape(["# Figures are provisional", "Source: ledger"]))],
      },
      Cover: { rows: [], anchors: [anchored(2, 1, shape(["Annual report"]))] },
    });
    const { markdown } = await convert(bytes, { filename: "dash.xlsx" });
    expect(markdown).toBe(
      "## Dash\n\n| Region | Sales |\n| --- | --- |\n| North | 10 |\n\n\\# Figures are provisional\n\nSource: ledger\n\nLater note\n\nGrouped caption\n\n## Cover\n\nAnnual report\n",
    );
  });
});

/** A BIFF record: type and body. */
const record = (type: number, body: number[]): number[] => [type & 0xff, type >> 8, body.length & 0xff, body.length >> 8, ...body];
const le16 = (value: number): number[] => [value & 0xff, value >> 8];

/**
 * A drawn object with text as Excel 97-2003 saves one: OBJ (its ftCmo naming the object type),
 * TXO (the text's length), CONTINUE records holding the text (each opening with its high-byte
 * flag), then one holding the formatting runs.
 */
function textObject(objectType: number, id: number, pieces: Array<{ text: string; wide: boolean }>): number[] {
  const length = pieces.reduce((sum, { text }) => sum + text.length, 0);
  const obj = record(0x005d, [...le16(0x15), ...le16(0x12), ...le16(objectType), ...le16(id), ...le16(0x6011), ...new Array<number>(12).fill(0), 0, 0, 0, 0]);
  const txo = record(0x01b6, [...le16(0x0212), 0, 0, ...new Array<number>(6).fill(0), ...le16(length), ...le16(16), 0, 0, 0, 0]);
  const text = pieces.flatMap(({ text, wide }) => record(0x003c, [wide ? 1 : 0, ...Buffer.from(text, wide ? "utf16le" : "latin1")]));
  const runs = record(0x003c, [0, 0, 0, 0, ...le16(5), 0, 0, ...le16(length), 0, 0, 0, 0, 0, 0]);
  return [...obj, ...txo, ...text, ...runs];
}

describe("text boxes drawn on an Excel 97-2003 sheet", () => {
  it("follow the table as paragraphs, a text split over records, in UTF-16 or after a chart too, but a cell note's text does not", async () => {
    const workbook = workbookOf({ Dash: utils.aoa_to_sheet([["Region", "Sales"], ["North", 10]]) });
    const container = CFB.read(new Uint8Array(write(workbook, { type: "array", bookType: "xls" }) as ArrayBuffer), { type: "array" });
    const stream = CFB.find(container, "Workbook")!;
    const content = Uint8Array.from(stream.content);
    // The one sheet's substream ends the stream with its EOF record (4 bytes); the objects go before it.
    // A chart drawn on the sheet: a substream of its own (BOF, EOF) between the sheet's objects.
    const chart = [...record(0x0809, [...le16(0x0600), ...le16(0x0020), ...new Array<number>(12).fill(0)]), ...record(0x000a, [])];
    const objects = [
      ...textObject(0x06, 1, [{ text: "Figures are provisional\nSource: ", wide: false }, { text: "Größe ✓", wide: true }]),
      ...textObject(0x19, 2, [{ text: "A note's text", wide: false }]),
      ...chart,
      ...textObject(0x06, 3, [{ text: "After the chart", wide: false }]),
    ];
    stream.content = Buffer.concat([content.subarray(0, content.length - 4), Uint8Array.from(objects), content.subarray(content.length - 4)]);
    stream.size = stream.content.length;
    const { markdown } = await convert(new Uint8Array(CFB.write(container, { type: "array" }) as number[]), { filename: "dash.xls" });
    expect(markdown).toBe("## Dash\n\n| Region | Sales |\n| --- | --- |\n| North | 10 |\n\nFigures are provisional\n\nSource: Größe ✓\n\nAfter the chart\n");
  });
});
