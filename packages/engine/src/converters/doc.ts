import CFB from "cfb";
import type { FootnoteDefinition } from "mdast";
import { ScrapeError } from "../errors.js";
import type { ConvertResult, Converter } from "../types.js";
import { readOleContainer } from "./ole-container.js";
import { writeMarkdown } from "./word/markdown-writer.js";
import { readCharacterProperties } from "./doc/character-properties.js";
import { readFib } from "./doc/fib.js";
import { readFontNames } from "./doc/fonts.js";
import { readListFormats } from "./doc/lists.js";
import { readParagraphProperties } from "./doc/paragraph-properties.js";
import { type DocParagraph, type DocText, readParagraphs, readPieces } from "./doc/paragraphs.js";
import { type DocNotes, type DocTextBox, readNotes, readTextBoxes } from "./doc/stories.js";
import { type StyleSheet, inherited, readStyles } from "./doc/styles.js";
import { paragraphsToMdast } from "./doc/to-mdast.js";
import { isWord95, readWord95Paragraphs } from "./doc/word95.js";

function readStream(container: CFB.CFB$Container, name: string): Uint8Array {
  const entry = CFB.find(container, name);
  if (!entry) throw new Error(`it has no ${name} stream`);
  return Uint8Array.from(entry.content);
}

/** A Word 6 or Word 95 document: its text as paragraphs, with a warning that its structure is not read. */
function convertWord95(wordDocument: Uint8Array, name: string): ConvertResult {
  const { markdown } = writeMarkdown(paragraphsToMdast(readWord95Paragraphs(wordDocument), [], () => undefined));
  return {
    markdown,
    metadata: {},
    warnings: [`${name} was saved by Word 6 or Word 95: only its text is read (no headings, lists or tables); save it again as .docx to keep its structure.`],
  };
}

/**
 * Put the paragraphs of each text box after the paragraph that anchors it (after the table, when
 * that paragraph is in one), or at the end when its anchor is unknown.
 */
function withTextBoxes(main: DocParagraph[], boxes: ReadonlyArray<{ box: DocTextBox; paragraphs: DocParagraph[] }>): DocParagraph[] {
  const after = new Map<number, DocParagraph[]>();
  const unanchored: DocParagraph[] = [];
  for (const { box, paragraphs } of boxes) {
    let index = box.anchor === undefined ? -1 : main.findIndex((paragraph) => paragraph.position >= box.anchor!);
    while (index >= 0 && index + 1 < main.length && main[index + 1]!.inTable) index++;
    if (index < 0) unanchored.push(...paragraphs);
    else after.set(index, [...(after.get(index) ?? []), ...paragraphs]);
  }
  return [...main.flatMap((paragraph, index) => [paragraph, ...(after.get(index) ?? [])]), ...unanchored];
}

// Note: the title of a table of contents is a paragraph in a style of its own before the TOC
// field: Word's "TOC Heading", LibreOffice's "Contents Heading".
const TABLE_OF_CONTENTS_TITLE = /^(?:TOC|Contents) Heading$/i;

/** Whether a paragraph's style is the one for a table of contents' title, left out with the table. */
const isTableOfContentsTitle = (styles: StyleSheet, styleIndex: number): boolean => TABLE_OF_CONTENTS_TITLE.test(styles[styleIndex]?.name ?? "");

/**
 * The labels of the notes whose reference in the main text is not shown (deleted with its changes
 * tracked, or hidden): Word shows neither the reference nor the note.
 */
function droppedNotes(kinds: readonly DocNotes[], main: readonly DocParagraph[], mainTextLength: number): Set<string> {
  const shown = new Set(main.flatMap((paragraph) => paragraph.runs.flatMap((run) => run.note ?? [])));
  const dropped = new Set<string>();
  for (const { references } of kinds) {
    for (const [position, label] of references) if (position < mainTextLength && !shown.has(label)) dropped.add(label);
  }
  return dropped;
}

/**
 * Word 97-2003 (DOC) to GFM: paragraphs, headings (by built-in style, outline level or a
 * localized style name, with their numbers), nested bulleted and numbered lists, tables,
 * hyperlinks, footnotes and endnotes, text boxes, and all caps / small caps text in capitals.
 * Note: no npm library reads a .doc's styles (word-extractor gives plain text only), so this
 * reads the binary format itself ([MS-DOC]): the OLE container with `cfb`, then the FIB, the
 * piece table, the paragraph and character properties, the style sheet, the list definitions
 * and the note and text box stories. Headers, footers and comments are left out, and with
 * `onlyMainContent` a table of contents and its title.
 */
export const docConverter: Converter = {
  formats: ["doc"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    const container = readOleContainer(bytes);
    const wordDocument = readStream(container, "WordDocument");
    if (isWord95(wordDocument)) return convertWord95(wordDocument, name);
    const fib = readFib(wordDocument);
    if (fib.encrypted) {
      throw new ScrapeError(
        "DOCUMENT_UNREADABLE",
        `${name} is password-protected; remove the password in Word and save it again.`,
      );
    }
    const table = readStream(container, fib.tableStream);
    const styles = readStyles(table, fib.styleSheet);
    const text: DocText = {
      wordDocument,
      pieces: readPieces(table, fib),
      paragraphPropertiesAt: readParagraphProperties(wordDocument, table, fib.paragraphPropertiesIndex),
      characterPropertiesAt: readCharacterProperties(wordDocument, table, fib.characterPropertiesIndex),
      fontNames: readFontNames(table, fib.fontTable),
      data: CFB.find(container, "Data")?.content ? Uint8Array.from(CFB.find(container, "Data")!.content) : undefined,
      characterStyleFormat: (index) => ({
        capitals: inherited(styles, index, (style) => style.capitals),
        bold: inherited(styles, index, (style) => style.bold),
        italic: inherited(styles, index, (style) => style.italic),
        hidden: inherited(styles, index, (style) => style.hidden),
      }),
    };
    const footnotes = readNotes(table, fib.footnoteReferences, fib.footnoteTexts, fib.storyStart.footnotes, "");
    const endnotes = readNotes(table, fib.endnoteReferences, fib.endnoteTexts, fib.storyStart.endnotes, "e");
    const noteAt = (position: number) => footnotes.references.get(position) ?? endnotes.references.get(position);
    const onlyMainContent = options.onlyMainContent !== false;
    const main = readParagraphs(text, { start: 0, end: fib.mainTextLength }, noteAt, { onlyMainContent }).filter(
      (paragraph) => !(onlyMainContent && isTableOfContentsTitle(styles, paragraph.styleIndex)),
    );
    const boxes = readTextBoxes(table, fib).map((box) => ({ box, paragraphs: readParagraphs(text, box.text) }));
    const listFormatAt = readListFormats(table, fib.listDefinitions, fib.listOverrides);
    const tree = paragraphsToMdast(withTextBoxes(main, boxes), styles, listFormatAt);
    const dropped = droppedNotes([footnotes, endnotes], main, fib.mainTextLength);
    for (const note of [...footnotes.notes, ...endnotes.notes].filter((note) => !dropped.has(note.label))) {
      const children = paragraphsToMdast(readParagraphs(text, note.text), styles, listFormatAt).children;
      const definition = { type: "footnoteDefinition", identifier: note.label, label: note.label, children } as FootnoteDefinition;
      tree.children.push(definition);
    }
    const { markdown, firstHeading } = writeMarkdown(tree);
    return { markdown, metadata: firstHeading ? { title: firstHeading } : {}, warnings: [] };
  },
};
