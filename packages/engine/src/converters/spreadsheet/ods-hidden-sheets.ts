import { decodeXml } from "../xml.js";

const TABLE_STYLE = /<style:style\b([^>]*)>([\s\S]*?)<\/style:style>/g;
const TABLE_START = /<table:table\s([^>]*)>/g;
/** An attribute's raw value in a tag's attribute text, as the patterns of these modules read tags. */
export const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

/**
 * The names of the sheets an ODS package hides (a table style with `table:display="false"`),
 * which LibreOffice does not show, from its `content.xml`. Note: SheetJS reads the hidden state of
 * XLSX and XLS sheets but not of ODS ones, so `content.xml` is read here, with patterns rather than
 * a DOM since it holds every cell.
 */
export function readOdsHiddenSheets(xml: string): Set<string> {
  const hidden = new Set<string>();
  const bodyStart = Math.max(0, xml.indexOf("<office:body"));
  const hiddenStyles = new Set<string>();
  for (const [, attributes = "", inner = ""] of xml.slice(0, bodyStart).matchAll(TABLE_STYLE)) {
    const name = attribute(attributes, "style:name");
    if (name && attribute(attributes, "style:family") === "table" && /\btable:display="false"/.test(inner)) hiddenStyles.add(name);
  }
  if (hiddenStyles.size === 0) return hidden;
  for (const [, attributes = ""] of xml.slice(bodyStart).matchAll(TABLE_START)) {
    const style = attribute(attributes, "table:style-name");
    const name = attribute(attributes, "table:name");
    if (style && name !== undefined && hiddenStyles.has(style)) hidden.add(decodeXml(name));
  }
  return hidden;
}
