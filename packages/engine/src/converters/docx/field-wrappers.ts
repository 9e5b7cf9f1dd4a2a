import type { Document, Element } from "@xmldom/xmldom";
import { childElement } from "./word-xml.js";

/** Elements mammoth skips, with the text they hold lost (mammoth 1.13: "unrecognised element"). */
export const UNREAD_WRAPPERS = /<w:(?:fldSimple|dir|bdo|ruby)\b/;

function replaceWith(element: Element, nodes: readonly Element[]): void {
  const parent = element.parentNode;
  if (!parent) return;
  for (const node of nodes) parent.insertBefore(node, element);
  parent.removeChild(element);
}

const childElementsOf = (element: Element): Element[] =>
  Array.from(element.childNodes).filter((node): node is Element => node.nodeType === 1);

/** A run holding one field character (`begin`, `separate`, `end`) or the field's instruction. */
function fieldRun(document: Document, kind: "begin" | "separate" | "end" | { instruction: string }): Element {
  const run = document.createElement("w:r");
  if (typeof kind === "string") {
    const character = document.createElement("w:fldChar");
    character.setAttribute("w:fldCharType", kind);
    run.appendChild(character);
  } else {
    const instruction = document.createElement("w:instrText");
    instruction.setAttribute("xml:space", "preserve");
    instruction.appendChild(document.createTextNode(kind.instruction));
    run.appendChild(instruction);
  }
  return run;
}

/**
 * Rewrite the wrappers mammoth skips so that their text shows, as Word shows it: a simple field
 * (`w:fldSimple`: AUTHOR, DATE, PAGE, DOCPROPERTY, a HYPERLINK) becomes the same field written
 * with field characters, which mammoth reads (its result shown, a HYPERLINK as a link);
 * right-to-left and bidi-override wrappers (`w:dir`, `w:bdo`) give way to their runs; a ruby
 * (`w:ruby`) shows its base text. Mutates `document`.
 */
export function unwrapSkippedElements(document: Document): void {
  for (const field of Array.from(document.getElementsByTagName("w:fldSimple"))) {
    const instruction = field.getAttribute("w:instr") ?? "";
    replaceWith(field, [
      fieldRun(document, "begin"),
      fieldRun(document, { instruction }),
      fieldRun(document, "separate"),
      ...childElementsOf(field),
      fieldRun(document, "end"),
    ]);
  }
  for (const name of ["w:dir", "w:bdo"]) {
    for (const wrapper of Array.from(document.getElementsByTagName(name))) replaceWith(wrapper, childElementsOf(wrapper));
  }
  for (const ruby of Array.from(document.getElementsByTagName("w:ruby"))) {
    // The ruby sits inside a run: the base's runs replace that run.
    const run = ruby.parentNode as Element | null;
    const base = childElement(ruby, "w:rubyBase");
    if (run?.tagName === "w:r") replaceWith(run, base ? childElementsOf(base) : []);
  }
}
