import type { Element, ElementContent } from "hast";
import iconv from "iconv-lite";
import { ScrapeError } from "../../errors.js";
import type { DocumentMetadata } from "../../types.js";
import { mergeRuns, styledText } from "../hast-runs.js";
import { MAX_ELEMENT_DEPTH } from "../html/depth.js";
import type { RtfBlock, RtfParagraph, RtfTable } from "./model.js";
import { tokenize } from "./tokens.js";

/** Where the text of a group goes. */
type Destination = "body" | "skip" | "fonttbl" | "stylesheet" | "fldinst" | "listtext" | "title" | "author" | "subject";

interface GroupState {
  destination: Destination;
  bold: boolean;
  italic: boolean;
  codePage: number;
  /** Characters to skip after a `\uN` (`\ucN`). */
  unicodeSkip: number;
  /** The link a field result writes into. */
  link: Element | undefined;
  /** Paragraph properties, which RTF scopes to groups too. */
  style: number;
  outlineLevel: number | undefined;
  listLevel: number;
  listId: number | undefined;
  inTable: boolean;
  leftIndent: number;
  firstIndent: number;
  /** The footnote this group belongs to, if any. */
  note: string | undefined;
}

/** A place paragraphs are written: the body, or a footnote. */
interface Sink {
  blocks: RtfBlock[];
  inline: ElementContent[];
  label: string;
  row: RtfParagraph[][];
  cell: RtfParagraph[];
  table: RtfTable | undefined;
}

/** Everything read from an RTF document. */
export interface RtfDocument {
  blocks: RtfBlock[];
  notes: Array<{ id: string; blocks: RtfBlock[] }>;
  metadata: DocumentMetadata;
  imageCount: number;
  /** Groups still open at the end of the file (a truncated file has some). */
  unclosedGroups: number;
}

/** Destinations whose text is never the document's. */
const SKIPPED = new Set([
  "colortbl", "pict", "object", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr",
  "footerf", "listtable", "listoverridetable", "revtbl", "rsidtbl", "generator", "xmlnstbl", "themedata",
  "colorschememapping", "datastore", "latentstyles", "pgdsctbl", "pntext", "nonshppict", "shpinst",
  "ftnsep", "ftnsepc", "aftnsep", "aftnsepc", "docvar", "userprops", "bkmkstart", "bkmkend", "annotation",
  "atnid", "atnauthor", "xe", "tc", "fldtype", "filetbl", "operator", "company", "comment", "keywords",
  "doccomm", "hlinkbase", "category", "manager", "template", "printim", "buptim", "creatim", "revtim",
]);
const INFO_FIELDS: Readonly<Record<string, Destination>> = { title: "title", author: "author", subject: "subject" };
/** Windows code page of each `\fcharset` (RTF 1.9.1, "Font table"). */
const CODE_PAGE_OF_CHARSET: Readonly<Record<number, number>> = {
  0: 1252, 128: 932, 129: 949, 130: 1361, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258,
  177: 1255, 178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250,
};
const LIST_LABEL = /^\s*(?:[\u2022\u25e6\u25aa\u25cf\u2013\u2014\u00b7\u2023\u2043o*-]|(\(?[0-9ivxlcdmIVXLCDMa-zA-Z]{1,4}[.)]))\s*$/;

const freshSink = (label: string): Sink => ({ blocks: [], inline: [], label, row: [], cell: [], table: undefined });

/**
 * Read RTF into paragraphs and tables (RTF 1.9.1): styles and outline levels for headings,
 * `\ls`/`\ilvl` lists (and pandoc's hanging-indent lists), `\intbl`/`\cell`/`\row` tables,
 * `HYPERLINK` fields, `\footnote`s, bold and italic, and text in each font's code page or `\uN`.
 * Headers, footers, pictures' data, comments and field instructions are left out.
 * Note: the npm RTF readers (rtf-parser and @iarna/rtf-to-html, unmaintained since 2018) keep
 * only character formatting and throw on LibreOffice's output, so this reads the format itself.
 */
export function readRtf(bytes: Uint8Array, name: string): RtfDocument {
  const document: RtfDocument = { blocks: [], notes: [], metadata: {}, imageCount: 0, unclosedGroups: 0 };
  const fontCodePages = new Map<number, number>();
  const styleNames = new Map<number, string>();
  const styleOutline = new Map<number, number>();
  let defaultCodePage = 1252;
  let state: GroupState = {
    destination: "body", bold: false, italic: false, codePage: 1252, unicodeSkip: 1, link: undefined,
    style: 0, outlineLevel: undefined, listLevel: 0, listId: undefined, inTable: false, leftIndent: 0, firstIndent: 0, note: undefined,
  };
  const stack: GroupState[] = [];
  const sinks: Sink[] = [freshSink("body")];
  let sink = sinks[0]!;
  let pendingBytes: number[] = [];
  let skipChars = 0;
  let starred = false;
  let fieldInstruction = "";
  let listLabel = "";
  // The font or style entry being read in the font table or the style sheet.
  let entry: { number: number; text: string; charset?: number; outline?: number } | undefined;

  const decode = (bytes: number[], codePage: number): string =>
    iconv.encodingExists(`cp${codePage}`) ? iconv.decode(Buffer.from(bytes), `cp${codePage}`) : Buffer.from(bytes).toString("latin1");

  const write = (value: string): void => {
    if (!value) return;
    switch (state.destination) {
      case "body":
        (state.link ? state.link.children : sink.inline).push(...styledText(value, { bold: state.bold, italic: state.italic, code: false }));
        return;
      case "fldinst":
        fieldInstruction += value;
        return;
      case "listtext":
        listLabel += value;
        return;
      case "fonttbl":
      case "stylesheet":
        if (entry) entry.text += value;
        return;
      case "title":
      case "author":
      case "subject": {
        const field = state.destination === "subject" ? "description" : state.destination;
        document.metadata[field] = (document.metadata[field] ?? "") + value;
        return;
      }
      default:
    }
  };
  const flushBytes = (): void => {
    if (pendingBytes.length === 0) return;
    write(decode(pendingBytes, state.codePage));
    pendingBytes = [];
  };

  const endParagraph = (): RtfParagraph => {
    flushBytes();
    sink.inline = mergeRuns(sink.inline);
    // Word and pandoc start a footnote with a space after its mark; a paragraph's leading spaces never show.
    if (sink.inline[0]?.type === "text") sink.inline[0].value = sink.inline[0].value.replace(/^[\s\u00a0]+/, "");
    const label = listLabel.trim() ? listLabel : leadingLabel(sink.inline);
    const styleName = styleNames.get(state.style);
    const outlineLevel = state.outlineLevel ?? styleOutline.get(state.style);
    // A numbered heading is a heading, though Word numbers it through a list.
    const isHeading = outlineLevel !== undefined || /^(heading\s*\d|title)$/i.test(styleName ?? "");
    const paragraph: RtfParagraph = {
      type: "paragraph",
      content: sink.inline,
      outlineLevel,
      styleName,
      list: isHeading
        ? undefined
        : state.listId !== undefined || (label !== undefined && state.firstIndent < 0 && state.leftIndent > 0)
          ? {
              level: state.listId !== undefined ? state.listLevel : Math.max(0, Math.round(state.leftIndent / 360) - 1),
              ordered: LIST_LABEL.exec(label ?? "")?.[1] !== undefined,
              id: state.listId,
            }
          : undefined,
    };
    sink.inline = [];
    listLabel = "";
    return paragraph;
  };
  const closeTable = (): void => {
    if (sink.table) sink.blocks.push(sink.table);
    sink.table = undefined;
  };
  const control = (word: string, param: number | undefined): void => {
    if (word !== "u" && word !== "uc") flushBytes();
    switch (word) {
      case "par":
      case "sect":
      case "page": {
        const paragraph = endParagraph();
        if (state.inTable) sink.cell.push(paragraph);
        else {
          closeTable();
          sink.blocks.push(paragraph);
        }
        return;
      }
      case "cell": {
        sink.cell.push(endParagraph());
        sink.row.push(sink.cell);
        sink.cell = [];
        return;
      }
      case "row":
        sink.table ??= { type: "table", rows: [] };
        sink.table.rows.push(sink.row);
        sink.row = [];
        return;
      case "nestcell":
        return write(" | ");
      case "line":
      case "nestrow":
        if (state.destination === "body") (state.link ? state.link.children : sink.inline).push({ type: "element", tagName: "br", properties: {}, children: [] });
        return;
      case "tab":
        return write(state.destination === "listtext" ? "\t" : " ");
      case "emdash": return write("\u2014");
      case "endash": return write("\u2013");
      case "bullet": return write("\u2022");
      case "lquote": return write("\u2018");
      case "rquote": return write("\u2019");
      case "ldblquote": return write("\u201c");
      case "rdblquote": return write("\u201d");
      case "b": state.bold = param !== 0; return;
      case "i": state.italic = param !== 0; return;
      case "plain": state.bold = false; state.italic = false; return;
      case "pard":
        Object.assign(state, { style: 0, outlineLevel: undefined, listLevel: 0, listId: undefined, inTable: false, leftIndent: 0, firstIndent: 0 });
        return;
      case "s":
        if (state.destination === "stylesheet" && entry) entry.number = param ?? 0;
        else state.style = param ?? 0;
        return;
      case "outlinelevel":
        if (state.destination === "stylesheet" && entry) entry.outline = param;
        else state.outlineLevel = param;
        return;
      case "ls": state.listId = param; return;
      case "ilvl": state.listLevel = param ?? 0; return;
      case "intbl": state.inTable = true; return;
      case "li": state.leftIndent = param ?? 0; return;
      case "fi": state.firstIndent = param ?? 0; return;
      case "ansicpg": defaultCodePage = param ?? 1252; state.codePage = defaultCodePage; return;
      case "f":
        if (state.destination === "fonttbl") entry = { number: param ?? 0, text: "" };
        else state.codePage = fontCodePages.get(param ?? 0) ?? defaultCodePage;
        return;
      case "fcharset": if (entry) entry.charset = param; return;
      case "uc": state.unicodeSkip = param ?? 1; return;
      case "u":
        write(String.fromCharCode((param ?? 0) < 0 ? (param ?? 0) + 65536 : (param ?? 0)));
        skipChars = state.unicodeSkip;
        return;
      default:
    }
  };
  const destination = (word: string): void => {
    if (word === "footnote") {
      const id = `footnote-${document.notes.length + 1}`;
      const reference: Element = { type: "element", tagName: "sup", properties: {}, children: [
        { type: "element", tagName: "a", properties: { href: `#${id}` }, children: [{ type: "text", value: String(document.notes.length + 1) }] },
      ] };
      (state.link ? state.link.children : sink.inline).push(reference);
      document.notes.push({ id, blocks: [] });
      sink = freshSink(id);
      sinks.push(sink);
      Object.assign(state, { destination: "body", link: undefined, inTable: false, note: id });
    } else if (word === "fonttbl" || word === "stylesheet") {
      state.destination = word;
    } else if (word in INFO_FIELDS) {
      // LibreOffice writes `\author` twice (creator and last editor); the first is the author.
      const field = word === "subject" ? "description" : (word as "title" | "author");
      state.destination = document.metadata[field] === undefined ? INFO_FIELDS[word]! : "skip";
    } else if (word === "fldinst") {
      state.destination = "fldinst";
      fieldInstruction = "";
    } else if (word === "fldrslt") {
      const href = /HYPERLINK\s+(?:\\l\s+)?"([^"]+)"/.exec(fieldInstruction)?.[1];
      fieldInstruction = "";
      if (href && state.destination === "body") {
        const link: Element = { type: "element", tagName: "a", properties: { href }, children: [] };
        (state.link ? state.link.children : sink.inline).push(link);
        state.link = link;
      }
    } else if (word === "listtext") {
      state.destination = "listtext";
    } else if (word === "pict") {
      if (state.destination === "body") {
        document.imageCount++;
        sink.inline.push({ type: "element", tagName: "img", properties: { src: "", alt: "" }, children: [] });
      }
      state.destination = "skip";
    } else if (SKIPPED.has(word) || starred) {
      state.destination = "skip";
    }
  };

  let groupStart = false;
  for (const token of tokenize(bytes)) {
    if (token.type === "open") {
      flushBytes();
      if (stack.length >= MAX_ELEMENT_DEPTH) {
        throw new ScrapeError("DOCUMENT_UNREADABLE", `${name} nests groups more than ${MAX_ELEMENT_DEPTH} deep, which no real document does; save it again from a word processor.`);
      }
      stack.push(state);
      state = { ...state };
      groupStart = true;
      starred = false;
      if (state.destination === "fonttbl" || state.destination === "stylesheet") entry = { number: 0, text: "" };
      continue;
    }
    if (token.type === "close") {
      flushBytes();
      const closing = state;
      if (closing.destination === "fonttbl" && entry) {
        fontCodePages.set(entry.number, CODE_PAGE_OF_CHARSET[entry.charset ?? 0] ?? defaultCodePage);
      }
      if (closing.destination === "stylesheet" && entry && stack.at(-1)?.destination === "stylesheet") {
        styleNames.set(entry.number, entry.text.replace(/;\s*$/, "").trim());
        if (entry.outline !== undefined) styleOutline.set(entry.number, entry.outline);
        entry = undefined;
      }
      const previous = stack.pop();
      if (!previous) break;
      // Leaving a footnote's group: its last paragraph ends and the body takes over again.
      if (closing.note !== undefined && closing.note !== previous.note && closing.note === sink.label) {
        if (sink.inline.length > 0) sink.blocks.push(endParagraph());
        closeTable();
        document.notes.find((note) => note.id === sink.label)!.blocks = sink.blocks;
        sinks.pop();
        sink = sinks.at(-1)!;
      }
      state = previous;
      continue;
    }
    if (token.type === "control") {
      if (token.word === "*") {
        starred = true;
        continue;
      }
      if (groupStart || token.word === "footnote") destination(token.word);
      groupStart = false;
      if (skipChars > 0 && token.word !== "u") skipChars = 0;
      if (state.destination !== "skip") control(token.word, token.param);
      continue;
    }
    groupStart = false;
    if (state.destination === "skip") continue;
    if (token.type === "byte") {
      if (skipChars > 0) skipChars--;
      else pendingBytes.push(token.value);
      continue;
    }
    let value = token.value;
    if (skipChars > 0) {
      const skipped = Math.min(skipChars, value.length);
      value = value.slice(skipped);
      skipChars -= skipped;
    }
    flushBytes();
    write(value);
  }
  flushBytes();
  document.unclosedGroups = stack.length;
  if (sink.inline.length > 0) sink.blocks.push(endParagraph());
  closeTable();
  document.blocks = sinks[0]!.blocks;
  for (const [key, value] of Object.entries(document.metadata)) {
    const trimmed = String(value).replace(/\s+/g, " ").trim();
    if (trimmed) document.metadata[key as "title"] = trimmed;
    else delete document.metadata[key as "title"];
  }
  return document;
}

/** The label of a pandoc-style list item: a bullet or number before the first tab, which is removed. */
function leadingLabel(inline: ElementContent[]): string | undefined {
  const first = inline[0];
  if (first?.type !== "text") return undefined;
  const match = /^([^\s]{1,6})\s+/.exec(first.value);
  if (!match || !LIST_LABEL.test(match[1]!)) return undefined;
  first.value = first.value.slice(match[0].length);
  return match[1];
}
