import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

// Note: tiles (a slide's boxes, a brochure's panels) set at least this many side by side start a
// row of phrases far apart; two such phrases are more often a label and its value.
const MINIMUM_TILES = 3;
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
 * line into its phrases; `isFree` says whether a line may join (it is not part of a table).
 */
export function readTileRow(lines: readonly TextLine[], start: number, phrasesOf: (line: TextLine) => TextLine[], isFree: (index: number) => boolean): TileRow | undefined {
  const heads = phrasesOf(lines[start]!);
  // Note: each tile starts with words (its title); a row of figures is a chart's axis or a table's.
  if (heads.length < MINIMUM_TILES || !heads.every((phrase) => /\p{L}{2}/u.test(lineText(phrase)))) return undefined;
  const edges = heads.map((phrase) => phrase.x);
  const tileOf = (phrase: TextLine): number | undefined => {
    const tolerance = EDGE_TOLERANCE_EM * phrase.fontSize;
    const tile = edges.findLastIndex((edge) => phrase.x >= edge - tolerance);
    const nextEdge = edges[tile + 1] ?? Infinity;
    return tile >= 0 && phrase.right <= nextEdge - tolerance ? tile : undefined;
  };
  const tiles: TextLine[][] = heads.map((phrase) => [phrase]);
  let end = start + 1;
  for (; end < lines.length && isFree(end); end++) {
    const line = lines[end]!;
    const previous = lines[end - 1]!;
    if (line.pageIndex !== previous.pageIndex || line.baseline - previous.baseline > TILE_LEADING_EM * line.fontSize) break;
    const phrases = phrasesOf(line);
    const placed = phrases.map(tileOf);
    if (placed.some((tile) => tile === undefined)) break;
    phrases.forEach((phrase, index) => tiles[placed[index]!]!.push(phrase));
  }
  if (end === start + 1) return undefined;
  // Note: each tile's text is a block of its own, never the end of the tile before it.
  return { phrases: tiles.flatMap((tile) => tile.map((phrase, index) => (index === 0 ? { ...phrase, startsBlock: true } : phrase))), end };
}
