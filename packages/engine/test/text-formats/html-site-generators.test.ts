import { describe, expect, it } from "vitest";
import { convertNamed } from "./helpers.js";

const page = (body: string): string => `<!DOCTYPE html><html lang="en"><head><title>Page</title></head><body>${body}</body></html>`;
const markdownOf = async (html: string, onlyMainContent = true): Promise<string> =>
  (await convertNamed(page(html), "page.html", { onlyMainContent })).markdown;

describe("HTML pages as site generators and CMSs write them", () => {
  it("keep a post that a chrome class name wraps when it holds most of the page's text (Blogger's `widget Blog`)", async () => {
    const post = "<h3>The Pellow letters</h3><p>Nine letters sent from Ballarat between 1856 and 1861 turned up in a Truro attic, with their envelopes.</p>";
    const markdown = await markdownOf(`<div class="main"><div class="widget Blog">${post}</div></div><div class="widget BlogArchive"><h2>Blog Archive</h2></div>`);
    expect(markdown).toContain("Nine letters sent from Ballarat");
    expect(markdown).not.toContain("Blog Archive");
    const stories = Array.from({ length: 12 }, (_, n) => `<li><a href="/story/${n}">Council approves the new harbour wall plan, part ${n}</a></li>`).join("");
    const short = await markdownOf(`<h1>Bridge reopens</h1><p>The bridge reopened on Monday.</p><div class="related"><h2>More stories</h2><ul>${stories}</ul></div>`);
    expect(short).toContain("The bridge reopened on Monday.");
    expect(short).not.toContain("harbour wall");
  });

  it("leave out what the page keeps off print (feedback prompts, page tools), but keep a whole page so marked", async () => {
    const feedback = `<div class="gem-c-feedback govuk-!-display-none-print"><h2>Is this page useful?</h2></div><div class="d-print-none"><p>Was this page helpful?</p></div>`;
    const markdown = await markdownOf(`<main><h1>Register an HMO</h1><p>You must register a large HMO with your council.</p>${feedback}</main>`);
    expect(markdown).toContain("You must register a large HMO");
    expect(markdown).not.toMatch(/useful|helpful/);
    const steps = `<div class="gem-c-step-nav govuk-!-display-none-print"><ol><li><h2>Check you're allowed to drive</h2><p>Most people can start learning at 17, and some at 16.</p></li></ol></div>`;
    expect(await markdownOf(`<main><h1>Learn to drive</h1>${steps}</main>`)).toContain("Most people can start learning at 17");
  });

  it("keep every tab panel of a tab set, not only the open one", async () => {
    const tabs = `<ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li></ul><div role="tabpanel"><pre><code>npm install quillpad</code></pre></div><div role="tabpanel" hidden><pre><code>yarn add quillpad</code></pre></div>`;
    const markdown = await markdownOf(`<main><h1>Install</h1>${tabs}<div hidden><p>Closed dialog</p></div></main>`);
    expect(markdown).toContain("yarn add quillpad");
    expect(markdown).not.toContain("Closed dialog");
  });

  it("put the page's title before the main content when it stands outside the main landmark", async () => {
    const markdown = await markdownOf(
      `<header><h1 class="site-name">Westbury Council</h1></header><div class="region"><h1>Library hours change in May</h1></div><div role="main"><p>From 5 May the library opens at ten.</p></div>`,
    );
    expect(markdown).toMatch(/^# Library hours change in May\n\nFrom 5 May/);
    expect(markdown).not.toContain("Westbury Council");
    const hidden = await markdownOf(`<div hidden><h1>Old title</h1></div><div role="main"><p>From 5 May the library opens at ten.</p></div>`);
    expect(hidden).not.toContain("Old title");
  });

  it("write the checkboxes of a rendered task list as a GFM task list", async () => {
    const list = `<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled checked> Compaction</li><li class="task-list-item"><input type="checkbox" disabled> Replication</li></ul>`;
    const markdown = await markdownOf(`<article class="markdown-body"><h2>Roadmap</h2>${list}<form><input type="text" value="search"></form></article>`);
    expect(markdown).toContain("- [x] Compaction\n- [ ] Replication");
    expect(markdown).not.toContain("search");
  });

  it("read the layout tables of an HTML email as blocks, and keep the data tables inside them", async () => {
    const items = `<table><thead><tr><th>Item</th><th>Total</th></tr></thead><tbody><tr><td>Assam tea</td><td>$18.00</td></tr></tbody></table>`;
    const columns = `<table width="100%"><tr><td><h3>Shipping to</h3><p>44 Alder Road</p></td><td width="20">&nbsp;</td><td><h3>Payment</h3><p>Visa ending 4242</p></td></tr></table>`;
    const email = `<table width="100%"><tr><td><table width="580" role="presentation"><tr><td><h2>Thanks for your order!</h2>${items}${columns}</td></tr></table></td></tr></table>`;
    const markdown = await markdownOf(email);
    expect(markdown).toMatch(/^## Thanks for your order!\n/);
    expect(markdown).toMatch(/\| Assam tea \| \\\$18\.00 \|/);
    expect(markdown).toContain("### Shipping to\n\n44 Alder Road\n\n### Payment\n\nVisa ending 4242");
  });

  it("leave out permalinks beside headings and links that show nothing", async () => {
    const headings =
      `<h1 id="quickstart">Quickstart<a class="headerlink" href="#quickstart" title="Link to this heading">¶</a></h1>` +
      `<h2 id="install">Install<a href="#install" class="hash-link" aria-label="Direct link to Install">&#8203;</a></h2>` +
      `<h2 id="usage"><a href="#usage" class="anchor-heading"><svg><use href="#svg-link"></use></svg></a> Usage</h2>`;
    const markdown = await markdownOf(`<main>${headings}<p>See <a href="#install">the install step</a>.</p><p><a href="https://x.com/share"><svg></svg></a></p></main>`);
    expect(markdown).toContain("# Quickstart\n\n## Install\n\n## Usage\n\nSee the install step.");
    for (const mark of ["¶", "\u200b", "[]("]) expect(markdown).not.toContain(mark);
  });

  it("drop the line numbers of highlighted code, in a gutter column or inline", async () => {
    const gutter = `<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>\n<span class="normal">2</span></pre></div></td><td class="code"><div><pre><span></span>import os\nos.getcwd()\n</pre></div></td></tr></table>`;
    const inline = `<pre class="chroma"><code class="language-go"><span class="line"><span class="ln">1</span><span class="cl">srv.Shutdown(ctx)\n</span></span></code></pre>`;
    const steps = `<table><tr><th>Step</th><th>Command</th></tr><tr><td>1</td><td><pre>make</pre></td></tr></table>`;
    const markdown = await markdownOf(`<main><h1>Code</h1>${gutter}${inline}${steps}</main>`);
    expect(markdown).toContain("```\nimport os\nos.getcwd()\n```");
    expect(markdown).toContain("```go\nsrv.Shutdown(ctx)\n```");
    expect(markdown).not.toMatch(/^\d$/m);
    expect(markdown).toContain("| 1    | `make`  |");
  });

  it("leave out sharing, sign-up and advertising boxes named by compound classes", async () => {
    const boxes =
      `<div class="share-bar"><span class="share-count">214 shares</span></div>` +
      `<div class="newsletter-signup-inline"><h3>Get the Morning Tide newsletter</h3></div>` +
      `<div class="ad-container"><div>Advertisement</div></div>` +
      `<div class="post-share-buttons"><a href="https://example.org/share?target=email">Email This</a></div>` +
      `<section class="feedback-section"><h2>Feedback</h2><p>Was this page helpful?</p></section>`;
    const markdown = await markdownOf(`<main><h1>Ferry fares rise</h1><p>Fares rise by 8% from June, the operator said on Friday.</p>${boxes}<section id="related-work"><h2>Related work</h2><p>Earlier fare studies.</p></section></main>`);
    expect(markdown).toContain("Fares rise by 8% from June");
    expect(markdown).toContain("## Related work\n\nEarlier fare studies.");
    for (const chrome of ["214 shares", "Morning Tide", "Advertisement", "Email This", "helpful"]) expect(markdown).not.toContain(chrome);
  });

  it("leave out MediaWiki's section edit links and jump links, and nbconvert's cell prompts", async () => {
    const edit = `<span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=Rennet&amp;action=edit&amp;section=1">edit</a><span class="mw-editsection-bracket">]</span></span>`;
    const wiki = `<div id="content" role="main"><h1>Rennet</h1><a class="mw-jump-link" href="#mw-head">Jump to navigation</a><div class="mw-parser-output"><h2><span class="mw-headline" id="History">History</span>${edit}</h2><p>Stomach linings curdled milk.</p></div></div>`;
    const wikiMarkdown = await markdownOf(wiki);
    expect(wikiMarkdown).toContain("## History\n\nStomach linings curdled milk.");
    expect(wikiMarkdown).not.toMatch(/edit|Jump to/);
    const cell = `<div class="jp-Cell jp-CodeCell"><div class="jp-InputArea"><div class="jp-InputPrompt jp-InputArea-prompt">In&nbsp;[1]:</div><div class="highlight hl-ipython3"><pre>df.mean()</pre></div></div><div class="jp-OutputArea-child"><div class="jp-OutputPrompt jp-OutputArea-prompt">Out[1]:</div><pre>1506.5</pre></div></div>`;
    const notebook = await markdownOf(`<main><h1>Rainfall</h1>${cell}</main>`);
    expect(notebook).toContain("df.mean()");
    expect(notebook).toContain("1506.5");
    expect(notebook).not.toMatch(/In\s*\[1\]|Out\[1\]/);
  });

  it("label each tab panel with its tab, for ARIA tab sets and MkDocs Material's tabbed blocks", async () => {
    const aria = `<div class="tabs-container"><ul role="tablist"><li role="tab">npm</li><li role="tab">Yarn</li></ul><div><div role="tabpanel"><pre><code>npm install quillpad</code></pre></div><div role="tabpanel" hidden><pre><code>yarn add quillpad</code></pre></div></div></div>`;
    expect(await markdownOf(`<main><h1>Install</h1>${aria}</main>`)).toContain("# Install\n\n**npm**\n\n```\nnpm install quillpad\n```\n\n**Yarn**\n\n```\nyarn add quillpad\n```");
    const tabbed = `<div class="tabbed-set tabbed-alternate" data-tabs="1:2"><input checked id="__tabbed_1_1" name="__tabbed_1" type="radio"><input id="__tabbed_1_2" name="__tabbed_1" type="radio"><div class="tabbed-labels"><label for="__tabbed_1_1">pip</label><label for="__tabbed_1_2">conda</label></div><div class="tabbed-content"><div class="tabbed-block"><p>pip install lanternfish</p></div><div class="tabbed-block"><p>conda install lanternfish</p></div></div></div>`;
    expect(await markdownOf(`<main><h1>Install</h1>${tabbed}</main>`)).toContain("# Install\n\n**pip**\n\npip install lanternfish\n\n**conda**\n\nconda install lanternfish");
  });

  it("fence code in the language its wrapper names (Sphinx's highlight-x, MkDocs' language-x)", async () => {
    const sphinx = `<div class="highlight-python notranslate"><div class="highlight"><pre><span></span><span class="kn">import</span> <span class="nn">os</span>\n</pre></div></div>`;
    const mkdocs = `<div class="language-toml highlight"><pre><span></span><code><span class="k">[http]</span>\n</code></pre></div>`;
    const plain = `<div class="highlight-default notranslate"><div class="highlight"><pre><span></span>make html\n</pre></div></div>`;
    const markdown = await markdownOf(`<main><h1>Code</h1>${sphinx}${mkdocs}${plain}</main>`);
    expect(markdown).toContain("```python\nimport os\n```\n\n```toml\n[http]\n```\n\n```\nmake html\n```");
  });

  it("read the article that holds most of a page's text when teaser articles stand beside it", async () => {
    const story = `<article><h1>Rare orchid found on railway verge</h1><p>A lizard orchid has been found growing beside the line near Westbury, the first record since 1931.</p><p>Network Rail has fenced off the verge until the plant has set seed.</p></article>`;
    const teasers = `<section><h2>More on this story</h2><article><h3><a href="/bee">Bee orchids bloom</a></h3></article><article><h3><a href="/meadow">Meadow sown</a></h3></article></section>`;
    const markdown = await markdownOf(`<div class="page">${story}${teasers}</div>`);
    expect(markdown).toContain("Network Rail has fenced off the verge");
    expect(markdown).not.toMatch(/More on this story|Bee orchids/);
  });

  it("keep a quotation written as an <aside> among a post's paragraphs (Discourse's quoted posts)", async () => {
    const post = `<div class="post"><p>After the update my Pi no longer boots.</p><aside class="quote" data-username="admin"><div class="title">admin:</div><blockquote><p>Set BOOT_ORDER to 0xf416.</p></blockquote></aside><p>I tried that; no luck.</p></div>`;
    const markdown = await markdownOf(`<main><h1>Pi 5 will not boot</h1>${post}<aside><blockquote>Site motto</blockquote></aside></main>`);
    expect(markdown).toContain("> Set BOOT_ORDER to 0xf416.\n\nI tried that; no luck.");
    expect(markdown).not.toContain("Site motto");
  });
});
