import type { Block } from "./blocks.js";
import { isBareListMarker } from "./lists.js";
import type { TextLine } from "./model.js";

type ListItem = Extract<Block, { kind: "list-item" }>;
type Paragraph = Extract<Block, { kind: "paragraph" }>;

// A marker this many ems right of the item above it opens a sub-list; within it, the same level.
const DEEPER_EM = 0.75;
// A sub-item's marker sits about where its parent's text starts: at most this many ems past it.
const PAST_PARENT_TEXT_EM = 3;
// A sub-item follows its parent within this many of the parent's line heights.
const FOLLOWS_WITHIN_LINES = 3;
// Note: a paragraph that goes on with an item (its second paragraph) starts where the item's text
// does, within this many ems; word processors and browsers set it at the item's indent exactly.
const UNDER_TEXT_EM = 0.5;

/** Where an item's marker is set, and where its text and its last line are. */
interface Placement {
  markerX: number;
  textX: number;
  fontSize: number;
  page: number;
  firstBaseline: number;
  lastPage: number;
  lastBaseline: number;
}

/**
 * Where an item's text starts: after its marker, where the marker is a run or a text item of its
 * own; else where its second line starts (a wrapped item's lines hang under its text); else an em
 * past the marker.
 */
function textStart(first: TextLine, second: TextLine | undefined): number {
  if (first.runs.length > 1) return first.runs[1]!.x;
  const [marker, text] = first.runs[0]!.items ?? [];
  if (marker && text && isBareListMarker(marker.text)) return text.x;
  return second?.x ?? first.x + first.fontSize;
}

function placementOf(item: ListItem): Placement | undefined {
  const first: TextLine | undefined = item.lines?.[0];
  const last = item.lines?.at(-1);
  if (!first || !last) return undefined;
  return {
    markerX: first.x,
    textX: textStart(first, item.lines![1]),
    fontSize: first.fontSize,
    page: first.pageIndex,
    firstBaseline: first.baseline,
    lastPage: last.pageIndex,
    lastBaseline: last.baseline,
  };
}

/**
 * Whether what starts on `page` at `baseline` follows closely after a placed item: just below its
 * last line, or on the next page. Note: only the item right before it in reading order is asked,
 * so on the next page nothing stands between them (a list goes on over a page break, its sub-items
 * or an item's next paragraph at the top of the next page).
 */
function followsClosely(above: Placement, page: number, baseline: number): boolean {
  if (page === above.lastPage + 1) return true;
  const gap = baseline - above.lastBaseline;
  return page === above.lastPage && gap > 0 && gap <= FOLLOWS_WITHIN_LINES * above.fontSize * 1.2;
}

/** Whether `child` is set as a sub-item of `parent`: further right, near the parent's text, just below it (or atop the next page). */
function isSubItem(parent: Placement, child: Placement): boolean {
  return (
    child.markerX > parent.markerX + DEEPER_EM * parent.fontSize &&
    child.markerX <= parent.textX + PAST_PARENT_TEXT_EM * parent.fontSize &&
    followsClosely(parent, child.page, child.firstBaseline)
  );
}

/** An open level of a list: where its last item is set, the spaces before its marker, and the marker. */
interface OpenLevel {
  placement: Placement;
  indent: number;
  marker: string;
}

/**
 * The open level whose item a paragraph goes on (the item's second paragraph), if any: the
 * paragraph follows the list's last line closely, and each of its lines starts where
 * the item's text does, right of where the text before the list starts. Note: the text before the
 * list is the guard against a page whose body is indented past its list markers (markers hung in
 * the margin), where the paragraph after a list is set under the items' text too.
 */
function continuedLevel(open: readonly OpenLevel[], paragraph: Paragraph, leadX: number | undefined): number | undefined {
  const first = paragraph.lines?.[0];
  const last = open.at(-1)?.placement;
  if (!first || !last || !followsClosely(last, first.pageIndex, first.baseline)) return undefined;
  if (leadX !== undefined && first.x <= leadX + DEEPER_EM * first.fontSize) return undefined;
  const under = (textX: number): boolean => paragraph.lines!.every((line) => Math.abs(line.x - textX) <= UNDER_TEXT_EM * line.fontSize);
  for (let level = open.length - 1; level >= 0; level--) {
    if (under(open[level]!.placement.textX)) return level;
  }
  return undefined;
}

/**
 * Nest list items as the page sets them: an item whose marker is indented under the item above it
 * is a sub-item, and a later item back at an outer marker's position returns to that level. Each
 * item gets the spaces Markdown needs before its marker (the width of its ancestors' markers); a
 * paragraph set under an item's text is that item's next paragraph, indented as its text is.
 * Note: an item further right but not just below its parent (the top of the next column) is not
 * nested.
 */
export function nestListItems(blocks: readonly Block[]): Block[] {
  // The open levels of the current list, outermost first.
  let open: OpenLevel[] = [];
  // Where the text before the current list starts.
  let leadX: number | undefined;
  return blocks.map((block) => {
    const placement = block.kind === "list-item" ? placementOf(block) : undefined;
    if (block.kind === "paragraph") {
      const level = continuedLevel(open, block, leadX);
      if (level !== undefined) {
        const { placement: item, indent, marker } = open[level]!;
        const end = block.lines!.at(-1)!;
        open = [...open.slice(0, level), { placement: { ...item, lastPage: end.pageIndex, lastBaseline: end.baseline }, indent, marker }];
        return { ...block, indent: indent + marker.length + 1 };
      }
    }
    if (block.kind !== "list-item" || !placement) {
      open = [];
      leadX = block.lines?.[0]?.x;
      return block;
    }
    const tolerance = DEEPER_EM * placement.fontSize;
    const parent = open.at(-1);
    if (parent && isSubItem(parent.placement, placement)) {
      open.push({ placement, indent: parent.indent + parent.marker.length + 1, marker: block.marker });
    } else {
      // Back out to the level whose marker is where this one is; an item at no open level's
      // position (the top of the next column, a list further left) starts a list of its own.
      while (open.length > 0 && placement.markerX < open.at(-1)!.placement.markerX - tolerance) open.pop();
      const level = open.at(-1);
      const sameLevel = level !== undefined && placement.markerX <= level.placement.markerX + tolerance;
      open = sameLevel ? [...open.slice(0, -1), { placement, indent: level.indent, marker: block.marker }] : [{ placement, indent: 0, marker: block.marker }];
    }
    const indent = open.at(-1)!.indent;
    return indent > 0 ? { ...block, indent } : block;
  });
}
