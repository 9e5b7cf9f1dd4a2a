import type { Element } from "@xmldom/xmldom";
import type { SlideParagraph } from "./model.js";
import { textBodyParagraphs } from "./drawingml-text.js";
import { RELATIONSHIPS_NS } from "./package-parts.js";
import { attribute, child, children } from "./xml.js";

/** Levels deeper than this are flattened; SmartArt never nests so deep. */
const MAX_LEVEL = 8;

/** The `r:dm` relationship id of a SmartArt graphic: its data model part. */
export const diagramDataId = (graphicData: Element | undefined): string | undefined =>
  child(graphicData, "relIds")?.getAttributeNS(RELATIONSHIPS_NS, "dm") ?? undefined;

/**
 * A SmartArt diagram's text as a bulleted list, nested as its data model nests it. Note: the data
 * model (`ppt/diagrams/dataN.xml`) holds what the user typed, one point per shape, and parent
 * links in its connection list; the drawing PowerPoint caches beside it is layout only.
 */
export function readDiagram(dataModel: Element): SlideParagraph[] {
  const points = children(child(dataModel, "ptLst"), "pt");
  const parentOf = new Map<string, string>();
  for (const connection of children(child(dataModel, "cxnLst"), "cxn")) {
    const type = attribute(connection, "type") ?? "parOf";
    if (type === "parOf") parentOf.set(attribute(connection, "destId") ?? "", attribute(connection, "srcId") ?? "");
  }
  const nodeIds = new Set(points.filter((point) => (attribute(point, "type") ?? "node") === "node").map((point) => attribute(point, "modelId") ?? ""));
  const levelOf = (id: string): number => {
    let level = 0;
    for (let parent = parentOf.get(id); parent && nodeIds.has(parent) && level < MAX_LEVEL; parent = parentOf.get(parent)) level++;
    return level;
  };
  return points
    .filter((point) => nodeIds.has(attribute(point, "modelId") ?? ""))
    .flatMap((point) => {
      const level = levelOf(attribute(point, "modelId") ?? "");
      return textBodyParagraphs(child(point, "t"), new Map()).map((paragraph): SlideParagraph => ({ ...paragraph, level, list: "bullet" }));
    });
}
