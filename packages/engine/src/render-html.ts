import type { Root } from "mdast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";

const markdownParser = unified().use(remarkParse).use(remarkGfm);

// Note: raw HTML inside the Markdown is dropped (remark-rehype's default), and rehype-sanitize
// applies GitHub's schema on top, so a document cannot inject scripts or event handlers.
const htmlRenderer = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);

/** Render Markdown (GFM) to sanitised HTML, the `html` format of a scrape. */
export function renderHtml(markdown: string): string {
  return String(htmlRenderer.processSync(markdown));
}

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The `links` format: the targets of the Markdown's links and link definitions, made absolute
 * against the document's URL, without duplicates, in order of appearance. Links that are not
 * http(s) or mailto (relative links of a local file, `javascript:`) are left out.
 */
export function extractLinks(markdown: string, baseUrl: string): string[] {
  const tree: Root = markdownParser.parse(markdown);
  const links = new Set<string>();
  visit(tree, ["link", "definition"], (node) => {
    if (node.type !== "link" && node.type !== "definition") return;
    const target = URL.parse(node.url, baseUrl);
    if (target && LINK_PROTOCOLS.has(target.protocol)) links.add(target.href);
  });
  return [...links];
}
