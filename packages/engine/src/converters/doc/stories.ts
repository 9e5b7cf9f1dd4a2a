import type { Fib, StreamRange } from "./fib.js";
import type { TextRange } from "./paragraphs.js";
import { readPlc } from "./plc.js";

/** A footnote or endnote: its GFM label and where its text is. */
export interface DocNote {
  label: string;
  text: TextRange;
}

/** The notes of one kind, with the positions of their references in the main text. */
export interface DocNotes {
  /** Main-text character position of each reference → the note's label. */
  references: Map<number, string>;
  notes: DocNote[];
}

/** A text box of the main text: where its text is, and the position of the shape it sits in. */
export interface DocTextBox {
  text: TextRange;
  anchor: number | undefined;
}

// FRD (a note reference's data, [MS-DOC] 2.9.103) is 2 bytes; FTXBXS (a text box's, 2.9.108)
// is 22, its shape id at byte 14; FSPA (a shape anchor's, 2.9.95) is 26, the shape id first.
const FRD_SIZE = 2;
const FTXBXS_SIZE = 22;
const FTXBXS_SHAPE_ID = 14;
const FSPA_SIZE = 26;

/**
 * Read footnotes or endnotes ([MS-DOC] 2.8.9 PlcffndRef, 2.8.10 PlcffndTxt, and their endnote
 * twins): reference positions in the main text, and each note's text in its story. Notes are
 * labelled `1, 2, …`, endnotes `e1, e2, …`, as the DOCX converter labels them.
 */
export function readNotes(table: Uint8Array, references: StreamRange, texts: StreamRange, storyStart: number, prefix: "" | "e"): DocNotes {
  const referencePlc = readPlc(table, references, FRD_SIZE);
  const textPlc = readPlc(table, texts, 0);
  const result: DocNotes = { references: new Map(), notes: [] };
  for (let index = 0; index < referencePlc.count && index + 1 < textPlc.positions.length; index++) {
    const label = `${prefix}${index + 1}`;
    result.references.set(referencePlc.positions[index]!, label);
    const start = storyStart + textPlc.positions[index]!;
    const end = storyStart + textPlc.positions[index + 1]!;
    if (end > start) result.notes.push({ label, text: { start, end } });
  }
  return result;
}

/**
 * Read the text boxes of the main text ([MS-DOC] 2.8.31 PlcftxbxTxt) and find each one's
 * anchor through the shape that holds it (2.8.25 PlcfSpa). The last entry of PlcftxbxTxt is
 * a placeholder, not a text box.
 */
export function readTextBoxes(table: Uint8Array, fib: Fib): DocTextBox[] {
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const boxes = readPlc(table, fib.textBoxTexts, FTXBXS_SIZE);
  const shapes = readPlc(table, fib.shapeAnchors, FSPA_SIZE);
  const anchorOfShape = new Map<number, number>();
  for (let index = 0; index < shapes.count; index++) {
    anchorOfShape.set(view.getInt32(shapes.dataAt(index), true), shapes.positions[index]!);
  }
  const textBoxes: DocTextBox[] = [];
  for (let index = 0; index + 1 < boxes.count; index++) {
    const start = fib.storyStart.textBoxes + boxes.positions[index]!;
    const end = fib.storyStart.textBoxes + boxes.positions[index + 1]!;
    const shapeId = view.getInt32(boxes.dataAt(index) + FTXBXS_SHAPE_ID, true);
    if (end > start) textBoxes.push({ text: { start, end }, anchor: anchorOfShape.get(shapeId) });
  }
  return textBoxes;
}
