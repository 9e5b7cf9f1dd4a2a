import { DOMParser, type Element } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { OMML_NAMESPACE, ommlToLatex } from "../../src/converters/docx/omml-to-latex.js";

/** Parse `<m:oMath>` content written with the `m:` prefix. */
function latexOf(content: string): string {
  const xml = `<m:oMath xmlns:m="${OMML_NAMESPACE}">${content}</m:oMath>`;
  return ommlToLatex(new DOMParser().parseFromString(xml, "text/xml").documentElement as Element);
}

const run = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;

describe("ommlToLatex", () => {
  it("writes fractions, scripts and radicals", () => {
    expect(latexOf(`<m:f><m:num>${run("a")}</m:num><m:den>${run("b+1")}</m:den></m:f>`)).toBe("\\frac{a}{b+1}");
    expect(latexOf(`<m:sSubSup><m:e>${run("x")}</m:e><m:sub>${run("i")}</m:sub><m:sup>${run("2")}</m:sup></m:sSubSup>`)).toBe("x_{i}^{2}");
    expect(latexOf(`<m:rad><m:deg>${run("3")}</m:deg><m:e>${run("y")}</m:e></m:rad>`)).toBe("\\sqrt[3]{y}");
    expect(latexOf(`<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${run("y")}</m:e></m:rad>`)).toBe("\\sqrt{y}");
  });

  it("writes n-ary operators with their limits, and delimiters", () => {
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${run("k=1")}</m:sub><m:sup>${run("n")}</m:sup><m:e>${run("k")}</m:e></m:nary>`;
    expect(latexOf(sum)).toBe("\\sum_{k=1}^{n} k");
    const braces = `<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val="}"/></m:dPr><m:e>${run("a")}</m:e><m:e>${run("b")}</m:e></m:d>`;
    expect(latexOf(braces)).toBe("\\left\\{a|b\\right\\}");
  });

  it("writes function names as operators and matrices row by row", () => {
    expect(latexOf(`<m:func><m:fName>${run("cos")}</m:fName><m:e>${run("x")}</m:e></m:func>`)).toBe("\\cos x");
    const matrix = `<m:m><m:mr><m:e>${run("1")}</m:e><m:e>${run("0")}</m:e></m:mr><m:mr><m:e>${run("0")}</m:e><m:e>${run("1")}</m:e></m:mr></m:m>`;
    expect(latexOf(matrix)).toBe("\\begin{matrix}1 & 0 \\\\ 0 & 1\\end{matrix}");
  });

  it("writes an upright function name outside m:func as the function, and pandoc's overline accent as a bar (pandoc's OMML)", () => {
    const upright = (text: string) => `<m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>${text}</m:t></m:r>`;
    expect(latexOf(run("a") + upright("cos") + run("t") + upright("+") + run("cos"))).toBe("a\\cos t+cos");
    expect(latexOf(`<m:acc><m:accPr><m:chr m:val="‾"/></m:accPr><m:e>${run("h")}</m:e></m:acc>`)).toBe("\\bar{h}");
    expect(latexOf(`<m:acc><m:accPr><m:chr m:val="¯"/></m:accPr><m:e>${run("x")}</m:e></m:acc>`)).toBe("\\bar{x}");
  });

  it("escapes LaTeX specials in text and drops invisible operators", () => {
    expect(latexOf(run("50% of a_b\u2061"))).toBe("50\\% of a\\_b");
  });
});
