import type { BlockContent, Blockquote, List, ListItem, PhrasingContent, Root, RootContent, Table, TableRow } from "mdast";
import { writeMarkdown } from "../word/markdown-writer.js";
import type { Deck, Slide, SlideBlock, SlideChart, SlideImage, SlideParagraph, SlideTable, TextRun } from "./model.js";
import { inReadingOrder } from "./reading-order.js";

const sameLook = (a: TextRun, b: TextRun): boolean =>
  a.href === b.href && Boolean(a.monospace) === Boolean(b.monospace) && Boolean(a.bold) === Boolean(b.bold) && Boolean(a.italic) === Boolean(b.italic);

/** A run's text with its bold and italic, the spaces around it left outside (Markdown emphasis cannot start or end with one). */
function emphasised(run: TextRun, parts: PhrasingContent[]): PhrasingContent[] {
  if (!run.bold && !run.italic) return parts;
  const first = parts[0];
  const last = parts.at(-1);
  const before = first?.type === "text" ? /^\s*/.exec(first.value)![0] : "";
  const after = last?.type === "text" && last !== first ? /\s*$/.exec(last.value)![0] : "";
  if (first?.type === "text") first.value = first.value.slice(before.length);
  if (last?.type === "text" && after) last.value = last.value.slice(0, last.value.length - after.length);
  let marked: PhrasingContent[] = parts;
  if (run.italic) marked = [{ type: "emphasis", children: marked }];
  if (run.bold) marked = [{ type: "strong", children: marked }];
  return [...(before ? [{ type: "text", value: before } as const] : []), ...marked, ...(after ? [{ type: "text", value: after } as const] : [])];
}

/**
 * Runs as mdast phrasing: neighbouring runs with the same link, font and emphasis merged (a run
 * of spaces joins the run before it), line breaks as breaks, monospaced text as inline code,
 * bold and italic runs as `**…**` and `*…*`.
 */
function phrasing(runs: readonly TextRun[]): PhrasingContent[] {
  const merged: TextRun[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && (sameLook(last, run) || (run.text.trim() === "" && last.href === run.href))) last.text += run.text;
    else merged.push({ ...run });
  }
  // Leading and trailing spaces would be written as character references.
  if (merged[0]) merged[0].text = merged[0].text.trimStart();
  if (merged.at(-1)) merged.at(-1)!.text = merged.at(-1)!.text.trimEnd();
  return merged.flatMap((run): PhrasingContent[] => {
    const text = (value: string): PhrasingContent => (run.monospace && value.trim() ? { type: "inlineCode", value } : { type: "text", value });
    const lines = run.text.split("\n").flatMap((line, i): PhrasingContent[] => (i === 0 ? [text(line)] : [{ type: "break" }, text(line)]));
    const parts = run.text.trim() ? emphasised(run, lines) : lines;
    return run.href && run.text.trim() ? [{ type: "link", url: run.href, children: parts }] : parts;
  });
}

const hasText = (runs: readonly TextRun[]): boolean => runs.some((run) => run.text.trim() !== "");

/** A plain paragraph whose every word is set in a monospaced font: a code listing (pandoc writes code blocks so). */
const isCode = (paragraph: SlideParagraph): boolean =>
  !paragraph.list && paragraph.runs.every((run) => run.monospace || run.text.trim() === "");

/** Table cells hold phrasing only: a cell's paragraphs are joined with `<br>`. */
function cellContent(paragraphs: readonly TextRun[][]): PhrasingContent[] {
  return paragraphs.filter(hasText).flatMap((runs, i) => [...(i > 0 ? [{ type: "html", value: "<br>" } as const] : []), ...phrasing(runs)]);
}

function table(rows: readonly PhrasingContent[][][]): Table {
  const width = rows.reduce((most, row) => Math.max(most, row.length), 1);
  const children = rows.map(
    (cells): TableRow => ({
      type: "tableRow",
      children: Array.from({ length: width }, (_, i) => ({ type: "tableCell", children: cells[i] ?? [] })),
    }),
  );
  return { type: "table", align: [], children };
}

const slideTable = (block: SlideTable): Table | undefined => {
  const rows = block.rows.filter((row) => row.some((cell) => cell.some(hasText)));
  return rows.length > 0 ? table(rows.map((row) => row.map(cellContent))) : undefined;
};

/** A chart as its title and a table of its cached values: categories down, series across. */
function chart(block: SlideChart): RootContent[] {
  const caption: RootContent = {
    type: "paragraph",
    children: [{ type: "strong", children: [{ type: "text", value: block.title ? `Chart: ${block.title}` : "Chart" }] }],
  };
  if (block.rows.length === 0) return [caption];
  const text = (value: string): PhrasingContent[] => [{ type: "text", value }];
  return [caption, table([["", ...block.seriesNames].map(text), ...block.rows.map((row) => row.map(text))])];
}

/**
 * The name under which a picture is returned (see `ImageCollector.add`), called in the order the
 * pictures are written; `undefined` writes its description instead.
 */
export type PictureName = (image: SlideImage, slide: Slide) => string | undefined;

/** A picture as `![alt](name)`, or its description when it has no name. */
function picture(block: SlideImage, name: string | undefined): RootContent[] {
  const alt = block.alt.replace(/\s+/g, " ").trim();
  if (name) return [{ type: "paragraph", children: [{ type: "image", url: name, alt }] }];
  return alt ? [{ type: "paragraph", children: [{ type: "text", value: alt }] }] : [];
}

/**
 * Paragraphs and lists: consecutive list paragraphs nest by their indent level, a change of
 * bullet kind (or of a numbered list's start) at one level starts a new list, and a plain
 * paragraph closes every open list.
 */
function blocksToMdast(blocks: readonly SlideBlock[], pictureName: (image: SlideImage) => string | undefined): RootContent[] {
  const out: RootContent[] = [];
  let open: Array<{ list: List; level: number }> = [];
  const addListItem = (paragraph: SlideParagraph & { list: "bullet" | "ordered" }): void => {
    const ordered = paragraph.list === "ordered";
    const start = ordered ? (paragraph.start ?? 1) : undefined;
    const continues = (list: List): boolean => list.ordered === ordered && (list.start ?? 1) === (start ?? 1);
    while (open.length > 0 && (open.at(-1)!.level > paragraph.level || (open.at(-1)!.level === paragraph.level && !continues(open.at(-1)!.list)))) {
      open.pop();
    }
    if (open.at(-1)?.level !== paragraph.level) {
      const list: List = { type: "list", ordered, ...(start !== undefined && start !== 1 && { start }), spread: false, children: [] };
      const parentItem = open.at(-1)?.list.children.at(-1);
      if (parentItem) parentItem.children.push(list);
      else out.push(list);
      open.push({ list, level: paragraph.level });
    }
    const item: ListItem = { type: "listItem", spread: false, children: [{ type: "paragraph", children: phrasing(paragraph.runs) }] };
    open.at(-1)!.list.children.push(item);
  };
  for (const block of blocks) {
    if (block.kind === "paragraph" && !hasText(block.runs)) continue;
    if (block.kind === "paragraph" && block.list) {
      addListItem({ ...block, list: block.list });
      continue;
    }
    open = [];
    const code = block.kind === "paragraph" && isCode(block) ? block.runs.map((run) => run.text).join("") : undefined;
    const last = out.at(-1);
    // Note: one paragraph per line is how some writers set a listing; its lines join into one block.
    if (code !== undefined && last?.type === "code") last.value += `\n${code}`;
    else if (code !== undefined) out.push({ type: "code", value: code });
    else if (block.kind === "paragraph") out.push({ type: "paragraph", children: phrasing(block.runs) });
    else if (block.kind === "table") out.push(...[slideTable(block)].filter((node) => node !== undefined));
    else if (block.kind === "chart") out.push(...chart(block));
    else out.push(...picture(block, pictureName(block)));
  }
  return out;
}

/** Speaker notes as a block quote that starts with "Notes:". */
function notes(blocks: readonly SlideBlock[], pictureName: (image: SlideImage) => string | undefined): Blockquote | undefined {
  const children = blocksToMdast(blocks, pictureName) as BlockContent[];
  if (children.length === 0) return undefined;
  const label: PhrasingContent = { type: "strong", children: [{ type: "text", value: "Notes:" }] };
  const first = children[0]!;
  if (first.type === "paragraph") first.children.unshift(label, { type: "text", value: " " });
  else children.unshift({ type: "paragraph", children: [label] });
  return { type: "blockquote", children };
}

/**
 * A deck as Markdown: one `##` section per visible slide (its title, else "Slide N"), its shapes
 * in reading order, then its speaker notes. Pictures are written as `pictureName` says.
 */
export function deckToMarkdown(deck: Deck, pictureName: PictureName): string {
  const root: Root = { type: "root", children: [] };
  for (const slide of deck.slides) {
    const slidePicture = (image: SlideImage) => pictureName(image, slide);
    root.children.push({ type: "heading", depth: 2, children: [{ type: "text", value: slide.title || `Slide ${slide.number}` }] });
    root.children.push(...blocksToMdast(inReadingOrder(slide.shapes), slidePicture));
    const quote = notes(slide.notes, slidePicture);
    if (quote) root.children.push(quote);
  }
  return root.children.length > 0 ? writeMarkdown(root).markdown : "";
}
