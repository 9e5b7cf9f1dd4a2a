import type { Document, Element } from "@xmldom/xmldom";
import { childElement, childElements } from "./word-xml.js";

/** Field codes whose instruction needs rewriting or whose result Word computes (see {@link showFieldResults}). */
const FIELD_TO_REWRITE = /FORMDROPDOWN|HYPERLINK[^<]*\\[otmn]/;
// A field that begins inside another's instruction (before that one's separator or end): IF, =, ASK.
const NESTED_FIELD = /fldCharType="begin"(?:(?!fldCharType="(?:separate|end)")[\s\S])*?fldCharType="begin"/;
// HYPERLINK switches that take an argument; \m and \n take none.
const SWITCHES_WITH_ARGUMENT = new Set(["\\l", "\\o", "\\t"]);
const FIELD_TOKEN = /"([^"]*)"|(\S+)/g;

/** A complex field being read: its begin character, instruction so far, and whether its result has begun. */
interface OpenField {
  begin: Element;
  instructions: Element[];
  separated: boolean;
  hasResultText: boolean;
}

/** Whether a document has a field that {@link showFieldResults} changes. */
export const hasFieldToShow = (documentXml: string): boolean => FIELD_TO_REWRITE.test(documentXml) || NESTED_FIELD.test(documentXml);

/** A HYPERLINK instruction reduced to the address (and bookmark) that mammoth reads: `HYPERLINK "url"` or `HYPERLINK \l "anchor"`. */
function plainHyperlink(instruction: string): string | undefined {
  const tokens = Array.from(instruction.matchAll(FIELD_TOKEN), (match) => ({ quoted: match[1] !== undefined, text: match[1] ?? match[2]! }));
  if (tokens[0]?.text.toUpperCase() !== "HYPERLINK") return undefined;
  let address: string | undefined;
  let anchor: string | undefined;
  for (let index = 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    const name = token.quoted ? "" : token.text.toLowerCase();
    if (SWITCHES_WITH_ARGUMENT.has(name)) {
      if (name === "\\l") anchor = tokens[index + 1]?.text;
      index++;
    } else if (!name.startsWith("\\") && address === undefined) address = token.text;
  }
  if (address) return `HYPERLINK "${anchor ? `${address}#${anchor}` : address}"`;
  return anchor ? `HYPERLINK \\l "${anchor}"` : undefined;
}

/** Write a cleaned HYPERLINK instruction into the field's first instruction element, emptying the rest. */
function rewriteHyperlink(field: OpenField): void {
  const [first, ...rest] = field.instructions;
  if (!first) return;
  const plain = plainHyperlink(field.instructions.map((element) => element.textContent ?? "").join(""));
  if (plain === undefined) return;
  first.textContent = ` ${plain} `;
  for (const element of rest) element.textContent = "";
}

/** The entry a legacy drop-down form field shows (`w:ddList`: the entry at `w:result`, else the first). */
function dropDownEntry(begin: Element): string | undefined {
  const list = childElement(childElement(begin, "w:ffData"), "w:ddList");
  if (!list) return undefined;
  const chosen = Number(childElement(list, "w:result")?.getAttribute("w:val") ?? "0");
  return childElements(list, "w:listEntry")[chosen]?.getAttribute("w:val") ?? undefined;
}

/** A run holding `text`, placed before `before` (a run). */
function insertTextRun(document: Document, before: Element, text: string): void {
  const run = document.createElement("w:r");
  const element = document.createElement("w:t");
  element.setAttribute("xml:space", "preserve");
  element.appendChild(document.createTextNode(text));
  run.appendChild(element);
  before.parentNode?.insertBefore(run, before);
}

const instructionOf = (field: OpenField): string => field.instructions.map((element) => element.textContent ?? "").join("").trim();

/** Finish a field at its end character: a drop-down form field with no result text gets the entry it shows. */
function closeField(document: Document, field: OpenField, endCharacter: Element): void {
  if (field.hasResultText || !/^FORMDROPDOWN\b/.test(instructionOf(field))) return;
  const entry = dropDownEntry(field.begin);
  const endRun = endCharacter.parentNode as Element | null;
  if (entry && endRun) insertTextRun(document, endRun, entry);
}

/**
 * Show complex fields (`w:fldChar` begin … separate … end) as Word shows them, where mammoth
 * does not: a HYPERLINK with switches (`\o "tip"`, `\t "_blank"`) links to its address, not to the
 * switches' text; the result of a field nested in another's instruction (the MERGEFIELD inside an
 * IF) is left out, as only the outer field's result shows; a legacy drop-down form field
 * (FORMDROPDOWN), whose shown entry is no text in the file, shows it. Mutates `document`.
 */
export function showFieldResults(document: Document): void {
  const open: OpenField[] = [];
  for (const element of Array.from(document.getElementsByTagName("*"))) {
    const top = open.at(-1);
    if (element.tagName === "w:fldChar") {
      const type = element.getAttribute("w:fldCharType");
      if (type === "begin") open.push({ begin: element, instructions: [], separated: false, hasResultText: false });
      else if (top && type === "separate") {
        top.separated = true;
        rewriteHyperlink(top);
      } else if (top && type === "end") {
        if (!top.separated) rewriteHyperlink(top);
        closeField(document, top, element);
        open.pop();
      }
    } else if (element.tagName === "w:instrText" && top && !top.separated) {
      top.instructions.push(element);
    } else if (element.tagName === "w:r" && top && childElement(element, "w:t")) {
      // Note: text while a field below the innermost one is still in its instruction is a nested
      // field's result; the innermost field alone never counts, so that a field left without an
      // end in a damaged file does not take the text after it.
      if (open.slice(0, -1).some((field) => !field.separated)) element.parentNode?.removeChild(element);
      else top.hasResultText = true;
    }
  }
}
