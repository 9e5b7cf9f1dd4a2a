// Writes the example site's documents: a PDF handbook, a Word policy, an Excel budget and a
// PowerPoint board briefing in documents/, and a PDF annual report in remote/ that the build serves over HTTP.
// The text is written for this repository (MIT, like the rest of it); run `pnpm make-documents`
// in examples/docs-site to make them again.
import { createWriteStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import { once } from "node:events";
import PDFDocument from "pdfkit";
import * as docx from "docx";
import * as XLSX from "@e965/xlsx";
import { createCanvas } from "@napi-rs/canvas";
import PptxGenJS from "pptxgenjs";

const here = (path) => new URL(`../${path}`, import.meta.url);
// Fixed dates keep the files byte-stable from one run to the next.
const CREATED = new Date("2026-01-15T09:00:00Z");

/** A PDF with a title, headings, paragraphs, lists, a ruled table, a link and page footers. */
async function writePdf(path, { title, sections }) {
  const doc = new PDFDocument({ size: "A4", margin: 64, bufferPages: true, info: { Title: title, Author: "Tidewater Cooperative", CreationDate: CREATED } });
  const done = once(doc.pipe(createWriteStream(here(path))), "finish");
  doc.font("Helvetica-Bold").fontSize(24).text(title).moveDown(0.8);
  for (const section of sections) {
    doc.font("Helvetica-Bold").fontSize(15).text(section.heading).moveDown(0.4);
    for (const block of section.blocks) {
      if (typeof block === "string") {
        doc.font("Helvetica").fontSize(11).text(block, { align: "left" }).moveDown(0.6);
      } else if (block.bullets) {
        doc.font("Helvetica").fontSize(11);
        block.bullets.forEach((item, i) => doc.text(`${block.numbered ? `${i + 1}.` : "•"}  ${item}`, { indent: 12 }));
        doc.moveDown(0.6);
      } else if (block.table) {
        drawTable(doc, block.table);
      } else if (block.link) {
        doc.font("Helvetica").fontSize(11).text(block.before, { continued: true })
          .fillColor("#1a56db").text(block.link.text, { link: block.link.href, underline: true, continued: true })
          .fillColor("black").text(block.after, { underline: false }).moveDown(0.6);
      } else if (block.chart) {
        block.chart(doc);
        doc.moveDown(0.4).font("Helvetica-Oblique").fontSize(10).text(block.caption).moveDown(0.8);
      } else if (block.image) {
        doc.image(block.image, { width: block.width });
        doc.moveDown(0.4).font("Helvetica-Oblique").fontSize(10).text(block.caption).moveDown(0.8);
      } else if (block.pageBreak) {
        doc.addPage();
      }
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    doc.font("Helvetica").fontSize(8).fillColor("#666")
      .text(`Tidewater Cooperative · ${title}`, 64, bottom, { lineBreak: false })
      .text(String(i + 1), doc.page.width - 80, bottom, { lineBreak: false })
      .fillColor("black");
  }
  doc.end();
  await done;
}

function drawTable(doc, rows) {
  const x0 = doc.page.margins.left;
  const widths = [150, 80, 230];
  const rowHeight = 20;
  let y = doc.y;
  rows.forEach((row, r) => {
    let x = x0;
    row.forEach((cell, c) => {
      doc.rect(x, y, widths[c], rowHeight).stroke();
      doc.font(r === 0 ? "Helvetica-Bold" : "Helvetica").fontSize(10).text(cell, x + 5, y + 6, { width: widths[c] - 10, lineBreak: false });
      x += widths[c];
    });
    y += rowHeight;
  });
  doc.x = x0;
  doc.y = y + 12;
}

// ---------------------------------------------------------------- Pictures
// Drawn here, so the repository holds no binary it cannot make again.

const REVENUE = [16.1, 16.8, 17.3, 17.9, 18.4];
const COSTS = [14.2, 14.6, 15.0, 15.1, 15.1];

/**
 * A bar chart of revenue and costs, 2021–2025, drawn with vector paths where the text flow is, as
 * office suites and plotting libraries write charts into PDFs (no embedded picture).
 */
function drawRevenueChart(doc) {
  const x = doc.page.margins.left;
  const y = doc.y + 6;
  const scale = 7;
  doc.save();
  doc.roundedRect(x, y, 360, 196, 8).lineWidth(1).strokeColor("#d1d5db").stroke();
  doc.font("Helvetica-Bold").fontSize(11).fillColor("#1f2937").text("Revenue and operating costs (million)", x + 12, y + 10, { lineBreak: false });
  doc.lineWidth(1).strokeColor("#9ca3af").moveTo(x + 20, y + 170).lineTo(x + 340, y + 170).stroke();
  ["2021", "2022", "2023", "2024", "2025"].forEach((year, i) => {
    const left = x + 34 + i * 62;
    doc.rect(left, y + 170 - REVENUE[i] * scale, 22, REVENUE[i] * scale).fillColor("#2563eb").fill();
    doc.rect(left + 24, y + 170 - COSTS[i] * scale, 22, COSTS[i] * scale).fillColor("#f59e0b").fill();
    doc.font("Helvetica").fontSize(9).fillColor("#374151").text(year, left + 12, y + 176, { lineBreak: false });
  });
  doc.rect(x + 230, y + 28, 8, 8).fillColor("#2563eb").fill();
  doc.rect(x + 290, y + 28, 8, 8).fillColor("#f59e0b").fill();
  doc.font("Helvetica").fontSize(9).fillColor("#374151").text("Revenue", x + 241, y + 28, { lineBreak: false }).text("Costs", x + 301, y + 28, { lineBreak: false });
  doc.restore();
  doc.fillColor("black");
  doc.x = x;
  doc.y = y + 204;
}

/** A photograph-like view of the estuary at dusk: gradients, a hill line and grain (thousands of colours). */
function estuaryPhoto() {
  const width = 800;
  const height = 500;
  const canvas = createCanvas(width, height);
  const c = canvas.getContext("2d");
  const sky = c.createLinearGradient(0, 0, 0, 300);
  sky.addColorStop(0, "#27466e");
  sky.addColorStop(1, "#f4b46c");
  c.fillStyle = sky;
  c.fillRect(0, 0, width, 300);
  const sea = c.createLinearGradient(0, 300, 0, height);
  sea.addColorStop(0, "#b8865a");
  sea.addColorStop(1, "#1d3a4f");
  c.fillStyle = sea;
  c.fillRect(0, 300, width, 200);
  c.fillStyle = "#2f3b2a";
  c.beginPath();
  c.moveTo(0, 300);
  for (let x = 0; x <= width; x += 20) c.lineTo(x, 260 + 25 * Math.sin(x / 90) + 10 * Math.sin(x / 23));
  c.lineTo(width, 300);
  c.fill();
  c.fillStyle = "#fde68a";
  c.beginPath();
  c.arc(560, 250, 34, 0, Math.PI * 2);
  c.fill();
  const pixels = c.getImageData(0, 0, width, height);
  let seed = 7;
  for (let i = 0; i < pixels.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const grain = (seed % 25) - 12;
    for (let k = 0; k < 3; k++) pixels.data[i + k] = Math.max(0, Math.min(255, pixels.data[i + k] + grain));
  }
  c.putImageData(pixels, 0, 0);
  return canvas.toBuffer("image/jpeg", 85);
}

/** The expense process as a diagram: four boxes and arrows, as drawn in a Word policy. */
function processDiagram() {
  const canvas = createCanvas(800, 180);
  const c = canvas.getContext("2d");
  c.fillStyle = "#ffffff";
  c.fillRect(0, 0, 800, 180);
  ["Book", "Travel", "Claim", "Approve"].forEach((step, i) => {
    const x = 20 + i * 195;
    c.fillStyle = ["#dbeafe", "#dcfce7", "#fef3c7", "#fce7f3"][i];
    c.strokeStyle = "#1f2937";
    c.lineWidth = 3;
    c.beginPath();
    c.roundRect(x, 50, 150, 80, 14);
    c.fill();
    c.stroke();
    c.fillStyle = "#111827";
    c.font = "bold 26px sans-serif";
    c.textAlign = "center";
    c.fillText(step, x + 75, 100);
    if (i < 3) {
      c.beginPath();
      c.moveTo(x + 155, 90);
      c.lineTo(x + 188, 90);
      c.lineTo(x + 180, 82);
      c.moveTo(x + 188, 90);
      c.lineTo(x + 180, 98);
      c.stroke();
    }
  });
  return canvas.toBuffer("image/png");
}

const lorem = (topic) =>
  `Tidewater Cooperative keeps its ${topic} short and practical. Every member of staff reads this section in their first week, ` +
  `and team leads review it with new colleagues during the induction meeting. Questions go to the people team, who answer within two working days.`;

await writePdf("public/documents/staff-handbook.pdf", {
  title: "Staff Handbook 2026",
  sections: [
    { heading: "Welcome", blocks: [lorem("handbook"), "The cooperative supplies drinking water to forty thousand households along the estuary and employs one hundred and twenty people across three sites."] },
    { heading: "Working hours", blocks: [lorem("rules on working time"), { bullets: ["Core hours run from 10:00 to 15:00.", "Flexible time may be taken in half days.", "Overtime is agreed in advance with a team lead."] }] },
    { heading: "Leave", blocks: ["Annual leave accrues monthly. The table below lists each kind of leave and how many days it gives.", { table: [["Leave type", "Days", "Notes"], ["Annual leave", "28", "Including public holidays"], ["Parental leave", "90", "Paid at full salary"], ["Volunteering", "3", "For registered charities"]] }] },
    { heading: "Health and safety", blocks: [{ pageBreak: true }, lorem("safety procedures"), { numbered: true, bullets: ["Report every incident in the safety log.", "Wear protective equipment at treatment sites.", "Take part in the yearly evacuation drill."] }, { before: "The full procedures are published on the ", link: { text: "cooperative's safety portal", href: "https://example.org/safety" }, after: " and reviewed every spring." }] },
  ],
});

await writePdf("remote/annual-report-2025.pdf", {
  title: "Annual Report 2025",
  sections: [
    { heading: "Summary", blocks: ["In 2025 the cooperative delivered 14.2 million cubic metres of water, replaced eleven kilometres of mains and cut leakage by nine per cent.", { image: estuaryPhoto(), width: 300, caption: "Photo 1: The estuary at dusk, seen from the new Saltmarsh borehole." }, { bullets: ["Customer satisfaction rose to 91 per cent.", "Two new boreholes came into service.", "Energy use per cubic metre fell by six per cent."] }, { pageBreak: true }] },
    { heading: "Finances", blocks: ["Revenue grew modestly while operating costs stayed flat.", { table: [["Item", "2025", "Comment"], ["Revenue", "18.4m", "Tariffs up 2 per cent"], ["Operating costs", "15.1m", "Flat on 2024"], ["Investment", "6.7m", "Mains renewal"]] }, { chart: drawRevenueChart, caption: "Figure 1: Revenue and operating costs, 2021 to 2025." }] },
  ],
});

// ---------------------------------------------------------------- Word
const { Document, Packer, Paragraph, TextRun, HeadingLevel, Table, TableRow, TableCell, ExternalHyperlink, FootnoteReferenceRun, WidthType, ImageRun } = docx;
const cell = (text, bold = false) => new TableCell({ width: { size: 3000, type: WidthType.DXA }, children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
const policy = new Document({
  creator: "Tidewater Cooperative",
  title: "Travel and Expenses Policy",
  description: "How staff travel on cooperative business and claim their expenses.",
  footnotes: { 1: { children: [new Paragraph("Rates follow the national mileage allowance for 2026.")] } },
  numbering: { config: [{ reference: "steps", levels: [{ level: 0, format: "decimal", text: "%1.", alignment: "left" }] }] },
  sections: [{
    children: [
      new Paragraph({ text: "Travel and Expenses Policy", heading: HeadingLevel.TITLE }),
      new Paragraph({ children: [new TextRun("This policy explains how staff travel on cooperative business and how they claim their costs. It applies to "), new TextRun({ text: "everyone", bold: true }), new TextRun(" who works for the cooperative, "), new TextRun({ text: "including contractors", italics: true }), new TextRun(".")] }),
      new Paragraph({ text: "Before you travel", heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ text: "Choose the lowest-carbon option that is practical.", bullet: { level: 0 } }),
      new Paragraph({ text: "Trains for journeys under five hours.", bullet: { level: 1 } }),
      new Paragraph({ text: "Pool cars for site visits.", bullet: { level: 1 } }),
      new Paragraph({ text: "Book through the travel desk so that insurance applies.", bullet: { level: 0 } }),
      new Paragraph({ text: "Claiming expenses", heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ children: [new ImageRun({ type: "png", data: processDiagram(), transformation: { width: 560, height: 126 }, altText: { name: "process", title: "Expense process", description: "The expense process: book, travel, claim, approve." } })] }),
      new Paragraph({ text: "Keep every receipt.", numbering: { reference: "steps", level: 0 } }),
      new Paragraph({ text: "Submit the claim within thirty days.", numbering: { reference: "steps", level: 0 } }),
      new Paragraph({ text: "Your team lead approves it within a week.", numbering: { reference: "steps", level: 0 } }),
      new Paragraph({ text: "Allowances", heading: HeadingLevel.HEADING_2 }),
      new Paragraph({ children: [new TextRun("Mileage and meal allowances are paid at these rates"), new FootnoteReferenceRun(1), new TextRun(".")] }),
      new Table({ rows: [
        new TableRow({ tableHeader: true, children: [cell("Allowance", true), cell("Rate", true), cell("Limit", true)] }),
        new TableRow({ children: [cell("Mileage"), cell("0.45 per mile"), cell("10,000 miles a year")] }),
        new TableRow({ children: [cell("Meals"), cell("25 per day"), cell("Overnight trips only")] }),
      ] }),
      new Paragraph({ children: [new TextRun("Questions? Read the "), new ExternalHyperlink({ link: "https://example.org/expenses-faq", children: [new TextRun({ text: "expenses FAQ", style: "Hyperlink" })] }), new TextRun(".")] }),
    ],
  }],
});
await writeFile(here("public/documents/travel-policy.docx"), await Packer.toBuffer(policy));

// ---------------------------------------------------------------- Excel
const workbook = XLSX.utils.book_new();
const budget = XLSX.utils.aoa_to_sheet([
  ["Category", "Q1", "Q2", "Q3", "Q4", "Total"],
  ["Staff", 1_200_000, 1_210_000, 1_215_000, 1_230_000],
  ["Energy", 310_000, 280_000, 260_000, 300_000],
  ["Maintenance", 450_000, 520_000, 610_000, 480_000],
  ["Chemicals", 95_000, 97_500, 99_000, 101_000],
]);
for (let row = 2; row <= 5; row++) {
  const values = ["B", "C", "D", "E"].map((col) => budget[`${col}${row}`].v);
  budget[`F${row}`] = { t: "n", f: `SUM(B${row}:E${row})`, v: values.reduce((a, b) => a + b, 0) };
}
budget["!ref"] = "A1:F5";
XLSX.utils.book_append_sheet(workbook, budget, "Budget 2026");
const milestones = XLSX.utils.aoa_to_sheet([
  ["Milestone", "Due", "Owner"],
  ["Tariff review approved", new Date(Date.UTC(2026, 2, 31)), "Board"],
  ["Borehole 3 commissioned", new Date(Date.UTC(2026, 5, 15)), "Operations"],
  ["Mains renewal phase 2", new Date(Date.UTC(2026, 9, 1)), "Engineering"],
], { cellDates: true });
XLSX.utils.book_append_sheet(workbook, milestones, "Milestones");
workbook.Props = { Title: "Budget 2026", Author: "Tidewater Cooperative", CreatedDate: CREATED };
await writeFile(here("public/documents/budget-2026.xlsx"), XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }));

// ---------------------------------------------------------------- PowerPoint
// A deck as people make them: title placeholders, nested bullets, a chart, a table, speaker notes,
// and a hidden draft slide that must not be published.
const deck = new PptxGenJS();
deck.layout = "LAYOUT_16x9";
deck.title = "Board briefing, spring 2026";
deck.author = "Tidewater Cooperative";
deck.defineSlideMaster({
  title: "CONTENT",
  objects: [{ placeholder: { options: { name: "title", type: "title", x: 0.5, y: 0.25, w: 9, h: 0.8, fontSize: 28 }, text: "" } }],
});
const slide = (title) => {
  const added = deck.addSlide({ masterName: "CONTENT" });
  added.addText(title, { placeholder: "title" });
  return added;
};
const cover = slide("Board briefing, spring 2026");
cover.addText("Tidewater Cooperative · prepared for the board meeting of 12 March 2026", { x: 0.5, y: 1.4, w: 9, h: 0.6, fontSize: 16 });
const priorities = slide("Priorities for the year");
priorities.addText(
  [
    { text: "Renew the water mains", options: { bullet: true } },
    { text: "Phase 2 starts in October", options: { bullet: true, indentLevel: 1 } },
    { text: "Budget: 2.4 million", options: { bullet: true, indentLevel: 1 } },
    { text: "Commission borehole 3", options: { bullet: true } },
    { text: "Hold the tariff steady", options: { bullet: true } },
  ],
  { x: 0.5, y: 1.3, w: 9, h: 3, fontSize: 18 },
);
priorities.addNotes("Remind the board that phase 1 finished under budget.");
const water = slide("Water use by quarter");
water.addChart(
  deck.ChartType.bar,
  [
    { name: "2025", labels: ["Q1", "Q2", "Q3", "Q4"], values: [410, 455, 520, 430] },
    { name: "2026 plan", labels: ["Q1", "Q2", "Q3", "Q4"], values: [400, 440, 500, 420] },
  ],
  { x: 0.5, y: 1.2, w: 9, h: 4, showTitle: true, title: "Megalitres supplied", showLegend: true },
);
const status = slide("Project status");
status.addTable(
  [
    ["Project", "Owner", "Status"],
    ["Mains renewal", "Engineering", "On track"],
    ["Borehole 3", "Operations", "Testing"],
    ["Tariff review", "Board", "Approved"],
  ].map((row, i) => row.map((text) => ({ text, options: { bold: i === 0 } }))),
  { x: 0.5, y: 1.3, w: 9, fontSize: 14, border: { type: "solid", pt: 0.5, color: "999999" } },
);
status.addNotes("Borehole 3 water quality results are due in April.");
const draft = slide("Draft: tariff scenarios");
draft.addText("Not for publication: scenario B raises the tariff by 4%.", { x: 0.5, y: 1.3, w: 9, h: 1 });
draft.hidden = true;
await writeFile(here("public/documents/board-briefing.pptx"), await deck.write({ outputType: "nodebuffer", compression: true }));

console.log("wrote documents/staff-handbook.pdf, documents/travel-policy.docx, documents/budget-2026.xlsx, documents/board-briefing.pptx, remote/annual-report-2025.pdf");
