import type { Element, ElementContent, Root } from "hast";
import { toText } from "hast-util-to-text";

type Parent = Root | Element;

const isElement = (node: ElementContent): node is Element => node.type === "element";
const classesOf = (element: Element): string[] => (Array.isArray(element.properties.className) ? element.properties.className.map(String) : []);
const hasRole = (role: string) => (element: Element): boolean => element.properties.role === role;
const hasClass = (name: string) => (element: Element): boolean => classesOf(element).includes(name);

/** The elements under `parent` that pass `test`, in document order, not looking inside those found. */
function findAll(parent: Parent, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  for (const child of parent.children as ElementContent[]) {
    if (!isElement(child)) continue;
    if (test(child)) found.push(child);
    else found.push(...findAll(child, test));
  }
  return found;
}

/**
 * How a tab set is written: the WAI-ARIA pattern (`role="tablist"` of `role="tab"`, then
 * `role="tabpanel"`s: Docusaurus, Bootstrap), and PyMdown's tabbed extension, which MkDocs
 * Material uses (`tabbed-set` holding `tabbed-labels` and `tabbed-block`s; its documented markup).
 */
const TAB_SETS = [
  { list: hasRole("tablist"), tab: hasRole("tab"), panel: hasRole("tabpanel") },
  { list: hasClass("tabbed-labels"), tab: (element: Element) => element.tagName === "label", panel: hasClass("tabbed-block") },
];

const labelParagraph = (label: string): Element => ({
  type: "element",
  tagName: "p",
  properties: {},
  children: [{ type: "element", tagName: "strong", properties: {}, children: [{ type: "text", value: label }] }],
});

/**
 * Each tab's label as a bold paragraph at the head of its panel, and the row of labels left out,
 * when a tab set has as many labels as panels. Note: read as they stand, the labels came out as
 * one list (or one run, `pipconda`) above panels that no longer said which was which. Mutates `tree`.
 */
export function labelTabPanels(tree: Parent): void {
  for (const { list, tab, panel } of TAB_SETS) {
    for (const tabList of findAll(tree, list)) {
      const set = containerOf(tree, tabList);
      const labels = findAll(tabList, tab).map((element) => toText(element).replace(/\s+/g, " ").trim());
      const panels = set ? findAll(set, panel) : [];
      if (!set || labels.length === 0 || labels.length !== panels.length) continue;
      panels.forEach((element, index) => element.children.unshift(labelParagraph(labels[index]!)));
      removeFrom(set, tabList);
    }
  }
}

/** The parent of `target` under `parent`. */
function containerOf(parent: Parent, target: Element): Parent | undefined {
  for (const child of parent.children as ElementContent[]) {
    if (child === target) return parent;
    if (isElement(child)) {
      const found = containerOf(child, target);
      if (found) return found;
    }
  }
  return undefined;
}

function removeFrom(parent: Parent, target: Element): void {
  parent.children = parent.children.filter((child) => child !== target) as typeof parent.children;
}
