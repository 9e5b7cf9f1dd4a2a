import type { Element } from "@xmldom/xmldom";

/** The Office Math (OMML) namespace. */
export const OMML_NAMESPACE = "http://schemas.openxmlformats.org/officeDocument/2006/math";

const NARY_OPERATORS: Record<string, string> = {
  "∑": "\\sum",
  "∏": "\\prod",
  "∐": "\\coprod",
  "∫": "\\int",
  "∬": "\\iint",
  "∭": "\\iiint",
  "∮": "\\oint",
  "⋃": "\\bigcup",
  "⋂": "\\bigcap",
  "⋁": "\\bigvee",
  "⋀": "\\bigwedge",
};

const ACCENTS: Record<string, string> = {
  "\u0302": "\\hat",
  "\u0303": "\\tilde",
  "\u0307": "\\dot",
  "\u0308": "\\ddot",
  "\u20d7": "\\vec",
  "\u0304": "\\bar",
  "\u0305": "\\bar",
  // Note: spacing forms of the macron and the overline, which pandoc writes for \bar.
  "\u00af": "\\bar",
  "\u203e": "\\bar",
  "\u030c": "\\check",
  "\u0301": "\\acute",
  "\u0300": "\\grave",
  "\u0306": "\\breve",
};

const DELIMITERS: Record<string, string> = {
  "": ".",
  "{": "\\{",
  "}": "\\}",
  "⟨": "\\langle",
  "〈": "\\langle",
  "⟩": "\\rangle",
  "〉": "\\rangle",
  "‖": "\\|",
  "⌊": "\\lfloor",
  "⌋": "\\rfloor",
  "⌈": "\\lceil",
  "⌉": "\\rceil",
};

const FUNCTION_NAMES = new Set(
  [
    ..."sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth".split(" "),
    ..."log ln lg exp lim max min sup inf det gcd deg arg dim ker Pr".split(" "),
  ],
);

// Invisible operators (function application, invisible times/separator/plus) carry no glyph.
const INVISIBLE = /[\u2061-\u2064]/g;
const LATEX_SPECIAL = /[\\{}#%&$_^~]/g;
const LATEX_ESCAPE: Record<string, string> = {
  "\\": "\\backslash ",
  "~": "\\sim ",
  "^": "\\hat{}",
};

function escapeText(text: string): string {
  return text.replace(INVISIBLE, "").replace(LATEX_SPECIAL, (char) => LATEX_ESCAPE[char] ?? `\\${char}`);
}

const ommlChildren = (element: Element): Element[] =>
  Array.from(element.childNodes).filter(
    (node): node is Element => node.nodeType === 1 && (node as Element).namespaceURI === OMML_NAMESPACE,
  );

const child = (element: Element, name: string): Element | undefined =>
  ommlChildren(element).find((node) => node.localName === name);

/** The `m:val` of a property such as `<m:naryPr><m:chr m:val="∑"/></m:naryPr>`, if set. */
function property(element: Element, properties: string, name: string): string | undefined {
  const holder = child(element, properties);
  const node = holder && child(holder, name);
  return node?.getAttributeNS(OMML_NAMESPACE, "val") ?? undefined;
}

const isOn = (value: string | undefined) => value === "1" || value === "on" || value === "true";

/** The LaTeX of an element's content (its children, properties skipped). */
function content(element: Element | undefined): string {
  if (!element) return "";
  return ommlChildren(element)
    .map(toLatex)
    .join("");
}

const script = (value: string) => `{${value}}`;

function functionName(name: string): string {
  const plain = name.trim();
  if (FUNCTION_NAMES.has(plain)) return `\\${plain}`;
  return /^[A-Za-z]+$/.test(plain) ? `\\operatorname{${plain}}` : plain;
}

function delimiter(element: Element): string {
  const begin = property(element, "dPr", "begChr") ?? "(";
  const end = property(element, "dPr", "endChr") ?? ")";
  const separator = property(element, "dPr", "sepChr") ?? "|";
  const parts = ommlChildren(element)
    .filter((node) => node.localName === "e")
    .map(content);
  return `\\left${DELIMITERS[begin] ?? begin}${parts.join(separator)}\\right${DELIMITERS[end] ?? end}`;
}

function nary(element: Element): string {
  const operator = property(element, "naryPr", "chr") ?? "∫";
  const sub = isOn(property(element, "naryPr", "subHide")) ? "" : content(child(element, "sub"));
  const sup = isOn(property(element, "naryPr", "supHide")) ? "" : content(child(element, "sup"));
  const limits = `${sub ? `_${script(sub)}` : ""}${sup ? `^${script(sup)}` : ""}`;
  return `${NARY_OPERATORS[operator] ?? operator}${limits} ${content(child(element, "e"))}`;
}

function matrix(element: Element): string {
  const rows = ommlChildren(element)
    .filter((node) => node.localName === "mr")
    .map((row) =>
      ommlChildren(row)
        .filter((node) => node.localName === "e")
        .map(content)
        .join(" & "),
    );
  return `\\begin{matrix}${rows.join(" \\\\ ")}\\end{matrix}`;
}

/**
 * A run's text. Note: a function name in upright type outside an `m:func` (pandoc writes
 * `\cos` so) is the function, as Word shows it: "a\cos", not the letters "acos".
 */
function run(element: Element): string {
  const text = ommlChildren(element)
    .filter((node) => node.localName === "t")
    .map((node) => node.textContent ?? "")
    .join("");
  const upright = property(element, "rPr", "sty") === "p";
  return upright && FUNCTION_NAMES.has(text.trim()) ? `\\${text.trim()} ` : escapeText(text);
}

/** Write one OMML element as LaTeX; unknown elements give the LaTeX of their content. */
function toLatex(element: Element): string {
  const e = () => content(child(element, "e"));
  switch (element.localName) {
    case "r":
      return run(element);
    case "f":
      return property(element, "fPr", "type") === "lin"
        ? `${content(child(element, "num"))}/${content(child(element, "den"))}`
        : `\\frac${script(content(child(element, "num")))}${script(content(child(element, "den")))}`;
    case "sSup":
      return `${e() || "{}"}^${script(content(child(element, "sup")))}`;
    case "sSub":
      return `${e() || "{}"}_${script(content(child(element, "sub")))}`;
    case "sSubSup":
      return `${e() || "{}"}_${script(content(child(element, "sub")))}^${script(content(child(element, "sup")))}`;
    case "sPre":
      return `{}_${script(content(child(element, "sub")))}^${script(content(child(element, "sup")))}${e()}`;
    case "rad": {
      const degree = content(child(element, "deg"));
      return degree ? `\\sqrt[${degree}]${script(e())}` : `\\sqrt${script(e())}`;
    }
    case "nary":
      return nary(element);
    case "d":
      return delimiter(element);
    case "func":
      return `${functionName(content(child(element, "fName")))} ${e()}`;
    case "limLow": {
      const base = functionName(e());
      const limit = content(child(element, "lim"));
      return base.startsWith("\\") ? `${base}_${script(limit)}` : `\\underset${script(limit)}${script(base)}`;
    }
    case "limUpp":
      return `\\overset${script(content(child(element, "lim")))}${script(e())}`;
    case "acc":
      return `${ACCENTS[property(element, "accPr", "chr") ?? "\u0302"] ?? "\\hat"}${script(e())}`;
    case "bar":
      return `${property(element, "barPr", "pos") === "top" ? "\\overline" : "\\underline"}${script(e())}`;
    case "groupChr": {
      const character = property(element, "groupChrPr", "chr") ?? "⏟";
      if (character === "⏟") return `\\underbrace${script(e())}`;
      if (character === "⏞") return `\\overbrace${script(e())}`;
      return e();
    }
    case "eqArr":
      return `\\begin{array}{l}${ommlChildren(element)
        .filter((node) => node.localName === "e")
        .map(content)
        .join(" \\\\ ")}\\end{array}`;
    case "m":
      return matrix(element);
    default:
      return element.localName?.endsWith("Pr") ? "" : content(element);
  }
}

/** Convert an `m:oMath` or `m:oMathPara` element to LaTeX (without `$` delimiters). */
export function ommlToLatex(element: Element): string {
  if (element.localName === "oMathPara") {
    return ommlChildren(element)
      .filter((node) => node.localName === "oMath")
      .map(content)
      .join(" \\\\ ");
  }
  return content(element).trim();
}
