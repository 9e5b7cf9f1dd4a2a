import { median, withRuns } from "./column-sides.js";
import type { TextLine, TextRun } from "./model.js";
import type { FilledBox } from "./rules.js";

// Note: text sits inside a filled box to within this many points of its edges (rounding, a glyph's overhang).
const INSIDE_TOLERANCE = 2;
// Note: a box floated beside the text holds a few lines at least, and the text beside it runs on for
// a few lines of prose this many characters long at the median: a table's shaded cells (a stub
// column) stand beside short cells, and one shaded cell beside its row's other cells.
const MINIMUM_BOX_LINES = 2;
const MINIMUM_BESIDE_LINES = 2;
const PROSE_CHARACTERS = 30;
// Note: text flowing round a float goes on under it at its own pitch, within this many ems of its
// last line beside the box; under a table (a shaded column of terms beside their descriptions) the
// text starts further down, after the table's margin.
const FLOW_PITCH_EM = 1.6;

/**
 * The lines of a page with each box floated beside the text (a callout or sidebar drawn on a shaded
 * background, the text flowing round it) read on its own, before the text beside it, as a page's
 * source sets a float before the text that flows round it. Without it, a line holding a line of
 * the text and a line of the box side by side reads as a row of a table, or as one line.
 * Undefined where the page has no such box.
 */
export function floatedBoxOrder(lines: readonly TextLine[], fills: readonly FilledBox[]): TextLine[] | undefined {
  let floated: TextLine[] | undefined;
  for (const box of fills) floated = readFloatFirst(floated ?? lines, box) ?? floated;
  return floated;
}

/** The lines with `box`'s lines read before the text beside it, or undefined where `box` is no float beside text. */
function readFloatFirst(lines: readonly TextLine[], box: FilledBox): TextLine[] | undefined {
  const withinHeight = (line: TextLine): boolean => line.baseline >= box.top - INSIDE_TOLERANCE && line.baseline <= box.bottom + INSIDE_TOLERANCE;
  const isInside = (line: TextLine, run: TextRun): boolean => withinHeight(line) && run.x >= box.left - INSIDE_TOLERANCE && run.right <= box.right + INSIDE_TOLERANCE;
  const isBeside = (line: TextLine, run: TextRun): boolean => withinHeight(line) && (run.right < box.left || run.x > box.right);
  const boxLines = lines.filter((line) => line.runs.some((run) => isInside(line, run)));
  const besideLines = lines.filter((line) => line.runs.some((run) => isBeside(line, run)));
  const beside = besideLines.flatMap((line) => line.runs.filter((run) => isBeside(line, run)));
  if (boxLines.length < MINIMUM_BOX_LINES || besideLines.length < MINIMUM_BESIDE_LINES || median(beside.map((run) => run.text.length)) < PROSE_CHARACTERS) return undefined;
  if (!textFlowsOnUnder(lines, box, besideLines, beside)) return undefined;
  const first = lines.findIndex((line) => boxLines.includes(line) || line.runs.some((run) => isBeside(line, run)));
  const inside = boxLines.map((line, index) => ({ ...withRuns(line, line.runs.filter((run) => isInside(line, run))), ...(index === 0 ? { startsBlock: true } : {}) }));
  const outside = lines.slice(first).flatMap((line) => {
    const runs = line.runs.filter((run) => !isInside(line, run));
    return runs.length === 0 ? [] : [runs.length === line.runs.length ? line : withRuns(line, runs)];
  });
  const [next, ...rest] = outside;
  return [...lines.slice(0, first), ...inside, ...(next ? [{ ...next, startsBlock: true }] : []), ...rest];
}

/**
 * Whether the text beside a box goes on under it, as text flows round a float: a line under the
 * box, at the text's pitch after its last line beside the box, starting at the text's left edge
 * or the box's, whichever is further left (a float on the right, or on the left).
 */
function textFlowsOnUnder(lines: readonly TextLine[], box: FilledBox, besideLines: readonly TextLine[], beside: readonly TextRun[]): boolean {
  const lastBeside = Math.max(...besideLines.map((line) => line.baseline));
  const size = median(beside.map((run) => run.fontSize));
  const left = Math.min(box.left, ...beside.map((run) => run.x));
  return lines.some((line) => line.baseline > box.bottom && line.baseline > lastBeside && line.baseline - lastBeside <= FLOW_PITCH_EM * size && line.x <= left + INSIDE_TOLERANCE);
}
