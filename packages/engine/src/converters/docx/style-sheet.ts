import type { Element } from "@xmldom/xmldom";
import { headingLevelOfName } from "./heading-names.js";
import { type NumberingReference, booleanProperty, childElement, childElements, numberingReference, wordAttribute } from "./word-xml.js";

/** A style of word/styles.xml, reduced to what changes the text a reader sees. */
interface WordStyle {
  name: string;
  basedOn: string | undefined;
  /** `w:outlineLvl` of the paragraph properties: 0..8 for headings, 9 for body text. */
  outlineLevel: number | undefined;
  numbering: NumberingReference | undefined;
  /** `w:caps`/`w:smallCaps` of the run properties: the text is shown in capitals. */
  capitals: boolean | undefined;
}

const MAX_STYLE_DEPTH = 10;
// The heading styles mammoth's default style map (and ours, for Title) already knows by name.
const MAPPED_BY_NAME = /^(?:heading [1-6]|title)$/i;
const BODY_TEXT_OUTLINE_LEVEL = 9;

/** Whether run properties ask for capitals: true, false (explicitly off) or undefined (not said). */
export function capitalsOf(runProperties: Element | undefined): boolean | undefined {
  if (!runProperties) return undefined;
  const caps = booleanProperty(childElement(runProperties, "w:caps"));
  const smallCaps = booleanProperty(childElement(runProperties, "w:smallCaps"));
  if (caps === undefined && smallCaps === undefined) return undefined;
  return Boolean(caps || smallCaps);
}

/**
 * The paragraph and character styles of a DOCX with their `w:basedOn` chains resolved: which
 * styles are headings (by name, localized name or outline level, inherited), which put a
 * paragraph in a numbered list, and which show their text in capitals.
 */
export function readStyleSheet(styles: Element | undefined) {
  const byId = new Map<string, WordStyle>();
  let defaultParagraphStyle: string | undefined;
  for (const style of styles ? childElements(styles, "w:style") : []) {
    const id = wordAttribute(style, "styleId");
    if (!id) continue;
    const type = wordAttribute(style, "type");
    if (type === "paragraph" && booleanProperty(style, "default")) defaultParagraphStyle = id;
    const paragraphProperties = childElement(style, "w:pPr");
    const outline = wordAttribute(childElement(paragraphProperties, "w:outlineLvl"), "val");
    byId.set(id, {
      name: wordAttribute(childElement(style, "w:name"), "val") ?? id,
      basedOn: wordAttribute(childElement(style, "w:basedOn"), "val"),
      outlineLevel: outline === undefined ? undefined : Number(outline),
      numbering: numberingReference(paragraphProperties),
      capitals: capitalsOf(childElement(style, "w:rPr")),
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
    return style.outlineLevel < BODY_TEXT_OUTLINE_LEVEL ? style.outlineLevel + 1 : null;
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
    /**
     * Whether a document needs its styles resolved before mammoth reads it: a style shows its
     * text in capitals, is in a list, or is a heading mammoth does not know by name, or (when
     * the document has list paragraphs) any heading style exists, since it may be numbered.
     */
    needsResolving(documentHasLists: boolean): boolean {
      for (const [id, style] of byId) {
        if (style.capitals || style.numbering) return true;
        const level = inherited(id, headingLevel);
        if (level && (documentHasLists || !MAPPED_BY_NAME.test(style.name))) return true;
      }
      return false;
    },
  };
}

export type StyleSheet = ReturnType<typeof readStyleSheet>;
