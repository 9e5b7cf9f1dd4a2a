// The RTF control words the reader looks up rather than handles one by one (RTF 1.9.1).
import type { Destination } from "./reader.js";

/** Destinations whose text is never the document's. */
export const SKIPPED = new Set([
  "colortbl", "pict", "object", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr",
  "footerf", "listtable", "listoverridetable", "revtbl", "rsidtbl", "generator", "xmlnstbl", "themedata",
  "colorschememapping", "datastore", "latentstyles", "pgdsctbl", "nonshppict", "shpinst",
  "ftnsep", "ftnsepc", "aftnsep", "aftnsepc", "docvar", "userprops", "bkmkstart", "bkmkend", "annotation",
  "atnid", "atnauthor", "xe", "tc", "fldtype", "filetbl", "operator", "company", "comment", "keywords",
  "doccomm", "hlinkbase", "category", "manager", "template", "printim", "buptim", "creatim", "revtim",
]);
export const INFO_FIELDS: Readonly<Record<string, Destination>> = { title: "title", author: "author", subject: "description" };
/** Control words that stand for one character. */
export const CHARACTERS: Readonly<Record<string, string>> = {
  emdash: "\u2014", endash: "\u2013", bullet: "\u2022", lquote: "\u2018", rquote: "\u2019", ldblquote: "\u201c", rdblquote: "\u201d",
};
/** Windows code page of each `\fcharset` (RTF 1.9.1, "Font table"). */
export const CODE_PAGE_OF_CHARSET: Readonly<Record<number, number>> = {
  0: 1252, 128: 932, 129: 949, 130: 1361, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258,
  177: 1255, 178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250,
};
