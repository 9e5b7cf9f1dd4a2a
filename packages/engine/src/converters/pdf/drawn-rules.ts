import type { HorizontalRule, Rulings, VerticalRule } from "./rules.js";
import { joinHorizontal, joinVertical } from "./rules.js";

// Note: a pixel darker than this (0-255) is ink; scanned lines are grey at their edges and a
// noisy scan lightens some of their pixels.
const INK = 160;
// Note: a line traced through this many pixels without ink (noise in a scanned border) goes on.
const MAXIMUM_GAP_PIXELS = 2;
// Note: a line a few pixels thick on a page scanned askew steps from row to row, and its
// smoothed edge pixels are light; a trace steps up to this many pixels across to stay on it, and
// the pixels this near a traced line start no trace of their own.
const LINE_BAND_PIXELS = 2;
// Note: what is left of a thick line beside its trace (points across, points beyond its ends)
// is the same line.
const SAME_LINE_POINTS = 1.5;
// Note: a straight dark trace at least this long (in points) is a drawn line, a table border or a
// rule; the strokes of letters are far shorter, even in a large heading.
const MINIMUM_RULE_POINTS = 32;

/** A rendered page's pixels: red, green, blue and alpha (0-255) a pixel, row by row from the top. */
export interface PagePixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A line traced through an image, in pixels: its ends and every pixel it ran through. */
export interface Trace {
  from: [x: number, y: number];
  to: [x: number, y: number];
  pixels: number[];
}

/**
 * The long straight lines drawn in a scanned page (table borders, rules), which are painted out
 * of the image, so that OCR reads the cells' text and not the borders as letters. A line may
 * climb or fall one pixel a step, so a page scanned a little askew keeps its lines.
 */
export function takeOutDrawnLines(image: PagePixels, scale: number): { horizontal: Trace[]; vertical: Trace[] } {
  const minimum = MINIMUM_RULE_POINTS * scale;
  const horizontal = traceLines(image, "across", minimum);
  const vertical = traceLines(image, "down", minimum);
  // Note: the pixels beside a traced line are its grey edge: they go with it.
  for (const trace of horizontal) erase(image, trace.pixels.flatMap((pixel) => STEPS.map((offset) => pixel + offset * image.width)));
  for (const trace of vertical) erase(image, trace.pixels.flatMap((pixel) => STEPS.map((offset) => pixel + offset)));
  return { horizontal, vertical };
}

function erase(image: PagePixels, pixels: readonly number[]): void {
  for (const pixel of pixels) {
    if (pixel >= 0 && pixel < image.width * image.height) image.data.fill(255, pixel * 4, pixel * 4 + 3);
  }
}

/**
 * The traced lines as page rulings in points, straightened by the page's tilt (the slope of its
 * text lines) as the words are.
 */
export function toRulings(traces: { horizontal: readonly Trace[]; vertical: readonly Trace[] }, scale: number, tilt: number): Rulings {
  const straighten = ([x, y]: [number, number]): [number, number] => [(x + y * tilt) / scale, (y - x * tilt) / scale];
  const horizontal: HorizontalRule[] = traces.horizontal.map((trace) => {
    const [[left, top], [right, bottom]] = [straighten(trace.from), straighten(trace.to)];
    return { y: (top + bottom) / 2, left, right };
  });
  const vertical: VerticalRule[] = traces.vertical.map((trace) => {
    const [[left, top], [right, bottom]] = [straighten(trace.from), straighten(trace.to)];
    return { x: (left + right) / 2, top, bottom };
  });
  const horizontalSegments = withoutCovered(horizontal.map((rule) => ({ at: rule.y, start: rule.left, end: rule.right })));
  const verticalSegments = withoutCovered(vertical.map((rule) => ({ at: rule.x, start: rule.top, end: rule.bottom })));
  return {
    horizontal: joinHorizontal(horizontalSegments.map(({ at, start, end }) => ({ y: at, left: start, right: end }))),
    vertical: joinVertical(verticalSegments.map(({ at, start, end }) => ({ x: at, top: start, bottom: end }))),
    // Note: a scan's backgrounds are pixels like its text; only its lines are traced.
    fills: [],
  };
}

/** A rule along one axis: `at` across it, from `start` to `end` along it. */
interface Segment {
  at: number;
  start: number;
  end: number;
}

/** The segments without those that lie along a longer one: the rest of a thick line beside its trace. */
function withoutCovered(segments: readonly Segment[]): Segment[] {
  const kept: Segment[] = [];
  for (const segment of [...segments].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    const covered = kept.some(
      (other) => Math.abs(other.at - segment.at) <= SAME_LINE_POINTS && segment.start >= other.start - SAME_LINE_POINTS && segment.end <= other.end + SAME_LINE_POINTS,
    );
    if (!covered) kept.push(segment);
  }
  return kept;
}

// The steps across, nearest first, by which a trace follows its line.
const STEPS = Array.from({ length: LINE_BAND_PIXELS * 2 + 1 }, (_, index) => (index % 2 === 0 ? -index / 2 : (index + 1) / 2));

/** The lines of ink at least `minimum` pixels long running `direction`, each traced from its first pixel. */
function traceLines(image: PagePixels, direction: "across" | "down", minimum: number): Trace[] {
  const { width, height, data } = image;
  const [length, breadth] = direction === "across" ? [width, height] : [height, width];
  const index = direction === "across" ? (along: number, across: number) => across * width + along : (along: number, across: number) => along * width + across;
  const acrossStride = direction === "across" ? width : 1;
  const isInk = (along: number, across: number): boolean => {
    if (across < 0 || across >= breadth) return false;
    const pixel = index(along, across) * 4;
    return data[pixel]! + data[pixel + 1]! + data[pixel + 2]! < INK * 3;
  };
  const visited = new Uint8Array(width * height);
  const traces: Trace[] = [];
  for (let across = 0; across < breadth; across++) {
    for (let along = 0; along < length; along++) {
      if (visited[index(along, across)] || !isInk(along, across)) continue;
      const pixels = [index(along, across)];
      visited[pixels[0]!] = 1;
      let [end, at, gap] = [along, across, 0];
      for (let next = along + 1; next < length && gap <= MAXIMUM_GAP_PIXELS; next++) {
        const step = STEPS.map((offset) => at + offset).find((candidate) => isInk(next, candidate));
        if (step === undefined) {
          gap++;
          continue;
        }
        [end, at, gap] = [next, step, 0];
        pixels.push(index(next, at));
        visited[index(next, at)] = 1;
      }
      if (end - along < minimum) continue;
      for (const pixel of pixels) for (const offset of STEPS) visited[pixel + offset * acrossStride] = 1;
      const ends: [[number, number], [number, number]] = [[along, across], [end, at]];
      const [from, to] = direction === "across" ? ends : ends.map(([a, b]) => [b, a] as [number, number]);
      traces.push({ from: from!, to: to!, pixels });
    }
  }
  return traces;
}
