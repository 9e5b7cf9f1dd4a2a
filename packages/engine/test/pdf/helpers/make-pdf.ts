import { deflateSync } from "node:zlib";

/** A piece of a line in its own style; the pieces of a line are set one after the other. */
export interface PdfSpan {
  text: string;
  bold?: boolean;
  italic?: boolean;
  mono?: boolean;
  /**
   * Set in a subset of Helvetica holding only this span's glyphs, each 500 units wide, as a PDF
   * producer embeds a font used for a character or two (TeX's font for a list's bullet).
   */
  subset?: boolean;
  /** Set in a font of this name, not embedded (a viewer draws it in a font like it): what a name says of the type. */
  font?: string;
  /**
   * Set in a Type 3 font that draws each glyph as a box, as pdfTeX embeds TeX's bitmap fonts: its
   * glyphs are named by their codes alone, so text reads as its codes ("\u001c" for the fi ligature
   * of TeX's T1 encoding, "\u0088" for the bullet). A span of one character gets a font of that
   * glyph alone, as pdfTeX embeds a font of which one glyph is used.
   */
  bitmap?: boolean;
}

/** One line of text on a generated page: Helvetica (bold, oblique, both) or Courier at a position in points. */
export interface PdfLine {
  /** The text, or pieces of it in different styles (the line's own style applies to plain text). */
  text: string | readonly PdfSpan[];
  x: number;
  /** Baseline, from the bottom of the page as in PDF. */
  y: number;
  size?: number;
  bold?: boolean;
  italic?: boolean;
  /** Set in Courier, a monospaced font. */
  mono?: boolean;
  /** Extra width of each space in points (`Tw`); negative in tightly justified text. */
  wordSpacing?: number;
  /** Set reading up the page from (x, y), turned a quarter turn anticlockwise (a sideways column header). */
  sideways?: boolean;
  /** Fill colour, red, green and blue from 0 to 1; black unless given. */
  colour?: [red: number, green: number, blue: number];
  /** Drawn clipped to this rectangle (x1, y1, x2, y2 in PDF points). */
  clip?: [x1: number, y1: number, x2: number, y2: number];
}

/** An RGB image drawn on a page; `x`, `y` (bottom left corner), `width` and `height` are in points. */
export interface PdfImage {
  x: number;
  y: number;
  width: number;
  height: number;
  pixelWidth: number;
  pixelHeight: number;
  /** Pixels, three bytes (red, green, blue) each, row by row from the top. */
  rgb: Uint8Array;
}

/**
 * A ToUnicode CMap for a one-byte font: `ranges` send a run of codes on from a first Unicode value
 * (`[from, to, unicode]`), `codes` send one code each to its text (hex UTF-16, several code units
 * for a glyph that stands for several characters).
 */
export function toUnicodeCMap({ ranges = [], codes = {} }: { ranges?: readonly [from: number, to: number, unicode: string][]; codes?: Readonly<Record<string, string>> }): string {
  const hex = (code: number): string => code.toString(16).padStart(2, "0").toUpperCase();
  const characters = Object.entries(codes);
  return [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def /CMapType 2 def",
    "1 begincodespacerange <00> <FF> endcodespacerange",
    ...(ranges.length > 0 ? [`${ranges.length} beginbfrange ${ranges.map(([from, to, unicode]) => `<${hex(from)}> <${hex(to)}> <${unicode}>`).join(" ")} endbfrange`] : []),
    ...(characters.length > 0 ? [`${characters.length} beginbfchar ${characters.map(([code, unicode]) => `<${hex(code.charCodeAt(0))}> <${unicode}>`).join(" ")} endbfchar`] : []),
    "endcmap CMapName currentdict /CMap defineresource pop end end",
  ].join("\n");
}

/** A ToUnicode CMap sending every printable ASCII code to the private-use area (U+E020 on): a text layer of garbage. */
export const privateUseToUnicode = toUnicodeCMap({ ranges: [[0x20, 0x7e, "E020"]] });

/** Options of {@link makePdf}. */
export interface MakePdfOptions {
  /** Images drawn on each page (by page index). */
  images?: readonly (readonly PdfImage[])[];
  /**
   * A ToUnicode CMap for the regular font: what its text decodes to, whatever it shows (a font
   * whose text layer decodes to garbage).
   */
  toUnicode?: string;
  /**
   * Each line in a marked-content sequence of its own, as browsers print a tagged PDF: pdf.js then
   * keeps each line's text an item of its own, however close the next line's text is set.
   */
  tagged?: boolean;
  /** Width and height of every page in points; US Letter (612 by 792) unless given (960 by 540 is a 16:9 slide). */
  pageSize?: readonly [width: number, height: number];
}

const LETTER = [612, 792] as const;

const fontOf = (style: { bold?: boolean; italic?: boolean; mono?: boolean }): string =>
  style.mono ? "F4" : style.bold && style.italic ? "F5" : style.bold ? "F2" : style.italic ? "F3" : "F1";
const pdfString = (text: string): string => `(${text.replace(/[\\()]/g, "\\$&")})`;

/** A straight line drawn on a generated page (a table border), from (x1, y1) to (x2, y2) in PDF points. */
export interface PdfRule {
  rule: [x1: number, y1: number, x2: number, y2: number];
  /** Line width in points; 0.5 unless given. */
  width?: number;
}

const drawRule = ({ rule: [x1, y1, x2, y2], width = 0.5 }: PdfRule): string => `${width} w ${x1} ${y1} m ${x2} ${y2} l S`;

/**
 * A small circle drawn on a generated page, centred on (x, y) with radius `r` in PDF points:
 * filled (a disc, as browsers draw a list's bullets) or, when `hollow`, stroked.
 */
export interface PdfDot {
  dot: [x: number, y: number, r: number];
  hollow?: boolean;
}

// Note: four Bézier quarter arcs, each with its control points this share of the radius out.
const ARC = 0.5523;
function drawDot({ dot: [x, y, r], hollow }: PdfDot): string {
  const k = r * ARC;
  const arcs = [
    `${x + r} ${y + k} ${x + k} ${y + r} ${x} ${y + r} c`,
    `${x - k} ${y + r} ${x - r} ${y + k} ${x - r} ${y} c`,
    `${x - r} ${y - k} ${x - k} ${y - r} ${x} ${y - r} c`,
    `${x + k} ${y - r} ${x + r} ${y - k} ${x + r} ${y} c`,
  ];
  return `0.5 w ${x + r} ${y} m ${arcs.join(" ")} h ${hollow ? "S" : "f"}`;
}

/** A rectangle filled in a colour (red, green, blue from 0 to 1) on a generated page, from (x1, y1) to (x2, y2). */
export interface PdfFill {
  fill: [x1: number, y1: number, x2: number, y2: number];
  colour: [red: number, green: number, blue: number];
  /** Drawn clipped to this rectangle (x1, y1, x2, y2 in PDF points), as WeasyPrint paints a cell's background: the whole page, clipped to the cell. */
  clip?: [x1: number, y1: number, x2: number, y2: number];
}

const drawFill = ({ fill: [x1, y1, x2, y2], colour, clip }: PdfFill): string => {
  const clipping = clip === undefined ? "" : `${clip[0]} ${clip[1]} ${clip[2] - clip[0]} ${clip[3] - clip[1]} re W n `;
  return `q ${clipping}${colour.join(" ")} rg ${x1} ${y1} ${x2 - x1} ${y2 - y1} re f Q`;
};

/** A link annotation on a generated page: a rectangle (x1, y1, x2, y2 in PDF points) that opens `url`. */
export interface PdfLink {
  link: [x1: number, y1: number, x2: number, y2: number];
  url: string;
}

/**
 * A filled-in form field on a generated page, in its rectangle (x1, y1, x2, y2 in PDF points): a
 * text field (a string; lines apart with "\n"), a check box (true or false), or a choice field (its
 * chosen options).
 */
export interface PdfField {
  field: [x1: number, y1: number, x2: number, y2: number];
  value: string | boolean | readonly string[];
  /** Set with the annotation's Hidden flag: a viewer does not show it. */
  hidden?: boolean;
}

/** Text typed onto a generated page as a free-text annotation (as "Fill & Sign" does), in its rectangle. */
export interface PdfTypedText {
  typed: [x1: number, y1: number, x2: number, y2: number];
  text: string;
}

const freeTextAnnotation = ({ typed, text }: PdfTypedText): string =>
  `<< /Type /Annot /Subtype /FreeText /Rect [${typed.join(" ")}] /Contents ${pdfString(text)} /DA (/Helv 10 Tf 0 g) /F 4 >>`;

const fieldAnnotation = ({ field, value, hidden }: PdfField, index: number): string => {
  const common = `/Type /Annot /Subtype /Widget /T (field${index}) /Rect [${field.join(" ")}] /F ${hidden ? 2 : 4} /DA (/Helv 10 Tf 0 g)`;
  if (typeof value === "boolean") return `<< ${common} /FT /Btn /V /${value ? "Yes" : "Off"} /AS /${value ? "Yes" : "Off"} >>`;
  if (typeof value === "string") return `<< ${common} /FT /Tx${value.includes("\n") ? " /Ff 4096" : ""} /V ${pdfString(value.replaceAll("\n", "\r"))} >>`;
  return `<< ${common} /FT /Ch /Ff 2097152 /V [${value.map(pdfString).join(" ")}] /Opt [${value.map(pdfString).join(" ")}] >>`;
};

/** A Helvetica font dictionary whose widths cover only the characters of `text` (see `PdfSpan.subset`). */
function subsetFont(text: string): string {
  const codes = [...text].map((character) => character.charCodeAt(0));
  const first = Math.min(...codes);
  const last = Math.max(...codes);
  const widths = Array.from({ length: last - first + 1 }, (_, index) => (codes.includes(first + index) ? 500 : 0));
  const descriptor = "<< /Type /FontDescriptor /FontName /Helvetica /Flags 32 /FontBBox [-166 -225 1000 931] /ItalicAngle 0 /Ascent 718 /Descent -207 /CapHeight 718 /StemV 88 >>";
  return `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /FirstChar ${first} /LastChar ${last} /Widths [${widths.join(" ")}] /FontDescriptor ${descriptor} >>`;
}

/**
 * A Type 3 font (see `PdfSpan.bitmap`) whose glyphs are all one box, drawn by the stream object
 * `glyph`, named by their codes as pdfTeX names them ("/a97"): all 256 codes, or only `code`'s
 * (as pdfTeX embeds a font of which one glyph is used, a bullet's).
 */
function bitmapFont(glyph: number, code?: number): string {
  const [first, last] = code === undefined ? [0, 255] : [code, code];
  const names = Array.from({ length: last - first + 1 }, (_, index) => `a${first + index}`);
  const charProcs = names.map((name) => `/${name} ${glyph} 0 R`).join(" ");
  return `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 500 700] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << ${charProcs} >> /Encoding << /Type /Encoding /Differences [${first} ${names.map((name) => `/${name}`).join(" ")}] >> /FirstChar ${first} /LastChar ${last} /Widths [${names.map(() => 500).join(" ")}] /Resources << >> >>`;
}

const linkAnnotation = ({ link, url }: PdfLink): string => `<< /Type /Annot /Subtype /Link /Rect [${link.join(" ")}] /Border [0 0 0] /A << /S /URI /URI ${pdfString(url)} >> >>`;

/**
 * A small ball painted on a generated page, as LaTeX Beamer paints its items' balls: a form
 * XObject that fills its box with a radial shading, its box's lower left corner at (x, y), `size`
 * points across.
 */
export interface PdfBall {
  ball: [x: number, y: number, size: number];
}

const drawBall = ({ ball: [x, y, size] }: PdfBall): string => `q ${size} 0 0 ${size} ${x} ${y} cm /Ball Do Q`;

/**
 * Build a small, valid PDF (US Letter pages, standard fonts, no compression) from positioned
 * lines of ASCII text, drawn rules, dots and filled rectangles, link annotations, form fields and typed text, so tests can
 * state exactly what is on each page.
 */
export function makePdf(pages: readonly (readonly (PdfLine | PdfRule | PdfDot | PdfFill | PdfBall | PdfLink | PdfField | PdfTypedText)[])[], options: MakePdfOptions = {}): Uint8Array {
  const images = options.images ?? [];
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add("");
  const pageTree = add("");
  const toUnicode = options.toUnicode === undefined ? "" : ` /ToUnicode ${add(`<< /Length ${options.toUnicode.length} >>\nstream\n${options.toUnicode}\nendstream`)} 0 R`;
  const regular = add(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding${toUnicode} >>`);
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const oblique = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>");
  const courier = add(`<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding${toUnicode} >>`);
  const boldOblique = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-BoldOblique /Encoding /WinAnsiEncoding >>");
  const spans = pages.flat().flatMap((line) => ("text" in line && typeof line.text !== "string" ? line.text : []));
  const subsetTexts = [...new Set(spans.filter((span) => span.subset).map((span) => span.text))];
  const subsets = subsetTexts.map((text) => add(subsetFont(text)));
  const fontNames = [...new Set(spans.flatMap((span) => span.font ?? []))];
  const named = fontNames.map((name) => add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`));
  const boxGlyph = spans.some((span) => span.bitmap) ? add("<< /Length 37 >>\nstream\n500 0 0 0 500 700 d1 0 0 450 650 re f\nendstream") : 0;
  const bitmap = boxGlyph ? add(bitmapFont(boxGlyph)) : 0;
  const bitmapGlyphs = [...new Set(spans.filter((span) => span.bitmap && span.text.length === 1).map((span) => span.text))];
  const glyphFonts = bitmapGlyphs.map((text) => add(bitmapFont(boxGlyph, text.charCodeAt(0))));
  const fonts = [
    `/F1 ${regular} 0 R /F2 ${bold} 0 R /F3 ${oblique} 0 R /F4 ${courier} 0 R /F5 ${boldOblique} 0 R`,
    ...(bitmap ? [`/B1 ${bitmap} 0 R`] : []),
    ...glyphFonts.map((id, index) => `/G${index} ${id} 0 R`),
    ...subsets.map((id, index) => `/S${index} ${id} 0 R`),
    ...named.map((id, index) => `/N${index} ${id} 0 R`),
  ].join(" ");
  const hasBalls = pages.some((lines) => lines.some((line) => "ball" in line));
  const shading = hasBalls ? add("<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [0.35 0.65 0 0.5 0.5 0.5] /Function << /FunctionType 2 /Domain [0 1] /C0 [0.9 0.9 1] /C1 [0.2 0.2 0.7] /N 1 >> >>") : 0;
  const ball = hasBalls ? add(`<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << /Shading << /Sh ${shading} 0 R >> >> /Length 6 >>\nstream\n/Sh sh\nendstream`) : 0;
  const pageIds = pages.map((lines, pageIndex) => {
    const pageImages = images[pageIndex] ?? [];
    const imageIds = pageImages.map((image) => {
      const data = deflateSync(image.rgb).toString("latin1");
      return add(
        `<< /Type /XObject /Subtype /Image /Width ${image.pixelWidth} /Height ${image.pixelHeight} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data}\nendstream`,
      );
    });
    const drawings = pageImages.map((image, index) => `q ${image.width} 0 0 ${image.height} ${image.x} ${image.y} cm /Im${index + 1} Do Q`);
    const links = lines.filter((line): line is PdfLink => "link" in line);
    const fields = lines.filter((line): line is PdfField => "field" in line);
    const typed = lines.filter((line): line is PdfTypedText => "typed" in line);
    const texts = lines.flatMap((line, index) => {
      if ("link" in line || "field" in line || "typed" in line) return [];
      if ("rule" in line) return drawRule(line);
      if ("dot" in line) return drawDot(line);
      if ("fill" in line) return drawFill(line);
      if ("ball" in line) return drawBall(line);
      const size = line.size ?? 11;
      const spans = typeof line.text === "string" ? [{ text: line.text, bold: line.bold, italic: line.italic }] : line.text;
      const fontName = (span: PdfSpan): string =>
        span.subset ? `S${subsetTexts.indexOf(span.text)}` : span.bitmap ? (bitmapGlyphs.includes(span.text) ? `G${bitmapGlyphs.indexOf(span.text)}` : "B1") : span.font ? `N${fontNames.indexOf(span.font)}` : fontOf({ ...span, mono: span.mono ?? line.mono });
      const shown = spans.map((span) => `/${fontName(span)} ${size} Tf ${pdfString(span.text)} Tj`).join(" ");
      const wordSpacing = line.wordSpacing === undefined ? "" : `${line.wordSpacing} Tw `;
      const position = line.sideways ? `0 1 -1 0 ${line.x} ${line.y} Tm` : `${line.x} ${line.y} Td`;
      const colour = line.colour === undefined ? "" : `${line.colour.join(" ")} rg `;
      const clip = line.clip === undefined ? "" : `${line.clip[0]} ${line.clip[1]} ${line.clip[2] - line.clip[0]} ${line.clip[3] - line.clip[1]} re W n `;
      const text = `BT ${colour}${position} ${wordSpacing}${shown} ET`;
      const drawn = colour || clip ? `q ${clip}${text} Q` : text;
      return options.tagged ? `/P << /MCID ${index} >> BDC ${drawn} EMC` : drawn;
    });
    const content = [...drawings, ...texts].join("\n");
    const stream = add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`);
    const xObjectNames = [...imageIds.map((id, index) => `/Im${index + 1} ${id} 0 R`), ...(hasBalls ? [`/Ball ${ball} 0 R`] : [])];
    const xObjects = xObjectNames.length > 0 ? ` /XObject << ${xObjectNames.join(" ")} >>` : "";
    const annotationBodies = [...links.map(linkAnnotation), ...fields.map(fieldAnnotation), ...typed.map(freeTextAnnotation)];
    const annotations = annotationBodies.length > 0 ? ` /Annots [${annotationBodies.join(" ")}]` : "";
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${(options.pageSize ?? LETTER).join(" ")}] /Contents ${stream} 0 R /Resources << /Font << ${fonts} >>${xObjects} >>${annotations} >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, "latin1");
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
