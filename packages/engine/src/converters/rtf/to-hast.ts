import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";
import { nestList } from "../hast-lists.js";
import { unbolded } from "../hast-runs.js";
import { proseWhenTypedInMonospace } from "../typed-in-monospace.js";
import { headingLevelOfOutline } from "../word/heading-names.js";
import type { RtfBlock, RtfParagraph } from "./model.js";
import type { RtfDocument } from "./reader.js";

const el = (tagName: string, children: ElementContent[], properties: Element["properties"] = {}): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});

const HEADING_STYLE = /^heading\s*([1-9])$/i;

function paragraphElement(paragraph: RtfParagraph): Element {
  const styled = HEADING_STYLE.exec(paragraph.styleName ?? "")?.[1];
  const level = styled ? Number(styled) : paragraph.outlineLevel === undefined ? undefined : headingLevelOfOutline(paragraph.outlineLevel);
  if (level !== undefined) {
    const number: ElementContent[] = paragraph.headingNumber ? [{ type: "text", value: `${paragraph.headingNumber} ` }] : [];
    return el(`h${Math.min(level, 6)}`, [...number, ...unbolded(paragraph.content)]);
  }
  if (/^title$/i.test(paragraph.styleName ?? "")) return el("h1", unbolded(paragraph.content));
  return el("p", paragraph.content);
}

const isCode = (node: ElementContent): boolean => node.type === "element" && node.tagName === "code";

/**
 * Whether a paragraph is a line of code: all its text set in a monospaced font, as pandoc and
 * word processors set code blocks in RTF, which has no paragraph style for them.
 */
function isCodeParagraph(block: RtfBlock | undefined): boolean {
  if (block?.type !== "paragraph" || block.list) return false;
  const blank = (node: ElementContent) => (node.type === "text" && !node.value.trim()) || (node.type === "element" && node.tagName === "br");
  return block.content.some(isCode) && block.content.every((node) => isCode(node) || blank(node));
}

/**
 * Whether `next` is an item of the list `items` make: a nested item, a top-level item of the same
 * list and kind, or a numbered item whose number follows the last top-level one's (two lists Word
 * shows as one, as LibreOffice saves a list restarted at 1).
 */
function continuesList(items: readonly RtfParagraph[], next: RtfBlock | undefined): boolean {
  if (next?.type !== "paragraph" || !next.list) return false;
  const first = items[0]!.list!;
  const lastNumber = items.findLast((item) => item.list!.level === 0)?.list!.start;
  const followsNumber = next.list.ordered && first.ordered && lastNumber !== undefined && next.list.start === lastNumber + 1;
  return next.list.level > 0 || (next.list.id === first.id && next.list.ordered === first.ordered) || followsNumber;
}

function blocksToHast(blocks: readonly RtfBlock[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type === "table") {
      out.push(el("table", block.rows.map((row) => el("tr", row.map((cell) => el("td", blocksToHast(cell)))))));
    } else if (isCodeParagraph(block)) {
      let end = i;
      while (isCodeParagraph(blocks[end + 1])) end++;
      // Note: read as preformatted text, so the spaces that align code are kept.
      const lines = (blocks.slice(i, end + 1) as RtfParagraph[]).map((paragraph) => toText(el("pre", paragraph.content)));
      out.push(el("pre", [el("code", [{ type: "text", value: lines.join("\n") }])]));
      i = end;
    } else if (block.list) {
      const paragraphs: RtfParagraph[] = [block];
      while (continuesList(paragraphs, blocks[i + paragraphs.length])) paragraphs.push(blocks[i + paragraphs.length] as RtfParagraph);
      out.push(nestList(paragraphs.map(({ list, content }) => ({ ...list!, content }))));
      i += paragraphs.length - 1;
    } else {
      out.push(paragraphElement(block));
    }
  }
  return out;
}

/** An RTF document as HTML in mammoth's shape (footnotes included), for the shared HTML→GFM path. */
export function rtfToHast(document: RtfDocument): Root {
  const children = blocksToHast(document.blocks);
  if (document.notes.length > 0) {
    children.push(el("ol", document.notes.map((note) => el("li", blocksToHast(note.blocks), { id: note.id }))));
  }
  return proseWhenTypedInMonospace({ type: "root", children });
}
