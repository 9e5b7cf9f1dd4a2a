import type { Block } from "./blocks.js";
import type { TextLine } from "./model.js";

type ListItem = Extract<Block, { kind: "list-item" }>;

// A marker this many ems right of the item above it opens a sub-list; within it, the same level.
const DEEPER_EM = 0.75;
// A sub-item's marker sits about where its parent's text starts: at most this many ems past it.
const PAST_PARENT_TEXT_EM = 3;
// A sub-item follows its parent within this many of the parent's line heights.
const FOLLOWS_WITHIN_LINES = 3;

/** Where an item's marker is set, and where its text and its last line are. */
interface Placement {
  markerX: number;
  textX: number;
  fontSize: number;
  page: number;
  firstBaseline: number;
  lastBaseline: number;
}

function placementOf(item: ListItem): Placement | undefined {
  const first: TextLine | undefined = item.lines?.[0];
  const last = item.lines?.at(-1);
  if (!first || !last) return undefined;
  return {
    markerX: first.x,
    textX: first.runs.length > 1 ? first.runs[1]!.x : first.x + first.fontSize,
    fontSize: first.fontSize,
    page: first.pageIndex,
    firstBaseline: first.baseline,
    lastBaseline: last.baseline,
  };
}

/** Whether `child` is set as a sub-item of `parent`: further right, near the parent's text, just below it. */
function isSubItem(parent: Placement, child: Placement): boolean {
  return (
    child.page === parent.page &&
    child.markerX > parent.markerX + DEEPER_EM * parent.fontSize &&
    child.markerX <= parent.textX + PAST_PARENT_TEXT_EM * parent.fontSize &&
    child.firstBaseline > parent.lastBaseline &&
    child.firstBaseline - parent.lastBaseline <= FOLLOWS_WITHIN_LINES * parent.fontSize * 1.2
  );
}

/**
 * Nest list items as the page sets them: an item whose marker is indented under the item above it
 * is a sub-item, and a later item back at an outer marker's position returns to that level. Each
 * item gets the spaces Markdown needs before its marker (the width of its ancestors' markers).
 * Note: an item further right but not just below its parent (the top of the next column) is not
 * nested.
 */
export function nestListItems(blocks: readonly Block[]): Block[] {
  // The open levels of the current list, outermost first.
  let open: Array<{ placement: Placement; indent: number; marker: string }> = [];
  return blocks.map((block) => {
    const placement = block.kind === "list-item" ? placementOf(block) : undefined;
    if (block.kind !== "list-item" || !placement) {
      open = [];
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
