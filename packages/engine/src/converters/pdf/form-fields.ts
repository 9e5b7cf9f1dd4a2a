import type { PdfTextItem } from "./model.js";
import { boxUnder } from "./operators.js";
import type { Matrix } from "./operators.js";

/** The part of what pdf.js's `getAnnotations()` gives for a form field (a widget annotation) that is read here. */
interface WidgetAnnotation {
  subtype?: string;
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
/** A field whose appearance sets its size to 0 (auto) is shown at most this large, as viewers do. */
const MAX_AUTO_SIZE = 12;
/** Line height of a multi-line field, in font sizes. */
const LINE_HEIGHT = 1.15;

/**
 * The values of a page's filled-in form fields as text items where the fields are, so that they
 * take their place beside their labels ("Name: John Smith").
 *
 * Why: a form field's value lives in its widget annotation, not in the page's content, so pdf.js's
 * text layer leaves it out, while a viewer (and pdftotext) shows it. Text fields give their text,
 * choice fields their chosen options, check boxes and radio buttons a ballot box, checked or not;
 * hidden fields and push buttons give nothing.
 */
export function formFieldItems(annotations: readonly unknown[], viewportTransform: Matrix): PdfTextItem[] {
  const items: PdfTextItem[] = [];
  for (const annotation of annotations as WidgetAnnotation[]) {
    if (annotation.subtype !== "Widget" || annotation.hidden || annotation.rect?.length !== 4) continue;
    const lines = shownValue(annotation);
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
function shownValue(field: WidgetAnnotation): string[] {
  const value = field.fieldValue;
  if (field.fieldType === "Btn") {
    if (field.checkBox) return [typeof value === "string" && value !== "Off" && (field.exportValue === undefined || value === field.exportValue) ? CHECKED : UNCHECKED];
    if (field.radioButton) return [value !== undefined && value === field.buttonValue ? SELECTED : UNSELECTED];
    return [];
  }
  const text = Array.isArray(value) ? value.filter((option) => typeof option === "string").join(", ") : typeof value === "string" ? value : "";
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
