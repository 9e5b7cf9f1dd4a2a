import type { Heading, Root } from "mdast";
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

/** Serialize an mdast tree as GFM the same way for DOCX and DOC: `-` bullets, ATX headings, fenced code. */
export function writeMarkdown(tree: Root): WrittenMarkdown {
  const markdown = toMarkdown(tree, {
    extensions: [gfmToMarkdown(), mathToMarkdown()],
    bullet: "-",
    listItemIndent: "one",
    fences: true,
    rule: "-",
  });
  return { markdown: markdown.endsWith("\n") ? markdown : `${markdown}\n`, firstHeading: firstHeadingText(tree) };
}
