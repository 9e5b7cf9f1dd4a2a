import type { Element, ElementContent } from "hast";
import iconv from "iconv-lite";
import { ScrapeError } from "../../errors.js";
import type { DocumentMetadata } from "../../types.js";
import { MONOSPACE_FONT } from "../code-style.js";
import { styledText } from "../hast-runs.js";
import { MAX_ELEMENT_DEPTH } from "../html/depth.js";
import { equationRubyBase } from "../word/eq-ruby.js";
import { showSymbolFontText } from "../word/symbol-fonts.js";
import { type RtfFormField, emptyFormField, formFieldText, readFormFieldWord } from "./form-fields.js";
import { BlockSink, PLAIN_PARAGRAPH, type ParagraphProperties, type RtfStyle, paragraphOf, resolveStyle } from "./blocks.js";
import type { RtfBlock, RtfParagraph } from "./model.js";
import { type RtfToken, tokenize } from "./tokens.js";
import { CHARACTERS, CODE_PAGE_OF_CHARSET, INFO_FIELDS, SKIPPED } from "./vocabulary.js";

/** Where the text of a group goes. */
export type Destination = "body" | "skip" | "shape" | "fonttbl" | "stylesheet" | "fldinst" | "formfield" | "ffl" | "listtext" | "pntext" | "pn" | "title" | "author" | "description" | "pict" | "picprop" | "sn" | "sv";

/** What RTF scopes to a group: `{` copies it, `}` restores it. */
interface GroupState extends ParagraphProperties {
  destination: Destination;
  bold: boolean;
  italic: boolean;
  /** Hidden text (`\v`), which Word does not show. */
  hidden: boolean;
  /** Struck through (`\strike`, `\striked1`). */
  strike: boolean;
  /** All caps or small caps (`\caps`, `\scaps`): Word shows the letters as capitals. */
  capitals: boolean;
  /** Text deleted with its changes tracked (`\deleted`): Word shows it struck through until accepted, so it is left out. */
  deleted: boolean;
  codePage: number;
  /** The font's name (`\f`): a symbol font shows other characters than its codes. */
  font: string | undefined;
  /** Characters to skip after a `\uN` (`\ucN`). */
  unicodeSkip: number;
  /** The link a field result writes into. */
  link: Element | undefined;
  /** The footnote this group belongs to, if any. */
  note: string | undefined;
  /** The text box (a shape's `\shptxt`) this group belongs to, if any. */
  textBox: string | undefined;
}

/** Everything read from an RTF document. */
export interface RtfDocument {
  blocks: RtfBlock[];
  /**
   * The pictures' bytes (`\pict` hex data), by the `src` of the `<img>` that stands for each in
   * the blocks (`rtf-picture-1`…).
   */
  pictures: Map<string, Uint8Array>;
  notes: Array<{ id: string; blocks: RtfBlock[] }>;
  metadata: DocumentMetadata;
  /** Groups still open at the end of the file (a truncated file has some). */
  unclosedGroups: number;
}

// Note: Word 6/95 lists (`\pntext`, `\pn`) have no list id as `\ls` gives; they share this one.
const LEGACY_LIST_ID = -1;
// The shape property that holds WordArt's text.
const WORD_ART_TEXT = "gtextUNICODE";
// Note: a table of contents, and a table of figures (`TOC \c "Figure"`), is a TOC field whose result holds its entries.
const TABLE_OF_CONTENTS_FIELD = /^\s*TOC\b/;
// Note: its title is a paragraph in a style of its own before the field: Word's "TOC Heading", LibreOffice's "Contents Heading".
const TABLE_OF_CONTENTS_TITLE = /^(?:TOC|Contents) Heading$/i;

const decode = (bytes: number[], codePage: number): string =>
  iconv.encodingExists(`cp${codePage}`) ? iconv.decode(Buffer.from(bytes), `cp${codePage}`) : Buffer.from(bytes).toString("latin1");

/** Reads the token stream of one document; see {@link readRtf}. */
class RtfReader {
  readonly document: RtfDocument = { blocks: [], pictures: new Map(), notes: [], metadata: {}, unclosedGroups: 0 };
  private state: GroupState = {
    ...PLAIN_PARAGRAPH, destination: "body", bold: false, italic: false, hidden: false, strike: false, capitals: false, deleted: false, codePage: 1252, font: undefined, unicodeSkip: 1, link: undefined, note: undefined, textBox: undefined,
  };
  private readonly stack: GroupState[] = [];
  private readonly sinks = [new BlockSink("body")];
  private readonly fontCodePages = new Map<number, number>();
  private readonly fontNames = new Map<number, string>();
  private readonly styles = new Map<number, RtfStyle>();
  private defaultCodePage = 1252;
  private pendingBytes: number[] = [];
  private skipChars = 0;
  /** A nested table's cell ended (`\nestcell`): the next text of its row starts a new cell, after " | ". */
  private nestedCellEnded = false;
  private groupStart = false;
  private starred = false;
  private fieldInstruction = "";
  /** The form field (`\*\formfield`) in the field instruction being read, if any. */
  private formField: RtfFormField | undefined;
  private listText = "";
  /**
   * The label Word 6/95 lists (and WordPad) write in `{\pntext}`, used when the paragraph has no
   * `{\listtext}`. Note: a writer may give a list item both, the old one for older readers; the
   * two are the same label, so it is read once.
   */
  private legacyListText = "";
  /** The level its `{\*\pn}` gives a Word 6/95 list item. */
  private legacyListLevel = 0;
  /** Paragraphs of text boxes read inside the paragraph being read: they follow it, as DOCX text boxes do. */
  private textBoxParagraphs: RtfBlock[] = [];
  private textBoxCount = 0;
  /** The `\pict` being read: the `<img>` that stands for it, its hex digits, its description. */
  private picture: { element: Element; hex: string[]; propertyName: string; description: string } | undefined;
  /** The shape property being read (`{\sp{\sn name}{\sv value}}`) of a shape outside a picture. */
  private shapeProperty: { name: string; value: string } | undefined;
  /** The font or style being read in the font table or the style sheet. */
  private entry: { number: number; text: string; charset?: number; outline?: number; basedOn?: number } | undefined;

  constructor(
    private readonly name: string,
    private readonly onlyMainContent: boolean,
  ) {}

  private get sink(): BlockSink {
    return this.sinks.at(-1)!;
  }

  /** Where inline content goes: the open link, else the paragraph. */
  private get runs(): ElementContent[] {
    return this.state.link ? this.state.link.children : this.sink.runs;
  }

  read(tokens: Iterable<RtfToken>): RtfDocument {
    for (const token of tokens) {
      if (token.type === "open") this.open();
      else if (token.type === "close") {
        if (!this.close()) break;
      } else if (token.type === "control") this.controlWord(token.word, token.param);
      else this.characters(token);
    }
    this.flushBytes();
    this.document.unclosedGroups = this.stack.length;
    if (this.sink.runs.length > 0) this.sink.addParagraph(this.endParagraph(), false);
    this.sink.closeTable();
    this.document.blocks = this.sinks[0]!.blocks;
    return this.document;
  }

  private open(): void {
    this.flushBytes();
    if (this.stack.length >= MAX_ELEMENT_DEPTH) {
      throw new ScrapeError(
        "DOCUMENT_UNREADABLE",
        `${this.name} nests groups more than ${MAX_ELEMENT_DEPTH} deep, which no real document does; save it again from a word processor.`,
      );
    }
    this.stack.push(this.state);
    this.state = { ...this.state };
    this.groupStart = true;
    this.starred = false;
    if (this.state.destination === "fonttbl" || this.state.destination === "stylesheet") this.entry = { number: 0, text: "" };
  }

  /** Returns false when the document's outer group closes. */
  private close(): boolean {
    this.flushBytes();
    const closing = this.state;
    const previous = this.stack.pop();
    if (!previous) return false;
    if (closing.destination === "fonttbl" && this.entry) {
      this.fontCodePages.set(this.entry.number, CODE_PAGE_OF_CHARSET[this.entry.charset ?? 0] ?? this.defaultCodePage);
      this.fontNames.set(this.entry.number, this.entry.text.replace(/;\s*$/, "").trim());
    }
    if (closing.destination === "pict" && previous.destination !== "pict") this.endPicture();
    if (closing.destination === "stylesheet" && previous.destination === "stylesheet" && this.entry) {
      this.styles.set(this.entry.number, { name: this.entry.text.replace(/;\s*$/, "").trim(), outlineLevel: this.entry.outline, basedOn: this.entry.basedOn });
      this.entry = undefined;
    }
    // Leaving a footnote's group: its last paragraph ends and the text around it takes over again.
    if (closing.note !== undefined && closing.note !== previous.note && closing.note === this.sink.label) {
      if (this.sink.runs.length > 0) this.sink.addParagraph(this.endParagraph(), false);
      this.sink.closeTable();
      this.document.notes.find((note) => note.id === this.sink.label)!.blocks = this.sink.blocks;
      this.sinks.pop();
    }
    if (closing.destination === "sv" && previous.destination === "shape") this.endShapeProperty();
    // Leaving a text box: its paragraphs wait for the end of the paragraph it is anchored in.
    if (closing.textBox !== undefined && closing.textBox !== previous.textBox && closing.textBox === this.sink.label) {
      if (this.sink.runs.length > 0) this.sink.addParagraph(this.endParagraph(), false);
      this.sink.closeTable();
      this.textBoxParagraphs.push(...this.sink.blocks);
      this.sinks.pop();
    }
    this.state = previous;
    return true;
  }

  /**
   * A shape property has been read: WordArt's text (`gtextUNICODE`), which Word shows, becomes a
   * paragraph that waits, as a text box's do, for the end of the paragraph the shape is anchored in.
   * Note: LibreOffice writes a drawing shape's text so as well.
   */
  private endShapeProperty(): void {
    const property = this.shapeProperty;
    this.shapeProperty = undefined;
    if (property?.name.trim() !== WORD_ART_TEXT || !property.value.trim()) return;
    this.textBoxParagraphs.push(paragraphOf([{ type: "text", value: property.value.trim() }], PLAIN_PARAGRAPH, undefined, ""));
  }

  /** End the paragraph being read (not a table of contents' title); the text boxes anchored in it follow it. */
  private addParagraph(inTable: boolean): void {
    const paragraph = this.endParagraph();
    if (!(this.onlyMainContent && TABLE_OF_CONTENTS_TITLE.test(paragraph.styleName ?? ""))) this.sink.addParagraph(paragraph, inTable);
    const boxes = this.textBoxParagraphs;
    this.textBoxParagraphs = [];
    for (const block of boxes) {
      if (block.type === "paragraph") this.sink.addParagraph(block, inTable);
      // Note: a table in a text box anchored in a table cell gives the cell its paragraphs, as a GFM cell holds no table.
      else if (inTable) for (const paragraph of block.rows.flat(2)) this.sink.addParagraph(paragraph, true);
      else this.sink.addTable(block);
    }
  }

  private controlWord(word: string, param: number | undefined): void {
    if (word === "*") {
      this.starred = true;
      return;
    }
    if (this.groupStart || word === "footnote") this.destination(word);
    this.groupStart = false;
    if (word !== "u") this.skipChars = 0;
    if (this.state.destination !== "skip") this.control(word, param);
  }

  private characters(token: Extract<RtfToken, { type: "byte" | "text" }>): void {
    this.groupStart = false;
    if (this.state.destination === "skip") return;
    if (token.type === "byte") {
      if (this.skipChars > 0) this.skipChars--;
      else this.pendingBytes.push(token.value);
      return;
    }
    const skipped = Math.min(this.skipChars, token.value.length);
    this.skipChars -= skipped;
    this.flushBytes();
    this.write(token.value.slice(skipped));
  }

  /** A control word at the start of a group may name its destination. */
  private destination(word: string): void {
    const { state, document } = this;
    if (word === "footnote" && (state.deleted || state.hidden)) {
      // Note: Word shows neither a deleted (or hidden) note reference nor its note.
      state.destination = "skip";
    } else if (word === "footnote") {
      const id = `footnote-${document.notes.length + 1}`;
      this.runs.push({ type: "element", tagName: "sup", properties: {}, children: [
        { type: "element", tagName: "a", properties: { href: `#${id}` }, children: [{ type: "text", value: String(document.notes.length + 1) }] },
      ] });
      document.notes.push({ id, blocks: [] });
      this.sinks.push(new BlockSink(id));
      Object.assign(state, { ...PLAIN_PARAGRAPH, destination: "body", link: undefined, note: id });
    } else if (word === "fonttbl" || word === "stylesheet" || word === "listtext" || word === "pntext") {
      state.destination = word;
    } else if (word in INFO_FIELDS) {
      // LibreOffice writes `\author` twice (creator and last editor); the first is the author.
      const field = INFO_FIELDS[word] as "title" | "author" | "description";
      state.destination = document.metadata[field] === undefined ? field : "skip";
    } else if (word === "fldinst") {
      state.destination = "fldinst";
      this.fieldInstruction = "";
      this.formField = undefined;
    } else if (word === "formfield" && state.destination === "fldinst") {
      state.destination = "formfield";
      this.formField = emptyFormField();
    } else if (word === "ffl" && state.destination === "formfield") {
      state.destination = "ffl";
      this.formField?.entries.push("");
    } else if (word === "fldrslt" && this.formField && formFieldText(this.formField) !== undefined) {
      // A checkbox or drop-down shows its state or entry, whatever its result holds.
      if (state.destination === "body") this.write(formFieldText(this.formField)!);
      this.formField = undefined;
      state.destination = "skip";
    } else if (word === "fldrslt" && equationRubyBase(this.fieldInstruction) !== undefined) {
      // A ruby Word draws from its EQ code shows its base text, whatever its result holds.
      if (state.destination === "body") this.write(equationRubyBase(this.fieldInstruction)!);
      this.fieldInstruction = "";
      state.destination = "skip";
    } else if (word === "fldrslt" && this.onlyMainContent && TABLE_OF_CONTENTS_FIELD.test(this.fieldInstruction)) {
      // A table of contents repeats the headings with page numbers: left out, as the DOCX and ODT readers leave theirs.
      this.fieldInstruction = "";
      state.destination = "skip";
    } else if (word === "fldrslt") {
      const href = /HYPERLINK\s+(?:\\l\s+)?"([^"]+)"/.exec(this.fieldInstruction)?.[1];
      this.fieldInstruction = "";
      if (href && state.destination === "body") {
        const link: Element = { type: "element", tagName: "a", properties: { href }, children: [] };
        this.runs.push(link);
        state.link = link;
      }
    } else if (word === "pict") {
      // The picture's data is hex text; its format (`\pngblip`, `\jpegblip`, `\emfblip`…) the collector reads from the bytes.
      if (state.destination === "body") {
        const element: Element = { type: "element", tagName: "img", properties: { src: `rtf-picture-${document.pictures.size + 1}`, alt: "" }, children: [] };
        this.runs.push(element);
        document.pictures.set(String(element.properties.src), new Uint8Array());
        this.picture = { element, hex: [], propertyName: "", description: "" };
      }
      state.destination = state.destination === "body" ? "pict" : "skip";
    } else if (word === "picprop" && state.destination === "pict") {
      // `{\*\picprop{\sp{\sn wzDescription}{\sv The alt text}}…}`: the picture's shape properties.
      state.destination = "picprop";
    } else if ((word === "sn" || word === "sv") && state.destination === "picprop") {
      state.destination = word;
      if (word === "sn" && this.picture) this.picture.propertyName = "";
    } else if (word === "shpinst" && state.destination === "body") {
      // A shape: its properties are not text, but a text box's `\shptxt` is, and Word shows it.
      state.destination = "shape";
    } else if ((word === "sn" || word === "sv") && state.destination === "shape") {
      state.destination = word;
      if (word === "sn") this.shapeProperty = { name: "", value: "" };
    } else if (word === "shptxt" && state.destination === "shape") {
      const id = `text-box-${++this.textBoxCount}`;
      this.sinks.push(new BlockSink(id));
      Object.assign(state, { ...PLAIN_PARAGRAPH, destination: "body", link: undefined, textBox: id });
    } else if (word === "shppict") {
      // Word's `{\*\shppict{\pict…}}{\nonshppict…}`: the first holds the picture, read as above.
    } else if (word === "pn") {
      // `{\*\pn\pnlvlblt…}`: a Word 6/95 list item's level (a starred group, read for its level only).
      state.destination = "pn";
      this.legacyListLevel = 0;
    } else if (SKIPPED.has(word) || this.starred) {
      state.destination = "skip";
    }
  }

  private control(word: string, param: number | undefined): void {
    const { state } = this;
    if (word !== "u" && word !== "uc") this.flushBytes();
    // A picture's control words (`\picw`, `\pngblip`) describe it; its bytes say the same.
    if (state.destination === "pict" || state.destination === "picprop" || state.destination === "sn") return;
    if (state.destination === "formfield" && this.formField) return readFormFieldWord(this.formField, word, param);
    if (state.destination === "pn") {
      // `\pnlvlN` is an outline list's level N; `\pnlvlblt` and `\pnlvlbody` are one-level lists.
      if (word === "pnlvl") this.legacyListLevel = Math.max(0, (param ?? 1) - 1);
      return;
    }
    if (word in CHARACTERS) return this.write(CHARACTERS[word]!);
    switch (word) {
      case "par":
      case "sect":
      case "page":
        // A nested row ends in a `\nestrow` most readers skip (in `\*\nesttableprops`), then a paragraph mark.
        this.nestedCellEnded = false;
        return this.addParagraph(state.inTable);
      case "cell":
        return this.sink.endCell(this.endParagraph());
      case "row":
        return this.sink.endRow();
      case "nestcell":
        // Note: written before the next cell's text, so a row does not end in " | ".
        this.nestedCellEnded = true;
        return;
      case "nestrow":
        this.nestedCellEnded = false;
        if (state.destination === "body" && !state.hidden && !state.deleted) this.runs.push({ type: "element", tagName: "br", properties: {}, children: [] });
        return;
      case "line":
        if (state.destination === "body" && !state.hidden && !state.deleted) this.runs.push({ type: "element", tagName: "br", properties: {}, children: [] });
        return;
      case "tab":
        return this.write(state.destination === "listtext" || state.destination === "pntext" ? "\t" : " ");
      case "u":
        this.write(String.fromCharCode((param ?? 0) < 0 ? (param ?? 0) + 65536 : (param ?? 0)));
        this.skipChars = state.unicodeSkip;
        return;
      case "sbasedon":
        if (state.destination === "stylesheet" && this.entry) this.entry.basedOn = param;
        return;
      case "s":
      case "outlinelevel":
      case "f":
      case "fcharset":
        return this.tableEntry(word, param);
      default:
        return this.property(word, param);
    }
  }

  /** `\s`, `\outlinelevel`, `\f` and `\fcharset` describe a style or font in the tables, and apply one in the text. */
  private tableEntry(word: "s" | "outlinelevel" | "f" | "fcharset", param: number | undefined): void {
    const { state, entry } = this;
    const inTable = state.destination === "stylesheet" || state.destination === "fonttbl";
    if (word === "s") {
      if (inTable && entry) entry.number = param ?? 0;
      else state.style = param ?? 0;
    } else if (word === "outlinelevel") {
      if (inTable && entry) entry.outline = param;
      else state.outlineLevel = param;
    } else if (word === "f") {
      if (state.destination === "fonttbl") this.entry = { number: param ?? 0, text: "" };
      else {
        state.codePage = this.fontCodePages.get(param ?? 0) ?? this.defaultCodePage;
        state.font = this.fontNames.get(param ?? 0);
      }
    } else if (entry) {
      entry.charset = param;
    }
  }

  /** Character and paragraph properties. */
  private property(word: string, param: number | undefined): void {
    const { state } = this;
    switch (word) {
      case "b": state.bold = param !== 0; return;
      case "i": state.italic = param !== 0; return;
      case "v": state.hidden = param !== 0; return;
      case "caps":
      case "scaps": state.capitals = param !== 0; return;
      case "strike":
      case "striked": state.strike = param !== 0; return;
      case "deleted": state.deleted = param !== 0; return;
      case "plain": Object.assign(state, { bold: false, italic: false, hidden: false, strike: false, capitals: false, deleted: false, font: undefined }); return;
      case "pard": Object.assign(state, PLAIN_PARAGRAPH); return;
      case "ls": state.listId = param; return;
      case "ilvl": state.listLevel = param ?? 0; return;
      case "trowd": this.sink.defineRow(); return;
      case "cellx": this.sink.cellEdge(param ?? 0); return;
      case "intbl": state.inTable = true; return;
      case "li": state.leftIndent = param ?? 0; return;
      case "fi": state.firstIndent = param ?? 0; return;
      case "uc": state.unicodeSkip = param ?? 1; return;
      case "ansicpg":
        this.defaultCodePage = param ?? 1252;
        state.codePage = this.defaultCodePage;
        return;
      default:
    }
  }

  private write(value: string): void {
    if (!value) return;
    const { state } = this;
    switch (state.destination) {
      case "body": {
        if (state.hidden || state.deleted) return;
        if (this.nestedCellEnded) {
          this.nestedCellEnded = false;
          this.runs.push({ type: "text", value: " | " });
        }
        const shown = showSymbolFontText(state.font, value);
        this.runs.push(
          ...styledText(state.capitals ? shown.toUpperCase() : shown, { bold: state.bold, italic: state.italic, code: MONOSPACE_FONT.test(state.font ?? ""), strike: state.strike }),
        );
        return;
      }
      case "fldinst":
        this.fieldInstruction += value;
        return;
      case "ffl": {
        const entries = this.formField?.entries;
        if (entries?.length) entries[entries.length - 1] += value;
        return;
      }
      case "pict":
        this.picture?.hex.push(value);
        return;
      case "sn":
        if (this.picture) this.picture.propertyName += value;
        else if (this.shapeProperty) this.shapeProperty.name += value;
        return;
      case "sv":
        if (this.picture?.propertyName.trim() === "wzDescription") this.picture.description += value;
        else if (this.shapeProperty) this.shapeProperty.value += value;
        return;
      case "listtext":
        this.listText += value;
        return;
      case "pntext":
        this.legacyListText += value;
        return;
      case "fonttbl":
      case "stylesheet":
        if (this.entry) this.entry.text += value;
        return;
      case "title":
      case "author":
      case "description": {
        const metadata = this.document.metadata;
        metadata[state.destination] = `${metadata[state.destination] ?? ""}${value}`.replace(/\s+/g, " ").trimStart();
        return;
      }
      default:
    }
  }

  /** The `\pict` group closes: its hex data becomes the picture's bytes, its description its alt text. */
  private endPicture(): void {
    if (!this.picture) return;
    const { element, hex, description } = this.picture;
    const digits = hex.join("").replace(/[^0-9a-f]/gi, "");
    this.document.pictures.set(String(element.properties.src), Buffer.from(digits.length % 2 ? digits.slice(0, -1) : digits, "hex"));
    element.properties.alt = description.replace(/\s+/g, " ").trim();
    this.picture = undefined;
  }

  private flushBytes(): void {
    if (this.pendingBytes.length === 0) return;
    const bytes = this.pendingBytes;
    this.pendingBytes = [];
    this.write(decode(bytes, this.state.codePage));
  }

  private endParagraph(): RtfParagraph {
    this.flushBytes();
    const legacy = !this.listText.trim() && this.legacyListText.trim() !== "" && this.state.listId === undefined;
    const properties = legacy ? { ...this.state, listId: LEGACY_LIST_ID, listLevel: this.legacyListLevel } : this.state;
    const paragraph = paragraphOf(this.sink.runs, properties, resolveStyle(this.styles, this.state.style), this.listText || this.legacyListText);
    this.sink.runs = [];
    this.listText = "";
    this.legacyListText = "";
    this.legacyListLevel = 0;
    return paragraph;
  }
}

/**
 * Read RTF into paragraphs and tables (RTF 1.9.1): styles and outline levels for headings,
 * `\ls`/`\ilvl` lists (and pandoc's hanging-indent lists), `\intbl`/`\cell`/`\row` tables,
 * `HYPERLINK` fields, EQ rubies (their base text), `\footnote`s, bold and italic, text in each
 * font's code page or `\uN`, and pictures' bytes (`\pict` hex data). Headers, footers, comments
 * and field instructions are left out, and with `onlyMainContent` a table of contents (a TOC field's result)
 * and its title.
 * Note: the npm RTF readers (rtf-parser and @iarna/rtf-to-html, unmaintained since 2018) keep
 * only character formatting and throw on LibreOffice's output, so this reads the format itself.
 *
 * @throws {ScrapeError} `DOCUMENT_UNREADABLE` for groups nested past {@link MAX_ELEMENT_DEPTH}.
 */
export function readRtf(bytes: Uint8Array, name: string, options: { onlyMainContent: boolean } = { onlyMainContent: true }): RtfDocument {
  const document = new RtfReader(name, options.onlyMainContent).read(tokenize(bytes));
  for (const key of ["title", "author", "description"] as const) {
    const value = document.metadata[key]?.trim();
    if (value) document.metadata[key] = value;
    else delete document.metadata[key];
  }
  return document;
}
