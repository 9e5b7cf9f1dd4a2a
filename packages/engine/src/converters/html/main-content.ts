import type { Element, ElementContent, Root, RootContent } from "hast";
import { isNotesSection } from "./notes.js";

type Parent = Root | Element;

/** Never text a reader sees: code, styling, embedded objects and form controls. */
const NEVER_CONTENT = new Set([
  "script", "style", "noscript", "template", "link", "meta", "iframe", "object", "embed", "canvas",
  "svg", "math", "button", "input", "select", "textarea", "dialog",
]);

/** Landmarks that are page chrome wherever they are. */
const CHROME_TAGS = new Set(["nav", "aside", "menu"]);
const CHROME_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar"]);
/** `header`/`footer` are page chrome unless a sectioning element owns them (then they hold its title or byline). */
const SECTIONING = new Set(["article", "section", "main", "aside", "nav", "blockquote"]);
/**
 * Class and id words that mark chrome on sites without landmarks, the same idea as Firecrawl's
 * `onlyMainContent` selector list. Whole words only: `nav` matches `class="site nav"`, not `navigate-intro`.
 */
const CHROME_WORD =
  /^(?:nav|navbar|navigation|menu|sidebar|side-bar|breadcrumbs?|footer|site-footer|site-header|masthead|banner|cookies?|cookie-banner|consent|advert|ads?|advertisement|social|share|sharing|skip-link|popup|modal|newsletter|related|widget)$/i;

const isElement = (node: RootContent | Root): node is Element => node.type === "element";

function words(element: Element): string[] {
  const className = element.properties.className;
  const classes = Array.isArray(className) ? className.map(String) : [];
  const id = typeof element.properties.id === "string" ? [element.properties.id] : [];
  return [...classes, ...id];
}

const isHidden = (element: Element): boolean =>
  (element.properties.hidden !== undefined && element.properties.hidden !== false) ||
  String(element.properties.ariaHidden) === "true" ||
  /display\s*:\s*none/i.test(String(element.properties.style ?? ""));

/** Whether the subtree holds what is clearly the main text, which no chrome rule may remove. */
function holdsMainText(element: Element): boolean {
  const stack: ElementContent[] = [...element.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (node.tagName === "main" || node.tagName === "article" || node.tagName === "h1") return true;
    stack.push(...node.children);
  }
  return false;
}

function isChrome(element: Element, insideSection: boolean): boolean {
  // Endnotes are often an `<aside>` (pandoc's HTML5), but they are part of the text.
  if (isNotesSection(element)) return false;
  if (CHROME_TAGS.has(element.tagName)) return true;
  if (CHROME_ROLES.has(String(element.properties.role ?? ""))) return true;
  if ((element.tagName === "header" || element.tagName === "footer") && !insideSection) return true;
  return words(element).some((word) => CHROME_WORD.test(word));
}

/** Remove what is never content, and (for the main content only) chrome. Mutates `parent`. */
function prune(parent: Parent, mainOnly: boolean, insideSection: boolean): void {
  parent.children = parent.children.filter((child) => {
    if (!isElement(child)) return child.type !== "comment" && child.type !== "doctype";
    if (NEVER_CONTENT.has(child.tagName) || isHidden(child)) return false;
    if (mainOnly && isChrome(child, insideSection) && !holdsMainText(child)) return false;
    prune(child, mainOnly, insideSection || SECTIONING.has(child.tagName));
    return true;
  }) as typeof parent.children;
}

function findAll(parent: Parent, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const stack: Parent[] = [parent];
  while (stack.length > 0) {
    for (const child of stack.pop()!.children) {
      if (!isElement(child)) continue;
      if (test(child)) found.push(child);
      else stack.push(child);
    }
  }
  return found;
}

/** The element that holds the document's main content: `<main>`, else a lone `<article>`, else `<body>`. */
function mainElement(tree: Root): Parent {
  const [main] = findAll(tree, (element) => element.tagName === "main" || element.properties.role === "main");
  if (main) return main;
  const articles = findAll(tree, (element) => element.tagName === "article");
  if (articles.length === 1) return articles[0]!;
  return findAll(tree, (element) => element.tagName === "body")[0] ?? tree;
}

/**
 * The part of a page that is the document: with `onlyMainContent`, the `<main>` landmark (or a
 * lone `<article>`, or the body) without navigation, sidebars, banners, page-level headers and
 * footers, cookie notices and share widgets; without it, the whole body. Scripts, styles, forms
 * and hidden elements go either way.
 *
 * Note: chosen over @mozilla/readability (with linkedom or jsdom): Readability scores
 * paragraphs to find an article, which suits news pages but drops tables, short sections and
 * lists of a documentation page or an exported document, and it needs a second DOM beside the
 * hast tree that the rest of this pipeline (sanitising, Markdown) works on. Landmarks and a list
 * of chrome class names are what Firecrawl's own `onlyMainContent` applies, and they are
 * predictable: a page that marks its `<main>` gets exactly that.
 */
export function mainContent(tree: Root, onlyMainContent: boolean): Root {
  const root = onlyMainContent ? mainElement(tree) : (findAll(tree, (element) => element.tagName === "body")[0] ?? tree);
  const content: Root = { type: "root", children: root.type === "root" ? root.children : [root] };
  prune(content, onlyMainContent, root.type === "element" && SECTIONING.has(root.tagName));
  return content;
}
