import type { Heading, List, ListItem, PhrasingContent, Root, RootContent, TableCell, TableRow } from "mdast";
import { CODE_PARAGRAPH_STYLE } from "../code-style.js";
import { cellSpans } from "../word/cell-grid.js";
import { joinCellLines } from "../word/cell-lines.js";
import { createListNumbering, isPlainNumberLabel } from "../word/list-numbers.js";
import type { ListLevelFormat } from "./lists.js";
import type { DocParagraph, TextRun } from "./paragraphs.js";
import { headingLevelOfOutline } from "../word/heading-names.js";
import { type StyleSheet, inherited } from "./styles.js";

/** Text with line breaks as mdast breaks. */
const linesOf = (text: string): PhrasingContent[] =>
  text.split("\n").flatMap((line, index): PhrasingContent[] =>
    index === 0 ? [{ type: "text", value: line }] : [{ type: "break" }, { type: "text", value: line }],
  );

/**
 * A run as inline content: bold and italic around its text, the spaces at its ends left outside
 * (Markdown does not close `**word **`), inside its link when it has one.
 */
function runPhrasing(run: TextRun, capitals: boolean, emphasis: boolean): PhrasingContent[] {
  if (run.note !== undefined) return [{ type: "footnoteReference", identifier: run.note, label: run.note }];
  const text = (run.capitals ?? capitals) ? run.text.toUpperCase() : run.text;
  const [, before = "", core = "", after = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  let content = linesOf(core);
  if (emphasis && core && run.italic) content = [{ type: "emphasis", children: content }];
  if (emphasis && core && run.bold) content = [{ type: "strong", children: content }];
  content = [...(before ? linesOf(before) : []), ...content, ...(after ? linesOf(after) : [])];
  return run.href ? [{ type: "link", url: run.href, children: content }] : content;
}

/**
 * The paragraph's inline content with its outer whitespace trimmed; empty when it has no text.
 * `capitals` is whether its style shows text in capitals, for runs that do not say; `emphasis`
 * whether bold and italic runs are marked (not in headings, which are bold by their style).
 */
function phrasingOf(paragraph: DocParagraph, capitals = false, emphasis = true): PhrasingContent[] {
  const runs = paragraph.runs.map((run) => ({ ...run }));
  const first = runs[0];
  const last = runs.at(-1);
  if (first) first.text = first.text.trimStart();
  if (last) last.text = last.text.trimEnd();
  if (runs.every((run) => run.text.trim() === "" && run.note === undefined)) return [];
  return joinSplitLinks(runs.filter((run) => run.text !== "" || run.note !== undefined).flatMap((run) => runPhrasing(run, capitals, emphasis)));
}

/**
 * The paragraph without the runs Word hides: those hidden by their own formatting or character
 * style, and those that do not say when the paragraph's style hides its text. Note: text hidden
 * directly is dropped as it is read; a style's hiding is known only here.
 */
function withoutHiddenRuns(paragraph: DocParagraph, styleHidden: boolean): DocParagraph {
  return paragraph.runs.some((run) => run.hidden ?? styleHidden) ? { ...paragraph, runs: paragraph.runs.filter((run) => !(run.hidden ?? styleHidden)) } : paragraph;
}

/**
 * Neighbouring links to the same place as one link (`[harbour **map**](u)`). Note: a HYPERLINK
 * field's result is cut into runs at each change of formatting, each written as a link.
 */
function joinSplitLinks(content: PhrasingContent[]): PhrasingContent[] {
  const joined: PhrasingContent[] = [];
  for (const node of content) {
    const previous = joined.at(-1);
    if (node.type === "link" && previous?.type === "link" && previous.url === node.url) previous.children.push(...node.children);
    else joined.push(node);
  }
  return joined;
}

const nestedCellSeparator = (): PhrasingContent => ({ type: "text", value: " | " });

/**
 * Collects table paragraphs: cells end at cell marks, rows at row-end marks. A table nested in a
 * cell is written in it a row a line, its cells joined with " | " (GFM cannot nest tables), as the
 * DOCX reader writes one.
 */
function createTableBuilder() {
  let rows: TableRow[] = [];
  let rowEdges: number[][] = [];
  let cells: TableCell[] = [];
  let lines: PhrasingContent[][] = [];
  let nestedCells: PhrasingContent[][] = [];
  return {
    /** Add a paragraph of a cell; `capitals` as {@link phrasingOf} takes it. */
    add(paragraph: DocParagraph, capitals: boolean): void {
      if (paragraph.innerRowEnd) {
        if (nestedCells.some((cell) => cell.length > 0)) lines.push(nestedCells.flatMap((cell, index) => (index === 0 ? cell : [nestedCellSeparator(), ...cell])));
        nestedCells = [];
        return;
      }
      if (paragraph.innerCellEnd) {
        nestedCells.push(phrasingOf(paragraph, capitals));
        return;
      }
      if (paragraph.tableRowEnd) {
        if (cells.length > 0) {
          rows.push({ type: "tableRow", children: cells });
          rowEdges.push(paragraph.cellEdges ?? []);
        }
        cells = [];
        return;
      }
      const content = phrasingOf(paragraph, capitals);
      if (content.length > 0) lines.push(content);
      if (paragraph.endsCell) {
        cells.push({ type: "tableCell", children: joinCellLines(lines) });
        lines = [];
      }
    },

    /**
     * The finished table (first row as header, a cell merged across columns followed by empty
     * cells for the columns it covers, rows padded to one width), if any row was read.
     */
    take(): RootContent | undefined {
      const finished = rows;
      const spans = cellSpans(rowEdges, finished.map((row) => row.children.length));
      rows = [];
      rowEdges = [];
      cells = [];
      lines = [];
      if (finished.length === 0) return undefined;
      finished.forEach((row, index) => {
        row.children = row.children.flatMap((cell, column) => [cell, ...Array.from({ length: (spans[index]![column] ?? 1) - 1 }, (): TableCell => ({ type: "tableCell", children: [] }))]);
      });
      const width = Math.max(...finished.map((row) => row.children.length));
      for (const row of finished) {
        while (row.children.length < width) row.children.push({ type: "tableCell", children: [] });
      }
      return { type: "table", align: Array.from({ length: width }, () => null), children: finished };
    },
  };
}

/** A list being written, with the Word list it comes from. */
interface OpenList {
  list: List;
  listId: number;
}

/** Writes list items into nested lists, numbering them as Word does across interruptions. */
function createListWriter(root: Root) {
  let open: OpenList[] = [];
  // Items seen per list and level, so a list resumed after a paragraph goes on counting.
  const counts = new Map<string, number>();

  const newList = (format: ListLevelFormat, number: number): OpenList => ({
    list: { type: "list", ordered: format.ordered, start: format.ordered ? number : null, spread: false, children: [] },
    listId: format.listId,
  });

  return {
    add(level: number, format: ListLevelFormat, content: PhrasingContent[]): void {
      const key = `${format.listId}:${level}`;
      const number = format.start + (counts.get(key) ?? 0);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      for (let deeper = level + 1; deeper < 9; deeper++) counts.delete(`${format.listId}:${deeper}`);

      open = open.slice(0, level + 1);
      const current = open[level];
      if (current && (current.listId !== format.listId || current.list.ordered !== format.ordered)) open.pop();
      if (open.length === 0) {
        open.push(newList(format, number));
        root.children.push(open[0]!.list);
      }
      while (open.length < level + 1) {
        const parent = open.at(-1)!.list;
        let item = parent.children.at(-1);
        if (!item) {
          item = { type: "listItem", spread: false, children: [] };
          parent.children.push(item);
        }
        const nested = newList(format, number);
        item.children.push(nested.list);
        open.push(nested);
      }
      const item: ListItem = { type: "listItem", spread: false, children: [{ type: "paragraph", children: content }] };
      open.at(-1)!.list.children.push(item);
    },

    /** A paragraph outside the list ends the lists (their counts go on). */
    close(): void {
      open = [];
    },
  };
}

// A list override that cannot be found still makes a list item, marked with a bullet.
const UNKNOWN_LIST: ListLevelFormat = { listId: -1, ordered: false, unmarked: false, start: 1, levels: [] };

/**
 * Build the Markdown tree of a Word 97 document: headings from heading and Title styles (with
 * their numbers), nested bulleted and numbered lists, GFM tables from cell and row marks, text
 * in capitals where its style or formatting says so, and note references.
 */
export function paragraphsToMdast(
  paragraphs: readonly DocParagraph[],
  styles: StyleSheet,
  listFormatAt: (ilfo: number, level: number) => ListLevelFormat | undefined,
): Root {
  const root: Root = { type: "root", children: [] };
  const table = createTableBuilder();
  const lists = createListWriter(root);
  const numbering = createListNumbering();
  let previousWasCode = false;

  for (const shownAndHidden of paragraphs) {
    const paragraph = withoutHiddenRuns(shownAndHidden, inherited(styles, shownAndHidden.styleIndex, (style) => style.hidden) ?? false);
    const capitals = inherited(styles, paragraph.styleIndex, (style) => style.capitals) ?? false;
    if (paragraph.inTable) {
      table.add(paragraph, capitals);
      continue;
    }
    const finishedTable = table.take();
    if (finishedTable) {
      // A table between two list items interrupts the list, which goes on counting after it.
      lists.close();
      root.children.push(finishedTable);
    }

    const codeText = inherited(styles, paragraph.styleIndex, (style) => CODE_PARAGRAPH_STYLE.test(style.name) || undefined)
      ? paragraph.runs.map((run) => run.text).join("").trimEnd()
      : undefined;
    if (codeText !== undefined) {
      lists.close();
      // Note: each line of a code block may be a paragraph of its own, blank lines included.
      const previous = root.children.at(-1);
      if (previous?.type === "code" && previousWasCode) previous.value += `\n${codeText}`;
      else if (codeText.trim()) root.children.push({ type: "code", lang: null, meta: null, value: codeText });
      previousWasCode = true;
      continue;
    }
    previousWasCode = false;
    const headingLevel =
      paragraph.outlineLevel === undefined
        ? inherited(styles, paragraph.styleIndex, (style) => style.headingLevel)
        : headingLevelOfOutline(paragraph.outlineLevel);
    const content = phrasingOf(paragraph, capitals, headingLevel === undefined);
    if (content.length === 0) continue;
    const ilfo =
      paragraph.listFormatOverride ?? inherited(styles, paragraph.styleIndex, (style) => style.listFormatOverride);
    const level = paragraph.listLevel ?? inherited(styles, paragraph.styleIndex, (style) => style.listLevel) ?? 0;
    const format = ilfo ? (listFormatAt(ilfo, level) ?? UNKNOWN_LIST) : undefined;
    // Every list item is counted, so that a numbered heading's number follows the items before it.
    const label = format ? numbering.next(String(format.listId), format.levels, level) : undefined;

    if (headingLevel !== undefined) {
      lists.close();
      if (label) content.unshift({ type: "text", value: `${label} ` });
      root.children.push({ type: "heading", depth: Math.min(headingLevel, 6) as Heading["depth"], children: content });
    } else if (format && !format.unmarked) {
      // A label Markdown cannot number ("Article 1.", "(a)", "1.2.") is written as text, in a bulleted list.
      const labelAsText = format.ordered && label !== undefined && !isPlainNumberLabel(label);
      if (labelAsText) content.unshift({ type: "text", value: `${label} ` });
      lists.add(level, labelAsText ? { ...format, ordered: false } : format, content);
    } else {
      lists.close();
      root.children.push({ type: "paragraph", children: content });
    }
  }
  const finishedTable = table.take();
  if (finishedTable) root.children.push(finishedTable);
  return root;
}
