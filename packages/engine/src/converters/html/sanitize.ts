import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import { unified } from "unified";
import { visit } from "unist-util-visit";

// Note: the same GitHub schema that `renderHtml` applies to every scrape's `html` output, so a
// scraped page keeps no script, event handler or `javascript:` link on its way to Markdown.
// `clobber` is off because ids never reach the Markdown (so cannot clobber a page's DOM), and the
// footnote ids must survive until the notes are written.
const sanitizer = unified().use(rehypeSanitize, { ...defaultSchema, clobber: [] });

/** The URL relative links resolve against: the page's `<base href>` (itself relative to the page), else the page. */
export function baseUrlOf(tree: Root, documentUrl: string | undefined): string | undefined {
  // Note: a local file's links stay relative; only a page on the web has a base worth resolving against.
  let base = documentUrl && /^https?:/i.test(documentUrl) ? documentUrl : undefined;
  visit(tree, "element", (element: Element) => {
    if (element.tagName !== "base" || typeof element.properties.href !== "string") return;
    base = URL.parse(element.properties.href, base)?.href ?? base;
    return false;
  });
  return base && URL.canParse(base) ? base : undefined;
}

const LINKING = { a: "href", img: "src", area: "href" } as const;

/** Make links and image sources absolute against the page's URL. Fragment-only links stay as they are. */
function absolutise(tree: Root, base: string): void {
  visit(tree, "element", (element: Element) => {
    const property = LINKING[element.tagName as keyof typeof LINKING];
    const value = property ? element.properties[property] : undefined;
    if (typeof value !== "string" || value.startsWith("#")) return;
    const target = URL.parse(value.trim(), base);
    if (target) element.properties[property!] = target.href;
  });
}

/**
 * Make a page's links absolute against `base` (see {@link baseUrlOf}; relative links stay when
 * it is unknown) and sanitise it with rehype-sanitize's GitHub schema. Returns a new tree.
 */
export function sanitizePage(tree: Root, base: string | undefined): Root {
  if (base) absolutise(tree, base);
  return sanitizer.runSync(tree) as Root;
}
