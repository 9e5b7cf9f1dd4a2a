import type { Element, ElementContent, Root, RootContent } from "hast";
import { toText } from "hast-util-to-text";
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
/**
 * Parts of compound class names (`share-bar`, `post-share-buttons`, `newsletter-signup-inline`,
 * `subscription-widget`, `feedback-section`) that name a sharing, sign-up, advertising, consent
 * or "was this page helpful?" box. Note: only these, whose every use is such a box; `nav-` or
 * `related-` parts also name content (`related-work` is a paper's section).
 */
const CHROME_CLASS_PART = /^(?:share|sharing|social|newsletter|subscribe|subscription|advert|advertisement|ads|cookie|cookies|consent|feedback)$/i;
/** `ad-` opening a class name (`ad-container`, `ad-slot`); inside one, `ad` is too often an abbreviation. */
const AD_CLASS = /^ad[-_]/i;
/**
 * Interface classes of generators whose markup is documented and stable: MediaWiki's section
 * edit links, jump links, category box, print footer, skin menus and site notice, and
 * nbconvert's `In [1]:` / `Out[1]:` prompts (JupyterLab and classic templates).
 */
const GENERATOR_CHROME_CLASSES: ReadonlySet<string> = new Set([
  "mw-editsection", "mw-jump-link", "catlinks", "printfooter", "mw-portlet", "siteNotice",
  "jp-InputPrompt", "jp-OutputPrompt", "input_prompt", "output_prompt",
]);
/**
 * Class words that keep an element off the printed page (Bootstrap's `d-print-none`, Tailwind's
 * `print:d-none`, MediaWiki's `noprint`, GOV.UK's `govuk-!-display-none-print`, Microsoft
 * Learn's `display-none-print`). Note: what a site leaves out of print is its interface
 * (feedback prompts, edit links, page tools), never the document itself.
 */
const NOT_PRINTED_WORD = /^(?:no-?print|d-print-none|print:d-none|hidden-print|(?:[a-z]+-!-)?display-none-print)$/i;
/**
 * Note: an element named as chrome by a class word that holds more than this share of the
 * page's text is the page itself (Blogger wraps every post in `class="widget Blog"`, GOV.UK
 * marks its step-by-step navigation, the whole of such a page, as not printed).
 */
const MAIN_TEXT_SHARE = 0.5;
/**
 * Note: and whose text is mostly not links: a menu, an archive or a list of related stories is
 * mostly links, however long it is beside a short article.
 */
const MAX_LINK_SHARE = 0.5;
/**
 * Note: of a page's several `<article>`s, one that holds more than this share of the body's
 * text is the page's article, the others teasers beside it ("More on this story"). A page of
 * several whole posts has no such article, and is read whole.
 */
const MAIN_ARTICLE_SHARE = 0.5;

const isElement = (node: RootContent | Root): node is Element => node.type === "element";

const classesOf = (element: Element): string[] =>
  Array.isArray(element.properties.className) ? element.properties.className.map(String) : [];

function words(element: Element): string[] {
  const id = typeof element.properties.id === "string" ? [element.properties.id] : [];
  return [...classesOf(element), ...id];
}

/** Whether a class name (not an id, which a heading's text may make) names a sharing, sign-up or advertising box. */
const isChromeClass = (name: string): boolean =>
  AD_CLASS.test(name) || name.split(/[-_]+/).some((part) => CHROME_CLASS_PART.test(part));

/**
 * Note: the WAI-ARIA tab pattern (Docusaurus, Bootstrap, GitHub) hides every tab panel but the
 * open one with `hidden`; the closed panels are as much the page's text as the open one.
 */
const isHidden = (element: Element): boolean =>
  (element.properties.hidden !== undefined && element.properties.hidden !== false && element.properties.role !== "tabpanel") ||
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

/** How a page marks an element as chrome: by landmark (tag or role), by class or id word, or not at all. */
type ChromeMark = "landmark" | "named" | undefined;

function chromeMark(element: Element, insideSection: boolean): ChromeMark {
  // Endnotes are often an `<aside>` (pandoc's HTML5), but they are part of the text.
  if (isNotesSection(element)) return undefined;
  if (CHROME_TAGS.has(element.tagName)) return "landmark";
  if (CHROME_ROLES.has(String(element.properties.role ?? ""))) return "landmark";
  if ((element.tagName === "header" || element.tagName === "footer") && !insideSection) return "landmark";
  if (words(element).some((word) => CHROME_WORD.test(word) || NOT_PRINTED_WORD.test(word) || GENERATOR_CHROME_CLASSES.has(word))) return "named";
  return classesOf(element).some(isChromeClass) ? "named" : undefined;
}

const textLength = (node: Parent): number => toText(node).replace(/\s+/g, "").length;

/** The length of the text of the links in `element`. */
const linkTextLength = (element: Element): number =>
  findAll(element, (child) => child.tagName === "a").reduce((sum, link) => sum + textLength(link), 0);

/** Whether an element named as chrome by a class word is the page itself (see {@link MAIN_TEXT_SHARE}). */
function isThePage(element: Element, pageText: number): boolean {
  const text = textLength(element);
  return text > MAIN_TEXT_SHARE * pageText && linkTextLength(element) <= MAX_LINK_SHARE * text;
}

/** A form's checkbox, which stays: in a list item it is a task list's `[x]`. */
const isCheckbox = (element: Element): boolean => element.tagName === "input" && element.properties.type === "checkbox";

/** Remove what is never content, whether or not only the main content is wanted. Mutates `parent`. */
function dropNeverContent(parent: Parent): void {
  parent.children = parent.children.filter((child) => {
    if (!isElement(child)) return child.type !== "comment" && child.type !== "doctype";
    if ((NEVER_CONTENT.has(child.tagName) && !isCheckbox(child)) || isHidden(child)) return false;
    dropNeverContent(child);
    return true;
  }) as typeof parent.children;
}

/**
 * An `<aside>` that quotes (holds a `<blockquote>`) among a text's paragraphs: a forum's quoted
 * post (Discourse writes `<aside class="quote">`) or a pull quote, not a sidebar.
 */
function isQuotationInText(element: Element, parent: Parent): boolean {
  if (element.tagName !== "aside" || findAll(element, (child) => child.tagName === "blockquote").length === 0) return false;
  return parent.children.some((sibling) => isElement(sibling) && sibling.tagName === "p");
}

/** Remove chrome from the main content; `pageText` is the length of the whole content's text. Mutates `parent`. */
function dropChrome(parent: Parent, insideSection: boolean, pageText: number): void {
  parent.children = parent.children.filter((child) => {
    if (!isElement(child)) return true;
    const mark = isQuotationInText(child, parent) ? undefined : chromeMark(child, insideSection);
    const chrome = mark === "landmark" || (mark === "named" && !isThePage(child, pageText));
    if (chrome && !holdsMainText(child)) return false;
    dropChrome(child, insideSection || SECTIONING.has(child.tagName), pageText);
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

/** Of several articles, the one that holds most of the page's text (see {@link MAIN_ARTICLE_SHARE}). */
function dominantArticle(articles: readonly Element[], pageText: number): Element | undefined {
  const lengths = articles.map(textLength);
  const longest = Math.max(0, ...lengths);
  return longest > MAIN_ARTICLE_SHARE * pageText ? articles[lengths.indexOf(longest)] : undefined;
}

/**
 * The element that holds the document's main content: `<main>`, else a lone `<article>`, else
 * the article that holds most of the page's text, else `<body>`.
 */
function mainElement(tree: Root): Parent {
  const [main] = findAll(tree, (element) => element.tagName === "main" || element.properties.role === "main");
  if (main) return main;
  const articles = findAll(tree, (element) => element.tagName === "article");
  if (articles.length === 1) return articles[0]!;
  const body = findAll(tree, (element) => element.tagName === "body")[0] ?? tree;
  return dominantArticle(articles, textLength(body)) ?? body;
}

const isTitle = (element: Element): boolean => element.tagName === "h1";

/**
 * The main content with the page's title before it, when the title is the page's one shown
 * `<h1>` outside its navigation, banner and footer, and stands outside the main landmark.
 * Note: Drupal writes the title in a region above `role="main"`, Stack Exchange above its
 * `#mainbar`: the main content alone would lack it.
 */
function withTitleFromOutside(content: Root, tree: Root): Root {
  if (findAll(content, isTitle).length > 0) return content;
  const titles = findAll(tree, isTitle).filter((title) => isShownOutsideChrome(tree, title));
  const [title] = titles;
  if (titles.length !== 1 || !title) return content;
  const shown: Root = { type: "root", children: [structuredClone(title)] };
  dropNeverContent(shown);
  content.children.unshift(...shown.children);
  return content;
}

/** Whether `target` is shown, and sits in no navigation, banner, sidebar or footer landmark of the page. */
function isShownOutsideChrome(tree: Root, target: Element): boolean {
  let insideSection = false;
  for (const element of [...(pathTo(tree, target) ?? []), target]) {
    if (NEVER_CONTENT.has(element.tagName) || isHidden(element)) return false;
    if (chromeMark(element, insideSection) === "landmark") return false;
    insideSection ||= SECTIONING.has(element.tagName);
  }
  return true;
}

/** The elements from the root down to `target` (without it), if `target` is in the tree. */
function pathTo(parent: Parent, target: Element): Element[] | undefined {
  for (const child of parent.children) {
    if (!isElement(child)) continue;
    if (child === target) return [];
    const below = pathTo(child, target);
    if (below) return [child, ...below];
  }
  return undefined;
}

/**
 * The part of a page that is the document: with `onlyMainContent`, the `<main>` landmark (or a
 * lone `<article>`, or the article holding most of the text, or the body) without navigation,
 * sidebars, banners, page-level headers and footers, cookie notices, share and sign-up boxes,
 * and what the page keeps off print, with the page's title when it stands outside; without it,
 * the whole body. Scripts, styles, form controls (but checkboxes) and hidden elements (but
 * closed tab panels) go either way.
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
  dropNeverContent(content);
  if (!onlyMainContent) return content;
  dropChrome(content, root.type === "element" && SECTIONING.has(root.tagName), textLength(content));
  return withTitleFromOutside(content, tree);
}
