import { strToU8, zipSync } from "fflate";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";

/** Parts of a small DOCX; `body` is the inside of `<w:body>`, the others are whole parts' inner XML. */
export interface DocxParts {
  body: string;
  /** `<w:abstractNum>`/`<w:num>` elements of word/numbering.xml. */
  numbering?: string;
  /** More `<w:style>` elements of word/styles.xml, after Title, Heading2 ("heading 2") and Quote. */
  styles?: string;
  /** `<w:footnote>` elements of word/footnotes.xml (ids 1 and up). */
  footnotes?: string;
  /** Dublin Core elements of docProps/core.xml, e.g. `<dc:title>Report</dc:title>`. */
  coreProperties?: string;
  /** More `<Relationship>` elements of the document's relationships, and the parts they point at (by package path). */
  relationships?: string;
  parts?: Record<string, string>;
}

const styles = (extra = "") => `<?xml version="1.0" encoding="UTF-8"?>
<w:styles xmlns:w="${W}">
  <w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="de-DE"/></w:rPr></w:rPrDefault></w:docDefaults>
  <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
  <w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style>
  ${extra}
</w:styles>`;

/**
 * Build a DOCX in memory from WordprocessingML snippets, for tests of constructs the corpus
 * files do not isolate (merged cells, numbered sub-lists, footnotes, declared properties).
 */
export function makeDocx(parts: DocxParts): Uint8Array {
  const relationships = [
    `<Relationship Id="rStyles" Type="${R}/styles" Target="styles.xml"/>`,
    parts.numbering ? `<Relationship Id="rNumbering" Type="${R}/numbering" Target="numbering.xml"/>` : "",
    parts.footnotes ? `<Relationship Id="rFootnotes" Type="${R}/footnotes" Target="footnotes.xml"/>` : "",
    parts.relationships ?? "",
  ].join("");
  const files: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">` +
        `<Relationship Id="rDocument" Type="${R}/officeDocument" Target="word/document.xml"/>` +
        `<Relationship Id="rCore" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ),
    "word/_rels/document.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}">${relationships}</Relationships>`,
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${parts.body}</w:body></w:document>`,
    ),
    "word/styles.xml": strToU8(styles(parts.styles)),
    ...Object.fromEntries(Object.entries(parts.parts ?? {}).map(([path, text]) => [path, strToU8(text)])),
  };
  if (parts.numbering) {
    files["word/numbering.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:numbering xmlns:w="${W}">${parts.numbering}</w:numbering>`);
  }
  if (parts.footnotes) {
    files["word/footnotes.xml"] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:footnotes xmlns:w="${W}">${parts.footnotes}</w:footnotes>`);
  }
  if (parts.coreProperties) {
    files["docProps/core.xml"] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">${parts.coreProperties}</cp:coreProperties>`,
    );
  }
  return zipSync(files);
}

/** A paragraph style `id` named `name`; `inside` holds its `w:basedOn`, `w:pPr` and `w:rPr`. */
export const paragraphStyle = (id: string, name: string, inside = ""): string =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${inside}</w:style>`;

/** A run of text with optional run properties (the inside of `<w:rPr>`). */
export const run = (text: string, properties = ""): string =>
  `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;

/**
 * A paragraph of plain text (or of runs built with {@link run}), optionally styled, in a
 * numbered list, or with more paragraph properties (the inside of `<w:pPr>`).
 */
export function paragraph(
  content: string,
  options: { style?: string; list?: { id: number; level: number }; properties?: string } = {},
): string {
  const style = options.style ? `<w:pStyle w:val="${options.style}"/>` : "";
  const list = options.list ? `<w:numPr><w:ilvl w:val="${options.list.level}"/><w:numId w:val="${options.list.id}"/></w:numPr>` : "";
  const runs = content.startsWith("<w:r>") ? content : run(content);
  return `<w:p><w:pPr>${style}${list}${options.properties ?? ""}</w:pPr>${runs}</w:p>`;
}

/** A table cell; `span` merges it with the next cells, `vMerge` continues ("continue") or starts ("restart") a vertical merge. */
export function cell(content: string, options: { span?: number; vMerge?: "restart" | "continue" } = {}): string {
  const span = options.span ? `<w:gridSpan w:val="${options.span}"/>` : "";
  const vMerge = options.vMerge ? `<w:vMerge w:val="${options.vMerge}"/>` : "";
  return `<w:tc><w:tcPr>${span}${vMerge}</w:tcPr>${content || "<w:p/>"}</w:tc>`;
}

/** A table row of cells built with {@link cell}. */
export const row = (...cells: string[]): string => `<w:tr>${cells.join("")}</w:tr>`;
