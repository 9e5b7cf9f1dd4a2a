import type { Element } from "hast";
import { fromHtml } from "hast-util-from-html";
import { visit } from "unist-util-visit";

// Note: what embeds a PDF in a page: the element and the attribute holding its address.
const EMBEDDING_ATTRIBUTE: Readonly<Record<string, string>> = { iframe: "src", embed: "src", object: "data", frame: "src" };

const isPdfPath = (url: URL): boolean => /\.pdf$/i.test(url.pathname);

/**
 * The PDF an HTML viewer page shows, as government and university sites serve for `.pdf` links:
 * the first `<iframe>`, `<embed>`, `<object>` or `<frame>` that points at a PDF (its path ends in
 * `.pdf`, or it says `type="application/pdf"`), or a viewer address carrying the PDF in a `file=`
 * parameter (pdf.js's `viewer.html?file=...`). `undefined` when the page embeds none.
 * Note: only the address is found here; fetching it goes through the same network checks as a redirect.
 */
export function findEmbeddedPdf(html: string, pageUrl: URL): URL | undefined {
  let found: URL | undefined;
  visit(fromHtml(html), "element", (node: Element) => {
    if (found) return false;
    const attribute = EMBEDDING_ATTRIBUTE[node.tagName];
    const value = attribute ? node.properties[attribute] : undefined;
    if (typeof value !== "string" || value.trim() === "") return undefined;
    const embedded = URL.parse(value.trim(), pageUrl.href);
    if (!embedded) return undefined;
    const file = embedded.searchParams.get("file");
    const target = file ? URL.parse(file, embedded.href) : embedded;
    if (target && (file || isPdfPath(target) || String(node.properties.type).toLowerCase() === "application/pdf")) found = target;
    return undefined;
  });
  return found;
}

/** Whether a response to a `.pdf` URL is an HTML page that may be a viewer (and not the PDF itself). */
export function mayBeViewerPage(requested: URL, contentType: string | undefined, bytes: Uint8Array): boolean {
  const isHtml = /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? "");
  const isPdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF
  return isPdfPath(requested) && isHtml && !isPdf;
}
