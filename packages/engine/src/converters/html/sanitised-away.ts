import type { Element, ElementContent, Root, RootContent } from "hast";
import { visit } from "unist-util-visit";
import { isSymbolFont, showSymbolFontText } from "../word/symbol-fonts.js";

/*
 * Markup the sanitiser would drop, or that the HTML→GFM path would misread, moved to the form
 * both keep, before `sanitizePage`.
 */

const LANGUAGE_CLASS = /^(?:language|lang)-(.+)$/;
/**
 * The class a code block's wrapper names its language by: Sphinx's `highlight-python` (Pygments'
 * lexer name) and GitHub's `highlight-source-shell` (its grammar's scope). Note: Sphinx's
 * `default` and `none` name no language.
 */
const WRAPPER_LANGUAGE_CLASS = /^highlight-(?:source-)?([a-z0-9+#-]+)$/i;
const NO_LANGUAGE: ReadonlySet<string> = new Set(["default", "none", "text"]);
/** How far above a `<pre>` its wrapper may name the language (Sphinx: `div.highlight-x > div.highlight > pre`, or with line numbers a table cell and a `div` more). */
const WRAPPER_DEPTH = 4;
// Note: pandoc marks highlighted code as `<pre class="sourceCode python">`; the classes beside
// the language are its own (line numbering), never a language.
const PANDOC_CODE = "sourceCode";
const PANDOC_CLASSES: ReadonlySet<string> = new Set([PANDOC_CODE, "numberSource", "numberLines", "number-lines"]);

const classesOf = (element: Element): string[] => {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};

/** The language a `<pre>` or `<code>` names by class, as `language-x`, `lang-x` or pandoc's pair. */
function namedLanguage(element: Element): string | undefined {
  const classes = classesOf(element);
  for (const name of classes) {
    const language = LANGUAGE_CLASS.exec(name)?.[1];
    if (language) return language;
  }
  if (!classes.includes(PANDOC_CODE)) return undefined;
  return classes.find((name) => !PANDOC_CLASSES.has(name));
}

const elementChildren = (element: Element): Element[] =>
  element.children.filter((child): child is Element => child.type === "element");

/** The language a code block's wrapper names: `language-x` (MkDocs, Jekyll, VitePress) or `highlight-x` (Sphinx, GitHub). */
function wrapperLanguage(wrappers: readonly Element[]): string | undefined {
  for (const wrapper of wrappers.slice(-WRAPPER_DEPTH).reverse()) {
    for (const name of classesOf(wrapper)) {
      const language = LANGUAGE_CLASS.exec(name)?.[1] ?? WRAPPER_LANGUAGE_CLASS.exec(name)?.[1];
      if (language && !NO_LANGUAGE.has(language.toLowerCase())) return language;
    }
  }
  return undefined;
}

const isEmptySpan = (element: Element): boolean => element.tagName === "span" && element.children.length === 0;

/**
 * The `<code>` a `<pre>` holds alone, made when the `<pre>` holds its text bare (Pygments,
 * Sphinx). Note: Pygments opens each block with an empty `<span>`, beside the `<code>` in MkDocs.
 */
function codeOf(pre: Element): Element | undefined {
  pre.children = pre.children.filter((child) => child.type !== "element" || !isEmptySpan(child));
  const elements = elementChildren(pre);
  const [code] = elements;
  if (code && elements.length === 1 && code.tagName === "code") return code;
  if (elements.some((element) => element.tagName !== "span")) return undefined;
  const made: Element = { type: "element", tagName: "code", properties: {}, children: pre.children };
  pre.children = [made];
  return made;
}

/**
 * A code block's language on its `<code>` as `language-x`, the one class the sanitiser keeps
 * there, so the block is fenced as ```` ```python ````. Note: pandoc, Pygments and many site
 * generators name it on the `<pre>` only, in pandoc's `sourceCode python` form, or on a wrapper
 * around the `<pre>` (see {@link wrapperLanguage}).
 */
function codeLanguagesOnCode(tree: Root | Element, wrappers: Element[] = []): void {
  for (const child of tree.children) {
    if (child.type !== "element") continue;
    if (child.tagName !== "pre") {
      codeLanguagesOnCode(child, [...wrappers, child]);
      continue;
    }
    const language = languageOf(child, wrappers);
    const code = language ? codeOf(child) : undefined;
    if (code && language) code.properties.className = [`language-${language}`];
  }
}

function languageOf(pre: Element, wrappers: readonly Element[]): string | undefined {
  const [code, ...others] = elementChildren(pre).filter((element) => !isEmptySpan(element));
  const onCode = code && others.length === 0 && code.tagName === "code" ? namedLanguage(code) : undefined;
  return onCode ?? namedLanguage(pre) ?? wrapperLanguage(wrappers);
}

const TEXT_ALIGN = /(?:^|;)\s*text-align\s*:\s*(left|right|center)\b/i;

/**
 * A table cell's `style="text-align: right"` as `align="right"`, which the sanitiser keeps and
 * the GFM table's alignment row is written from. Note: pandoc and most editors align columns
 * with a style, which the sanitiser drops.
 */
function cellAlignmentsAsAttributes(tree: Root | Element): void {
  visit(tree, "element", (cell: Element) => {
    if ((cell.tagName !== "td" && cell.tagName !== "th") || cell.properties.align) return;
    const align = TEXT_ALIGN.exec(String(cell.properties.style ?? ""))?.[1];
    if (align) cell.properties.align = align.toLowerCase();
  });
}

const isList = (node: ElementContent): node is Element => node.type === "element" && (node.tagName === "ul" || node.tagName === "ol");

const firstElement = (element: Element): Element | undefined =>
  element.children.find((child): child is Element => child.type === "element");

function opensDeeper(node: RootContent): node is Element {
  if (node.type !== "element" || !isList(node)) return false;
  const first = firstElement(node);
  return first !== undefined && isList(first);
}

/**
 * A list that opens a level down (its first child a list) continues the list of the same kind just
 * before it: LibreOffice's HTML export closes its list at each change of level and writes the
 * deeper items as `<ul><ul><li>`, which a browser shows under the item before them.
 */
function joinListsOpeningDeeper(parent: Root | Element): void {
  const kept: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    const previous = kept.findLast((node) => node.type === "element" || (node.type === "text" && node.value.trim() !== ""));
    if (opensDeeper(child) && previous?.type === "element" && previous.tagName === child.tagName) previous.children.push(...child.children);
    else kept.push(child);
  }
  parent.children = kept as typeof parent.children;
}

/**
 * A list written straight inside a list, with no `<li>` around it (LibreOffice's HTML export
 * nests lists so), moved into the item before it, where a browser shows it: indented under that
 * item. The items of one with no item before it (a list that starts a level down) join the outer
 * list. Note: read as it is, the inner list becomes an item whose text is a list (`* * item`).
 */
function listsInsideItems(tree: Root | Element): void {
  visit(tree, (node) => {
    if (node.type !== "root" && node.type !== "element") return;
    joinListsOpeningDeeper(node);
    if (node.type !== "element" || !isList(node)) return;
    const children: ElementContent[] = [];
    const pending = [...node.children];
    for (let child = pending.shift(); child; child = pending.shift()) {
      const previous = children.findLast((item) => item.type === "element");
      if (!isList(child)) children.push(child);
      else if (previous?.type === "element" && previous.tagName === "li") previous.children.push(child);
      else pending.unshift(...child.children);
    }
    node.children = children;
  });
}

const BLOCK_CONTENT: ReadonlySet<string> = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "pre", "blockquote"]);
const holdsBlocks = (element: Element): boolean => element.children.some((child) => child.type === "element" && BLOCK_CONTENT.has(child.tagName));

/**
 * A figure's caption as a paragraph of its own, and a `<details>` summary as a bold paragraph (or
 * its blocks, when it holds a heading or paragraphs), as a browser shows them: on their own
 * line. Note: the sanitiser drops `<figcaption>`, whose text then runs on after the picture.
 */
function captionsAndSummariesAsParagraphs(tree: Root | Element): void {
  visit(tree, "element", (element: Element, index, parent) => {
    if (element.tagName === "figcaption") element.tagName = "p";
    if (element.tagName !== "summary" || !parent || index === undefined) return;
    const bold: Element = { type: "element", tagName: "strong", properties: {}, children: element.children };
    const content: ElementContent[] = holdsBlocks(element) ? element.children : [{ type: "element", tagName: "p", properties: {}, children: [bold] }];
    parent.children.splice(index, 1, ...content);
    return index + content.length;
  });
}

const FONT_FAMILY = /(?:^|;)\s*font-family\s*:\s*([^;]+)/i;

/** The first font an element names, by `<font face>` or a `font-family` style, unquoted. */
function namedFont(element: Element): string | undefined {
  const named = element.properties.face ?? FONT_FAMILY.exec(String(element.properties.style ?? ""))?.[1];
  const [first] = String(named ?? "").split(",");
  return first?.trim().replace(/^['"]|['"]$/g, "") || undefined;
}

/**
 * Text set in a symbol font (Symbol, Wingdings) as the characters it shows: Word's and
 * LibreOffice's HTML write a Wingdings check mark as U+F0FC or "ü" in that font, which the
 * sanitiser would leave without its font.
 */
function symbolFontText(tree: Root | Element, font?: string): void {
  for (const child of tree.children) {
    if (child.type === "text" && font) child.value = showSymbolFontText(font, child.value);
    else if (child.type === "element") {
      const own = namedFont(child);
      symbolFontText(child, own === undefined ? font : isSymbolFont(own) ? own : undefined);
    }
  }
}

/** Code languages, cell alignments, lists nested straight in lists, captions, summaries and symbol-font text, kept (see each). Mutates `tree`. */
export function keepWhatTheSanitiserDrops(tree: Root | Element): void {
  symbolFontText(tree);
  codeLanguagesOnCode(tree);
  cellAlignmentsAsAttributes(tree);
  listsInsideItems(tree);
  captionsAndSummariesAsParagraphs(tree);
}
