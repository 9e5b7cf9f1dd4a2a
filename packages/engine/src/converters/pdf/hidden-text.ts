import { OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { boxUnder, walkOperators } from "./operators.js";
import type { Matrix } from "./operators.js";

type Box = { left: number; top: number; right: number; bottom: number };

/** The text of one `showText` operator and what it is drawn with. */
interface ShownRun {
  /** Its characters, without white space. */
  letters: string;
  /** Where it comes among the page's painting operators. */
  order: number;
  /** Filled in white (and not stroked). */
  white: boolean;
  /** The box the clipping path in force leaves visible; undefined where nothing is clipped. */
  clip: Box | undefined;
}

const WHITE = "#ffffff";
// Note: render modes 0 (fill) and 4 (fill, then clip) paint glyphs in the fill colour alone; a
// stroked outline shows in its own colour, and mode 3 (invisible) is a scan's OCR layer, which is
// the text a reader means to get.
const FILL_ONLY_MODES = new Set([0, 4]);
const FILLS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const IMAGES = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintSolidColorImageMask]);
// Note: pdf.js turns gray, RGB and CMYK colours into `setFillRGBColor` with a hex colour; the
// others (patterns, colours of other spaces) are never white here.
const OTHER_FILLS = new Set<number>([OPS.setFillColor, OPS.setFillColorN, OPS.setFillGray, OPS.setFillCMYKColor]);
const EVERYWHERE: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
// Note: an item is looked for at most this many characters on from where the last one was found:
// the text layer spells a few items otherwise than the operators (a ligature, right-to-left text),
// and the same words further on are other text.
const MAXIMUM_SKIP = 1000;
// Clipped text is hidden when it lies this many points or more outside what the clip leaves.
const CLIP_TOLERANCE = 1;

/**
 * Tells which of a page's text items a reader cannot see: text filled in white with nothing
 * painted under it (keywords hidden for search engines, a template's placeholders) and text that
 * a clipping path cuts away entirely (a draft note outside the page's crop, text under a mask).
 *
 * Why: pdf.js's text layer gives all text the page shows, with neither its colour nor its clip;
 * they are in the operator list. The items are found there by their letters, in the order both
 * give them (pdf.js builds the text layer from the same operators); an item not found there, or
 * found in part only, is kept.
 */
export function createHiddenTextTest(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: Matrix): (text: string, box: Box) => boolean {
  const { runs, painted } = readInk(operatorList, viewportTransform);
  if (!runs.some((run) => run.white || run.clip !== undefined)) return () => false;
  const stream = runs.map((run) => run.letters).join("");
  const runAt: number[] = runs.flatMap((run, index) => Array.from({ length: run.letters.length }, () => index));
  let cursor = 0;
  const isHiddenRun = (run: ShownRun, box: Box): boolean => {
    if (run.clip && !overlaps(run.clip, box, CLIP_TOLERANCE)) return true;
    const middle = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
    return run.white && !painted.some((area) => area.order < run.order && middle.x >= area.left && middle.x <= area.right && middle.y >= area.top && middle.y <= area.bottom);
  };
  return (text, box) => {
    const letters = text.replace(/\s+/gu, "");
    if (letters === "") return false;
    const start = stream.indexOf(letters, cursor);
    if (start < 0 || start - cursor > MAXIMUM_SKIP) return false;
    cursor = start + letters.length;
    const covering = new Set(runAt.slice(start, cursor));
    return [...covering].every((index) => isHiddenRun(runs[index]!, box));
  };
}

/** The runs of text a page shows, and the areas painted (filled in a colour, or with an image) before each. */
function readInk(operatorList: { fnArray: number[]; argsArray: unknown[] }, viewportTransform: Matrix): { runs: ShownRun[]; painted: Array<Box & { order: number }> } {
  const runs: ShownRun[] = [];
  const painted: Array<Box & { order: number }> = [];
  let state = { fill: "#000000", mode: 0, clip: undefined as Box | undefined };
  const saved: (typeof state)[] = [];
  // Note: what each saved state's group has painted so far, and the matrix it began with.
  const groups: { painted: boolean; toPage: Matrix }[] = [];
  const markPainted = (): void => groups.forEach((group) => (group.painted = true));
  let clipping = false;
  let order = 0;
  walkOperators(
    operatorList,
    viewportTransform,
    (operator, args, toPage) => {
      order++;
      if (operator === OPS.setFillRGBColor) state = { ...state, fill: String(args?.[0]) };
      else if (OTHER_FILLS.has(operator)) state = { ...state, fill: "" };
      else if (operator === OPS.setTextRenderingMode) state = { ...state, mode: Number(args?.[0]) };
      else if (operator === OPS.clip || operator === OPS.eoClip) clipping = true;
      else if (operator === OPS.constructPath) {
        const minMax = args?.[2] as ArrayLike<number> | null | undefined;
        const box = minMax && minMax.length >= 4 ? boxUnder([minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!], toPage) : undefined;
        // Note: pdf.js holds a path back until the operator that paints it, so the clip operator
        // comes before the path it clips to.
        if (clipping && box) state = { ...state, clip: state.clip ? intersection(state.clip, box) : box };
        else if (box && FILLS.has(args?.[0] as number) && state.fill !== WHITE) painted.push({ ...box, order });
        if (!clipping) markPainted();
        clipping = false;
      } else if (IMAGES.has(operator)) {
        painted.push({ ...boxUnder([0, 0, 1, 1], toPage), order });
        markPainted();
      } else if (operator === OPS.shadingFill) {
        painted.push({ ...(state.clip ?? EVERYWHERE), order });
        markPainted();
      } else if (operator === OPS.showText) {
        markPainted();
        const glyphs = ((args?.[0] as unknown[] | undefined) ?? []).map((glyph) => (typeof glyph === "object" && glyph !== null ? String((glyph as { unicode?: string }).unicode ?? "") : ""));
        const letters = glyphs.join("").replace(/\s+/gu, "");
        runs.push({ letters, order, white: state.fill === WHITE && FILL_ONLY_MODES.has(state.mode), clip: state.clip });
      }
    },
    (save, toPage) => {
      if (save) {
        saved.push(state);
        groups.push({ painted: false, toPage });
        return;
      }
      state = saved.pop() ?? state;
      const group = groups.pop();
      // Note: pdf.js leaves out the images it does not decode (all of them, in a fast read), so an
      // image shows as a group that moves the matrix and paints nothing; it may lie under the text.
      if (group && !group.painted && group.toPage.some((value, index) => value !== toPage[index])) {
        painted.push({ ...boxUnder([0, 0, 1, 1], toPage), order });
        markPainted();
      }
    },
  );
  return { runs, painted };
}

function intersection(a: Box, b: Box): Box {
  return { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
}

const overlaps = (a: Box, b: Box, tolerance: number): boolean =>
  a.left - tolerance < b.right && b.left < a.right + tolerance && a.top - tolerance < b.bottom && b.top < a.bottom + tolerance;
