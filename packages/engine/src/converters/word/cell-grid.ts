/**
 * Where a row's cells sit in the columns of their table, from the cells' right edges (RTF's
 * `\cellx`, a DOC row's `rgdxaCenter`). Note: RTF and DOC write a cell merged across columns as
 * one wider cell, so its row has fewer cells than the others; without the edges the cells after it
 * would move left under the wrong column.
 */

// Edges this close (in twips, about half a millimetre) are one column border.
const SAME_EDGE = 30;

/** The column borders of a table: every row's cell edges, close ones taken as one. */
function columnBorders(rows: readonly (readonly number[])[]): number[] {
  const borders: number[] = [];
  for (const edge of rows.flat().sort((a, b) => a - b)) {
    if (borders.length === 0 || edge - borders.at(-1)! > SAME_EDGE) borders.push(edge);
  }
  return borders;
}

/**
 * For each row, how many columns each cell spans (1 for most), given the right edges of its cells;
 * a row whose edges are unknown or do not match its cells spans 1 column a cell.
 */
export function cellSpans(edgesByRow: readonly (readonly number[])[], cellsByRow: readonly number[]): number[][] {
  const borders = columnBorders(edgesByRow);
  const borderIndex = (edge: number): number => borders.findIndex((border) => Math.abs(border - edge) <= SAME_EDGE);
  return cellsByRow.map((cells, row) => {
    const edges = edgesByRow[row] ?? [];
    if (edges.length !== cells) return Array.from({ length: cells }, () => 1);
    let previous = -1;
    return edges.map((edge) => {
      const index = borderIndex(edge);
      const span = Math.max(1, index - previous);
      previous = Math.max(index, previous + 1);
      return span;
    });
  });
}
