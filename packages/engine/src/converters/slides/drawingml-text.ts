import type { Element } from "@xmldom/xmldom";
import { MONOSPACE_FONT } from "../code-style.js";
import type { SlideParagraph, TextRun } from "./model.js";
import { type Relationship, relationshipId } from "./package-parts.js";
import { attribute, child, children } from "./xml.js";

/** Schemes a hyperlink may keep; others (`file:`, `javascript:`, slide jumps) stay plain text. */
const LINK_SCHEME = /^(?:https?|mailto):/i;

/** The external URL a run's `a:hlinkClick` points to, if it is one we keep. */
function runLink(properties: Element | undefined, rels: Map<string, Relationship>): string | undefined {
  const id = relationshipId(child(properties, "hlinkClick"));
  const rel = id ? rels.get(id) : undefined;
  return rel?.external && LINK_SCHEME.test(rel.target) ? rel.target : undefined;
}

/** Whether a run's `a:rPr` sets it in a monospaced font (`a:latin`, the font of Latin text). */
const isMonospace = (properties: Element | undefined): boolean => MONOSPACE_FONT.test(attribute(child(properties, "latin"), "typeface") ?? "");

/** Whether an `a:rPr` switches a boolean property (`b`, `i`) on: XML Schema booleans. */
const isSet = (properties: Element | undefined, name: string): boolean => ["1", "true"].includes(attribute(properties, name) ?? "");

/** The runs of one `a:p`: text runs, fields (slide numbers, dates) and line breaks. */
function paragraphRuns(paragraph: Element, rels: Map<string, Relationship>): TextRun[] {
  return children(paragraph, "r", "fld", "br").map((run) => {
    if (run.localName === "br") return { text: "\n" };
    const properties = child(run, "rPr");
    return {
      text: child(run, "t")?.textContent ?? "",
      href: runLink(properties, rels),
      ...(isMonospace(properties) && { monospace: true }),
      ...(isSet(properties, "b") && { bold: true }),
      ...(isSet(properties, "i") && { italic: true }),
    };
  });
}

/** What a paragraph's properties say about its bullet, if they say anything. */
export type BulletStyle = "bullet" | "ordered" | "none";

/** The bullet an `a:pPr` (or an `a:lvlNpPr` of a list style) sets, if it sets one. */
export function bulletOf(properties: Element | undefined): BulletStyle | undefined {
  if (child(properties, "buAutoNum")) return "ordered";
  if (child(properties, "buChar") || child(properties, "buBlip")) return "bullet";
  if (child(properties, "buNone")) return "none";
  return undefined;
}

/** The number an `a:buAutoNum` starts its list at, when it says so (`startAt`; 1 otherwise). */
function startOf(properties: Element | undefined): number | undefined {
  const start = Number(attribute(child(properties, "buAutoNum"), "startAt"));
  return Number.isInteger(start) && start > 1 ? start : undefined;
}

/** The `a:lvlNpPr` of a list style (`a:lstStyle`, `p:bodyStyle`) for a 0-based level. */
export const levelProperties = (listStyle: Element | undefined, level: number): Element | undefined => child(listStyle, `lvl${level + 1}pPr`);

/**
 * The paragraphs of a DrawingML text body (`p:txBody`, `a:txBody`). A paragraph's bullet comes
 * from its own properties, else its body's list style, else `inherited` (the layout, the master):
 * PowerPoint writes bullets of body placeholders only in the master, so most list items say nothing.
 */
export function textBodyParagraphs(
  body: Element | undefined,
  rels: Map<string, Relationship>,
  inherited: (level: number) => BulletStyle | undefined = () => undefined,
): SlideParagraph[] {
  const listStyle = child(body, "lstStyle");
  return children(body, "p").map((paragraph) => {
    const properties = child(paragraph, "pPr");
    const level = Math.min(Number(attribute(properties, "lvl") ?? 0) || 0, 8);
    const bullet = bulletOf(properties) ?? bulletOf(levelProperties(listStyle, level)) ?? inherited(level);
    const list = bullet === "none" || bullet === undefined ? undefined : bullet;
    const start = list === "ordered" ? (startOf(properties) ?? startOf(levelProperties(listStyle, level))) : undefined;
    return { kind: "paragraph", runs: paragraphRuns(paragraph, rels), level, ...(list && { list }), ...(start && { start }) };
  });
}
