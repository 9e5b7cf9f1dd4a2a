import { DOMParser, type Element } from "@xmldom/xmldom";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import type { InlineMath, Math as DisplayMath } from "mdast-util-math";
import type { Nodes, Paragraph, PhrasingContent, Root } from "mdast";
import { ommlToLatex } from "./omml-to-latex.js";

const DOCUMENT_PART = "word/document.xml";

// Note: mammoth drops Office Math. Each equation is swapped for a text run holding its LaTeX
// between private-use characters, which survive mammoth and the HTML round trip untouched;
// `equationsToMath` then turns them into math nodes. Word always writes the `m:` prefix.
const INLINE_START = "\uE000";
const DISPLAY_START = "\uE002";
const END = "\uE001";
const EQUATION = /<m:oMathPara\b[\s\S]*?<\/m:oMathPara>|<m:oMath\b[\s\S]*?<\/m:oMath>/g;
const MARKED_EQUATION = /([\uE000\uE002])([^\uE001]*)\uE001/g;

/**
 * LaTeX marked as {@link equationsToMath} reads it: inline, or a display equation (a `$$` block
 * when it stands alone in its paragraph). For the readers that find equations before the HTML
 * round trip (Office Math here, MathML in HTML and EPUB). A marker character inside the LaTeX
 * would end the equation early, so none is kept.
 */
export const markedLatex = (latex: string, display: boolean): string => `${display ? DISPLAY_START : INLINE_START}${latex.replace(/[\uE000-\uE002]/g, "")}${END}`;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The LaTeX of one equation; its plain text if the XML cannot be read. */
function equationLatex(fragment: string, namespaces: string): string {
  try {
    const document = new DOMParser().parseFromString(`<root ${namespaces}>${fragment}</root>`, "text/xml");
    const equation = Array.from(document.documentElement?.childNodes ?? []).find((node) => node.nodeType === 1);
    return equation ? ommlToLatex(equation as Element) : "";
  } catch {
    return Array.from(fragment.matchAll(/<m:t\b[^>]*>([^<]*)<\/m:t>/g), (match) => match[1]).join("");
  }
}

/**
 * Replace the Office Math in `word/document.xml` with marked LaTeX runs. Returns the DOCX
 * unchanged when it has no equations. Call only after the ZIP passed `assertSafeZip`.
 */
export function markEquations(bytes: Uint8Array): Uint8Array {
  const documentPart = unzipSync(bytes, { filter: (file) => file.name === DOCUMENT_PART })[DOCUMENT_PART];
  const xml = documentPart ? strFromU8(documentPart) : "";
  if (!xml.includes("<m:oMath")) return bytes;
  // Declare on the wrapper every namespace the document root declares, so fragments parse.
  const namespaces = /<w:document\b([^>]*)>/.exec(xml)?.[1] ?? "";
  const marked = xml.replace(EQUATION, (fragment) => {
    const display = fragment.startsWith("<m:oMathPara");
    return `<w:r><w:t xml:space="preserve">${escapeXml(markedLatex(equationLatex(fragment, namespaces), display))}</w:t></w:r>`;
  });
  // Note: level 0 stores the parts; the result only lives until mammoth has read it.
  return zipSync({ ...unzipSync(bytes), [DOCUMENT_PART]: strToU8(marked) }, { level: 0 });
}

function splitMarkedText(value: string, display: WeakSet<InlineMath>): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let last = 0;
  for (const match of value.matchAll(MARKED_EQUATION)) {
    if (match.index > last) nodes.push({ type: "text", value: value.slice(last, match.index) });
    const math: InlineMath = { type: "inlineMath", value: match[2]! };
    if (match[1] === DISPLAY_START) display.add(math);
    nodes.push(math);
    last = match.index + match[0].length;
  }
  if (last < value.length) nodes.push({ type: "text", value: value.slice(last) });
  return nodes;
}

/** A paragraph that holds nothing but one display equation becomes a `$$` block. */
function asDisplayMath(paragraph: Paragraph, display: WeakSet<InlineMath>): DisplayMath | undefined {
  const content = paragraph.children.filter((node) => !(node.type === "text" && node.value.trim() === ""));
  const [only] = content;
  if (content.length !== 1 || only?.type !== "inlineMath" || !display.has(only)) return undefined;
  return { type: "math", value: only.value };
}

/** Turn the marked LaTeX runs left by {@link markEquations} into `$…$` and `$$…$$` math. Mutates `tree`. */
export function equationsToMath(tree: Root): void {
  const display = new WeakSet<InlineMath>();
  const visit = (node: Nodes): void => {
    if (!("children" in node)) return;
    for (const child of node.children as Nodes[]) visit(child);
    node.children = (node.children as Nodes[]).flatMap((child): Nodes[] => {
      if (child.type === "text" && child.value.includes(END)) return splitMarkedText(child.value, display);
      if (child.type === "paragraph") return [asDisplayMath(child, display) ?? child];
      return [child];
    }) as typeof node.children;
  };
  visit(tree);
}
