#!/usr/bin/env node
// Writes the generated files of the slides corpus: one deck, written here as flat OpenDocument
// XML (.fodp), saved by LibreOffice as .pptx, .ppt and .odp; and one workbook saved as .xlsb by
// SheetJS (LibreOffice reads XLSB but cannot write it).
// The text is written for this repository (MIT, like the rest of it). The outputs are committed
// beside this script so that CI needs no LibreOffice; run `node make-files.mjs` here (with
// `soffice` on the PATH) to make them again, then update the sha256 and bytes in manifest.json.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as XLSX from "@e965/xlsx";
import CFB from "cfb";

const FILES = fileURLToPath(new URL("./files/", import.meta.url));

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
  'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"',
].join(" ");

const p = (text) => `<text:p>${text}</text:p>`;
/** A placeholder frame at (x, y) cm. */
const frame = (cls, [x, y, w, h], body) =>
  `<draw:frame presentation:style-name="pr" draw:layer="layout" presentation:class="${cls}" svg:x="${x}cm" svg:y="${y}cm" svg:width="${w}cm" svg:height="${h}cm"><draw:text-box>${body}</draw:text-box></draw:frame>`;
/** A plain text box (not a placeholder) at (x, y) cm. */
const textBox = ([x, y, w, h], body) =>
  `<draw:frame svg:x="${x}cm" svg:y="${y}cm" svg:width="${w}cm" svg:height="${h}cm"><draw:text-box>${body}</draw:text-box></draw:frame>`;
/** Nested bullet list from [text, children?] items. */
const list = (items, style = "") =>
  `<text:list${style && ` text:style-name="${style}"`}>${items
    .map(([text, children]) => `<text:list-item>${p(text)}${children ? list(children) : ""}</text:list-item>`)
    .join("")}</text:list>`;
const notes = (text) => `<presentation:notes>${frame("notes", [2, 14, 17, 10], p(text))}</presentation:notes>`;
const table = ([x, y, w, h], rows) =>
  `<draw:frame svg:x="${x}cm" svg:y="${y}cm" svg:width="${w}cm" svg:height="${h}cm"><table:table><table:table-column table:number-columns-repeated="${rows[0].length}"/>${rows
    .map((row) => `<table:table-row>${row.map((cell) => `<table:table-cell>${p(cell)}</table:table-cell>`).join("")}</table:table-row>`)
    .join("")}</table:table></draw:frame>`;
const page = (name, layout, shapes, style = "") =>
  `<draw:page draw:name="${name}" draw:master-page-name="Default" presentation:presentation-page-layout-name="${layout}"${style && ` draw:style-name="${style}"`}>${shapes.join("")}</draw:page>`;

/** A bar chart embedded as an ODF chart object, its data in the chart's own table. */
function barChart([x, y, w, h], title, [corner, ...series], rows) {
  const cell = (value) =>
    typeof value === "number"
      ? `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"><text:p>${value}</text:p></table:table-cell>`;
  const column = (i) => String.fromCharCode(66 + i);
  return `<draw:frame svg:x="${x}cm" svg:y="${y}cm" svg:width="${w}cm" svg:height="${h}cm"><draw:object><office:document office:mimetype="application/vnd.oasis.opendocument.chart" office:version="1.3"><office:body><office:chart>
<chart:chart chart:class="chart:bar" svg:width="${w}cm" svg:height="${h}cm"><chart:title><text:p>${title}</text:p></chart:title><chart:legend chart:legend-position="end"/>
<chart:plot-area table:cell-range-address="local-table.$A$1:.$${column(series.length - 1)}$${rows.length + 1}" chart:data-source-has-labels="both">
<chart:axis chart:dimension="x" chart:name="primary-x"><chart:categories table:cell-range-address="local-table.$A$2:.$A$${rows.length + 1}"/></chart:axis><chart:axis chart:dimension="y" chart:name="primary-y"/>
${series.map((_, i) => `<chart:series chart:values-cell-range-address="local-table.$${column(i)}$2:.$${column(i)}$${rows.length + 1}" chart:label-cell-address="local-table.$${column(i)}$1" chart:class="chart:bar"/>`).join("")}
</chart:plot-area></chart:chart>
<table:table table:name="local-table"><table:table-header-columns><table:table-column/></table:table-header-columns><table:table-columns><table:table-column table:number-columns-repeated="${series.length}"/></table:table-columns>
<table:table-header-rows><table:table-row>${[corner, ...series].map(cell).join("")}</table:table-row></table:table-header-rows>
<table:table-rows>${rows.map((row) => `<table:table-row>${row.map(cell).join("")}</table:table-row>`).join("")}</table:table-rows></table:table>
</office:chart></office:body></office:document></draw:object></draw:frame>`;
}

const TITLE = [2, 1, 24, 3];
const BODY = [2, 5, 24, 12];

const deck = `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:meta><dc:title>Harbour Lights Quarterly Review</dc:title><meta:initial-creator>Tidewater Cooperative</meta:initial-creator></office:meta>
<office:styles>
<style:presentation-page-layout style:name="TitleSlide"><presentation:placeholder presentation:object="title" svg:x="2cm" svg:y="1cm" svg:width="24cm" svg:height="3cm"/><presentation:placeholder presentation:object="subtitle" svg:x="2cm" svg:y="6cm" svg:width="24cm" svg:height="3cm"/></style:presentation-page-layout>
<style:presentation-page-layout style:name="TitleContent"><presentation:placeholder presentation:object="title" svg:x="2cm" svg:y="1cm" svg:width="24cm" svg:height="3cm"/><presentation:placeholder presentation:object="outline" svg:x="2cm" svg:y="5cm" svg:width="24cm" svg:height="12cm"/></style:presentation-page-layout>
<style:presentation-page-layout style:name="TitleOnly"><presentation:placeholder presentation:object="title" svg:x="2cm" svg:y="1cm" svg:width="24cm" svg:height="3cm"/></style:presentation-page-layout>
</office:styles>
<office:automatic-styles>
<style:style style:name="hidden" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden"/></style:style>
<style:style style:name="pr" style:family="presentation"/>
<text:list-style style:name="numbered"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/></text:list-style>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default"/></office:master-styles>
<office:body><office:presentation>
${page("Cover", "TitleSlide", [
  frame("title", TITLE, p("Harbour Lights Quarterly Review")),
  frame("subtitle", [2, 6, 24, 3], p("Prepared by the Tidewater Cooperative board")),
])}
${page("Roadmap", "TitleContent", [
  frame("title", TITLE, p("Roadmap for the spring season")),
  frame("outline", BODY, list([
    ["Repaint the north pier lamps", [["Order marine varnish", [["Check the tide tables first"]]], ["Hire two painters"]]],
    ["Open the visitor centre on weekends"],
    [`Read the <text:a xlink:href="https://example.org/harbour/roadmap">full roadmap page</text:a> for dates`],
  ])),
  notes("Mention that the varnish order closes on the fifth of March."),
])}
${page("Budget", "TitleOnly", [
  frame("title", TITLE, p("Budget by project")),
  table([2, 5, 20, 6], [
    ["Project", "Owner", "Cost (EUR)"],
    ["Pier lamps", "Maintenance team", "12500"],
    ["Visitor centre", "Events team", "8200"],
    ["Tide gauge", "Harbour master", "3100"],
  ]),
  notes("The tide gauge cost includes installation."),
])}
${page("Visitors", "TitleOnly", [
  frame("title", TITLE, p("Visitors since the reopening")),
  barChart([2, 5, 20, 10], "Visitors per month", ["Month", "Adults", "Children"], [["January", 1200, 340], ["February", 1450, 410], ["March", 2010, 780]]),
])}
${page("Draft", "TitleContent", [frame("title", TITLE, p("Draft slide kept out of the deck")), frame("outline", BODY, p("Confidential renegotiation figures"))], "hidden")}
${page("Sequence", "TitleContent", [
  frame("title", TITLE, p("Steps to reopen the lighthouse")),
  frame("outline", BODY, list([["Inspect the lantern room"], ["Replace the cracked panes"], ["Invite the town council"]], "numbered")),
])}
${page("Columns", "TitleOnly", [
  frame("title", TITLE, p("Two teams, two columns")),
  // Written right column first: reading order must come from the positions, not the XML.
  `<draw:g>${textBox([14, 5, 10, 4], p("Right column: the events team plans the summer fair."))}${textBox([2, 5, 10, 4], p("Left column: the maintenance team repairs the pier."))}</draw:g>`,
  textBox([2, 12, 22, 2], p("Footer box: questions go to the harbour office.")),
])}
</office:presentation></office:body></office:document>
`;

const work = mkdtempSync(join(tmpdir(), "slides-corpus-"));
writeFileSync(join(work, "gen_deck.fodp"), deck);

/** Run LibreOffice headless with its own profile, so a running instance does not interfere. */
function soffice(args) {
  execFileSync("soffice", [`-env:UserInstallation=file://${work}/profile`, "--headless", ...args], { cwd: work, stdio: "inherit", timeout: 120_000 });
}

soffice(["--convert-to", "pptx", "gen_deck.fodp"]);
soffice(["--convert-to", "ppt", "gen_deck.fodp"]);
soffice(["--convert-to", "odp", "gen_deck.fodp"]);
for (const name of ["gen_deck.pptx", "gen_deck.ppt", "gen_deck.odp"]) copyFileSync(join(work, name), join(FILES, name));
writeXlsb(join(FILES, "gen_berths.xlsb"));
writeMalformed();
console.log(`written to ${FILES} (sources in ${work})`);

/** A workbook of two sheets (one hidden), with text, numbers, a date and a formula, as XLSB. */
function writeXlsb(path) {
  const workbook = XLSX.utils.book_new();
  const berths = XLSX.utils.aoa_to_sheet([
    ["Vessel", "Berth", "Length (m)", "Arrived"],
    ["Morning Star", "A3", 18.5, new Date(Date.UTC(2026, 2, 2))],
    ["Grey Heron", "B1", 24, new Date(Date.UTC(2026, 2, 4))],
    ["Saltmarsh | the second", "C7", 9.75, new Date(Date.UTC(2026, 2, 9))],
    ["Total length", "", { t: "n", f: "SUM(C2:C4)", v: 52.25 }, ""],
  ], { cellDates: true });
  XLSX.utils.book_append_sheet(workbook, berths, "Berths");
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["Fee", "Amount"], ["Mooring", 40]]), "Fees");
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["Internal note"]]), "Scratch");
  workbook.Workbook = { Sheets: [{ Hidden: 0 }, { Hidden: 0 }, { Hidden: 1 }] };
  workbook.Props = { Title: "Harbour berths", Author: "Tidewater Cooperative", CreatedDate: new Date(Date.UTC(2026, 0, 15)) };
  writeFileSync(path, XLSX.write(workbook, { bookType: "xlsb", type: "buffer", compression: true }));
}

/**
 * Damaged decks: cut short, not a ZIP at all, and password-protected. Note: LibreOffice's
 * command line cannot save with a password, so the protected PPTX is the container Office
 * writes for one (MS-OFFCRYPTO: an OLE2 file with `EncryptionInfo` and `EncryptedPackage`),
 * holding random bytes where the encrypted package would be.
 */
function writeMalformed() {
  const cut = (name, fraction) => {
    const bytes = readFileSync(join(FILES, name));
    writeFileSync(join(FILES, `mal_truncated_${name.replace(/^gen_/, "")}`), bytes.subarray(0, Math.floor(bytes.length * fraction)));
  };
  cut("gen_deck.pptx", 0.5);
  cut("gen_deck.odp", 0.5);
  cut("gen_deck.ppt", 0.1);
  writeFileSync(join(FILES, "mal_not_a_zip.pptx"), "This is a plain text file that someone renamed to .pptx.\n");
  const encrypted = CFB.utils.cfb_new();
  CFB.utils.cfb_add(encrypted, "EncryptionInfo", Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
  CFB.utils.cfb_add(encrypted, "EncryptedPackage", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
  writeFileSync(join(FILES, "mal_encrypted.pptx"), CFB.write(encrypted, { type: "buffer" }));
}
