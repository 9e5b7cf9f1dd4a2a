/**
 * How a checkbox reads where a GFM task-list item cannot be used: Word's own ballot boxes, as its
 * checkbox content controls and legacy checkbox form fields show.
 */
export const CHECKED_BOX = "☒";
export const UNCHECKED_BOX = "☐";
