import type { Element } from "@xmldom/xmldom";
import type { SlideParagraph, TextRun } from "./model.js";
import { attribute, child, children } from "./xml.js";

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

/** Bold and italic as a style sets them; `undefined` where it leaves them to its parent. */
export interface Emphasis {
  bold?: boolean;
  italic?: boolean;
}

/** The bold and italic of every paragraph and text style, by name, parents' settings included. */
export type EmphasisStyles = Map<string, Emphasis>;

/** The list and emphasis styles of an ODF document, which its text is read with. */
export interface OdfStyles {
  lists: ListStyles;
  emphasis: EmphasisStyles;
}

// Note: ODF writes weights as CSS does; 600 and above is what LibreOffice shows as bold.
const BOLD_WEIGHT = /^(bold|[6-9]00)$/;

function ownEmphasis(style: Element): Emphasis {
  const properties = child(style, "text-properties");
  const weight = attribute(properties, "font-weight");
  const posture = attribute(properties, "font-style");
  return {
    ...(weight !== undefined && { bold: BOLD_WEIGHT.test(weight) }),
    ...(posture !== undefined && { italic: posture === "italic" || posture === "oblique" }),
  };
}

/** Read the bold and italic of every `style:style` under the given style containers, following `style:parent-style-name`. */
export function readEmphasisStyles(containers: readonly (Element | undefined)[]): EmphasisStyles {
  const styles = new Map<string, Element>();
  for (const container of containers) for (const style of children(container, "style")) styles.set(attribute(style, "name") ?? "", style);
  const resolved: EmphasisStyles = new Map();
  const resolve = (name: string, seen: Set<string>): Emphasis => {
    const style = styles.get(name);
    if (!style || seen.has(name)) return {};
    const known = resolved.get(name);
    if (known) return known;
    seen.add(name);
    const emphasis = { ...resolve(attribute(style, "parent-style-name") ?? "", seen), ...ownEmphasis(style) };
    resolved.set(name, emphasis);
    return emphasis;
  };
  for (const name of styles.keys()) resolve(name, new Set());
  return resolved;
}

const styledRun = (text: string, href: string | undefined, emphasis: Emphasis): TextRun => ({
  text,
  ...(href && { href }),
  ...(emphasis.bold && { bold: true }),
  ...(emphasis.italic && { italic: true }),
});

/** The runs of a paragraph's inline content: spans, links, spaces, tabs and line breaks, with the emphasis their styles give. */
function inlineRuns(element: Element, styles: EmphasisStyles, inherited: Emphasis, href?: string): TextRun[] {
  const runs: TextRun[] = [];
  const emphasis = { ...inherited, ...styles.get(attribute(element, "style-name") ?? "") };
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      runs.push(styledRun((node.nodeValue ?? "").replace(/\s+/g, " "), href, emphasis));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const inline = node as Element;
    switch (inline.localName) {
      case "span":
        runs.push(...inlineRuns(inline, styles, emphasis, href));
        break;
      case "a": {
        const target = attribute(inline, "href") ?? "";
        runs.push(...inlineRuns(inline, styles, emphasis, LINK_SCHEME.test(target) ? target : href));
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
export function odfParagraphs(container: Element | undefined, styles: OdfStyles): SlideParagraph[] {
  const paragraphs: SlideParagraph[] = [];
  const walk = (element: Element, depth: number, listStyle: string | undefined): void => {
    for (const node of children(element)) {
      if (node.localName === "p" || node.localName === "h") {
        const marks = depth > 0 ? (styles.lists.get(listStyle ?? "")?.get(depth) ?? { list: "bullet" as const }) : undefined;
        paragraphs.push({ kind: "paragraph", runs: inlineRuns(node, styles.emphasis, {}), level: Math.max(depth - 1, 0), ...marks });
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
