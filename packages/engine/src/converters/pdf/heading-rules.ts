import type { Typography } from "./headings.js";
import type { TextLine } from "./model.js";
import type { HorizontalRule } from "./rules.js";

// A heading's underline lies at most this many ems under its baseline (descent and a little padding).
const UNDERLINE_REACH_EM = 0.8;
// The underline starts where the heading starts, within this many points.
const SAME_START = 3;
// The heading ends before this share of the underline's length (a section rule runs across the
// text column; a table's header row fills its width).
const HEADING_WIDTH_SHARE = 0.7;

/**
 * Whether a horizontal rule underlines a heading: a one-phrase line set as a heading starts where
 * the rule starts, just over it, and ends well short of its end. Note: web pages and HTML reports
 * often rule each section heading across the text column (`border-bottom` on `h2`); such rules,
 * one width down a page, would otherwise read as one table spanning the page's sections.
 */
export function isHeadingUnderline(rule: HorizontalRule, lines: readonly TextLine[], typography: Typography): boolean {
  return lines.some((line) => {
    const below = rule.y - line.baseline;
    return (
      below >= 0 &&
      below <= UNDERLINE_REACH_EM * line.fontSize &&
      line.runs.length === 1 &&
      Math.abs(line.x - rule.left) <= SAME_START &&
      line.right < rule.left + (rule.right - rule.left) * HEADING_WIDTH_SHARE &&
      typography.headingLevel(line) !== undefined
    );
  });
}
