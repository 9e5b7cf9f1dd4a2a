import type { TextLine, TextRun } from "./model.js";

// Note: rows further apart than this many ems are two tables (or a table and a paragraph).
const MAXIMUM_ROW_GAP_EM = 3;
// A one-run line joins a table when it starts within this many points of a column's start.
const COLUMN_ALIGNMENT = 3;

/** A table found in a sequence of lines: its cells as Markdown, row by row. */
export interface TableMatch {
  rows: string[][];
  /** How many lines the table took. */
  lineCount: number;
}

/**
 * Find a borderless table starting at `lines[start]`: two or more lines of several runs each set
 * in shared columns (one-run lines aligned to a column may sit in between, as labels or sparse
 * rows). Columns are the union of the runs' horizontal extents.
 */
export function matchTable(lines: readonly TextLine[], start: number): TableMatch | undefined {
  const first = lines[start];
  if (!first || first.runs.length < 2) return undefined;
  const members: TextLine[] = [first];
  const columnStarts = first.runs.map((run) => run.x);
  const gaps = cellGaps(first);
  let lastMultiRun = 0;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!;
    const previous = members.at(-1)!;
    const gap = line.baseline - previous.baseline;
    if (line.pageIndex !== previous.pageIndex || gap <= 0 || gap > MAXIMUM_ROW_GAP_EM * previous.fontSize) break;
    if (line.runs.length < 2 && !columnStarts.some((x) => Math.abs(x - line.x) <= COLUMN_ALIGNMENT)) break;
    // Note: a one-run line that runs across the space between two cells is prose (a caption, a
    // note under the table), not a row.
    if (line.runs.length < 2 && gaps.some((gap) => line.x <= gap.left && line.right >= gap.right)) break;
    members.push(line);
    columnStarts.push(...line.runs.map((run) => run.x));
    gaps.push(...cellGaps(line));
    if (line.runs.length >= 2) lastMultiRun = members.length - 1;
  }
  const tableLines = members.slice(0, lastMultiRun + 1);
  if (tableLines.length < 2) return undefined;
  const columns = columnExtents(fullestRows(tableLines).flatMap((line) => line.runs));
  if (columns.length < 2) return undefined;
  const rows = tableLines.map((line) => {
    const cells = columns.map(() => [] as string[]);
    for (const run of line.runs) cells[closestColumn(columns, run)]!.push(run.markdown);
    return cells.map((parts) => parts.join(" "));
  });
  return { rows, lineCount: tableLines.length };
}

/**
 * The rows that show the table's columns: those with the most cells. Note: columns come from
 * these alone so that a cell spanning two columns (a title, a long label, two numbers set close
 * together) does not merge them.
 */
function fullestRows(lines: readonly TextLine[]): TextLine[] {
  const most = Math.max(...lines.map((line) => line.runs.length));
  return lines.filter((line) => line.runs.length === most);
}

/** The spaces between neighbouring runs of a line. */
function cellGaps(line: TextLine): Extent[] {
  return line.runs.slice(1).map((run, index) => ({ left: line.runs[index]!.right, right: run.x }));
}

interface Extent {
  left: number;
  right: number;
}

function columnExtents(runs: readonly TextRun[]): Extent[] {
  const sorted = [...runs].sort((a, b) => a.x - b.x);
  const columns: Extent[] = [];
  for (const run of sorted) {
    const last = columns.at(-1);
    if (last && run.x <= last.right) last.right = Math.max(last.right, run.right);
    else columns.push({ left: run.x, right: run.right });
  }
  return columns;
}

function closestColumn(columns: readonly Extent[], run: TextRun): number {
  let best = 0;
  let bestScore = -Infinity;
  columns.forEach((column, index) => {
    const overlap = Math.min(column.right, run.right) - Math.max(column.left, run.x);
    const score = overlap > 0 ? overlap : -Math.abs(column.left - run.x);
    if (score > bestScore) {
      bestScore = score;
      best = index;
    }
  });
  return best;
}
