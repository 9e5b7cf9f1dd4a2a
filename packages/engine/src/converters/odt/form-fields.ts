import type { Element as XmlElement } from "@xmldom/xmldom";
import { CHECKED_BOX, UNCHECKED_BOX } from "../word/ballot-boxes.js";
import { childElements } from "../xml.js";

// The legacy Word form fields LibreOffice keeps as `field:fieldmark` elements, by `field:type`.
const DROP_DOWN = "vnd.oasis.opendocument.field.FORMDROPDOWN";
const CHECKBOX = "vnd.oasis.opendocument.field.FORMCHECKBOX";

/** The values of a fieldmark's `field:param` elements named `name`, in order. */
const paramValues = (fieldmark: XmlElement, name: string): string[] =>
  childElements(fieldmark)
    .filter((param) => param.localName === "param" && param.getAttribute("field:name") === name)
    .map((param) => param.getAttribute("field:value") ?? "");

/**
 * What a legacy form field LibreOffice writes as a `field:fieldmark` shows: a drop-down its chosen
 * entry (`Dropdown_Selected`, else the first), a checkbox ☒ or ☐ as the DOCX converter writes one.
 * Note: neither holds its shown text as text, so without this both show nothing. Undefined for
 * other fieldmarks.
 */
export function formFieldText(fieldmark: XmlElement): string | undefined {
  const type = fieldmark.getAttribute("field:type");
  if (type === DROP_DOWN) {
    const entries = paramValues(fieldmark, "Dropdown_ListEntry");
    return entries[Number(paramValues(fieldmark, "Dropdown_Selected")[0] ?? "0")] ?? entries[0];
  }
  if (type === CHECKBOX) return paramValues(fieldmark, "Checkbox_Checked")[0] === "true" ? CHECKED_BOX : UNCHECKED_BOX;
  return undefined;
}
