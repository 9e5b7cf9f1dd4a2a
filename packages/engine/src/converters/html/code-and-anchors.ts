import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";
import { SKIP, visit } from "unist-util-visit";

type Parent = Root | Element;

/**
 * The marks site generators show on a permalink beside a heading: Sphinx's and MkDocs' pilcrow,
 * Hugo's `#`, a section sign or link symbol; the zero-width space Docusaurus and VitePress put
 * in an otherwise empty one.
 */
const PERMALINK_MARK = /^[¶§#🔗⚓]$/u;
const INVISIBLE = /[\s\u200b\u200c\u200d\u2060\ufeff]/g;
/** Lines of a line-number gutter: numbers, one to a line. */
const NUMBER_LINES = /^\s*\d+(?:\s*\n\s*\d+)*\s*$/;
/**
 * Classes of the line numbers that Pygments (`linenos`) and Chroma (`ln`, `lnt`) write inside a
 * code block; both highlighters document them as the classes to style the numbers by.
 */
const INLINE_LINE_NUMBER_CLASSES: ReadonlySet<string> = new Set(["linenos", "ln", "lnt"]);

const isElement = (node: ElementContent): node is Element => node.type === "element";
const classesOf = (element: Element): string[] => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : []);

/**
 * A link that shows nothing (its icon was an SVG: share buttons, "edit this page" pencils), or a
 * link to a place on the same page that shows only a permalink mark.
 */
function isPermalinkOrBlank(element: Element): boolean {
  if (element.tagName !== "a" || holds(element, "img")) return false;
  const shown = toText(element).replace(INVISIBLE, "");
  return shown === "" || (String(element.properties.href ?? "").startsWith("#") && PERMALINK_MARK.test(shown));
}

/**
 * Whether a table cell is a code block's line-number gutter: a `<pre>` of only consecutive
 * numbers, one to a line, before a cell of code. Note: the `<pre>` keeps a numbered table's
 * first column (`1 | <pre>make</pre>`) from reading as a gutter.
 */
function isGutter(cell: Element, next: Element | undefined): boolean {
  const text = toText(cell, { whitespace: "pre" });
  if (!next || !NUMBER_LINES.test(text) || !holds(cell, "pre") || !holds(next, "pre")) return false;
  const numbers = text.trim().split(/\s+/).map(Number);
  return numbers.every((number, index) => index === 0 || number === numbers[index - 1]! + 1);
}

function holds(element: Element, tagName: string): boolean {
  let found = false;
  visit(element, "element", (child: Element) => {
    found ||= child.tagName === tagName;
  });
  return found;
}

/** Line numbers written as their own cell beside the code (Pygments' `highlighttable`, Chroma's `lntable`), dropped. */
function dropGutterCells(tree: Parent): void {
  visit(tree, "element", (row: Element) => {
    if (row.tagName !== "tr") return;
    const cells = row.children.filter(isElement);
    row.children = row.children.filter((child) => !(isElement(child) && isGutter(child, cells[cells.indexOf(child) + 1])));
  });
}

/**
 * The page furniture of generated documentation around headings and code, removed: permalinks
 * beside headings (`¶`, `#`, an icon), links that show nothing, line-number gutters and line numbers inside code blocks.
 * Note: none is the document's text, and each came out as a stray mark after every heading or
 * as a column of numbers before the code. Mutates `tree`.
 */
export function dropPermalinksAndLineNumbers(tree: Parent): void {
  dropGutterCells(tree);
  visit(tree, "element", (element: Element, index, parent) => {
    if (!parent || index === undefined) return;
    const lineNumber = element.tagName === "span" && classesOf(element).some((name) => INLINE_LINE_NUMBER_CLASSES.has(name));
    if (!lineNumber && !isPermalinkOrBlank(element)) return;
    parent.children.splice(index, 1);
    return [SKIP, index];
  });
}
