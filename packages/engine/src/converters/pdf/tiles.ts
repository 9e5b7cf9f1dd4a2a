import { withRuns } from "./column-sides.js";
import { isTwoColumnsOfText } from "./borderless-tables.js";
import { LARGER_THAN_BODY } from "./headings.js";
import { cutAtGaps } from "./table-columns.js";
import { lineText } from "./model.js";
import type { TextLine, TextRun } from "./model.js";

// Note: tiles (a slide's boxes, a brochure's panels) set at least this many side by side start a
// row of phrases far apart; two such phrases are more often a label and its value, unless they
// are headings set larger than the text under them (two cards, two big figures over captions).
const MINIMUM_TILES = 3;
const MINIMUM_HEADED_TILES = 2;
// The lines of a row of tiles follow each other no further apart than this many ems.
const TILE_LEADING_EM = 3;
// A phrase belongs to the tile whose left edge it starts at, or is indented from by less than
// the distance to the next one; it may start this many ems left of that edge.
const EDGE_TOLERANCE_EM = 1;

/** The lines of a row of tiles read tile by tile, and the index after its last line. */
export interface TileRow {
  phrases: TextLine[];
  end: number;
}

/**
 * A row of tiles starting at line `start`: its first line has a phrase at the top of each tile,
 * and the lines below it (at least one) hold phrases that each stay inside one tile. Read across,
 * line by line, the tiles' texts interleave; read tile by tile, each is whole. `phrasesOf` cuts a
 * line into its phrases; `isFree` says whether a line may join (it was not read already), and
 * `isTable` whether a table starts at it (which ends the row, unless it is the tiles' text).
 */
export function readTileRow(lines: readonly TextLine[], start: number, phrasesOf: (line: TextLine) => TextLine[], isFree: (index: number) => boolean, isTable: (index: number) => boolean): TileRow | undefined {
  const phrases = phrasesOf(lines[start]!);
  // Note: each tile starts with words (its title); a row of figures is a chart's axis or a table's,
  // unless the figures are set larger than the text under them (callouts over their captions).
  const titled = phrases.length >= MINIMUM_TILES && phrases.every((phrase) => /\p{L}{2}/u.test(lineText(phrase)));
  const firstPhrases = titled ? phrases : headsOf(lines[start]!, phrases);
  const headed = firstPhrases.length >= MINIMUM_HEADED_TILES && lines[start + 1] !== undefined && isSetOver(firstPhrases, phrasesOf(lines[start + 1]!));
  const pairCut = titled || headed ? undefined : pairedColumns(lines, start);
  if (!headed && !titled && !pairCut) return undefined;
  const paired = pairCut !== undefined;
  const heads = pairCut ? pairCut(lines[start]!) : firstPhrases;
  const tileOf = (phrase: TextLine): number | undefined => {
    const tolerance = EDGE_TOLERANCE_EM * phrase.fontSize;
    // Note: text centred under a head set larger (a figure's caption) is its tile's, however wide.
    const centredUnder = headed ? heads.findIndex((head) => Math.abs(centre(head) - centre(phrase)) <= tolerance) : -1;
    if (centredUnder >= 0) return centredUnder;
    const tile = heads.findLastIndex((head) => phrase.x >= head.x - tolerance);
    // Note: two paragraphs side by side were cut apart at the right one's edge already; the left
    // one's lines may run up to that edge.
    const nextEdge = paired ? Infinity : (heads[tile + 1]?.x ?? Infinity);
    return tile >= 0 && phrase.right <= nextEdge - tolerance ? tile : undefined;
  };
  const tiles: TextLine[][] = heads.map((phrase) => [phrase]);
  let end = start + 1;
  for (; end < lines.length && isFree(end); end++) {
    const line = lines[end]!;
    const previous = lines[end - 1]!;
    if (line.pageIndex !== previous.pageIndex || line.baseline - previous.baseline > TILE_LEADING_EM * line.fontSize) break;
    // Note: under headings set larger, the heads' left edges are where the tiles' text starts;
    // under tiles' titles alone, words set wide apart (justified text) may start there by chance.
    const phrases = pairCut ? pairCut(line) : headed ? phrasesOf(line).flatMap((phrase) => cutAtEdges(phrase, heads)).flatMap((phrase) => cutBetweenHeads(phrase, heads)) : phrasesOf(line);
    const placed = phrases.map(tileOf);
    if (placed.some((tile) => tile === undefined)) break;
    // Note: under headings, a line with one phrase in each of several tiles is the tiles' text
    // side by side, however like a table's row it looks; two phrases in one tile are a table's.
    if (isTable(end) && !((headed || paired) && new Set(placed).size === placed.length)) break;
    phrases.forEach((phrase, index) => tiles[placed[index]!]!.push(phrase));
  }
  if (end === start + 1 || (!titled && tiles.some((tile) => tile.length < 2))) return undefined;
  // Note: each tile's text is a block of its own, never the end of the tile before it; in two
  // paragraphs side by side, a bold head over each is a block of its own too, in the text's size.
  const startsBlock = (tile: readonly TextLine[], index: number): boolean => index === 0 || (paired && index === 1 && isBoldOver(tile[0]!, tile[1]!));
  return { phrases: tiles.flatMap((tile) => tile.map((phrase, index) => (startsBlock(tile, index) ? { ...phrase, startsBlock: true } : phrase))), end };
}

/**
 * Two paragraphs side by side from line `start` on (a slide's two columns of text), under a bold
 * head each or not: how to cut a line into its two columns, if they are there. The lines that
 * have runs on both sides of the right column's left edge, starting at the first line's two
 * left edges, wrap together as prose does (see `isTwoColumnsOfText`). Note: the columns are cut
 * at runs, not phrases: two columns of a slide may stand closer than phrases of a line do.
 */
function pairedColumns(lines: readonly TextLine[], start: number): ((line: TextLine) => TextLine[]) | undefined {
  const first = lines[start]!;
  if (first.runs.length !== 2) return undefined;
  const [left, right] = first.runs as [TextRun, TextRun];
  const tolerance = EDGE_TOLERANCE_EM * first.fontSize;
  const cut = (line: TextLine): TextLine[] => {
    const sides = [line.runs.filter((run) => run.x < right.x - tolerance), line.runs.filter((run) => run.x >= right.x - tolerance)];
    return sides.every((side) => side.length > 0) ? sides.map((runs) => withRuns(line, runs)) : [line];
  };
  const atEdges = (sides: readonly TextLine[]): boolean => sides.length === 2 && Math.abs(sides[0]!.x - left.x) <= tolerance && Math.abs(sides[1]!.x - right.x) <= tolerance;
  const rows: TextLine[][] = [cut(first)];
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index]!;
    const sides = cut(line);
    if (line.pageIndex !== first.pageIndex || line.baseline - lines[index - 1]!.baseline > TILE_LEADING_EM * line.fontSize || !atEdges(sides)) break;
    rows.push(sides);
  }
  // Note: heads set bold over the paragraphs start the tiles; the paragraphs run on under them.
  const headed = rows.length > 1 && rows[0]!.every((side, index) => rows[1]![index] !== undefined && isBoldOver(side, rows[1]![index]!));
  const text = headed ? rows.slice(1) : rows;
  return isTwoColumnsOfText(text.map((row) => row.map(lineText))) ? cut : undefined;
}

/**
 * The first line's phrases, one at the top of each tile; or its runs, where the phrases are fewer
 * than tiles could be. Note: big type (figures over their captions) is set with gaps that are
 * wide in points but narrow in its own ems, so the phrases of the line run together.
 */
function headsOf(line: TextLine, phrases: TextLine[]): TextLine[] {
  return phrases.length < MINIMUM_HEADED_TILES ? line.runs.map((run) => withRuns(line, [run])) : phrases;
}

/**
 * A phrase cut where one of its runs starts at the left edge of a tile after the one it started
 * in: two tiles' text whose lines happen to end and start less than a phrase's gap apart.
 */
function cutAtEdges(phrase: TextLine, heads: readonly TextLine[]): TextLine[] {
  const edgeAt = (x: number): number => heads.findIndex((head) => Math.abs(head.x - x) <= EDGE_TOLERANCE_EM * head.fontSize);
  const pieces = phrase.runs.reduce<(typeof phrase.runs)[]>((cut, run, index) => {
    if (index > 0 && edgeAt(run.x) > edgeAt(phrase.x)) cut.push([run]);
    else cut.at(-1)!.push(run);
    return cut;
  }, [[]]);
  return pieces.length === 1 ? [phrase] : pieces.map((runs) => withRuns(phrase, runs));
}

/**
 * A phrase that runs across the whole gap between two heads cut at a word space in it: two tiles'
 * centred lines (captions under figures) set so close that they ran into one run. One tile's
 * line never reaches under the next tile's head.
 */
function cutBetweenHeads(phrase: TextLine, heads: readonly TextLine[]): TextLine[] {
  const gaps = heads.slice(1).map((head, index) => ({ left: heads[index]!.right, right: head.x }));
  // Note: a run cut in two ends one piece of the phrase and starts the next; uncut runs stay in theirs.
  const pieces = phrase.runs.reduce<TextRun[][]>((cut, run) => {
    const [first, ...rest] = cutAtGaps(run, gaps);
    cut.at(-1)!.push(first!);
    return [...cut, ...rest.map((piece) => [piece])];
  }, [[]]);
  return pieces.length === 1 ? [phrase] : pieces.map((runs) => ({ ...phrase, runs, x: runs[0]!.x, right: runs.at(-1)!.right }));
}

const centre = (line: TextLine): number => (line.x + line.right) / 2;

/** Whether a phrase is set wholly bold over one that is not (a head over its text). */
const isBoldOver = (head: TextLine, text: TextLine): boolean => head.runs.every((run) => run.bold) && !text.runs.every((run) => run.bold);

/** Whether every head is set larger than the text in the line under them, as headings are. */
const isSetOver = (heads: readonly TextLine[], under: readonly TextLine[]): boolean =>
  under.length > 0 && Math.min(...heads.map((head) => head.fontSize)) >= LARGER_THAN_BODY * Math.min(...under.map((phrase) => phrase.fontSize));
