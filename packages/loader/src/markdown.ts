import GithubSlugger from "github-slugger";
import type { Element, Root as HastRoot } from "hast";
import type { Root as MdastRoot } from "mdast";
import { toString } from "mdast-util-to-string";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import type { PluggableList } from "unified";
import { visit } from "unist-util-visit";

/** A heading of the document, as Astro's `rendered.metadata.headings` expects. */
export interface DocumentHeading {
  depth: number;
  /** The heading's `id` in the HTML (github-slugger), so `#slug` links work. */
  slug: string;
  text: string;
}

/** Options of {@link processMarkdown}. */
export interface MarkdownOptions {
  /** The document URL; relative links and images are made absolute against it when it is http(s). */
  url: string;
  /** The title the scraper found in the document's metadata. @default undefined */
  metadataTitle?: string | undefined;
  /** The description the scraper found in the document's metadata. @default undefined */
  metadataDescription?: string | undefined;
  /** The last title fallback, e.g. the file name. */
  fallbackTitle: string;
  /** remark plugins, run on the Markdown syntax tree after parsing. @default [] */
  remarkPlugins?: PluggableList | undefined;
  /** rehype plugins, run on the HTML tree before it is sanitised. @default [] */
  rehypePlugins?: PluggableList | undefined;
  /**
   * Names of the document's pictures, stored beside the entry's `filePath`: each `<img>` of one
   * becomes a reference Astro's image pipeline resolves when the entry is rendered. @default none
   */
  images?: ReadonlySet<string> | undefined;
}

/** What a page needs from a document's Markdown. */
export interface MarkdownResult {
  title: string;
  description: string;
  headings: DocumentHeading[];
  wordCount: number;
  /** The Markdown with links made absolute (unchanged when nothing needed rewriting). */
  markdown: string;
  /** Sanitised HTML. */
  html: string;
  /** The pictures the HTML references for Astro to optimise (`./name`), as `rendered.metadata.imagePaths`. */
  imagePaths: string[];
}

const DESCRIPTION_LENGTH = 160;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** Cuts `text` to about {@link DESCRIPTION_LENGTH} characters at a word boundary. */
function truncate(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, "")}…`;
}

/** Makes relative link, image and definition URLs absolute, except stored pictures; returns whether any changed. */
function absolutizeUrls(tree: MdastRoot, base: string, images: ReadonlySet<string>): boolean {
  // Note: only http(s) documents; absolute file: URLs would leak build-machine paths into the site.
  if (!/^https?:/i.test(base)) return false;
  let changed = false;
  visit(tree, ["link", "image", "definition"], (node) => {
    const target = node as { url: string };
    if (target.url === "" || target.url.startsWith("#") || URL.canParse(target.url) || images.has(target.url)) return;
    if (!URL.canParse(target.url, base)) return;
    target.url = new URL(target.url, base).href;
    changed = true;
  });
  return changed;
}

function countWords(tree: MdastRoot): number {
  let count = 0;
  visit(tree, ["text", "inlineCode"], (node) => {
    count += ((node as { value: string }).value.match(WORD) ?? []).length;
  });
  return count;
}

/** A rehype plugin that gives each heading its github-slugger `id` and collects the headings. */
function rehypeHeadingIds(headings: DocumentHeading[]) {
  return () => (tree: HastRoot) => {
    const slugger = new GithubSlugger();
    visit(tree, "element", (node: Element) => {
      const match = /^h([1-6])$/.exec(node.tagName);
      if (!match) return;
      const text = toString(node).trim();
      const slug = slugger.slug(text);
      node.properties.id = slug;
      headings.push({ depth: Number(match[1]), slug, text });
    });
  };
}

/**
 * A rehype plugin that hands the stored pictures to Astro: as Astro's own Markdown pipeline does,
 * each `<img>` becomes `__ASTRO_IMAGE_` (its properties as JSON) and its path is listed, so that
 * `render(entry)` swaps in an optimised image with width, height and lazy loading.
 */
function rehypeAstroImages(images: ReadonlySet<string>, imagePaths: string[]) {
  return () => (tree: HastRoot) => {
    const seen = new Map<string, number>();
    visit(tree, "element", (node: Element) => {
      const src = node.properties.src;
      if (node.tagName !== "img" || typeof src !== "string" || !images.has(src)) return;
      const path = `./${src}`;
      const index = seen.get(path) ?? 0;
      seen.set(path, index + 1);
      if (index === 0) imagePaths.push(path);
      node.properties = { __ASTRO_IMAGE_: JSON.stringify({ alt: String(node.properties.alt ?? ""), src: path, index }) };
    });
  };
}

/**
 * Parses a document's Markdown (GFM) and derives what its page needs: title (metadata, else first
 * heading, else the fallback), description (metadata, else the first paragraph), headings with
 * slugs, word count, the Markdown with absolute links, and sanitised HTML. Pure: no IO.
 */
export async function processMarkdown(markdown: string, options: MarkdownOptions): Promise<MarkdownResult> {
  const remark = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(options.remarkPlugins ?? []);
  const tree = (await remark.run(remark.parse(markdown))) as MdastRoot;
  const images = options.images ?? new Set<string>();
  const rewritten = absolutizeUrls(tree, options.url, images) || (options.remarkPlugins?.length ?? 0) > 0;
  const body = rewritten ? unified().use(remarkGfm).use(remarkStringify).stringify(tree) : markdown;

  let firstHeading: string | undefined;
  let firstParagraph: string | undefined;
  visit(tree, ["heading", "paragraph"], (node) => {
    const text = toString(node).trim();
    if (!text) return;
    if (node.type === "heading") firstHeading ??= text;
    else firstParagraph ??= text;
  });

  const headings: DocumentHeading[] = [];
  const imagePaths: string[] = [];
  const rehype = unified()
    .use(remarkRehype)
    .use(options.rehypePlugins ?? [])
    // Note: the default schema drops scripts, event handlers and javascript: URLs, and prefixes
    // ids with `user-content-` (clobberPrefix) so a document cannot shadow the site's own ids...
    .use(rehypeSanitize)
    // ...so heading ids are added after it: TOC links then match the slugs in `headings`.
    .use(rehypeHeadingIds(headings))
    // Note: after sanitising too, which would drop the attribute Astro looks for.
    .use(rehypeAstroImages(images, imagePaths));
  const hast = (await rehype.run(tree)) as HastRoot;
  const html = unified().use(rehypeStringify).stringify(hast);

  return {
    title: options.metadataTitle?.trim() || firstHeading || options.fallbackTitle,
    description: truncate(options.metadataDescription?.trim() || firstParagraph || ""),
    headings,
    wordCount: countWords(tree),
    markdown: body,
    html,
    imagePaths,
  };
}
