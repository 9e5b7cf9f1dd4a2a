import { Zip, ZipDeflate, Zlib, strToU8, zipSync, zlibSync } from "fflate";

/** Hostile documents, generated in a second or two so that no bomb is stored in the repository. */

const MiB = 1024 * 1024;

const DOCX_PARTS = {
  "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
};

const XLSX_PARTS = {
  "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

const PPTX_PARTS = {
  "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>`,
  "_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  "ppt/presentation.xml": `<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst><p:sldId id="256" r:id="rId1"/></p:sldIdLst></p:presentation>`,
  "ppt/_rels/presentation.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide1.xml"/></Relationships>`,
};

/** The namespaces a PPTX slide part declares. */
export const PPTX_NAMESPACES = `xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;

/** A one-slide PPTX whose slide is the given XML, plus any further parts (relationships, charts, media). */
export const pptxWith = (slideXml: string, parts: Record<string, string | Uint8Array> = {}): Uint8Array =>
  zipSync(
    { ...mapValues({ ...PPTX_PARTS, ...parts }, (part) => (typeof part === "string" ? strToU8(part) : part)), "ppt/slides/slide1.xml": strToU8(slideXml) },
    { level: 6 },
  );

/** A PPTX whose slide nests `p:grpSp` groups `depth` deep. */
export const deeplyNestedPptx = (depth: number): Uint8Array =>
  pptxWith(`<?xml version="1.0" encoding="UTF-8"?><p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree>${"<p:grpSp>".repeat(depth)}${"</p:grpSp>".repeat(depth)}</p:spTree></p:cSld></p:sld>`);

/** A PPTX whose slide declares the billion laughs and uses the top entity in a text run. */
export const billionLaughsPptx = (): Uint8Array =>
  pptxWith(`<?xml version="1.0" encoding="UTF-8"?>${LAUGHS_DTD}<p:sld ${PPTX_NAMESPACES}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>&lol9;</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`);

const W = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`;

/** A DOCX whose `word/document.xml` is the given XML. */
export const docxWith = (documentXml: string): Uint8Array =>
  zipSync({ ...mapValues(DOCX_PARTS, strToU8), "word/document.xml": strToU8(documentXml) }, { level: 6 });

/** An XLSX whose one sheet is the given XML. */
export const xlsxWith = (sheetXml: string): Uint8Array =>
  zipSync({ ...mapValues(XLSX_PARTS, strToU8), "xl/worksheets/sheet1.xml": strToU8(sheetXml) }, { level: 6 });

/** A one-paragraph DOCX saying `text`: the good document converted after each attack. */
export const plainDocx = (text: string): Uint8Array =>
  docxWith(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`);

/**
 * A DOCX or XLSX whose main part inflates to `inflatedBytes` of XML padding: a ZIP bomb of about
 * `inflatedBytes / 1000` bytes. Streamed through fflate one 1 MiB slice at a time, so the bomb
 * is never held inflated.
 */
export function zipBomb(kind: "docx" | "xlsx" | "pptx", inflatedBytes: number): Uint8Array {
  const parts = { docx: DOCX_PARTS, xlsx: XLSX_PARTS, pptx: PPTX_PARTS }[kind];
  const mainPart = { docx: "word/document.xml", xlsx: "xl/worksheets/sheet1.xml", pptx: "ppt/slides/slide1.xml" }[kind];
  return zipBombWith(parts, mainPart, inflatedBytes);
}

/** A package of `parts` (stored as given, in order) plus a `member` that inflates to `inflatedBytes` of spaces. */
export function zipBombWith(parts: Record<string, string>, member: string, inflatedBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [path, text] of Object.entries(parts)) {
    const part = new ZipDeflate(path);
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const bomb = new ZipDeflate(member, { level: 1 });
  zip.add(bomb);
  const padding = new Uint8Array(MiB).fill(0x20);
  for (let written = 0; written < inflatedBytes; written += MiB) bomb.push(padding, written + MiB >= inflatedBytes);
  zip.end();
  return concat(chunks);
}

/** A DOCX whose body nests `<w:p>` `depth` deep. */
export const deeplyNestedDocx = (depth: number): Uint8Array =>
  docxWith(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${"<w:p>".repeat(depth)}${"</w:p>".repeat(depth)}</w:body></w:document>`);

/** "Billion laughs": ten levels of entities, each ten of the one below, 10⁹ "lol"s if expanded. */
export const LAUGHS_DTD = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? "" : level};`.repeat(10)}">`,
).join("")}]>`;

/** A DOCX whose `word/document.xml` declares the billion laughs and uses the top entity. */
export const billionLaughsDocx = (): Uint8Array =>
  docxWith(`<?xml version="1.0" encoding="UTF-8"?>${LAUGHS_DTD}<w:document ${W}><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`);

/** An XLSX whose sheet declares the billion laughs and uses the top entity in an inline string. */
export const billionLaughsXlsx = (): Uint8Array =>
  xlsxWith(
    `<?xml version="1.0" encoding="UTF-8"?>${LAUGHS_DTD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`,
  );

/**
 * A PDF of `pageCount` pages that share one font and one content stream ("Page text"), written
 * by hand: a few hundred bytes per page.
 */
export function manyPagesPdf(pageCount: number): Uint8Array {
  const content = "BT /F1 12 Tf 72 720 Td (Page text) Tj ET";
  const pageIds = Array.from({ length: pageCount }, (_, index) => 5 + index);
  return writePdf([
    strToU8(`<< /Type /Catalog /Pages 2 0 R >>`),
    strToU8(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageCount} >>`),
    strToU8(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>`),
    stream(strToU8(content), ""),
    ...pageIds.map(() => strToU8(PAGE)),
  ]);
}

const PAGE = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>`;

/**
 * A one-page PDF whose content stream inflates to `inflatedBytes` of text-drawing operators: a
 * small file whose parsing wants hundreds of MB and a long time.
 */
export function hugeStreamPdf(inflatedBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const deflate = new Zlib({ level: 1 }, (chunk) => chunks.push(chunk));
  const operators = strToU8("BT /F1 12 Tf 72 720 Td (lol) Tj ET\n".repeat(30_000));
  for (let written = 0; written < inflatedBytes; written += operators.length) deflate.push(operators, written + operators.length >= inflatedBytes);
  return writePdf([
    strToU8(`<< /Type /Catalog /Pages 2 0 R >>`),
    strToU8(`<< /Type /Pages /Kids [5 0 R] /Count 1 >>`),
    strToU8(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>`),
    stream(concat(chunks), " /Filter /FlateDecode"),
    strToU8(PAGE),
  ]);
}

/**
 * A one-page PDF that draws an image bomb: an RGB image XObject declaring `width` × `height`
 * pixels (50,000 × 50,000 is 7.5 GB decoded) whose stream is a few hundred bytes.
 */
export function imageBombPdf(width: number, height: number): Uint8Array {
  const content = "BT /F1 12 Tf 72 720 Td (Before the picture) Tj ET q 400 0 0 300 72 300 cm /Im1 Do Q BT /F1 12 Tf 72 200 Td (After the picture) Tj ET";
  return writePdf([
    strToU8(`<< /Type /Catalog /Pages 2 0 R >>`),
    strToU8(`<< /Type /Pages /Kids [5 0 R] /Count 1 >>`),
    strToU8(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>`),
    stream(strToU8(content), ""),
    strToU8(PAGE.replace("/Font << /F1 3 0 R >>", "/Font << /F1 3 0 R >> /XObject << /Im1 6 0 R >>")),
    stream(
      zlibSync(new Uint8Array(64 * 1024)),
      ` /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
    ),
  ]);
}

/** A stream object: its dictionary (with the length) and bytes. */
const stream = (bytes: Uint8Array, dictionaryExtra: string): Uint8Array =>
  concat([strToU8(`<< /Length ${bytes.length}${dictionaryExtra} >>\nstream\n`), bytes, strToU8("\nendstream")]);

/** Objects 1..n with a correct cross-reference table; object 1 is the catalog. */
function writePdf(objects: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [strToU8("%PDF-1.4\n")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = concat([strToU8(`${index + 1} 0 obj\n`), body, strToU8("\nendobj\n")]);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`)].join("");
  parts.push(strToU8(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

/** A CSV of `rows` × `columns` two-letter cells: small to download, millions of strings to hold. */
export const wideCsv = (rows: number, columns: number): Uint8Array =>
  strToU8(`${Array.from({ length: columns }, (_, column) => `c${column}`).join(",")}\n${`${"ab,".repeat(columns - 1)}ab\n`.repeat(rows)}`);
