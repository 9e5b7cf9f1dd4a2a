import { headingLevelOfName, headingLevelOfOutline } from "../word/heading-names.js";
import { type NumberingReference, attributeIn, toggleIn, valueIn } from "./word-xml.js";

/** A style of word/styles.xml, reduced to what changes the text a reader sees. */
interface WordStyle {
  name: string;
  basedOn: string | undefined;
  /** `w:outlineLvl` of the paragraph properties: 0..8 for headings, 9 for body text. */
  outlineLevel: number | undefined;
  numbering: NumberingReference | undefined;
  /** `w:caps`/`w:smallCaps` of the run properties: the text is shown in capitals. */
  capitals: boolean | undefined;
  /** `w:vanish` of the run properties: the text is hidden. */
  hidden: boolean | undefined;
}

const MAX_STYLE_DEPTH = 10;
// The heading styles mammoth's default style map (and ours, for Title) already knows by name.
const MAPPED_BY_NAME = /^(?:heading [1-6]|title)$/i;

// Note: styles.xml is read for every DOCX, so it is read with patterns rather than a DOM (which
// costs as much as mammoth's whole conversion of a small document). `w:style` elements never
// nest, and the properties read here are empty elements with at most a `w:val`.
const STYLE = /<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g;
const PARAGRAPH_PROPERTIES = /<w:pPr\b[^>]*>([\s\S]*?)<\/w:pPr>/;
const RUN_PROPERTIES = /<w:rPr\b[^>]*>([\s\S]*?)<\/w:rPr>/;

/** Whether run properties (their inner XML) ask for capitals: true, false (explicitly off) or undefined. */
function capitalsIn(runProperties: string | undefined): boolean | undefined {
  const caps = toggleIn(runProperties, "caps");
  const smallCaps = toggleIn(runProperties, "smallCaps");
  if (caps === undefined && smallCaps === undefined) return undefined;
  return Boolean(caps || smallCaps);
}

/**
 * The paragraph and character styles of a DOCX with their `w:basedOn` chains resolved: which
 * styles are headings (by name, localized name or outline level, inherited), which put a
 * paragraph in a numbered list, and which show their text in capitals or hide it.
 */
export function readStyleSheet(stylesXml: string) {
  const byId = new Map<string, WordStyle>();
  let defaultParagraphStyle: string | undefined;
  for (const [, attributes = "", inner = ""] of stylesXml.matchAll(STYLE)) {
    const id = attributeIn(attributes, "styleId");
    if (!id) continue;
    if (attributeIn(attributes, "type") === "paragraph" && attributeIn(attributes, "default") === "1") {
      defaultParagraphStyle = id;
    }
    const paragraphProperties = PARAGRAPH_PROPERTIES.exec(inner)?.[1];
    const outline = valueIn(paragraphProperties, "outlineLvl");
    const numId = valueIn(paragraphProperties, "numId");
    const level = valueIn(paragraphProperties, "ilvl");
    const runProperties = RUN_PROPERTIES.exec(inner.replace(PARAGRAPH_PROPERTIES, ""))?.[1];
    byId.set(id, {
      name: valueIn(inner, "name") ?? id,
      basedOn: valueIn(inner, "basedOn"),
      outlineLevel: outline === undefined ? undefined : Number(outline),
      numbering: numId === undefined ? undefined : { numId, level: level === undefined ? undefined : Number(level) },
      capitals: capitalsIn(runProperties),
      hidden: toggleIn(runProperties, "vanish"),
    });
  }

  /** The first value `pick` finds on the style or the styles it is based on. */
  const inherited = <T>(id: string | undefined, pick: (style: WordStyle, id: string) => T | undefined): T | undefined => {
    let current = id;
    for (let depth = 0; current !== undefined && depth < MAX_STYLE_DEPTH; depth++) {
      const style = byId.get(current);
      if (!style) return undefined;
      const value = pick(style, current);
      if (value !== undefined) return value;
      current = style.basedOn;
    }
    return undefined;
  };

  // Note: a name says more than an outline level: Word's "TOC Heading" is based on Heading 1 but
  // sets outline level 9 (body text) only to stay out of the table of contents.
  const headingLevel = (style: WordStyle, id: string): number | null | undefined => {
    const byName = headingLevelOfName(style.name) ?? headingLevelOfName(id);
    if (byName !== undefined) return byName;
    if (style.outlineLevel === undefined) return undefined;
    return headingLevelOfOutline(style.outlineLevel) ?? null;
  };

  return {
    /** The paragraph style a paragraph without `w:pStyle` has. */
    defaultParagraphStyle,
    /** 1..9 when paragraphs of this style are headings. */
    headingLevel: (id: string | undefined): number | undefined => inherited(id, headingLevel) ?? undefined,
    /** The list a style puts its paragraphs in (Word's numbered heading styles). */
    numbering: (id: string | undefined): NumberingReference | undefined => inherited(id, (style) => style.numbering),
    /** Whether text of this style (paragraph or character) is shown in capitals. */
    capitals: (id: string | undefined): boolean | undefined => inherited(id, (style) => style.capitals),
    /** Whether text of this style (paragraph or character) is hidden (`w:vanish`). */
    hidden: (id: string | undefined): boolean | undefined => inherited(id, (style) => style.hidden),
    /** Whether mammoth's own style map already makes paragraphs of this style the right heading. */
    mappedByName: (id: string): boolean => MAPPED_BY_NAME.test(byId.get(id)?.name ?? ""),
  };
}

export type StyleSheet = ReturnType<typeof readStyleSheet>;
