import { cpus, totalmem } from "node:os";

/**
 * @typedef {object} Figure
 * @property {string} name
 * @property {number | null} value Null when the figure was skipped.
 * @property {string} unit
 * @property {string | null} target e.g. "<= 1.15"; null for figures reported for context only.
 * @property {boolean | null} pass Null when there is no target or the figure was skipped.
 * @property {string} [note] How it was measured, or why it was skipped.
 */

const COMPARE = { "<=": (a, b) => a <= b, ">=": (a, b) => a >= b, "==": (a, b) => a === b };

/**
 * One figure of the report; `pass` is computed from the target.
 * @param {object} options
 * @param {string} options.name
 * @param {number | null} options.value
 * @param {string} options.unit
 * @param {[keyof typeof COMPARE, number]} [options.target]
 * @param {string} [options.note]
 * @returns {Figure}
 */
export function figure({ name, value, unit, target, note }) {
  const rounded = value === null || !Number.isFinite(value) ? null : Number(value.toPrecision(4));
  return {
    name,
    value: rounded,
    unit,
    target: target ? `${target[0]} ${target[1]}` : null,
    pass: target && rounded !== null ? COMPARE[target[0]](rounded, target[1]) : null,
    ...(note ? { note } : {}),
  };
}

/** A figure that could not be measured on this machine, saying why. */
export const skipped = (name, unit, note) => figure({ name, value: null, unit, note });

/** What the figures were measured on: they are only comparable within one run on one machine. */
export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGb: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/**
 * The figures as a Markdown table.
 * @param {Figure[]} figures
 */
export function markdownTable(figures) {
  const mark = (pass) => (pass === null ? "" : pass ? "pass" : "**miss**");
  const rows = figures.map((f) => [f.name, f.value === null ? "skipped" : `${f.value} ${f.unit}`, f.target ?? "", mark(f.pass), f.note ?? ""]);
  const line = (cells) => `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(["figure", "value", "target", "", "note"]), line(["---", "---:", "---", "---", "---"]), ...rows.map(line)].join("\n");
}
