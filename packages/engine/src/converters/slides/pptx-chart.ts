import type { Element } from "@xmldom/xmldom";
import type { SlideChart } from "./model.js";
import { relationshipId } from "./package-parts.js";
import { attribute, child, descendants, textOf } from "./xml.js";

/** The cached points of a series' data reference (`c:cat`, `c:val`, `c:xVal`, ...) by index. */
function cachedPoints(reference: Element | undefined): Map<number, string> {
  const points = new Map<number, string>();
  for (const point of descendants(reference, "pt")) {
    const index = Number(attribute(point, "idx"));
    const value = child(point, "v")?.textContent ?? "";
    // Note: multi-level categories list the outer level after the inner one; keep the innermost.
    if (Number.isInteger(index) && !points.has(index)) points.set(index, value.trim());
  }
  return points;
}

/**
 * A chart part (`ppt/charts/chartN.xml`) as its title and the values it caches. Note: a PPTX
 * chart keeps its numbers in the embedded workbook and a cached copy in the chart XML; the cache
 * is what PowerPoint shows, and reading it needs no spreadsheet parser.
 */
export function readChart(chartSpace: Element): SlideChart {
  const chart = child(chartSpace, "chart");
  const series = descendants(child(chart, "plotArea"), "ser");
  const names = series.map((ser, i) => textOf(child(ser, "tx"), "v").trim() || `Series ${i + 1}`);
  let title = textOf(child(chart, "title"), "t").trim();
  // Office titles a one-series chart with its series name unless the title was deleted.
  if (!title && series.length === 1 && attribute(child(chart, "autoTitleDeleted"), "val") !== "1" && child(chart, "title")) title = names[0]!;
  const values = series.map((ser) => cachedPoints(child(ser, "val") ?? child(ser, "yVal")));
  const categories = series.map((ser) => cachedPoints(child(ser, "cat") ?? child(ser, "xVal"))).find((points) => points.size > 0) ?? new Map();
  // Note: a loop, not Math.max(...keys): a long series would overflow the call stack.
  let count = categories.size;
  for (const points of values) for (const index of points.keys()) count = Math.max(count, index + 1);
  const rows = Array.from({ length: count }, (_, index) => [categories.get(index) ?? String(index + 1), ...values.map((points) => points.get(index) ?? "")]);
  return { kind: "chart", ...(title && { title }), seriesNames: names, rows };
}

/** The `r:id` of the chart a `a:graphicData` holds, if it holds one. */
export const chartRelationshipId = (graphicData: Element | undefined): string | undefined =>
  relationshipId(child(graphicData, "chart"));
