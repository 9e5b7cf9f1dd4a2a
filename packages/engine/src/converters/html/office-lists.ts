import type { Element, ElementContent, Root, RootContent } from "hast";
import { toText } from "hast-util-to-text";
import { type FlatListItem, nestList } from "../hast-lists.js";

type Parent = Root | Element;

const MSO_LIST = /mso-list:\s*(l\d+)\s+level(\d+)/i;
const LABEL = /mso-list:\s*ignore/i;
const ORDERED_LABEL = /^\(?[0-9a-zA-Z]{1,4}[.)]/;

const styleOf = (node: RootContent): string => (node.type === "element" ? String(node.properties.style ?? "") : "");
const isBlank = (node: RootContent): boolean => (node.type === "text" && node.value.trim() === "") || node.type === "comment";

/** Remove Word's label span (`mso-list:Ignore`), returning its text (`·`, `1.`, `a)`). */
function takeLabel(parent: Element): string {
  let label = "";
  parent.children = parent.children.filter((child) => {
    if (child.type !== "element") return true;
    if (LABEL.test(styleOf(child))) {
      label ||= toText(child).trim();
      return false;
    }
    label ||= takeLabel(child);
    return true;
  });
  return label;
}

function listItem(paragraph: Element): FlatListItem & { list: string } {
  const [, list = "", level = "1"] = MSO_LIST.exec(styleOf(paragraph)) ?? [];
  const label = takeLabel(paragraph);
  return { list, level: Number(level) - 1, ordered: ORDERED_LABEL.test(label), content: paragraph.children };
}

/**
 * Word's "Save as Web Page" writes list items as paragraphs styled `mso-list:l0 level2 lfo1`, each
 * starting with its bullet or number as text in a `mso-list:Ignore` span. Runs of them become
 * real nested lists, numbered when their labels are numbers. Mutates `parent`.
 */
export function wordListsToLists(parent: Parent): void {
  const children: RootContent[] = [];
  const pending = parent.children;
  for (let i = 0; i < pending.length; i++) {
    const child = pending[i]!;
    if (child.type !== "element") {
      children.push(child);
      continue;
    }
    if (child.tagName !== "p" || !MSO_LIST.test(styleOf(child))) {
      wordListsToLists(child);
      children.push(child);
      continue;
    }
    const items = [listItem(child)];
    let next = i + 1;
    while (next < pending.length) {
      const candidate = pending[next]!;
      if (isBlank(candidate)) next++;
      else if (candidate.type === "element" && candidate.tagName === "p" && MSO_LIST.test(styleOf(candidate))) {
        const [, list, level] = MSO_LIST.exec(styleOf(candidate))!;
        // A new top-level list (another `l` number) starts a new HTML list.
        if (level === "1" && list !== items[0]!.list) break;
        items.push(listItem(candidate));
        next++;
      } else break;
    }
    children.push(nestList(items));
    i = next - 1;
  }
  parent.children = children as typeof parent.children;
}

/** A label a word processor drew itself: a bullet, or a number or letter with `.` or `)`. */
const DRAWN_LABEL = /^(?:[\u2022\u25e6\u25aa\u25cf\u2013\u2014\u00b7o*-]+|\(?[0-9a-zA-Z]{1,4}[.)])$/;

/** The first element of `li`'s first paragraph, when it is a floated span: where a drawn label sits. */
function floatedFirstSpan(item: Element): { parent: Element; span: Element } | undefined {
  const first = item.children.find((child) => !isBlank(child));
  const parent = first?.type === "element" && (first.tagName === "p" || first.tagName === "div") ? first : item;
  const span = parent.children.find((child) => !isBlank(child));
  if (span?.type !== "element" || span.tagName !== "span" || !/float\s*:\s*left/i.test(styleOf(span))) return undefined;
  return { parent, span };
}

/**
 * LibreOffice's XHTML export writes each item of a real `<ul>`/`<ol>` with its bullet or number
 * again as text, in a span floated to the left (`<li><p><span style="float:left">1.</span>…`);
 * Markdown numbers the item itself, so the drawn label goes. Mutates `parent`.
 */
export function dropDrawnListLabels(parent: Parent): void {
  for (const child of parent.children) {
    if (child.type !== "element") continue;
    if (child.tagName === "li") {
      const found = floatedFirstSpan(child);
      if (found && DRAWN_LABEL.test(toText(found.span).trim())) found.parent.children.splice(found.parent.children.indexOf(found.span), 1);
    }
    dropDrawnListLabels(child);
  }
}
