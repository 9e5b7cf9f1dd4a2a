import type { TextLine } from "./model.js";

// Note: a table of contents set without dot leaders is told from a two-column table by its page
// numbers: at least this many lines end in a number set apart, each no smaller than the one before,
const MINIMUM_ENTRIES = 3;
// with at most this many lines (a title wrapped over two) between two of them.
const MAXIMUM_LINES_BETWEEN = 1;
const PAGE_NUMBER = /^\d{1,4}$/;
// Note: an entry sets at most this many numbers apart before its page number (a chapter's number);
// a line of more is a row of figures (a timetable's times, a table's counts).
const MAXIMUM_NUMBERS_BEFORE_PAGE = 1;
const SET_APART_NUMBER = /^[\d.,:]+$/;

/** The page number a line ends in, set apart as a run of its own, if it does. */
function pageNumberOf(line: TextLine): number | undefined {
  const last = line.runs.at(-1);
  if (line.runs.length < 2 || !last || !PAGE_NUMBER.test(last.text)) return undefined;
  const numbersBefore = line.runs.slice(0, -1).filter((run) => SET_APART_NUMBER.test(run.text.trim())).length;
  return numbersBefore <= MAXIMUM_NUMBERS_BEFORE_PAGE ? Number(last.text) : undefined;
}

/** What a line of a table of contents is: an entry, or the rest of the entry's title, wrapped. */
export type ContentsLine = "entry" | "wrapped";

/**
 * The lines of tables of contents without leaders: titles, then page numbers that go up. Note: a
 * row of a ruled table (`inRuledTable`) is no entry, though it ends in a number that goes up (a
 * grid of counts).
 */
export function contentsLines(lines: readonly TextLine[], inRuledTable: (line: TextLine) => boolean): Map<TextLine, ContentsLine> {
  const found = new Map<TextLine, ContentsLine>();
  let run: { line: TextLine; index: number; page: number }[] = [];
  const close = (): void => {
    if (run.length >= MINIMUM_ENTRIES) {
      run.forEach((entry, position) => {
        found.set(entry.line, "entry");
        const next = run[position + 1];
        if (next) for (const wrapped of lines.slice(entry.index + 1, next.index)) found.set(wrapped, "wrapped");
      });
    }
    run = [];
  };
  lines.forEach((line, index) => {
    const page = pageNumberOf(line);
    if (page === undefined || inRuledTable(line)) return;
    const previous = run.at(-1);
    const follows = previous && previous.line.pageIndex === line.pageIndex && index - previous.index <= MAXIMUM_LINES_BETWEEN + 1 && page >= previous.page;
    if (!follows) close();
    run.push({ line, index, page });
  });
  close();
  return found;
}
