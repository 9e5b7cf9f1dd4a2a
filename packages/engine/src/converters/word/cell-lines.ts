import type { Html, PhrasingContent } from "mdast";

const LINE_BREAK: Html = { type: "html", value: "<br>" };

/** The content of a table cell whose lines are separated by `<br>`, as DOCX and DOC tables write it. */
export function joinCellLines(lines: readonly PhrasingContent[][]): PhrasingContent[] {
  return lines.flatMap((line, index) => (index === 0 ? line : [{ ...LINE_BREAK }, ...line]));
}
