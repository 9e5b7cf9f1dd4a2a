import type { PdfTextItem } from "./model.js";
import { boxUnder } from "./operators.js";
import type { Matrix } from "./operators.js";

/** The part of what pdf.js's `getAnnotations()` gives for a form field (a widget) or a typed note (free text) that is read here. */
interface TextAnnotation {
  subtype?: string;
  contentsObj?: { str?: string };
  fieldType?: string;
  fieldValue?: unknown;
  rect?: number[];
  checkBox?: boolean;
  radioButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  hidden?: boolean;
  defaultAppearanceData?: { fontSize?: number };
}

const CHECKED = "☑";
const UNCHECKED = "☐";
const SELECTED = "◉";
const UNSELECTED = "○";
/** Text whose appearance sets its size to 0 (auto) is shown at most this large, as viewers do. */
const MAX_AUTO_SIZE = 12;
/** Line height of a multi-line field, in font sizes. */
const LINE_HEIGHT = 1.15;

/**
 * The text a page shows in annotations, as text items where they are: the values of filled-in form
 * fields, which take their place beside their labels ("Name: John Smith"), and text typed onto the
 * page as free-text annotations (as "Fill & Sign" fills in a form that has no fields).
 *
 * Why: this text lives in the page's annotations, not in its content, so pdf.js's text layer
 * leaves it out, while a viewer (and pdftotext) shows it. Text fields give their text, choice
 * fields their chosen options, check boxes and radio buttons a ballot box, checked or not; hidden
 * annotations and push buttons give nothing.
 */
export function annotationTextItems(annotations: readonly unknown[], viewportTransform: Matrix): PdfTextItem[] {
  const items: PdfTextItem[] = [];
  for (const annotation of annotations as TextAnnotation[]) {
    if (annotation.hidden || annotation.rect?.length !== 4) continue;
    const lines = annotation.subtype === "Widget" ? shownValue(annotation) : annotation.subtype === "FreeText" ? linesOf(annotation.contentsObj?.str) : [];
    if (lines.length === 0) continue;
    const box = boxUnder(annotation.rect, viewportTransform);
    const height = box.bottom - box.top;
    const fontSize = annotation.defaultAppearanceData?.fontSize || Math.min(MAX_AUTO_SIZE, Math.max(1, height * 0.7));
    // Note: a single line sits centred in its box, as viewers draw it; more lines run down from the top.
    const firstBaseline = lines.length === 1 ? box.top + (height + fontSize * 0.7) / 2 : box.top + fontSize;
    lines.forEach((text, index) => {
      const x = box.left + Math.min(2, (box.right - box.left) / 4);
      items.push({
        text,
        x,
        right: x + fontSize * 0.5 * text.length,
        baseline: firstBaseline + index * fontSize * LINE_HEIGHT,
        fontSize,
        bold: false,
        italic: false,
        monospace: false,
        fromImage: false,
        vertical: false,
        href: undefined,
      });
    });
  }
  return items;
}

/** The lines a field shows: none when it is empty or shows no value. */
function shownValue(field: TextAnnotation): string[] {
  const value = field.fieldValue;
  if (field.fieldType === "Btn") {
    if (field.checkBox) return [typeof value === "string" && value !== "Off" && (field.exportValue === undefined || value === field.exportValue) ? CHECKED : UNCHECKED];
    if (field.radioButton) return [value !== undefined && value === field.buttonValue ? SELECTED : UNSELECTED];
    return [];
  }
  return linesOf(Array.isArray(value) ? value.filter((option) => typeof option === "string").join(", ") : typeof value === "string" ? value : "");
}

const linesOf = (text = ""): string[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
