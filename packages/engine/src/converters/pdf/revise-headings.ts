import { PARAGRAPH_PITCH } from "./blocks.js";
import { joinLines } from "./join-lines.js";
import type { Block } from "./blocks.js";
import { LARGER_THAN_BODY, MAXIMUM_BOLD_HEADING_CHARACTERS, roundSize } from "./headings.js";
import type { Typography } from "./headings.js";
import { isEnumerator } from "./lists.js";
import { lineText } from "./model.js";
import type { TextLine } from "./model.js";

type Heading = Extract<Block, { kind: "heading" }>;

/**
 * Headings looked at again once their lines are joined: a bold paragraph taken for a heading goes
 * back to being a paragraph, a note set under a heading is text, and each numbered heading goes to
 * the level its section number gives it.
 */
export function reviseHeadings(blocks: readonly Block[], typography: Typography): Block[] {
  const revised: Block[] = [];
  const labels = stackedLabels(blocks, typography);
  for (const [index, block] of blocks.entries()) {
    if (block.kind !== "heading") revised.push(block);
    else if (labels.has(block) || isAdmonitionTitle(block, typography.bodySize)) revised.push({ kind: "paragraph", text: `**${block.text}**`, lines: block.lines });
    else if (isBoldParagraph(block, typography.bodySize) || isLargeSentence(block, typography.bodySize) || isDefinedTerm(block, blocks[index + 1], typography.bodySize)) revised.push(paragraphOf(block.lines ?? []));
    else {
      const previous = revised.at(-1);
      const above = previous?.kind === "heading" ? previous.lines?.at(-1) : undefined;
      const lines = block.lines ?? [];
      const noteStart = lines.findIndex((line, index) => isNoteUnder(index === 0 ? above : lines[index - 1], line, typography));
      if (noteStart < 0) revised.push({ ...block, level: typography.sectionLevel(block.plain, block.level) });
      else {
        if (noteStart > 0) revised.push(headingOf(block, lines.slice(0, noteStart), typography));
        revised.push(paragraphOf(lines.slice(noteStart)));
      }
    }
  }
  return revised;
}

// Note: the words that title a manual's note, tip or warning box; "Notes" (a chapter's endnotes)
// is left out, as it heads a section.
const ADMONITION = /^(?:note|tip|hint|important|warning|caution|danger|attention)[.:]?$/i;

/**
 * Whether a heading is the title of a note or warning box ("Tip" over its text, as LaTeX's
 * tcolorbox and mdframed set one): a word that heads no section, in the body's size.
 */
const isAdmonitionTitle = (heading: Heading, bodySize: number): boolean =>
  ADMONITION.test(heading.plain.trim()) && (heading.lines ?? []).every((line) => roundSize(line.fontSize) < bodySize * LARGER_THAN_BODY);

/**
 * Note: two or three lines of body-size bold (or italic) type, more text than such a heading
 * holds and ending in a full stop, are a paragraph set in bold (a lead, a warning), however
 * heading-like each line is on its own.
 */
const isBoldParagraph = (heading: Heading, bodySize: number): boolean => {
  const lines = heading.lines ?? [];
  return (
    lines.length > 1 &&
    lines.every((line) => roundSize(line.fontSize) < bodySize * LARGER_THAN_BODY) &&
    heading.plain.length > MAXIMUM_BOLD_HEADING_CHARACTERS &&
    heading.plain.endsWith(".")
  );
};

// Note: a sentence of this many words at least, ending in a full stop, set in regular type less than
// this much larger than the body, is text set large (a slide's text box, a lead), not a heading.
const SENTENCE_WORDS = 8;
const DISPLAY_SCALE = 1.5;

/**
 * Whether a heading is a plain sentence in type a little larger than the body: a slide or a
 * brochure sets its text larger where there is little of it. Headings are bold or far larger,
 * and seldom end in a full stop.
 */
const isLargeSentence = (heading: Heading, bodySize: number): boolean => {
  const lines = heading.lines ?? [];
  return (
    lines.length > 0 &&
    lines.every((line) => !line.bold && roundSize(line.fontSize) < bodySize * DISPLAY_SCALE) &&
    /\p{Ll}[.!]$/u.test(heading.plain) &&
    heading.plain.split(/\s+/).length >= SENTENCE_WORDS
  );
};

// Labels over their values, one under the other, come this many pairs at least.
const MINIMUM_STACKED_PAIRS = 2;

/**
 * The headings that are labels stacked over their values ("**Name**" over "Ana Novak", "**Town**"
 * over "Bristol"): one line of body-size bold type over one line of text, pair after pair, every
 * line at the text's own pitch. Note: a heading has more space above it than the lines of text
 * have between them, or its text further under it; a form's labels (an HTML `<dl>` printed one
 * item under the other, a profile's fields) have neither.
 */
function stackedLabels(blocks: readonly Block[], typography: Typography): Set<Block> {
  const { bodySize, bodyPitch } = typography;
  const tight = (above: TextLine | undefined, line: TextLine | undefined): boolean => {
    if (!above || !line || above.pageIndex !== line.pageIndex) return false;
    const gap = line.baseline - above.baseline;
    return gap > 0 && gap <= bodyPitch * PARAGRAPH_PITCH * (Math.max(line.fontSize, above.fontSize) / bodySize);
  };
  const isLabel = (block: Block | undefined): boolean =>
    block?.kind === "heading" && block.lines?.length === 1 && block.lines[0]!.bold && roundSize(block.lines[0]!.fontSize) < bodySize * LARGER_THAN_BODY;
  const isPair = (index: number): boolean => {
    const [label, value] = [blocks[index], blocks[index + 1]];
    return isLabel(label) && value?.kind === "paragraph" && value.lines?.length === 1 && tight(label!.lines![0], value.lines[0]);
  };
  const labels = new Set<Block>();
  for (let start = 0; start < blocks.length; start++) {
    let end = start;
    while (isPair(end) && (end === start || tight(blocks[end - 1]!.lines?.[0], blocks[end]!.lines?.[0]))) end += 2;
    if ((end - start) / 2 >= MINIMUM_STACKED_PAIRS) {
      for (let index = start; index < end; index += 2) labels.add(blocks[index]!);
      start = end - 1;
    }
  }
  return labels;
}

// The text under a term is indented at least this many ems further than the term.
const DEFINITION_INDENT_EM = 1.5;
const SECTION_NUMBER = /^(?:\d+(?:\.\d+)*|[A-Z]|[IVXivx]+)[.)]?\s/;

/**
 * Note: a line of body-size bold type with the text under it indented further is a term and its
 * definition (an HTML `<dl>`: a glossary, a list of parameters), not a heading and its section.
 * A numbered heading may hang its number to the left of its section's text, and a heading over a
 * list (indented, as HTML indents lists) is one, so both stay.
 */
function isDefinedTerm(heading: Heading, next: Block | undefined, bodySize: number): boolean {
  const term = heading.lines ?? [];
  const first = term[0];
  const under = next?.lines?.[0];
  if (!first || !under || next!.kind !== "paragraph" || under.pageIndex !== first.pageIndex || isEnumerator(lineText(under).split(" ")[0]!)) return false;
  if (term.some((line) => roundSize(line.fontSize) >= bodySize * LARGER_THAN_BODY) || SECTION_NUMBER.test(heading.plain)) return false;
  // Note: a paragraph whose later lines go back to the term's left edge has its first line
  // indented (groff's `-ms` `.PP` under a `.SH` heading); a definition is indented as a whole.
  if (next!.lines!.slice(1).some((line) => line.pageIndex === first.pageIndex && Math.abs(line.x - first.x) < DEFINITION_INDENT_EM * bodySize)) return false;
  return under.x - first.x >= DEFINITION_INDENT_EM * bodySize && under.baseline > term.at(-1)!.baseline;
}

/**
 * Note: a body-size italic line set tight under an upright heading line (no more space than
 * between the lines of a paragraph) is a note to the heading (a source, a pointer to an appendix):
 * neither more of the heading nor a heading of its own. (An upright line under an italic one may
 * be the title under its kicker.)
 */
function isNoteUnder(above: TextLine | undefined, line: TextLine, { bodySize, bodyPitch }: Typography): boolean {
  if (!above || above.pageIndex !== line.pageIndex || !line.italic || above.italic) return false;
  if (roundSize(line.fontSize) >= bodySize * LARGER_THAN_BODY) return false;
  const gap = line.baseline - above.baseline;
  return gap > 0 && gap <= bodyPitch * PARAGRAPH_PITCH * (Math.max(line.fontSize, above.fontSize) / bodySize);
}

const markdownOf = (line: TextLine): string => line.runs.map((run) => run.markdown).join(" ");

const paragraphOf = (lines: readonly TextLine[]): Block => ({ kind: "paragraph", text: lines.map(markdownOf).reduce((text, next) => joinLines(text, next)), lines });

const headingOf = (heading: Heading, lines: readonly TextLine[], typography: Typography): Block => {
  const plain = lines.map(lineText).join(" ");
  return { ...heading, level: typography.sectionLevel(plain, heading.level), text: lines.map(markdownOf).join(" "), plain, lines };
};
