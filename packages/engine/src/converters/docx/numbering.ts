import type { Element } from "@xmldom/xmldom";
import type { ListLevel } from "../word/list-numbers.js";
import { booleanProperty, childElement, childElements, wordAttribute } from "./word-xml.js";

/** The levels of one Word list instance (`w:num`), and the key its items count under. */
export interface WordList {
  /** Instances of one abstract list count on from each other; {@link takeRestart} says where one restarts the count. */
  counterKey: string;
  levels: Array<ListLevel | undefined>;
  /** The level whose `w:pStyle` is this style: how a numbered heading style finds its level. */
  levelOfStyle(styleId: string): number | undefined;
  /**
   * The number level `level` restarts at (its `w:startOverride`) the first time this instance is
   * used at that level; undefined after that, or when the instance does not restart it.
   */
  takeRestart(level: number): number | undefined;
}

const integer = (element: Element | undefined, fallback: number): number => {
  const value = Number.parseInt(wordAttribute(element, "val") ?? "", 10);
  return Number.isFinite(value) ? value : fallback;
};

function readLevel(level: Element): ListLevel {
  const restart = childElement(level, "w:lvlRestart");
  return {
    start: integer(childElement(level, "w:start"), 0),
    format: wordAttribute(childElement(level, "w:numFmt"), "val") ?? "decimal",
    text: wordAttribute(childElement(level, "w:lvlText"), "val") ?? "",
    legal: booleanProperty(childElement(level, "w:isLgl")) ?? false,
    restartAfter: restart ? integer(restart, 0) : undefined,
  };
}

interface AbstractList {
  levels: Array<ListLevel | undefined>;
  styles: Map<string, number>;
}

/**
 * Give each abstract list defined by a list style (`w:numStyleLink`), which has no levels of its
 * own, the levels of the abstract list that defines the style (`w:styleLink`), as Word writes
 * both. Mutates `abstracts`.
 */
function followListStyles(elements: Element[], abstracts: Map<string, AbstractList>): void {
  const definingStyle = new Map<string, string>();
  for (const abstract of elements) {
    const style = wordAttribute(childElement(abstract, "w:styleLink"), "val");
    if (style) definingStyle.set(style, wordAttribute(abstract, "abstractNumId") ?? "");
  }
  for (const abstract of elements) {
    const linked = definingStyle.get(wordAttribute(childElement(abstract, "w:numStyleLink"), "val") ?? "");
    const own = abstracts.get(wordAttribute(abstract, "abstractNumId") ?? "");
    const definition = linked === undefined ? undefined : abstracts.get(linked);
    if (own && definition && own.levels.length === 0) own.levels = [...definition.levels];
  }
}

/**
 * Read word/numbering.xml ([ISO 29500] 17.9): the abstract lists with their levels, and the
 * list instances (`w:num`) paragraphs point at, with their start overrides applied.
 */
export function readNumbering(numbering: Element | undefined): (numId: string) => WordList | undefined {
  const abstracts = new Map<string, AbstractList>();
  for (const abstract of numbering ? childElements(numbering, "w:abstractNum") : []) {
    const levels: Array<ListLevel | undefined> = [];
    const styles = new Map<string, number>();
    for (const level of childElements(abstract, "w:lvl")) {
      const ilvl = Number.parseInt(wordAttribute(level, "ilvl") ?? "", 10);
      if (!(ilvl >= 0 && ilvl < 9)) continue;
      levels[ilvl] = readLevel(level);
      const style = wordAttribute(childElement(level, "w:pStyle"), "val");
      if (style) styles.set(style, ilvl);
    }
    abstracts.set(wordAttribute(abstract, "abstractNumId") ?? "", { levels, styles });
  }
  followListStyles(numbering ? childElements(numbering, "w:abstractNum") : [], abstracts);
  const lists = new Map<string, WordList>();
  for (const num of numbering ? childElements(numbering, "w:num") : []) {
    const numId = wordAttribute(num, "numId");
    const abstractId = wordAttribute(childElement(num, "w:abstractNumId"), "val") ?? "";
    const abstract = abstracts.get(abstractId);
    if (numId === undefined || !abstract) continue;
    const levels = [...abstract.levels];
    const restarts = new Set<number>();
    for (const override of childElements(num, "w:lvlOverride")) {
      const ilvl = Number.parseInt(wordAttribute(override, "ilvl") ?? "", 10);
      if (!(ilvl >= 0 && ilvl < 9)) continue;
      const replaced = childElement(override, "w:lvl");
      const startOverride = childElement(override, "w:startOverride");
      const base = replaced ? readLevel(replaced) : levels[ilvl];
      if (!base) continue;
      levels[ilvl] = startOverride ? { ...base, start: integer(startOverride, base.start) } : base;
      if (startOverride) restarts.add(ilvl);
    }
    // Note: Word and LibreOffice keep one count per abstract list: an instance that restarts it
    // (as Word's "Restart at 1" and LibreOffice's export write one) does so at its first item, and
    // the instances used after it count on from there.
    lists.set(numId, {
      counterKey: `abstract ${abstractId}`,
      levels,
      levelOfStyle: (styleId) => abstract.styles.get(styleId),
      takeRestart: (level) => (restarts.delete(level) ? levels[level]?.start : undefined),
    });
  }
  return (numId) => lists.get(numId);
}
