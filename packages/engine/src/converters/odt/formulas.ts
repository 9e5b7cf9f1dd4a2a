import { DOMParser, type Element } from "@xmldom/xmldom";
import { strFromU8 } from "fflate";
import { MAX_ELEMENT_DEPTH } from "../html/depth.js";

/** An embedded object's MathML part: `Formula-0/content.xml` (pandoc), `Object 1/content.xml` (LibreOffice). */
export const OBJECT_CONTENT = /^[^/]+\/content\.xml$/;

const OPERATORS: Record<string, string> = {
  "∑": "\\sum", "∏": "\\prod", "∫": "\\int", "∬": "\\iint", "∮": "\\oint", "⋃": "\\bigcup", "⋂": "\\bigcap",
  "≤": "\\leq", "≥": "\\geq", "≠": "\\neq", "≈": "\\approx", "±": "\\pm", "×": "\\times", "÷": "\\div", "·": "\\cdot",
  "→": "\\to", "∞": "\\infty", "∈": "\\in", "∂": "\\partial", "∇": "\\nabla",
};
const ACCENTS: Record<string, string> = {
  "‾": "\\bar", "¯": "\\bar", "\u0305": "\\bar", "^": "\\hat", "ˆ": "\\hat", "\u0302": "\\hat", "~": "\\tilde", "˜": "\\tilde",
  "\u0303": "\\tilde", "→": "\\vec", "\u20d7": "\\vec", "˙": "\\dot", "\u0307": "\\dot",
};
const FUNCTION_NAMES = new Set("sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim max min sup inf det".split(" "));
const LATEX_SPECIAL = /[\\{}#%&$_^~]/g;
// Invisible operators (function application, invisible times/separator/plus) carry no glyph.
const INVISIBLE = /[\u2061-\u2064]/g;
// Note: LibreOffice's formula objects hold a StarMath annotation and pandoc's none; MathML's own
// elements are what both share, so LaTeX is written from them. Written here rather than with npm's
// mathml-to-latex (1.8.0), which sets an accent as a script (pandoc's h̄ becomes
// `\overset{\overline}{h}`, not `\bar{h}`); this walk writes accents and function names as the
// DOCX equations' (omml-to-latex.ts) do.
const SKIPPED = new Set(["annotation", "annotation-xml"]);

const escape = (text: string): string => text.replace(INVISIBLE, "").replace(LATEX_SPECIAL, (character) => `\\${character}`);
const group = (latex: string): string => `{${latex}}`;
const fence = (character: string): string => (character === "{" || character === "}" ? `\\${character}` : character);

const elementChildren = (element: Element): Element[] =>
  Array.from(element.childNodes).filter((node): node is Element => node.nodeType === 1 && !SKIPPED.has((node as Element).localName ?? ""));

const content = (element: Element, depth: number): string => elementChildren(element).map((child) => toLatex(child, depth + 1)).join("");

/** The text a token element holds itself (a token holds text only; nothing nested is read). */
const ownText = (element: Element | undefined): string =>
  Array.from(element?.childNodes ?? [])
    .filter((node) => node.nodeType === node.TEXT_NODE)
    .map((node) => node.nodeValue ?? "")
    .join("")
    .trim();

/** A token's text: a function name as its operator, an operator as its LaTeX command. */
function token(element: Element): string {
  const text = ownText(element);
  if ((element.localName === "mi" || element.localName === "mo") && FUNCTION_NAMES.has(text)) return `\\${text} `;
  if (element.localName === "mo" && OPERATORS[text]) return `${OPERATORS[text]} `;
  if (element.localName === "mtext") return `\\text{${escape(text)}}`;
  return escape(text);
}

/** An over- or underscript: an accent as its command, a limit as a script. */
function script(base: Element, over: Element | undefined, under: Element | undefined, depth: number): string {
  const toLatexHere = (element: Element) => toLatex(element, depth + 1);
  const overText = ownText(over);
  if (over && !under && ACCENTS[overText]) return `${ACCENTS[overText]}${group(toLatexHere(base))}`;
  const operator = toLatexHere(base);
  // A command (\sum, \lim) takes its limits as scripts; anything else has them set over and under it.
  if (operator.startsWith("\\")) {
    return `${operator.trim()}${under ? `_${group(toLatexHere(under))}` : ""}${over ? `^${group(toLatexHere(over))}` : ""} `;
  }
  const withOver = over ? `\\overset${group(toLatexHere(over))}${group(operator)}` : operator;
  return under ? `\\underset${group(toLatexHere(under))}${group(withOver)}` : withOver;
}

/**
 * Write one MathML element as LaTeX; unknown elements give the LaTeX of their content. Note: past
 * {@link MAX_ELEMENT_DEPTH} nothing more is written, so a hostile nesting cannot overflow the stack.
 */
function toLatex(element: Element, depth: number): string {
  if (depth > MAX_ELEMENT_DEPTH) return "";
  const [first, second, third] = elementChildren(element);
  const latex = (child: Element) => toLatex(child, depth + 1);
  switch (element.localName) {
    case "mi":
    case "mn":
    case "mo":
    case "mtext":
      return token(element);
    case "mfrac":
      return first && second ? `\\frac${group(latex(first))}${group(latex(second))}` : content(element, depth);
    case "msqrt":
      return `\\sqrt${group(content(element, depth))}`;
    case "mroot":
      return first && second ? `\\sqrt[${latex(second)}]${group(latex(first))}` : content(element, depth);
    case "msup":
      return first && second ? `${latex(first)}^${group(latex(second))}` : content(element, depth);
    case "msub":
      return first && second ? `${latex(first)}_${group(latex(second))}` : content(element, depth);
    case "msubsup":
      return first && second && third ? `${latex(first)}_${group(latex(second))}^${group(latex(third))}` : content(element, depth);
    case "mover":
      return first && second ? script(first, second, undefined, depth) : content(element, depth);
    case "munder":
      return first && second ? script(first, undefined, second, depth) : content(element, depth);
    case "munderover":
      return first && second && third ? script(first, third, second, depth) : content(element, depth);
    case "mfenced":
      return `\\left${fence(element.getAttribute("open") || "(")}${elementChildren(element).map(latex).join(element.getAttribute("separators") || ",")}\\right${fence(element.getAttribute("close") || ")")}`;
    case "mtable":
      return `\\begin{matrix}${elementChildren(element).map((row) => elementChildren(row).map(latex).join(" & ")).join(" \\\\ ")}\\end{matrix}`;
    case "mspace":
      return " ";
    default:
      return content(element, depth);
  }
}

/** An equation's LaTeX (without `$` delimiters) and whether it is a display equation. */
export interface Formula {
  latex: string;
  display: boolean;
}

/**
 * The formula an embedded object holds, as LaTeX: its part is MathML (`<math>`), as pandoc and
 * LibreOffice write an equation. Undefined for other objects (charts, spreadsheets).
 */
export function readFormula(part: Uint8Array | undefined): Formula | undefined {
  if (!part) return undefined;
  const math = new DOMParser({ onError: () => {} }).parseFromString(strFromU8(part), "text/xml").documentElement;
  if (!math || math.localName !== "math") return undefined;
  const latex = content(math, 0).replace(/\s+/g, " ").trim();
  return latex ? { latex, display: math.getAttribute("display") === "block" } : undefined;
}
