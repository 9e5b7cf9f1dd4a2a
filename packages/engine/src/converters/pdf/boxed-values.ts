import type { TableFrame } from "./frames.js";
import { makeRun } from "./lines.js";
import type { TextLine } from "./model.js";
import { isInFrame } from "./tables.js";

// Rules this close to a box's side (in points) are its sides, not a column rule inside it.
const SIDE = 3;
// Note: a browser or a word processor centres a field's value in its padded box, a few points off
// the baseline of the label beside it; at most this many ems off, it is that label's value.
const LABEL_SHIFT_EM = 0.5;
// A column of boxed values has at least this many boxes, each with its label.
const MINIMUM_FIELDS = 2;

/**
 * The lines with each value set in a box (a form's fields, printed from HTML or a word processor)
 * joined to the label beside the box on its left, as one line: "Reported by: Nadia Haddad".
 *
 * Why: boxes stacked one under the other touch and read as one ruled frame, a one-column table of
 * the values, with their labels left outside it as lines of their own; a reader reads each label
 * with the value beside it. A column of boxes is taken so only when every box's line has a label
 * beside it (a box of text with no label, a one-column table under a caption, is left alone).
 */
export function joinLabelsToBoxedValues(lines: readonly TextLine[], framesByPage: ReadonlyMap<number, readonly TableFrame[]>): TextLine[] {
  const joined = new Map<TextLine, TextLine>();
  const dropped = new Set<TextLine>();
  for (const [pageIndex, frames] of framesByPage) {
    const pageLines = lines.filter((line) => line.pageIndex === pageIndex);
    for (const frame of frames) {
      const pairs = labelledValues(pageLines, frame);
      if (!pairs) continue;
      for (const { label, value } of pairs) {
        joined.set(label, { ...label, runs: [makeRun([...label.runs, ...value.runs].flatMap((run) => run.items ?? []))], right: value.right });
        dropped.add(value);
      }
    }
  }
  if (dropped.size === 0) return [...lines];
  return lines.filter((line) => !dropped.has(line)).map((line) => joined.get(line) ?? line);
}

/** The values in a column of boxes, each with the label on its left; undefined unless every value has one. */
function labelledValues(pageLines: readonly TextLine[], frame: TableFrame): { label: TextLine; value: TextLine }[] | undefined {
  if (frame.vertical.length === 0 || frame.vertical.some((rule) => rule.x > frame.left + SIDE && rule.x < frame.right - SIDE)) return undefined;
  const values = pageLines.filter((line) => isInFrame(line, frame));
  if (values.length < MINIMUM_FIELDS || values.some((line) => line.runs.length !== 1 || !line.runs[0]!.items)) return undefined;
  const pairs = values.map((value) => ({ value, label: labelBeside(pageLines, value, frame) }));
  return pairs.every((pair): pair is { value: TextLine; label: TextLine } => pair.label !== undefined) ? pairs : undefined;
}

/** The line of one run that ends left of the box, on about the value's baseline, nearest to it. */
function labelBeside(pageLines: readonly TextLine[], value: TextLine, frame: TableFrame): TextLine | undefined {
  const beside = pageLines.filter(
    (line) => line.runs.length === 1 && line.runs[0]!.items !== undefined && line.right < frame.left && Math.abs(line.baseline - value.baseline) <= LABEL_SHIFT_EM * value.fontSize,
  );
  return beside.sort((a, b) => b.right - a.right)[0];
}
