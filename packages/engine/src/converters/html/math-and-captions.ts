import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";
import { SKIP, visit } from "unist-util-visit";
import { markedLatex } from "../docx/equations.js";

/** The `<annotation>` encodings that hold an equation's LaTeX source (pandoc, MathJax, KaTeX write it). */
const TEX_ENCODINGS: ReadonlySet<string> = new Set(["application/x-tex", "text/x-tex", "application/x-latex"]);

const texSource = (math: Element): string | undefined => {
  let tex: string | undefined;
  visit(math, "element", (element: Element) => {
    if (element.tagName === "annotation" && TEX_ENCODINGS.has(String(element.properties.encoding ?? "").toLowerCase())) tex ??= toText(element).trim();
  });
  return tex || undefined;
};

/**
 * Each MathML `<math>` as `$…$` math (a `$$` block for `display="block"`) when it carries its
 * LaTeX source, else as its text (`E=mc2`). Note: the sanitiser drops MathML whole, so an
 * equation in an EPUB 3 or a pandoc page would otherwise leave nothing. Mutates `tree`.
 */
export function mathAsLatex(tree: Root | Element): void {
  visit(tree, "element", (element: Element, index, parent) => {
    if (element.tagName !== "math" || !parent || index === undefined) return;
    const tex = texSource(element);
    const text = tex ? markedLatex(tex, element.properties.display === "block") : toText(element).replace(/\s+/g, "");
    parent.children[index] = { type: "text", value: text };
    return SKIP;
  });
}

/**
 * A table's `<caption>` as a paragraph before the table. Note: the sanitiser keeps a caption's
 * text but not the element, and the text would run into the first header cell.
 * Mutates `tree`.
 */
export function captionsBeforeTables(tree: Root | Element): void {
  visit(tree, "element", (table: Element, index, parent) => {
    if (table.tagName !== "table" || !parent || index === undefined) return;
    const captions = table.children.filter((child): child is Element => child.type === "element" && child.tagName === "caption");
    if (captions.length === 0) return;
    table.children = table.children.filter((child) => !captions.includes(child as Element));
    const paragraphs: ElementContent[] = captions.map((caption) => ({ type: "element", tagName: "p", properties: {}, children: caption.children }));
    parent.children.splice(index, 0, ...(paragraphs as typeof parent.children));
    return index + paragraphs.length + 1;
  });
}
