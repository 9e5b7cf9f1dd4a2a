import type { Heading, Nodes, Root } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { mathToMarkdown } from "mdast-util-math";
import { toMarkdown } from "mdast-util-to-markdown";
import { toString } from "mdast-util-to-string";

/** Markdown text of a Word document, with its first heading (the title fallback). */
export interface WrittenMarkdown {
  markdown: string;
  firstHeading: string | undefined;
}

function firstHeadingText(tree: Root): string | undefined {
  const heading = tree.children.find((node): node is Heading => node.type === "heading");
  const text = heading ? toString(heading).replace(/\s+/g, " ").trim() : "";
  return text || undefined;
}

const SOFT_HYPHEN = /\u00ad/g;
const NON_BREAKING_HYPHEN = /\u2011/g;
// Control characters other than tab and line breaks show as nothing (LibreOffice's HTML export
// leaves content-control marks U+0004/U+0005 in the text).
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Write typesetting hints as the reader sees them: a soft hyphen (Word's optional hyphen) shows
 * only where a line breaks, so it is dropped; a non-breaking hyphen shows as "-"; control
 * characters show as nothing. Note: left in,
 * both make the words unsearchable ("co\u00adoperation" is not "cooperation"). Mutates `tree`.
 */
function showTypesettingHints(node: Nodes): void {
  if (node.type === "text") node.value = node.value.replace(SOFT_HYPHEN, "").replace(NON_BREAKING_HYPHEN, "-").replace(CONTROL_CHARACTERS, "");
  else if ("children" in node) for (const child of node.children) showTypesettingHints(child);
}

/**
 * Serialize an mdast tree as GFM the same way for DOCX and DOC (and the formats read through
 * HTML): `-` bullets, ATX headings, fenced code, soft and non-breaking hyphens and control
 * characters as shown.
 */
export function writeMarkdown(tree: Root): WrittenMarkdown {
  showTypesettingHints(tree);
  const markdown = toMarkdown(tree, {
    extensions: [gfmToMarkdown(), mathToMarkdown()],
    bullet: "-",
    listItemIndent: "one",
    fences: true,
    rule: "-",
  });
  return { markdown: markdown.endsWith("\n") ? markdown : `${markdown}\n`, firstHeading: firstHeadingText(tree) };
}
