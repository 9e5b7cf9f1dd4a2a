import type { Element } from "@xmldom/xmldom";
import type { SlideParagraph, TextRun } from "./model.js";
import { attribute, children } from "./xml.js";

/** Schemes a hyperlink may keep; others stay plain text. */
const LINK_SCHEME = /^(?:https?|mailto):/i;

/** How a list level marks its items: bullets, or numbers from `start`. */
export interface ListLevelStyle {
  list: "bullet" | "ordered";
  start?: number;
}

/** Which list styles number their items, by style name and level (1-based, as ODF counts). */
export type ListStyles = Map<string, Map<number, ListLevelStyle>>;

/** Read every `text:list-style` under the given style containers. */
export function readListStyles(containers: readonly (Element | undefined)[]): ListStyles {
  const styles: ListStyles = new Map();
  for (const container of containers) {
    for (const style of children(container, "list-style")) {
      const levels = new Map<number, ListLevelStyle>();
      for (const level of children(style)) {
        const ordered = level.localName === "list-level-style-number";
        const start = Number(attribute(level, "start-value"));
        levels.set(Number(attribute(level, "level") ?? 1), ordered ? { list: "ordered", ...(Number.isInteger(start) && start > 1 && { start }) } : { list: "bullet" });
      }
      styles.set(attribute(style, "name") ?? "", levels);
    }
  }
  return styles;
}

/** The runs of a paragraph's inline content: spans, links, spaces, tabs and line breaks. */
function inlineRuns(element: Element, href?: string): TextRun[] {
  const runs: TextRun[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      runs.push({ text: (node.nodeValue ?? "").replace(/\s+/g, " "), ...(href && { href }) });
      continue;
    }
    if (node.nodeType !== 1) continue;
    const inline = node as Element;
    switch (inline.localName) {
      case "span":
        runs.push(...inlineRuns(inline, href));
        break;
      case "a": {
        const target = attribute(inline, "href") ?? "";
        runs.push(...inlineRuns(inline, LINK_SCHEME.test(target) ? target : href));
        break;
      }
      case "s":
        runs.push({ text: " ".repeat(Math.min(Number(attribute(inline, "c") ?? 1) || 1, 100)) });
        break;
      case "tab":
        runs.push({ text: " " });
        break;
      case "line-break":
        runs.push({ text: "\n" });
        break;
    }
  }
  return runs;
}

/**
 * The paragraphs of an ODF text container (`draw:text-box`, a shape, a table cell): `text:p`
 * and `text:h`, and the items of `text:list`s with their nesting level and bullet or number.
 */
export function odfParagraphs(container: Element | undefined, listStyles: ListStyles): SlideParagraph[] {
  const paragraphs: SlideParagraph[] = [];
  const walk = (element: Element, depth: number, listStyle: string | undefined): void => {
    for (const node of children(element)) {
      if (node.localName === "p" || node.localName === "h") {
        const marks = depth > 0 ? (listStyles.get(listStyle ?? "")?.get(depth) ?? { list: "bullet" as const }) : undefined;
        paragraphs.push({ kind: "paragraph", runs: inlineRuns(node), level: Math.max(depth - 1, 0), ...marks });
      } else if (node.localName === "list") {
        walk(node, depth + 1, attribute(node, "style-name") ?? listStyle);
      } else if (node.localName === "list-item" || node.localName === "list-header") {
        walk(node, depth, listStyle);
      }
    }
  };
  if (container) walk(container, 0, undefined);
  return paragraphs;
}
