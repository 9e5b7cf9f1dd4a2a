import type { Element, ElementContent, Root, RootContent } from "hast";
import { toText } from "hast-util-to-text";
import { type FlatListItem, nestList } from "../hast-lists.js";

type Parent = Root | Element;

const MSO_LIST = /mso-list:\s*(l\d+)\s+level(\d+)/i;
const LABEL = /mso-list:\s*ignore/i;
const ORDERED_LABEL = /^\(?[0-9a-zA-Z]{1,4}[.)]/;

const styleOf = (node: RootContent): string => (node.type === "element" ? String(node.properties.style ?? "") : "");
const isBlank = (node: RootContent): boolean => node.type === "text" && node.value.trim() === "" || node.type === "comment";

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
