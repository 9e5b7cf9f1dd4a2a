import type { Document, Element } from "@xmldom/xmldom";
import { childElement, wordAttribute } from "./word-xml.js";

// Note: Word's tables have at most 63 columns; a larger count is a damaged file, filled up to that.
const MAX_TABLE_COLUMNS = 63;

/** A cheap test on the raw XML: some row starts past its table's first column. */
export const SKIPS_GRID_COLUMNS = /<w:gridBefore\b/;

function emptyCell(document: Document): Element {
  const cell = document.createElement("w:tc");
  cell.appendChild(document.createElement("w:p"));
  return cell;
}

/**
 * Give each row that starts past its table's first column (`w:trPr/w:gridBefore`, as Word writes
 * rows of forms and of tables pasted from the web) one empty cell per column it skips, so that
 * its cells stay under their columns. Note: mammoth ignores `w:gridBefore`, so such a row's cells
 * moved left, under the wrong headers. Mutates `document`.
 */
export function fillSkippedGridColumns(document: Document): void {
  for (const row of Array.from(document.getElementsByTagName("w:tr"))) {
    const rowProperties = childElement(row, "w:trPr");
    const skipped = Number.parseInt(wordAttribute(childElement(rowProperties, "w:gridBefore"), "val") ?? "", 10);
    if (!rowProperties || !(skipped > 0)) continue;
    const firstCell = rowProperties.nextSibling;
    for (let column = 0; column < Math.min(skipped, MAX_TABLE_COLUMNS); column++) row.insertBefore(emptyCell(document), firstCell);
  }
}
