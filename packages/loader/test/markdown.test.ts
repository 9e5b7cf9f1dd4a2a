import { describe, expect, it } from "vitest";
import { processMarkdown } from "../src/markdown.js";

const URL_BASE = "https://docs.example.org/files/handbook.pdf";
const run = (markdown: string, options: Partial<Parameters<typeof processMarkdown>[1]> = {}) =>
  processMarkdown(markdown, { url: URL_BASE, fallbackTitle: "handbook", ...options });

describe("processMarkdown", () => {
  it("takes the title from metadata, else the first heading, else the file name", async () => {
    const markdown = "Intro text.\n\n## Staff Handbook\n\nBody.";
    expect((await run(markdown, { metadataTitle: "  Official Title " })).title).toBe("Official Title");
    expect((await run(markdown, { metadataTitle: "" })).title).toBe("Staff Handbook");
    expect((await run("Just a paragraph.")).title).toBe("handbook");
  });

  it("takes the description from metadata, else the first paragraph cut near 160 characters", async () => {
    const long = "word ".repeat(100).trim();
    expect((await run(`# T\n\n${long}`, { metadataDescription: "Given." })).description).toBe("Given.");
    const description = (await run(`# T\n\n${long}\n\nSecond paragraph.`)).description;
    expect(description.length).toBeLessThanOrEqual(161);
    expect(description.endsWith("word…")).toBe(true);
    expect((await run("# T\n\nShort one.")).description).toBe("Short one.");
  });

  it("slugs headings like GitHub, de-duplicates them, and puts the slugs on the HTML ids", async () => {
    const result = await run("# Travel Policy\n\n## Costs & Limits\n\n## Costs & Limits\n\n### Über uns");
    expect(result.headings).toEqual([
      { depth: 1, slug: "travel-policy", text: "Travel Policy" },
      { depth: 2, slug: "costs--limits", text: "Costs & Limits" },
      { depth: 2, slug: "costs--limits-1", text: "Costs & Limits" },
      { depth: 3, slug: "über-uns", text: "Über uns" },
    ]);
    expect(result.html).toContain('<h2 id="costs--limits-1">');
    expect(result.html).toContain('<h1 id="travel-policy">');
  });

  it("counts words across paragraphs, lists and tables", async () => {
    const result = await run("# One two\n\nthree four five.\n\n- six\n- seven\n\n| eight | nine |\n| --- | --- |\n| ten | 11 |");
    expect(result.wordCount).toBe(11);
  });

  it("makes relative links and images absolute against an http(s) document URL", async () => {
    const result = await run("See [the annex](annex.pdf), ![logo](../img/logo.png), [top](#top) and [site](https://a.example/).");
    expect(result.markdown).toContain("https://docs.example.org/files/annex.pdf");
    expect(result.markdown).toContain("https://docs.example.org/img/logo.png");
    expect(result.markdown).toContain("(#top)");
    expect(result.html).toContain('href="https://docs.example.org/files/annex.pdf"');
    expect(result.html).toContain('src="https://docs.example.org/img/logo.png"');
  });

  it("leaves links of local documents and unchanged Markdown alone", async () => {
    const markdown = "*  Odd   bullet spacing [annex](annex.pdf)";
    expect((await run(markdown, { url: "file:///srv/site/documents/handbook.pdf" })).markdown).toBe(markdown);
  });

  it("sanitises the HTML: no scripts, event handlers or javascript: URLs", async () => {
    const result = await run(
      '# Title\n\n<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="javascript:alert(4)">raw</a>',
    );
    expect(result.html).not.toMatch(/<script|onerror|javascript:|alert\(/i);
    expect(result.html).toContain(">click</a>");
  });

  it("sanitises what user rehype plugins add, but keeps heading ids", async () => {
    const injectScript = () => (tree: { children: unknown[] }) => {
      tree.children.push({ type: "element", tagName: "script", properties: {}, children: [{ type: "text", value: "evil()" }] });
      tree.children.push({ type: "element", tagName: "p", properties: { id: "note", onClick: "evil()" }, children: [] });
    };
    const result = await run("## Section", { rehypePlugins: [injectScript] });
    expect(result.html).not.toContain("evil");
    expect(result.html).toContain('id="user-content-note"');
    expect(result.html).toContain('<h2 id="section">');
  });

  it("runs user remark plugins on the syntax tree", async () => {
    const shout = () => (tree: { children: Array<{ type: string; children?: Array<{ value?: string }> }> }) => {
      for (const node of tree.children) for (const child of node.children ?? []) if (child.value) child.value = child.value.toUpperCase();
    };
    const result = await run("# quiet title\n\nquiet text", { remarkPlugins: [shout] });
    expect(result.title).toBe("QUIET TITLE");
    expect(result.markdown).toContain("QUIET TEXT");
    expect(result.html).toContain("QUIET TEXT");
  });
});

describe("stored pictures", () => {
  it("become references Astro's image pipeline resolves, listed as imagePaths, never made absolute", async () => {
    const result = await processMarkdown("![A chart](image-0123456789abcdef.png)\n\n![Again](image-0123456789abcdef.png)\n\n![Remote](pic.png)\n", {
      url: "https://example.org/docs/report.pdf",
      fallbackTitle: "report",
      images: new Set(["image-0123456789abcdef.png"]),
    });
    expect(result.imagePaths).toEqual(["./image-0123456789abcdef.png"]);
    expect(result.html).toContain('<img __ASTRO_IMAGE_="{&#x22;alt&#x22;:&#x22;A chart&#x22;,&#x22;src&#x22;:&#x22;./image-0123456789abcdef.png&#x22;,&#x22;index&#x22;:0}">');
    expect(result.html).toContain("&#x22;index&#x22;:1}");
    expect(result.html).toContain('<img src="https://example.org/docs/pic.png" alt="Remote">');
    expect(result.markdown).toContain("![A chart](image-0123456789abcdef.png)");
  });
});
