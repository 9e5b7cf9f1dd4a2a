import type { Element, Parents } from "hast";
import { toText } from "hast-util-to-text";
import type { Handle } from "hast-util-to-mdast";
import type { PhrasingContent, Text } from "mdast";

// Note: GFM has no superscript or subscript, and the site's Markdown renderer drops raw HTML
// (`<sup>2</sup>` would show as "x2"), so raised and lowered text is written as pandoc writes it
// for Markdown without raw HTML: Unicode characters when there is one for every character
// (x², H₂O, 10⁻³), else the marked text in brackets (e^(iπ), x_(ij)).
const SUPERSCRIPT: Readonly<Record<string, string>> = {
  "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
  "+": "⁺", "-": "⁻", "\u2212": "⁻", "=": "⁼", "(": "⁽", ")": "⁾",
};
const SUBSCRIPT: Readonly<Record<string, string>> = {
  "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
  "+": "₊", "-": "₋", "\u2212": "₋", "=": "₌", "(": "₍", ")": "₎",
};
const MARKER = { sup: "^", sub: "_" } as const;

// Note: word processors raise an ordinal's suffix on their own (1st, 2nd, 3e, 1er, 2º); read
// after its number it is the plain word, not an exponent.
const ORDINAL_SUFFIX = /^(st|nd|rd|th|e|er|re|ère|ème|o|a|os|as|º|ª)$/i;
export const ENDS_WITH_DIGIT = /\d$/;

function precededByNumber(node: Element, parent: Parents | undefined): boolean {
  const siblings = parent?.children ?? [];
  const before = siblings[siblings.indexOf(node as (typeof siblings)[number]) - 1];
  return before?.type === "text" && ENDS_WITH_DIGIT.test(before.value);
}

// Note: a note or citation mark is raised to show it is one, and shows so on its own.
const BRACKETED = /^\[.*\]$/;
const isReferenceMark = (value: string, content: readonly PhrasingContent[]): boolean =>
  BRACKETED.test(value) || content.some((child) => child.type === "footnoteReference");

/** `value` in Unicode super- or subscript characters, or undefined when one has none. */
function inScriptCharacters(value: string, characters: Readonly<Record<string, string>>): string | undefined {
  let written = "";
  for (const character of value) {
    const raised = characters[character];
    if (raised === undefined) return undefined;
    written += raised;
  }
  return written;
}

/**
 * Raised (`sup`) or lowered (`sub`) text as it is written: in Unicode script characters when every
 * character has one (x², H₂O), an ordinal's suffix after its number as it is (1st), else marked
 * `^(…)` / `_(…)`. Shared with the readers that build Markdown directly (DOC).
 */
export function raisedString(value: string, kind: "sup" | "sub", afterNumber: boolean): string {
  const characters = inScriptCharacters(value, kind === "sup" ? SUPERSCRIPT : SUBSCRIPT);
  if (characters !== undefined) return characters;
  if (kind === "sup" && afterNumber && ORDINAL_SUFFIX.test(value)) return value;
  return `${MARKER[kind]}(${value})`;
}

/**
 * hast-util-to-mdast handler for `<sup>` and `<sub>`: its text as {@link raisedString} writes it,
 * a note mark as it is ([3]), and marked content (a link, emphasis) between `^(` and `)`.
 */
export const raisedText: Handle = (state, node, parent) => {
  const kind = node.tagName === "sub" ? "sub" : "sup";
  const content = state.all(node) as PhrasingContent[];
  const value = toText(node).trim();
  if (value === "" || isReferenceMark(value, content)) return content;
  if (content.every((child) => child.type === "text")) {
    return { type: "text", value: raisedString(value, kind, precededByNumber(node, parent)) } satisfies Text;
  }
  return [{ type: "text", value: `${MARKER[kind]}(` }, ...content, { type: "text", value: ")" }];
};
