import type { Document, Element } from "@xmldom/xmldom";
import { childElement } from "./word-xml.js";

/** Elements mammoth skips, with the text they hold lost (mammoth 1.13: "unrecognised element"). */
const SKIPPED_ELEMENTS = /<w:(?:fldSimple|dir|bdo|ruby|ptab|cr)\b/;
const DRAWING_TEXT_BOX = /<wps:txbx\b/g;
const VML_TEXT_BOX = /<v:textbox\b/g;

/**
 * Whether a document holds text mammoth would skip: a wrapper it does not read, or a DrawingML
 * text box without the VML copy Word writes beside it (more `wps:txbx` than `v:textbox`).
 */
export function hasUnreadText(documentXml: string): boolean {
  if (SKIPPED_ELEMENTS.test(documentXml)) return true;
  const drawingBoxes = documentXml.match(DRAWING_TEXT_BOX)?.length ?? 0;
  return drawingBoxes > (documentXml.match(VML_TEXT_BOX)?.length ?? 0);
}

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
 * (`w:ruby`) shows its base text; a DrawingML text box with no VML copy is given one; a
 * positional tab (`w:ptab`) becomes a tab and a carriage return (`w:cr`) a line break, so that
 * the words either side stay apart. Mutates `document`.
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
  // Note: each box's copy goes right after its drawing, so the boxes of one group are taken last
  // first to come out in their order.
  for (const textBox of Array.from(document.getElementsByTagName("wps:txbx")).reverse()) showTextBox(document, textBox);
  showBreaksAndTabs(document);
  for (const ruby of Array.from(document.getElementsByTagName("w:ruby"))) {
    // The ruby sits inside a run: the base's runs replace that run.
    const run = ruby.parentNode as Element | null;
    const base = childElement(ruby, "w:rubyBase");
    if (run?.tagName === "w:r") replaceWith(run, base ? childElementsOf(base) : []);
  }
}

/**
 * Positional tabs and carriage returns as the tab and line break mammoth reads. Note: mammoth
 * skips `w:ptab` and `w:cr`, which ran the words before and after together ("Quay reportIssue 4").
 */
function showBreaksAndTabs(document: Document): void {
  for (const tab of Array.from(document.getElementsByTagName("w:ptab"))) replaceWith(tab, [document.createElement("w:tab")]);
  for (const carriageReturn of Array.from(document.getElementsByTagName("w:cr"))) replaceWith(carriageReturn, [document.createElement("w:br")]);
}

function ancestorNamed(node: Element, name: string): Element | undefined {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) {
    if (parent.nodeName === name) return parent as Element;
  }
  return undefined;
}

/**
 * Give a DrawingML text box (`wps:txbx`) the VML copy mammoth reads: its `w:txbxContent` moves to
 * a `w:pict` after the `w:drawing`, as Word's `mc:Fallback` holds it. Note: mammoth reads only the
 * fallback of alternate content and only pictures of a drawing, so a text box written by a tool
 * other than Word (bare, or in an `mc:Choice` with no fallback) lost its text. A box that has a
 * fallback is left alone: mammoth shows that copy.
 */
function showTextBox(document: Document, textBox: Element): void {
  const content = childElement(textBox, "w:txbxContent");
  const drawing = ancestorNamed(textBox, "w:drawing");
  if (!content || !drawing?.parentNode) return;
  const choice = ancestorNamed(drawing, "mc:Choice");
  const alternate = choice && ancestorNamed(choice, "mc:AlternateContent");
  if (alternate && childElement(alternate, "mc:Fallback")) return;
  const pict = document.createElement("w:pict");
  pict.appendChild(content);
  drawing.parentNode.insertBefore(pict, drawing.nextSibling);
  if (choice && alternate) replaceWith(alternate, childElementsOf(choice));
}
