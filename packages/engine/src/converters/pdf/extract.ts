import { Util } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api.js";
import type { PdfTextItem } from "./model.js";
import { annotationTextItems } from "./annotation-text.js";
import { createHiddenTextTest } from "./hidden-text.js";
import { findImageRegions } from "./image-regions.js";
import type { Region } from "./image-regions.js";
import { readingViewport } from "./operators.js";
import type { Matrix } from "./operators.js";
import { findRulings } from "./rules.js";
import { drawnBulletItems, findDrawnMarks, markNumbersInMarks } from "./drawn-bullets.js";
import { characterStarts } from "./rule-cuts.js";
import { repairRightToLeftLigatures, rightToLeftLigatureRepairs } from "./rtl-ligatures.js";
import type { Rulings } from "./rules.js";
import { monospacePitches, withoutSlackSpaces } from "./monospace-spaces.js";
import { measureTextLayer } from "./text-quality.js";
import type { TextLayerQuality } from "./text-quality.js";

/** A link annotation's target and its rectangle in top-down page coordinates. */
interface LinkArea {
  href: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

// Note: font names carry the style ("Times-Bold", "NimbusRomNo9L-Medi", TeX's "CMBX10" and
// "SFTI1000"); pdf.js only sets its own `bold` flag for some standard fonts.
const BOLD_FONT_NAME = /bold|black|heavy|demi|medi|cmbx|sfbx|bx\d/i;
const ITALIC_FONT_NAME = /italic|oblique|cmti|sfti|ti\d{2,4}$/i;
// Note: pdf.js reads the font descriptor's FixedPitch flag (and equal glyph widths) into
// `isMonospace`; many embedded subsets lack the flag, so the usual names count too (TeX's CMTT).
const MONOSPACE_FONT_NAME = /courier|mono|consol|menlo|inconsolata|cmtt|sftt|typewriter|lucidaconsole|sourcecode|firacode/i;
// Note: a small-capitals font (TeX's CMCSC, Latin Modern's Caps) draws capitals for the lowercase
// letters its text layer holds; its text is written in capitals, as a reader sees it (and as Word's
// small caps are written).
const SMALL_CAPITALS_FONT_NAME = /cmcsc|smallcaps|small-caps|romancaps|-sc$/i;
// Note: Wingdings, Symbol and ZapfDingbats bullets come out as letters ("l", "r", "§").
const SYMBOL_FONT_NAME = /wingding|webding|dingbat|symbol/i;
// Note: glyphs without a Unicode mapping come out as control characters; a tiny item holding one
// (often with the glyph's letter, "r\u0001") is a bullet drawn from a symbol font. C1 codes count
// too: pdf.js reads TeX's bullet (cmsy's code 15) as U+0088, and no text holds them.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, "g");
// Only a glyph that pdf.js could not map to a symbol of its own (a letter, "§", a private-use or
// control code) is a bullet: "≥" from Symbol or "✗" from Dingbats mean what they show.
const UNMAPPED_SYMBOL = /^[\p{L}\p{N}\p{Co}\p{Cc}§¨]$/u;
const isBulletGlyph = (text: string, style: FontStyle): boolean => {
  const visible = text.trim();
  return (style.symbol && UNMAPPED_SYMBOL.test(visible)) || (visible.length <= 2 && CONTROL_CHARACTER.test(visible));
};
// Note: a font whose space glyph has no Unicode mapping gives a control character for each space
// ("Overview\u0002of\u0002the"). In an item with no real space, one control character that parts
// three or more runs of letters is that space glyph; elsewhere a control character is an unmapped
// glyph inside a word (a ligature) and is dropped.
const MINIMUM_WORDS_PARTED = 3;
function withUnmappedSpaces(text: string): string {
  if (text.includes(" ")) return text;
  for (const character of new Set(text.match(CONTROL_CHARACTERS) ?? [])) {
    const words = text.split(character).filter((part) => /\p{L}/u.test(part));
    if (words.length >= MINIMUM_WORDS_PARTED) return text.replaceAll(character, " ").replace(/ {2,}/g, " ");
  }
  return text;
}
// Note: TeX's fonts drawn as bitmaps (Type 3 fonts: pdfTeX embeds its PK fonts so where no outline
// font is installed) carry no glyph names. In TeX's Cork (T1) encoding codes 27 to 31 are the ff,
// fi, fl, ffi and ffl ligatures, which the text layer then gives as control characters next to
// letters ("come \u001crst", "corrosive \u001duids"); dropped, they would leave "rst" and "uids".
const CORK_LIGATURES: Readonly<Record<string, string>> = { "\u001b": "ff", "\u001c": "fi", "\u001d": "fl", "\u001e": "ffi", "\u001f": "ffl" };
const CORK_LIGATURE = /[\u001b-\u001f](?=\p{L})|(?<=\p{L})[\u001b-\u001f]/gu;
const withCorkLigatures = (text: string): string => text.replace(CORK_LIGATURE, (code) => CORK_LIGATURES[code]!);
// Note: a bitmap font's bullet has no Unicode mapping either: TeX's (cmsy's code 15) comes out as
// U+0088, and pdf.js may join it to the item's text after it (" Safety glasses").
const LEADING_UNMAPPED_BULLET = /^(\s*)[\u0080-\u009f](?=\s)/u;
const withBitmapFontGlyphs = (text: string): string => withCorkLigatures(text).replace(LEADING_UNMAPPED_BULLET, "$1•");
// Note: a soft hyphen (U+00AD) marks where a word may break and is never shown. Where a line breaks
// at it, browsers write it before the hyphen they draw ("news\u00AD\u2010", Chromium, weasyprint)
// or as that hyphen; either way the line ends in a hyphen that joining the lines undoes. Inside a
// line it is dropped, or the word would not be found ("fort\u00ADnightly").
const SOFT_HYPHEN_AT_BREAK = /\u00AD+[-\u2010]?$/u;
const SOFT_HYPHENS = /\u00AD/gu;
const withoutSoftHyphens = (text: string): string => text.replace(SOFT_HYPHEN_AT_BREAK, "-").replace(SOFT_HYPHENS, "");
// Note: Word sets the bullets of second-level lists as the letter "o" in Courier New, a tab
// before the item's text, which is in the body's font.
const LETTER_BULLET = "o";
const LETTER_BULLET_GAP_EM = 0.5;
/** Items that are Word's letter bullets, as "◦". */
function markLetterBullets(items: PdfTextItem[]): void {
  items.forEach((item, index) => {
    const next = items[index + 1];
    if (item.text !== LETTER_BULLET || !item.monospace || !next || next.monospace) return;
    const sameLine = Math.abs(next.baseline - item.baseline) < item.fontSize / 4;
    if (sameLine && next.x - item.right >= LETTER_BULLET_GAP_EM * item.fontSize) item.text = "◦";
  });
}
// Note: pdf.js reverses right-to-left text after the lam-alef ligature has become two letters, so
// "لإ" comes out as "إل". Whole words are put right from the operator list (rtl-ligatures.ts);
// what is left (a word split across operators) is repaired only in the hamza forms: an alef before
// a hamza-alef ("اإل") never occurs in Arabic, while a plain "ال" may be genuine.
const REVERSED_LAM_HAMZA_ALEF = /(?<=ا)([أإآ])ل/g;
const fixLamAlef = (text: string): string => text.replace(REVERSED_LAM_HAMZA_ALEF, "ل$1");
// Note: fonts of Arabic text often map their glyphs to the contextual forms of the Presentation
// Forms blocks ("ﻟﺸﺮﻛﺔ" for "لشركة", as Chromium's "Save as PDF" writes them). pdf.js folds
// Forms-A and a few of Forms-B but keeps the initial, medial and final forms; a reader searching
// or copying the text expects the letters themselves, so the forms left are folded as Unicode's
// compatibility decomposition says (a lam-alef ligature becomes lam and alef, in reading order).
const ARABIC_PRESENTATION_FORMS = /[\ufb50-\ufdff\ufe70-\ufefc]+/g;
const withArabicLetters = (text: string): string => text.replace(ARABIC_PRESENTATION_FORMS, (forms) => forms.normalize("NFKC"));
// Note: TeX's original (OT1) fonts have no accented letters: "é" is an acute accent glyph drawn
// over an "e", which the text layer gives as "´e" ("R´esum´e", "G¨odel"), the accent often ending
// one item and the letter starting the next, drawn back under it. A spacing accent drawn over a
// letter is put on it as the combining accent it stands for, as pdftotext does (see
// composeSplitAccents); a dotless i or j under an accent is the letter itself ("na¨ıve" is "naïve").
const COMBINING_ACCENT: Readonly<Record<string, string>> = {
  "\u0060": "\u0300", "\u00b4": "\u0301", "\u02c6": "\u0302", "\u02dc": "\u0303", "\u00af": "\u0304", "\u02d8": "\u0306", "\u02d9": "\u0307",
  "\u00a8": "\u0308", "\u02da": "\u030a", "\u02dd": "\u030b", "\u02c7": "\u030c", "\u00b8": "\u0327", "\u02db": "\u0328",
};
const DOTLESS: Readonly<Record<string, string>> = { "\u0131": "i", "\u0237": "j" };
const accented = (letter: string, accent: string): string => `${DOTLESS[letter] ?? letter}${COMBINING_ACCENT[accent]}`.normalize("NFC");
const ACCENTS = Object.keys(COMBINING_ACCENT).join("");
const ENDS_WITH_ACCENT = new RegExp(`[${ACCENTS}]$`, "u");
const STARTS_WITH_LETTER = /^\p{L}/u;

/**
 * Moves each accent that ends an item onto the letter that starts the next, when it is drawn over
 * that letter (the letter starts left of the accent's right edge); an item left empty is removed.
 * Note: only drawn over a letter is a spacing accent part of it: "don´t", typed with an acute
 * accent for an apostrophe, keeps it; and code (monospace) is left as it is.
 */
function composeSplitAccents(items: PdfTextItem[]): void {
  for (let index = items.length - 2; index >= 0; index--) {
    const item = items[index]!;
    const next = items[index + 1]!;
    if (item.monospace || !ENDS_WITH_ACCENT.test(item.text) || !STARTS_WITH_LETTER.test(next.text)) continue;
    if (Math.abs(next.baseline - item.baseline) > item.fontSize / 4 || next.x >= item.right) continue;
    const [letter = "", ...rest] = [...next.text];
    next.text = accented(letter, item.text.slice(-1)) + rest.join("");
    item.text = item.text.slice(0, -1);
    if (item.text.trim() === "") items.splice(index, 1);
  }
}
// Note: dot leaders of tables of contents ("Introduction . . . . . 7", or "……") separate two cells.
const DOT_LEADER = /\s*(?:[.…]\s*){4,}\s*/;
const ENDS_WITH_LEADER = /(?:[.…]\s*){4,}$/;

interface FontStyle {
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  symbol: boolean;
  smallCapitals: boolean;
  /** A Type 3 font: glyphs drawn by the PDF itself (TeX's bitmap fonts), without glyph names. */
  bitmap: boolean;
  /** The advance of the font's glyphs in ems, where they are all as wide. */
  advance?: number;
}

/** What the text layer of a page holds: text items, the rules its tables are drawn with, and how readable it is. */
export interface PageContent {
  items: PdfTextItem[];
  rulings: Rulings;
  quality: TextLayerQuality;
  /** Where images are painted; empty unless the document was opened with its images. */
  images: Region[];
  /** Degrees the page is turned (clockwise, beyond its own rotation) to read its text upright. */
  turn: number;
  /** The size of the page, turned so. */
  width: number;
  height: number;
}

/** A page's text items in top-down coordinates, with weight and link targets, and its rules. */
export async function extractPageContent(page: PDFPageProxy): Promise<PageContent> {
  // Note: the operator list loads the page's fonts into `commonObjs`, which is where the font
  // names (and so the weights) come from; it also holds the drawn lines.
  const operatorList = await page.getOperatorList();
  const [content, annotations] = await Promise.all([page.getTextContent(), page.getAnnotations() as Promise<unknown[]>]);
  const turn = sidewaysTurn(content.items, page.getViewport({ scale: 1 }).transform);
  const viewport = readingViewport(page, turn);
  const rulings = findRulings(operatorList, viewport.transform);
  const images = findImageRegions(operatorList, viewport.transform);
  const marks = findDrawnMarks(operatorList, viewport.transform);
  const ligatures = rightToLeftLigatureRepairs(operatorList);
  const isHidden = createHiddenTextTest(operatorList, viewport.transform as Matrix);
  const links = linkAreas(annotations, viewport.transform);
  const styleByFont = new Map<string, FontStyle>();
  const items: PdfTextItem[] = [];
  // Note: a leader drawn as an item of its own marks the next item on its baseline.
  let leaderBaseline: number | undefined;
  // Note: tightly set text may write its word spaces as glyphs of their own, far narrower than a
  // space is usually (the gap between words is then under a tenth of an em); the glyph, not the
  // gap, says that a word ends there.
  let writtenSpace: { right: number; baseline: number } | undefined;
  const textItems = content.items.filter((raw): raw is TextItem => "str" in raw);
  const pitches = monospacePitches(textItems, {
    fontSize: (item) => itemFontSize(viewport.transform, item),
    isMonospace: (item) => fontStyle(page, item.fontName, styleByFont).monospace,
    glyphAdvance: (item) => fontStyle(page, item.fontName, styleByFont).advance,
  });
  for (const raw of content.items) {
    if (!("str" in raw)) continue;
    const item = raw as TextItem;
    const [a, b, , , originX, originBaseline] = Util.transform(viewport.transform, item.transform) as number[];
    const fontSize = itemFontSize(viewport.transform, item);
    const turned = turnedTextBox(a!, b!, originX!, originBaseline!, item.width, fontSize);
    const x = turned?.left ?? originX;
    const baseline = turned?.bottom ?? originBaseline;
    if (item.str.trim() === "") {
      writtenSpace = item.str === "" ? writtenSpace : { right: x! + item.width, baseline: baseline! };
      continue;
    }
    const spaceBefore = writtenSpace !== undefined && followsSpace(writtenSpace, x!, baseline!, fontSize);
    writtenSpace = undefined;
    const vertical = content.styles[item.fontName]?.vertical === true || turned !== undefined;
    const width = turned ? turned.right - turned.left : vertical ? item.width : item.width || fontSize * item.str.length * 0.5;
    if (isHidden(item.str, { left: x!, right: x! + width, top: baseline! - fontSize * ASCENT_EM, bottom: baseline! + fontSize * DESCENT_EM })) continue;
    const style = fontStyle(page, item.fontName, styleByFont);
    const drawn = style.bitmap ? withBitmapFontGlyphs(item.str) : item.str;
    const shown = style.monospace ? withoutSlackSpaces(drawn, width, fontSize, pitches.get(item.fontName)) : drawn;
    const readable = readableText(shown, ligatures);
    const text = isBulletGlyph(item.str, style) ? "•" : style.smallCapitals ? readable.toUpperCase() : readable;
    if (text.trim() === "") continue;
    const followsLeader = leaderBaseline !== undefined && Math.abs(leaderBaseline - baseline!) < fontSize / 2;
    leaderBaseline = ENDS_WITH_LEADER.test(text) ? baseline : undefined;
    const linkY = baseline! - fontSize / 3;
    const pieces = splitAtLeaders(text, x!, width).flatMap((piece) => (vertical ? [{ ...piece, href: linkAt(links, piece.x + piece.width / 2, linkY) }] : splitAtLinks(piece, links, linkY)));
    for (const [index, piece] of pieces.entries()) {
      if (index === 0 && followsLeader) piece.afterLeader = true;
      items.push({
        text: piece.text,
        x: piece.x,
        right: piece.x + piece.width,
        baseline: baseline!,
        fontSize,
        bold: style.bold,
        italic: style.italic,
        monospace: style.monospace,
        fromImage: false,
        vertical,
        ...(turned ? { turned: true } : {}),
        href: piece.href,
        ...(piece.afterLeader ? { afterLeader: true } : {}),
        ...(index === 0 && spaceBefore ? { spaceBefore: true } : {}),
      });
    }
  }
  markLetterBullets(items);
  dropDottedLeaders(items);
  dropOverprints(items);
  composeSplitAccents(items);
  markNumbersInMarks(marks, items);
  items.push(...drawnBulletItems(marks, items));
  items.push(...annotationTextItems(annotations, viewport.transform as Matrix));
  // Note: measured on the raw strings, before control characters are dropped above.
  return { items, rulings, images, turn, width: viewport.width, height: viewport.height, quality: measureTextLayer(content.items.map((raw) => ("str" in raw ? raw.str : ""))) };
}

// Note: a page whose text is nearly all set sideways is a landscape page printed on a portrait
// sheet (a wide table, a chart); a sideways header row or a margin note among upright text is far
// less than this share of the page's letters.
const SIDEWAYS_PAGE_SHARE = 0.8;

/**
 * The quarter turns (in degrees, clockwise) that bring a page whose text is set sideways upright,
 * as a viewer's "rotate" button does: 90 for text reading up the page, 270 for text reading down,
 * 0 for a page of upright text. Note: read as laid out, such a page's lines are columns, and each
 * of its words a line of its own.
 */
function sidewaysTurn(raws: readonly unknown[], transform: number[]): number {
  let up = 0;
  let down = 0;
  let all = 0;
  for (const raw of raws as TextItem[]) {
    const letters = raw.str?.trim().length ?? 0;
    if (letters === 0) continue;
    const [a, b] = Util.transform(transform, raw.transform) as number[];
    all += letters;
    if (Math.abs(b!) > Math.abs(a!)) {
      if (b! < 0) up += letters;
      else down += letters;
    }
  }
  if (all === 0) return 0;
  if (up >= all * SIDEWAYS_PAGE_SHARE) return 90;
  if (down >= all * SIDEWAYS_PAGE_SHARE) return 270;
  return 0;
}

// Note: text drawn again a fraction of a point aside (fake bold, as some printers' drivers and
// reportlab users make it, or a shadow) is within this many ems of the first copy.
const OVERPRINT_EM = 0.15;

// Note: WeasyPrint draws a leader (CSS `leader(".")`, a table of contents) one dot a text item,
// from right to left; at least this many dots in a row on one baseline are a leader, as "....".
const LEADER_DOT = /^[.…]$/;
const MINIMUM_LEADER_DOTS = 4;

/**
 * Drop leaders drawn one dot an item, and mark the item after each (the page number it leads to)
 * as text after a leader, as a leader written in one item marks it.
 */
function dropDottedLeaders(items: PdfTextItem[]): void {
  for (let start = 0; start < items.length; start++) {
    const first = items[start]!;
    const onBaseline = (item: PdfTextItem): boolean => Math.abs(item.baseline - first.baseline) < first.fontSize / 4;
    let end = start;
    while (end < items.length && LEADER_DOT.test(items[end]!.text.trim()) && onBaseline(items[end]!)) end++;
    if (end - start < MINIMUM_LEADER_DOTS) continue;
    const right = Math.max(...items.slice(start, end).map((dot) => dot.right));
    items.splice(start, end - start);
    const led = items.slice(start).find((item) => onBaseline(item) && item.x >= right - first.fontSize / 4);
    if (led) led.afterLeader = true;
    start--;
  }
}

/**
 * Drop the copies of text drawn over itself: the same text in the same size on (nearly) the same
 * baseline and start. Note: a reader sees one bolder line, and pdf.js gives an item for each copy
 * ("Opening HoursOpening Hours").
 */
function dropOverprints(items: PdfTextItem[]): void {
  const byText = new Map<string, PdfTextItem[]>();
  const kept = items.filter((item) => {
    const reach = OVERPRINT_EM * item.fontSize;
    const same = byText.get(item.text);
    const overprints = same?.some((other) => Math.abs(other.fontSize - item.fontSize) < 0.1 && Math.abs(other.baseline - item.baseline) <= reach && Math.abs(other.x - item.x) <= reach) ?? false;
    if (!overprints) {
      if (same) same.push(item);
      else byText.set(item.text, [item]);
    }
    return !overprints;
  });
  items.splice(0, items.length, ...kept);
}

// Note: glyphs rise about this many ems over their baseline and hang this many under it.
const ASCENT_EM = 0.8;
const DESCENT_EM = 0.2;

/**
 * The box of text turned a quarter turn (reading up or down the page: a column header set
 * sideways, a landscape page's number, a margin note), as an upright item: as wide as the glyphs
 * are tall, its baseline at the text's lower end. Undefined for text set left to right (or upside
 * down). Note: read as laid out, such text would run across the lines beside its start; it is a
 * line of its own, as vertical writing is, and the names of sideways headers set on one line
 * across a table's columns end on one baseline.
 */
function turnedTextBox(a: number, b: number, x: number, baseline: number, length: number, fontSize: number): { left: number; right: number; bottom: number } | undefined {
  if (Math.abs(b) <= Math.abs(a)) return undefined;
  // Note: in page coordinates y grows downward; text reading up the page runs toward smaller y.
  return b < 0
    ? { left: x - ASCENT_EM * fontSize, right: x + DESCENT_EM * fontSize, bottom: baseline }
    : { left: x - DESCENT_EM * fontSize, right: x + ASCENT_EM * fontSize, bottom: baseline + length };
}

/** An item's font size on the page: the height of its glyphs' em, however the text is turned. */
function itemFontSize(transform: number[], item: TextItem): number {
  const [a, b, c, d] = Util.transform(transform, item.transform) as number[];
  return Math.hypot(c!, d!) || Math.hypot(a!, b!) || item.height;
}

// An item this close after a written space (in ems), on its baseline, is the word the space ends.
const SPACE_REACH_EM = 0.5;

/** Whether an item starting at `x` on `baseline` sits right after the written space. */
function followsSpace(space: { right: number; baseline: number }, x: number, baseline: number, fontSize: number): boolean {
  return Math.abs(space.baseline - baseline) < fontSize / 4 && x >= space.right - fontSize * 0.1 && x <= space.right + fontSize * SPACE_REACH_EM;
}

/** Cut an item at dot leaders, giving each piece a share of the width by its length. */
function splitAtLeaders(text: string, x: number, width: number): { text: string; x: number; width: number; afterLeader: boolean }[] {
  if (!DOT_LEADER.test(text)) return [{ text, x, width, afterLeader: false }];
  const perCharacter = width / Math.max(1, text.length);
  const pieces: { text: string; x: number; width: number; afterLeader: boolean }[] = [];
  let offset = 0;
  let afterLeader = false;
  for (const part of text.split(new RegExp(`(${DOT_LEADER.source})`))) {
    if (DOT_LEADER.test(part)) afterLeader = true;
    else if (part.trim() !== "") pieces.push({ text: part, x: x + offset * perCharacter, width: part.length * perCharacter, afterLeader });
    offset += part.length;
  }
  return pieces;
}

/**
 * Cut a piece where link areas start and end, at word boundaries, so that a link over a few words
 * of a longer text item links only those words: a PDF often holds a whole line as one item, and a
 * link that wraps covers the end of one line and the start of the next. A word belongs to the area
 * its middle falls in (characters taken as equally wide); the spaces after a word stay with it.
 * Punctuation closing a linked word goes with the link only where it lies in the area (by typical
 * advance widths): a sentence's full stop after a link is outside it.
 */
function splitAtLinks<Piece extends { text: string; x: number; width: number }>(
  piece: Piece,
  areas: readonly LinkArea[],
  y: number,
): Array<Piece & { href: string | undefined }> {
  const crossed = areas.some((area) => y >= area.top && y <= area.bottom && area.left < piece.x + piece.width && area.right > piece.x);
  if (!crossed) return [{ ...piece, href: undefined }];
  const perCharacter = piece.width / Math.max(1, piece.text.length);
  const characterXs = characterStarts({ text: piece.text, x: piece.x, right: piece.x + piece.width });
  const starts: Array<{ start: number; href: string | undefined }> = [];
  const startAt = (start: number, href: string | undefined): void => {
    if (starts.length === 0) starts.push({ start: 0, href });
    else if (starts.at(-1)!.href !== href) starts.push({ start, href });
  };
  for (const word of piece.text.matchAll(/\S+/g)) {
    const href = linkAt(areas, piece.x + (word.index + word[0].length / 2) * perCharacter, y);
    startAt(word.index, href);
    const closing = href === undefined ? 0 : (CLOSING_PUNCTUATION.exec(word[0])?.[0].length ?? 0);
    const last = word.index + word[0].length - 1;
    const lastMiddle = ((characterXs[last] ?? piece.x) + (characterXs[last + 1] ?? piece.x + piece.width)) / 2;
    if (closing > 0 && closing < word[0].length && linkAt(areas, lastMiddle, y) !== href) startAt(last + 1 - closing, undefined);
  }
  return starts.map(({ start, href }, index) => {
    const text = piece.text.slice(start, starts[index + 1]?.start ?? piece.text.length);
    return { ...piece, text, x: piece.x + start * perCharacter, width: text.length * perCharacter, href };
  });
}

/** An item's text as a reader reads it (see the notes on each repair above). */
function readableText(shown: string, ligatures: ReadonlyMap<string, string>): string {
  return withArabicLetters(fixLamAlef(repairRightToLeftLigatures(withoutSoftHyphens(withUnmappedSpaces(shown)).replace(CONTROL_CHARACTERS, ""), ligatures)));
}

/** What pdf.js tells of a loaded font (with `fontExtraProperties`). */
interface LoadedFont {
  name?: string;
  bold?: boolean;
  black?: boolean;
  italic?: boolean;
  isMonospace?: boolean;
  /** Advance widths by character code. */
  widths?: Record<string, number>;
  /** A Type 3 font: its glyphs are drawn by the PDF's own procedures. */
  isType3Font?: boolean;
  /** The advance of a glyph without a width of its own (all of a standard font's, which has none listed). */
  defaultWidth?: number;
}

// Note: pdf.js calls a font monospaced when all the glyphs it has widths for are as wide. A subset
// font holding one or two glyphs (TeX puts a list's bullet in a font of its own; a font used only
// for digits, which are as wide in most typefaces) passes that test; from this many glyphs on, one
// width for all is a fixed pitch.
const GLYPHS_TO_TELL_PITCH = 10;
const hasPitchOfItsOwn = (font: LoadedFont): boolean => Object.values(font.widths ?? {}).filter((width) => width > 0).length >= GLYPHS_TO_TELL_PITCH;

// Note: glyph widths are given in thousandths of an em; a pitch outside these bounds (ems) is a
// font with other units (a Type 3 font's own matrix), whose widths say nothing of a cell.
const PLAUSIBLE_PITCH = { least: 0.3, most: 1.2 };

/** The width (in ems) of all of a font's glyphs, where they have one width; else undefined. */
function commonAdvance(font: LoadedFont): number | undefined {
  const widths = new Set(Object.values(font.widths ?? {}).filter((width) => width > 0));
  if (widths.size === 0 && font.defaultWidth) widths.add(font.defaultWidth);
  if (widths.size !== 1) return undefined;
  const advance = [...widths][0]! / 1000;
  return advance >= PLAUSIBLE_PITCH.least && advance <= PLAUSIBLE_PITCH.most ? advance : undefined;
}

function fontStyle(page: PDFPageProxy, fontName: string, cache: Map<string, FontStyle>): FontStyle {
  let style = cache.get(fontName);
  if (style === undefined) {
    style = { bold: false, italic: false, monospace: false, symbol: false, smallCapitals: false, bitmap: false };
    try {
      const font = page.commonObjs.get(fontName) as LoadedFont | null;
      const name = font?.name ?? "";
      style = {
        bold: Boolean(font?.bold || font?.black || BOLD_FONT_NAME.test(name)),
        italic: Boolean(font?.italic || ITALIC_FONT_NAME.test(name)),
        monospace: Boolean((font?.isMonospace && hasPitchOfItsOwn(font)) || MONOSPACE_FONT_NAME.test(name)),
        symbol: SYMBOL_FONT_NAME.test(name),
        smallCapitals: SMALL_CAPITALS_FONT_NAME.test(name),
        bitmap: font?.isType3Font === true,
        advance: font ? commonAdvance(font) : undefined,
      };
    } catch {
      // Note: a font that failed to load is simply not known to be bold or italic.
    }
    cache.set(fontName, style);
  }
  return style;
}

// Punctuation that closes a sentence or clause after a word.
const CLOSING_PUNCTUATION = /[.,;:!?]+$/u;

function linkAreas(annotations: readonly unknown[], transform: number[]): LinkArea[] {
  const areas: LinkArea[] = [];
  for (const annotation of annotations as { subtype?: string; url?: string; rect?: number[] }[]) {
    if (annotation.subtype !== "Link" || !annotation.url || annotation.rect?.length !== 4) continue;
    const [x1, y1, x2, y2] = annotation.rect as [number, number, number, number];
    const [ax, ay] = applyTransform(transform, x1, y1);
    const [bx, by] = applyTransform(transform, x2, y2);
    areas.push({ href: annotation.url, left: Math.min(ax, bx), right: Math.max(ax, bx), top: Math.min(ay, by), bottom: Math.max(ay, by) });
  }
  return areas;
}

function linkAt(areas: readonly LinkArea[], x: number, y: number): string | undefined {
  return areas.find((area) => x >= area.left && x <= area.right && y >= area.top && y <= area.bottom)?.href;
}

function applyTransform(matrix: number[], x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = matrix;
  return [a * x + c * y + e, b * x + d * y + f];
}
