import type { Document, Element } from "@xmldom/xmldom";
import { MONOSPACE_FONT } from "../code-style.js";
import type { Marks } from "../hast-runs.js";
import type { ListLevel } from "../word/list-numbers.js";
import { childElements, descendants } from "../xml.js";

/** What a named ODF style means for Markdown. */
export interface OdfStyles {
  /** Level `level` (1-based) of a list style as Word's list numbering reads it; undefined when it is bulleted. */
  listLevel(listStyle: string | undefined, level: number): ListLevel | undefined;
  /** The marks a text style sets (its own or its nearest parent's); unset marks are inherited from around it. */
  marks(textStyle: string | undefined): Partial<Marks>;
  /** The font family a text style sets (its own or its nearest parent's), if any. */
  fontFamily(textStyle: string | undefined): string | undefined;
  /**
   * Whether a text or paragraph style hides its text (`text:display="none"`), which LibreOffice and
   * Word do not show: true, false when it says to show it (`text:display="true"`), undefined when it does not say.
   */
  hidden(family: "text" | "paragraph", style: string | undefined): boolean | undefined;
  /** Whether a paragraph style sets a monospaced font (a code block). */
  isMonospace(paragraphStyle: string | undefined): boolean;
  /** The names of a paragraph style and its ancestors, display spaces restored (`Heading 1`). */
  lineage(paragraphStyle: string | undefined): string[];
  /** The list style a paragraph style applies, if any (`style:list-style-name`). */
  listStyleOf(paragraphStyle: string | undefined): string | undefined;
  /** Whether a paragraph style turns numbering off (`style:list-style-name=""`), so its headings take no outline number. */
  turnsNumberingOff(paragraphStyle: string | undefined): boolean;
  /** Level `level` (1-based) of the document's outline numbering (`text:outline-style`); undefined when it shows no number. */
  outlineLevel(level: number): ListLevel | undefined;
  /**
   * Whether a text or paragraph style shows its letters as capitals (`fo:text-transform="uppercase"`
   * or `fo:font-variant="small-caps"`): true, false when it says not to, undefined when it does not say.
   */
  capitals(family: "text" | "paragraph", style: string | undefined): boolean | undefined;
}

// ODF encodes spaces and other characters in style names as `_20_`.
const displayName = (name: string): string => name.replace(/_([0-9a-f]{2})_/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
// ODF's `style:num-format` values in the names of WordprocessingML's `w:numFmt`; LibreOffice
// writes Word's zero-padded numbers (decimalZero) as "01, 02, 03, ..." and its ordinal and word
// numbers (ordinal, cardinalText, ordinalText) as "1st", "One" and "First".
const NUMBER_FORMATS: Record<string, string> = {
  "1": "decimal", a: "lowerLetter", A: "upperLetter", i: "lowerRoman", I: "upperRoman", "": "none", "01, 02, 03, ...": "decimalZero",
  "1st": "ordinal", One: "cardinalText", First: "ordinalText",
};

/** A numbered list or outline level as Word's list numbering reads it. */
function numberedLevel(levelStyle: Element, level: number): ListLevel {
  // A level shows the numbers of `text:display-levels` levels ("2.1"), between its prefix and suffix.
  const shown = Math.min(Math.max(Number(levelStyle.getAttribute("text:display-levels") ?? 1) || 1, 1), level);
  const numbers = Array.from({ length: shown }, (_, index) => `%${level - shown + index + 1}`).join(".");
  return {
    start: Number(levelStyle.getAttribute("text:start-value") ?? 1) || 1,
    format: NUMBER_FORMATS[levelStyle.getAttribute("style:num-format") ?? "1"] ?? "decimal",
    text: `${levelStyle.getAttribute("style:num-prefix") ?? ""}${numbers}${levelStyle.getAttribute("style:num-suffix") ?? ""}`,
  };
}

/**
 * The named styles of an ODT: automatic styles from `content.xml` and common styles from
 * `styles.xml` (a missing `styles.xml` gives plain styles). Styles inherit through
 * `style:parent-style-name`; the chain is followed at most 20 steps, so a loop ends.
 */
export function readStyles(content: Document, styles: Document | undefined): OdfStyles {
  const byName = new Map<string, Element>();
  const listStyles = new Map<string, Element>();
  const fontFamilies = new Map<string, string>();
  let outlineStyle: Element | undefined;
  for (const document of [styles, content]) {
    if (!document) continue;
    for (const face of descendants(document, "font-face")) {
      const family = face.getAttribute("svg:font-family")?.replace(/^['"]|['"]$/g, "");
      if (family) fontFamilies.set(face.getAttribute("style:name") ?? "", family);
    }
    for (const style of descendants(document, "style")) byName.set(`${style.getAttribute("style:family")}:${style.getAttribute("style:name")}`, style);
    for (const list of descendants(document, "list-style")) listStyles.set(list.getAttribute("style:name") ?? "", list);
    outlineStyle = descendants(document, "outline-style")[0] ?? outlineStyle;
  }
  const chain = (family: string, name: string | undefined): Element[] => {
    const found: Element[] = [];
    for (let current = name; current && found.length < 20; ) {
      const style = byName.get(`${family}:${current}`);
      if (!style) break;
      found.push(style);
      current = style.getAttribute("style:parent-style-name") ?? undefined;
    }
    return found;
  };
  return {
    listLevel(listStyle, level) {
      const list = listStyles.get(listStyle ?? "");
      const levels = list ? childElements(list) : [];
      // Note: pandoc gives each nested list a style of its own that defines only level 1.
      const levelStyle = levels.find((child) => child.getAttribute("text:level") === String(level)) ?? levels.find((child) => child.getAttribute("text:level") === "1");
      return levelStyle?.localName === "list-level-style-number" ? numberedLevel(levelStyle, level) : undefined;
    },
    outlineLevel(level) {
      const levelStyle = (outlineStyle ? childElements(outlineStyle) : []).find((child) => child.getAttribute("text:level") === String(level));
      // Note: LibreOffice writes every outline level, with an empty `style:num-format` for "no number".
      return levelStyle?.getAttribute("style:num-format") ? numberedLevel(levelStyle, level) : undefined;
    },
    marks(textStyle) {
      // The nearest style that says wins, so an inner span can switch italic off again.
      const marks: Partial<Marks> = {};
      for (const style of chain("text", textStyle)) {
        const name = displayName(style.getAttribute("style:name") ?? "");
        const properties = childElements(style).find((child) => child.localName === "text-properties");
        const weight = properties?.getAttribute("fo:font-weight");
        const slant = properties?.getAttribute("fo:font-style");
        const font = properties?.getAttribute("style:font-name");
        const lineThrough = properties?.getAttribute("style:text-line-through-style");
        marks.bold ??= weight ? weight === "bold" || Number(weight) >= 600 : /^strong/i.test(name) || undefined;
        marks.italic ??= slant ? slant === "italic" || slant === "oblique" : /^emphasis$/i.test(name) || undefined;
        marks.code ??= font ? MONOSPACE_FONT.test(font) : /^(source text|verbatim|code)/i.test(name) || undefined;
        marks.strike ??= lineThrough ? lineThrough !== "none" : undefined;
      }
      return marks;
    },
    fontFamily(textStyle) {
      for (const style of chain("text", textStyle)) {
        const font = childElements(style).find((child) => child.localName === "text-properties")?.getAttribute("style:font-name");
        if (font) return fontFamilies.get(font) ?? font;
      }
      return undefined;
    },
    hidden(family, style) {
      for (const each of chain(family, style)) {
        const display = childElements(each).find((child) => child.localName === "text-properties")?.getAttribute("text:display");
        if (display) return display === "none";
      }
      return undefined;
    },
    isMonospace(paragraphStyle) {
      for (const style of chain("paragraph", paragraphStyle)) {
        const font = childElements(style).find((child) => child.localName === "text-properties")?.getAttribute("style:font-name");
        if (font) return MONOSPACE_FONT.test(font);
      }
      return false;
    },
    lineage(paragraphStyle) {
      // The name itself counts even when no style defines it (pandoc refers to `Title` without one).
      const names = [paragraphStyle ?? "", ...chain("paragraph", paragraphStyle).slice(1).map((style) => style.getAttribute("style:name") ?? "")];
      return names.filter(Boolean).map(displayName);
    },
    turnsNumberingOff(paragraphStyle) {
      const said = chain("paragraph", paragraphStyle).find((style) => style.hasAttribute("style:list-style-name"));
      return said?.getAttribute("style:list-style-name") === "";
    },
    capitals(family, style) {
      for (const each of chain(family, style)) {
        const properties = childElements(each).find((child) => child.localName === "text-properties");
        const transform = properties?.getAttribute("fo:text-transform");
        const variant = properties?.getAttribute("fo:font-variant");
        if (transform === "uppercase" || variant === "small-caps") return true;
        if (transform || variant) return false;
      }
      return undefined;
    },
    listStyleOf(paragraphStyle) {
      for (const style of chain("paragraph", paragraphStyle)) {
        const list = style.getAttribute("style:list-style-name");
        if (list) return list;
      }
      return undefined;
    },
  };
}
