import type { HorizontalRule, Rulings, VerticalRule } from "./rules.js";

/** A box drawn by crossing rules: a ruled table's outline and the rules inside it, in page coordinates. */
export interface TableFrame {
  left: number;
  top: number;
  right: number;
  bottom: number;
  horizontal: HorizontalRule[];
  vertical: VerticalRule[];
}

// Note: rules that end within this many points of another rule touch it (borders rarely meet exactly).
const TOUCH = 3;

/**
 * The ruled boxes of a page: groups of horizontal and vertical rules that cross or touch each
 * other. Whether a box is a table (several cells with text) is decided with the text, later.
 */
export function findTableFrames(rulings: Rulings): TableFrame[] {
  const { horizontal, vertical } = rulings;
  if (horizontal.length === 0 || vertical.length === 0) return [];
  // Note: union-find over the rules; horizontal i is node i, vertical j is node horizontal.length + j.
  const parent = [...horizontal, ...vertical].map((_, index) => index);
  const root = (node: number): number => {
    while (parent[node] !== node) node = parent[node] = parent[parent[node]!]!;
    return node;
  };
  horizontal.forEach((h, i) => {
    vertical.forEach((v, j) => {
      if (touches(h, v)) parent[root(i)] = root(horizontal.length + j);
    });
  });
  const groups = new Map<number, TableFrame>();
  const frameOf = (node: number): TableFrame => {
    const key = root(node);
    let frame = groups.get(key);
    if (!frame) {
      frame = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, horizontal: [], vertical: [] };
      groups.set(key, frame);
    }
    return frame;
  };
  horizontal.forEach((h, i) => {
    const frame = frameOf(i);
    frame.horizontal.push(h);
    extend(frame, h.left, h.y, h.right, h.y);
  });
  vertical.forEach((v, j) => {
    const frame = frameOf(horizontal.length + j);
    frame.vertical.push(v);
    extend(frame, v.x, v.top, v.x, v.bottom);
  });
  return [...groups.values()].filter((frame) => frame.horizontal.length > 0 && frame.vertical.length > 0);
}

const touches = (h: HorizontalRule, v: VerticalRule): boolean =>
  v.x >= h.left - TOUCH && v.x <= h.right + TOUCH && h.y >= v.top - TOUCH && h.y <= v.bottom + TOUCH;

function extend(frame: TableFrame, left: number, top: number, right: number, bottom: number): void {
  frame.left = Math.min(frame.left, left);
  frame.top = Math.min(frame.top, top);
  frame.right = Math.max(frame.right, right);
  frame.bottom = Math.max(frame.bottom, bottom);
}
