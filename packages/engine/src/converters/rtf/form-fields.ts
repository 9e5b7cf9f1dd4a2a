import { CHECKED_BOX, UNCHECKED_BOX } from "../word/ballot-boxes.js";

/** A legacy Word form field's `{\*\formfield …}` group (inside a field's instruction), as read so far. */
export interface RtfFormField {
  /** `\fftype`: 0 text, 1 checkbox, 2 drop-down. */
  type: number | undefined;
  /** `\ffres`: the checkbox's state or the drop-down's chosen entry. */
  result: number | undefined;
  /** `\ffdefres`: the default state or entry. */
  defaultResult: number | undefined;
  /** The drop-down's entries (`{\*\ffl …}`), in order. */
  entries: string[];
}

const CHECKBOX = 1;
const DROP_DOWN = 2;
// Note: `\ffres25` means "no result of its own": the default shows.
const USE_DEFAULT = 25;

export const emptyFormField = (): RtfFormField => ({ type: undefined, result: undefined, defaultResult: undefined, entries: [] });

/** Read one control word of a `\formfield` group into `field`. */
export function readFormFieldWord(field: RtfFormField, word: string, param: number | undefined): void {
  if (word === "fftype") field.type = param ?? 0;
  else if (word === "ffres") field.result = param;
  else if (word === "ffdefres") field.defaultResult = param;
}

/**
 * What a checkbox or drop-down form field shows: ☒ or ☐ (as the DOCX converter writes a checkbox),
 * or the chosen entry. Note: Word writes neither's shown text as the field's result. Undefined for a
 * text form field, whose result is its text.
 */
export function formFieldText(field: RtfFormField): string | undefined {
  const chosen = field.result === undefined || field.result === USE_DEFAULT ? (field.defaultResult ?? 0) : field.result;
  if (field.type === CHECKBOX) return chosen ? CHECKED_BOX : UNCHECKED_BOX;
  if (field.type === DROP_DOWN) return field.entries[chosen] ?? field.entries[0];
  return undefined;
}
