import { LARGER_THAN_BODY } from "./headings.js";
import type { TextLine } from "./model.js";

// A grid of cards (a brochure's panels, a slide's boxes in two rows) has the shape of columns: its
// columns are read one after the other, each card whole, but a reader reads the grid row by row.
// Its rows are told by headings level across every column, at least this many rows of them; the
// headings of columns of prose meet on one baseline only by chance.
const MINIMUM_GRID_ROWS = 2;
// Two headings are level when their baselines are closer than this many ems.
const LEVEL_EM = 0.35;
// A heading starts a card: it opens its column, or follows a gap this many times wider than the
// column's closest lines.
const CARD_GAP_PITCH = 1.5;
// Note: sizes this share apart are one type (rounding of the sizes a PDF writes).
const SAME_SIZE = 0.05;

/**
 * The lines of columns read row by row, if they are a grid of cards: every heading of every column
 * (a line set larger than the line under it, or bold over regular text, opening the column or
 * after a gap) is level with a heading in each other column, in `MINIMUM_GRID_ROWS` rows or more.
 * Each card (a column's lines from one row to the next) is read whole, left to right along a row.
 * Undefined when the columns are no such grid.
 */
export function readGridRows(columns: readonly (readonly TextLine[])[]): TextLine[] | undefined {
  if (columns.length < 2 || columns.some((column) => column.length === 0)) return undefined;
  const headings = columns.map(cardHeadings);
  const rows = headings[0]!.map((line) => line.baseline);
  const isLevel = (line: TextLine, baseline: number): boolean => Math.abs(line.baseline - baseline) <= LEVEL_EM * line.fontSize;
  if (rows.length < MINIMUM_GRID_ROWS || headings.some((column) => column.length !== rows.length || column.some((line, row) => !isLevel(line, rows[row]!)))) return undefined;
  // Note: lines above the first row (the end of a paragraph above the grid) are read first.
  const above = columns.flatMap((column, index) => column.slice(0, column.indexOf(headings[index]![0]!)));
  return above.concat(rows.flatMap((_, row) =>
    columns.flatMap((column, index) => {
      const [top, next] = [headings[index]![row]!, headings[index]![row + 1]];
      const card = column.slice(column.indexOf(top), next ? column.indexOf(next) : undefined);
      return card.map((line, offset) => (offset === 0 ? { ...line, startsBlock: true } : line));
    }),
  ));
}

/**
 * The lines of a column that head a card: opening the column or after a gap, and set larger than
 * the text under them (or bold over regular), after the heading's own lines (a heading may wrap).
 */
function cardHeadings(column: readonly TextLine[]): TextLine[] {
  const gaps = column.slice(1).map((line, index) => line.baseline - column[index]!.baseline);
  const pitch = Math.min(...gaps.filter((gap) => gap > 0));
  return column.filter((line, index) => {
    if (index > 0 && gaps[index - 1]! <= CARD_GAP_PITCH * pitch) return false;
    let last = index;
    while (column[last + 1] && isSameType(column[last + 1]!, line)) last++;
    const text = column[last + 1];
    return text !== undefined && (line.fontSize >= LARGER_THAN_BODY * text.fontSize || (line.bold && !text.bold));
  });
}

/** Whether two lines are set in one type: the same weight, and sizes within `SAME_SIZE` of each other. */
const isSameType = (line: TextLine, other: TextLine): boolean => line.bold === other.bold && Math.abs(line.fontSize - other.fontSize) <= SAME_SIZE * other.fontSize;
