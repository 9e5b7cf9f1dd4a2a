import CFB from "cfb";
import { ScrapeError } from "../errors.js";
import type { Converter } from "../types.js";
import { writeMarkdown } from "./docx/markdown-writer.js";
import { type Fib, readFib } from "./doc/fib.js";
import { readListFormats } from "./doc/lists.js";
import { readParagraphProperties } from "./doc/paragraph-properties.js";
import { readParagraphs } from "./doc/paragraphs.js";
import { readStyles } from "./doc/styles.js";
import { paragraphsToMdast } from "./doc/to-mdast.js";

/** One warning naming the stories with text that this reader leaves out. */
function skippedStoriesWarning(fib: Fib): string[] {
  const skipped = Object.entries(fib.skippedTextLength)
    .filter(([, length]) => length > 0)
    .map(([story]) => story.replace("textBoxes", "text boxes"));
  if (skipped.length === 0) return [];
  return [`The ${skipped.join(", ")} of this .doc were left out; save it as .docx to keep them.`];
}

function readStream(container: CFB.CFB$Container, name: string): Uint8Array {
  const entry = CFB.find(container, name);
  if (!entry) throw new Error(`it has no ${name} stream`);
  return Uint8Array.from(entry.content);
}

/**
 * Word 97-2003 (DOC) to GFM: paragraphs, headings (by built-in style, outline level or a
 * localized style name), nested bulleted and numbered lists, tables, and hyperlinks.
 * Note: no npm library reads a .doc's styles (word-extractor gives plain text only), so this
 * reads the binary format itself ([MS-DOC]): the OLE container with `cfb`, then the FIB, the
 * piece table, the paragraph properties, the style sheet and the list definitions.
 * Footnotes, endnotes and text boxes are left out (with a warning), as are headers and footers.
 */
export const docConverter: Converter = {
  formats: ["doc"],
  async convert(bytes, options) {
    const name = options.filename ?? "the document";
    const container = CFB.read(bytes, { type: "buffer" });
    const wordDocument = readStream(container, "WordDocument");
    const fib = readFib(wordDocument);
    if (fib.encrypted) {
      throw new ScrapeError(
        "DOCUMENT_UNREADABLE",
        `${name} is password-protected; remove the password in Word and save it again.`,
      );
    }
    const table = readStream(container, fib.tableStream);
    const propertiesAt = readParagraphProperties(wordDocument, table, fib.paragraphPropertiesIndex);
    const paragraphs = readParagraphs(wordDocument, table, fib, propertiesAt);
    const styles = readStyles(table, fib.styleSheet);
    const listFormatAt = readListFormats(table, fib.listDefinitions, fib.listOverrides);
    const { markdown, firstHeading } = writeMarkdown(paragraphsToMdast(paragraphs, styles, listFormatAt));
    return { markdown, metadata: firstHeading ? { title: firstHeading } : {}, warnings: skippedStoriesWarning(fib) };
  },
};
