import { describe, expect, it } from "vitest";
import { convertNamed, corpusFile } from "./helpers.js";

/** A Word-style RTF: a style sheet with a heading style, a list, a table, a link, a footnote, a header and a picture. */
const WORD_RTF = String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\froman\fcharset0 Times;}{\f1\fnil\fcharset204 Arial Cyr;}}
{\stylesheet{\s0 Normal;}{\s1\outlinelevel0 heading 1;}{\s2 heading 2;}}
{\info{\title Harbour Log}{\author Ines Marr}}
{\header\pard\plain Page header text\par}
\pard\plain\s1 Harbour Log\par
\pard\plain\s2 Arrivals\par
\pard\plain Caf\'e9 opened at six, \f1 \'cf\'f0\'e8\'e2\'e5\'f2\f0 , and the price rose to 3\u8364?.\par
{\listtext\pard\plain \u8226\'95\tab}\pard\plain\ls1\ilvl0 Ferries\par
{\listtext\pard\plain \u8226\'95\tab}\pard\plain\ls1\ilvl1 Morning ferry\par
{\listtext\pard\plain 1.\tab}\pard\plain\ls2\ilvl0 Count the boats\par
\pard\plain\intbl Boat\cell Crew\cell\row
\pard\plain\intbl Gull\cell 4\cell\row
\pard\plain See {\field{\*\fldinst HYPERLINK "https://example.org/harbour"}{\fldrslt the harbour page}} and the {\b tide}{\i  table}.{\super\chftn}{\footnote\pard\plain\chftn  Tides from the port office.\par}\par
{\*\shppict{\pict\pngblip 89504e470d0a1a0a0000000d4948445200000001}}{\nonshppict{\pict\wmetafile8 0100}}\par
}`;

describe("RTF", () => {
  it("reads headings, lists, tables, links, emphasis and footnotes; leaves out headers and picture data", async () => {
    const { markdown, metadata, warnings } = await convertNamed(WORD_RTF, "log.rtf");
    expect(markdown).toBe(
      [
        "# Harbour Log",
        "",
        "## Arrivals",
        "",
        "Café opened at six, Привет, and the price rose to 3€.",
        "",
        "- Ferries",
        "  - Morning ferry",
        "",
        "1. Count the boats",
        "",
        "| Boat | Crew |",
        "| ---- | ---- |",
        "| Gull | 4    |",
        "",
        "See [the harbour page](https://example.org/harbour) and the **tide** *table*.[^1]",
        "",
        "[^1]: Tides from the port office.",
        "",
      ].join("\n"),
    );
    expect(metadata).toMatchObject({ title: "Harbour Log", author: "Ines Marr", format: "rtf" });
    // Word writes each picture twice (`\shppict` and a fallback); it is one picture.
    expect(warnings).toEqual(["1 picture(s) were left out."]);
  });

  it.each([["gen_field-report.pandoc.rtf"], ["gen_field-report.lo.rtf"]])("%s: the same structure as the document it was saved from", async (name) => {
    const { markdown } = await convertNamed(corpusFile(name), name);
    expect(markdown).toContain("## Methods\n\nPlots were chosen at random and visited twice.\n\n- Soil samples\n  - Moisture content\n  - Organic carbon\n- Plant counts\n  1. Grasses\n  2. Sedges\n");
    expect(markdown).toContain("[project page](https://example.org/meadows/report)");
    expect(markdown).toContain("[^1]: Fieldwork ran from June to August.");
  });

  it("shows text set in a symbol font as the characters Word shows", async () => {
    // Symbol's "a" and "p" are α and π, its U+F0A3 is ≤; Wingdings' U+F0FC is ✓; \\plain ends the font.
    const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0\froman Times;}{\f1\ftech\fcharset2 Symbol;}{\f2\fnil\fcharset2 Wingdings;}}
\pard\plain The angle {\f1 a} is at most {\f1 p}/2 and {\f1\u61603?} 90 degrees, {\f1 b}\plain b.\par
\pard\plain {\f2\u61692?} Approved\par
}`;
    const { markdown } = await convertNamed(rtf, "symbols.rtf");
    expect(markdown).toBe("The angle α is at most π/2 and ≤ 90 degrees, βb.\n\n✓ Approved\n");
  });

  it("shows a drop-down form field's chosen entry and a checkbox's state, which Word writes in the instruction, not the result", async () => {
    const entries = String.raw`{\*\ffl Bulk}{\*\ffl Container}{\*\ffl Tanker}`;
    const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0\froman Times;}}
\pard\plain Cargo: {\field{\*\fldinst { FORMDROPDOWN {\*\formfield{\fftype2\ffres2{\*\ffname Cargo}${entries}}}}}{\fldrslt {}}} declared\par
\pard\plain Default: {\field{\*\fldinst { FORMDROPDOWN {\*\formfield{\fftype2\ffres25\ffdefres1${entries}}}}}{\fldrslt {Container}}}\par
\pard\plain {\field{\*\fldinst { FORMCHECKBOX {\*\formfield{\fftype1\ffres1}}}}{\fldrslt }} customs {\field{\*\fldinst { FORMCHECKBOX {\*\formfield{\fftype1\ffdefres0}}}}{\fldrslt }} health\par
\pard\plain Name: {\field{\*\fldinst { FORMTEXT {\*\formfield{\fftype0{\*\ffname Vessel}}}}}{\fldrslt Northern Star}}\par
}`;
    const { markdown } = await convertNamed(rtf, "form-fields.rtf");
    expect(markdown).toBe("Cargo: Tanker declared\n\nDefault: Container\n\n☒ customs ☐ health\n\nName: Northern Star\n");
  });

  it("writes struck-through text and text in a monospaced font as GFM, and lines all in that font as one code block", async () => {
    // As pandoc writes RTF: code in \\f1 (Courier), a code block as paragraphs all in it.
    const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0\fswiss Helvetica;}{\f1\fmodern Courier;}}
\pard\plain Run {\f1 make} and {\strike old} {\striked1 older} new.\par
\pard\plain\f1 log --berth A1    # north quay\par
\pard\plain\f1 log --berth A2\line log --berth A3\par
\pard\plain After the code.\par
}`;
    const { markdown } = await convertNamed(rtf, "code.rtf");
    // Note: the spaces that align a comment are kept.
    expect(markdown).toBe("Run `make` and ~~old~~ ~~older~~ new.\n\n```\nlog --berth A1    # north quay\nlog --berth A2\nlog --berth A3\n```\n\nAfter the code.\n");
  });

  it("writes superscript and subscript as their plain characters, a note's mark as a note", async () => {
    const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0\fswiss Helvetica;}}
\pard\plain Water is H{\sub 2}O, 4 m\super 2\nosupersub  of deck.{\super\chftn{\footnote\pard\plain {\super\chftn} Measured at noon.}}\par}`;
    const { markdown } = await convertNamed(rtf, "units.rtf");
    expect(markdown).toBe("Water is H2O, 4 m2 of deck.[^1]\n\n[^1]: Measured at noon.\n");
  });

  it("writes a nested table's rows in its cell as \"a | b\" lines, without a separator after the last cell", async () => {
    const nestedRow = (a: string, b: string) => String.raw`\pard\intbl\itap2 ${a}\nestcell ${b}\nestcell{\*\nesttableprops\trowd\cellx1000\cellx2000\nestrow}{\nonesttables\par}`;
    const rtf = String.raw`{\rtf1\ansi
\trowd\cellx2000\cellx6000\pard\intbl Quay\cell\pard\intbl Details\cell\row
\trowd\cellx2000\cellx6000\pard\intbl North\cell ${nestedRow("Depth", "12 m")}${nestedRow("Length", "300 m")}\pard\intbl Dredged yearly\cell\row}`;
    const { markdown } = await convertNamed(rtf, "berths.rtf");
    expect(markdown).toContain("| North | Depth \\| 12 m<br>Length \\| 300 m<br>Dredged yearly |");
  });

  it("keeps the row a nested table ends when the file never closes it (LibreOffice's export)", async () => {
    const rtf = String.raw`{\rtf1\ansi
\trowd\cellx2000\cellx6000\pard\intbl Zone\cell\pard\intbl Use\cell\row
\trowd\cellx2000\cellx6000\pard\intbl South\cell\pard\intbl\itap2 Cargo east\nestcell Cargo west\nestcell{\*\nesttableprops\trowd\cellx1000\cellx2000\nestrow}{\nonesttables\par}\sect\sectd
\pard Two columns follow.\par}`;
    const { markdown } = await convertNamed(rtf, "plan.rtf");
    expect(markdown).toContain("| South | Cargo east \\| Cargo west |");
    expect(markdown).toContain("Two columns follow.");
  });

  it("shows a ruby (Word's EQ field, which saves no result) as its base text, without the reading", async () => {
    const rtf = String.raw`{\rtf1\ansi
\pard The port of {\field{\*\fldinst { EQ \\* jc2 \\* "Font:MS Mincho" \\* hps22 \\o\\ad(\\s\\up 10(\u12392?\u12358?\u12365?\u12423?\u12358?),\u26481?\u20140?)}}{\fldrslt {}}} opens at six.\par}`;
    const { markdown } = await convertNamed(rtf, "ruby.rtf");
    expect(markdown).toBe("The port of 東京 opens at six.\n");
  });

  it("writes a bold heading with a link in it without the bold its style implies", async () => {
    const rtf = String.raw`{\rtf1\ansi{\stylesheet{\s1\outlinelevel0 heading 1;}}
\pard\plain\s1{\b Heading with }{\field{\*\fldinst HYPERLINK "https://example.org/heading"}{\fldrslt {\b a link}}}\par}`;
    const { markdown } = await convertNamed(rtf, "heading.rtf");
    expect(markdown).toBe("# Heading with [a link](https://example.org/heading)\n");
  });

  it("reads a document typed in a monospaced font as prose, not code", async () => {
    const rtf = String.raw`{\rtf1\ansi\deff0{\fonttbl{\f0\fmodern Courier New;}{\f1\fswiss Arial;}}
\pard\plain\f0 MEMORANDUM OF AGREEMENT\par
\pard\plain\f0 The parties agree to the terms below.\par
\pard\plain\f1 Signed.\par
}`;
    const { markdown } = await convertNamed(rtf, "memo.rtf");
    expect(markdown).toBe("MEMORANDUM OF AGREEMENT\n\nThe parties agree to the terms below.\n\nSigned.\n");
  });

  it("keeps every cell under its column when a cell is merged across two (one wider \\cellx)", async () => {
    const rtf = String.raw`{\rtf1\ansi
\trowd\cellx6400\cellx9600\pard\intbl Region totals\cell Year\cell\row
\trowd\cellx3200\cellx6410\cellx9600\pard\intbl North\cell Fuel\cell 2025\cell\row
\trowd\cellx3200\cellx6410\cellx9600\pard\intbl South\cell Water\cell 2026\cell\row
\pard After the table.\par
}`;
    const { markdown } = await convertNamed(rtf, "merged.rtf");
    expect(markdown).toBe(
      "| Region totals |       | Year |\n| ------------- | ----- | ---- |\n| North         | Fuel  | 2025 |\n| South         | Water | 2026 |\n\nAfter the table.\n",
    );
  });

  it("shows what Word shows: tracked deletions and hidden text are left out", async () => {
    const rtf = String.raw`{\rtf1\ansi{\*\revtbl{Unknown;}{Ines;}}
\pard\plain The fee is {\deleted\revauth1 forty}{\revised\revauth1 fifty} crowns.\par
\pard\plain {\v Hidden note }visible {\v\line} words{\plain\v  and more}.\par
}`;
    const { markdown } = await convertNamed(rtf, "revisions.rtf");
    expect(markdown).toBe("The fee is fifty crowns.\n\nvisible words.\n");
  });

  it("leaves out a table of contents (a TOC field's result) and its title (its own style), unless onlyMainContent is off", async () => {
    const rtf = String.raw`{\rtf1\ansi{\stylesheet{\s0 Normal;}{\s39 TOC Heading;}}
\pard\plain Harbour guide.\par
\pard\plain\s39 Contents\par
\pard\plain {\field{\*\fldinst { TOC \\o "1-3" \\h}}{\fldrslt {{\field{\*\fldinst HYPERLINK "#_Toc1" }{\fldrslt Arrival\tab 1}}\par
\pard\plain {\field{\*\fldinst HYPERLINK "#_Toc2" }{\fldrslt Anchorage\tab 2}}\par
}}}\par
\pard\plain\outlinelevel0 Arrival\par
\pard\plain Ships wait outside the bar.\par
}`;
    const { markdown } = await convertNamed(rtf, "contents.rtf");
    expect(markdown).toBe("Harbour guide.\n\n# Arrival\n\nShips wait outside the bar.\n");
    expect((await convertNamed(rtf, "contents.rtf", { onlyMainContent: false })).markdown).toContain("Contents\n\nArrival 1\n\nAnchorage 2");
  });

  it("leaves out a footnote whose reference is deleted with its changes tracked, or hidden, as Word shows neither", async () => {
    const rtf = String.raw`{\rtf1\ansi{\*\revtbl{Unknown;}{Ines;}}
\pard\plain The quay is 40 metres long{\deleted\revauthdel1 {\super\chftn{\*\footnote\pard\plain\chftn  Measured at low tide.\par}}}.\par
\pard\plain It has six bollards{\v{\super\chftn{\*\footnote\pard\plain\chftn  Staff count only.\par}}}.\par
\pard\plain It opened in 1850{\super\chftn{\*\footnote\pard\plain\chftn  After the great storm.\par}}.\par
}`;
    const { markdown } = await convertNamed(rtf, "deleted-note.rtf");
    expect(markdown).toBe("The quay is 40 metres long.\n\nIt has six bollards.\n\nIt opened in 1850[^1].\n\n[^1]: After the great storm.\n");
  });

  it("shows list labels as Word does: text where Markdown cannot number them, numbers from the first item's", async () => {
    const rtf = String.raw`{\rtf1\ansi
{\listtext\pard\plain Article 1.\tab}\pard\plain\ls1\ilvl0 Scope\par
{\listtext\pard\plain (a)\tab}\pard\plain\ls1\ilvl1 Berths\par
{\listtext\pard\plain o\tab}\pard\plain\ls1\ilvl2 Small craft\par
{\listtext\pard\plain Article 2.\tab}\pard\plain\ls1\ilvl0 Fees\par
\pard\plain Then the steps.\par
{\listtext\pard\plain 5.\tab}\pard\plain\ls2\ilvl0 Inspect the hull\par
{\listtext\pard\plain 6.\tab}\pard\plain\ls2\ilvl0 Refuel\par
}`;
    const { markdown } = await convertNamed(rtf, "labels.rtf");
    expect(markdown).toBe(
      "- Article 1. Scope\n  - (a) Berths\n    - Small craft\n- Article 2. Fees\n\nThen the steps.\n\n5. Inspect the hull\n6. Refuel\n",
    );
  });

  it("writes a numbered heading led by its number, as Word's label gives it, and keeps its text unbolded", async () => {
    const rtf = String.raw`{\rtf1\ansi{\stylesheet{\s0 Normal;}{\s1\sbasedon0 heading 1;}{\s2\sbasedon0 heading 2;}}
\pard\plain\s1{\listtext\pard\plain 2\tab}\ls1\ilvl0\b Definitions\par
\pard\plain\s2{\listtext\pard\plain 2.1\tab}\ls1\ilvl1 Scope\par
\pard\plain It covers all berths.\par
\pard\plain\s2 Unnumbered\par
}`;
    const { markdown } = await convertNamed(rtf, "numbered-headings.rtf");
    expect(markdown).toBe("# 2 Definitions\n\n## 2.1 Scope\n\nIt covers all berths.\n\n## Unnumbered\n");
  });

  it("writes all-caps and small-caps text in capitals, as Word shows it", async () => {
    const rtf = String.raw`{\rtf1\ansi
\pard\plain A {\caps loud notice} and a {\scaps Quiet {\scaps0 aside}} end{\caps\plain  here}.\par
}`;
    const { markdown } = await convertNamed(rtf, "caps.rtf");
    expect(markdown).toBe("A LOUD NOTICE and a QUIET aside end here.\n");
  });

  it("keeps as one list two saved lists whose numbers run on, as LibreOffice saves a list restarted at 1", async () => {
    const rtf = String.raw`{\rtf1\ansi
{\listtext\pard\plain 1.\tab}\pard\plain\ls6\ilvl0 Lock the sheds\par
{\listtext\pard\plain 2.\tab}\pard\plain\ls5\ilvl0 Report to the master\par
{\listtext\pard\plain 1.\tab}\pard\plain\ls7\ilvl0 A new list\par
}`;
    const { markdown } = await convertNamed(rtf, "restarted.rtf");
    expect(markdown).toBe("1. Lock the sheds\n2. Report to the master\n\n1) A new list\n");
  });

  it("writes a paragraph whose style is based on a heading style as that heading", async () => {
    const rtf = String.raw`{\rtf1\ansi{\stylesheet{\s0 Normal;}{\s1\sbasedon0 heading 1;}{\s38\sbasedon1 Chapter Title;}{\s39\sbasedon0 Body Indented;}}
\pard\plain\s38 Harbour Charter\par
\pard\plain\s39 Berths and moorings.\par
}`;
    const { markdown } = await convertNamed(rtf, "based-on.rtf");
    expect(markdown).toBe("# Harbour Charter\n\nBerths and moorings.\n");
  });

  it("keeps the text of a text box (a shape's \\shptxt) after the paragraph it is anchored in", async () => {
    const rtf = String.raw`{\rtf1\ansi
\pard\plain Anchor paragraph.{\shp{\*\shpinst\shpleft0\shptop0{\sp{\sn shapeType}{\sv 202}}{\shptxt \pard\plain Boxed notice\par}}}\par
\pard\plain After.\par
}`;
    const { markdown } = await convertNamed(rtf, "box.rtf");
    expect(markdown).toBe("Anchor paragraph.\n\nBoxed notice\n\nAfter.\n");
  });

  it("keeps a bullet or number typed at the start of a paragraph that is not a list item (no hanging indent)", async () => {
    const rtf = String.raw`{\rtf1\ansi{\fonttbl{\f0\fswiss Arial;}{\f1\fnil\fcharset2 Symbol;}}
\pard\plain {\f1\'b7}\tab Typed bullet.\par
\pard\plain 1. Scope of the rules.\par
\pard\plain\fi-360\li360 2.\tab Hanging item.\par
}`;
    const { markdown } = await convertNamed(rtf, "typed.rtf");
    expect(markdown).toBe("• Typed bullet.\n\n1\\. Scope of the rules.\n\n2. Hanging item.\n");
  });

  it("reads Word 6/95 and WordPad lists (\\pntext labels, \\pn levels) as lists", async () => {
    const rtf = String.raw`{\rtf1\ansi{\fonttbl{\f0\fswiss Arial;}{\f1\fnil\fcharset2 Symbol;}}
\pard\plain Packing list:\par
\pard{\pntext\f1\'B7\tab}{\*\pn\pnlvlblt\pnf1\pnindent0{\pntxtb\'B7}}\fi-360\li720 Life jackets\par
{\pntext\f1\'B7\tab}Flares\par
\pard{\pntext\f0 1.\tab}{\*\pn\pnlvlbody\pnf0\pnindent0\pnstart1\pndec{\pntxta.}}\fi-360\li720 Check the weather\par
{\pntext\f0 2.\tab}{\*\pn\pnlvlbody\pnf0\pnindent0\pnstart1\pndec{\pntxta.}}\fi-360\li720 Cast off\par
\pard After the lists.\par
}`;
    const { markdown } = await convertNamed(rtf, "wordpad.rtf");
    expect(markdown).toBe("Packing list:\n\n- Life jackets\n- Flares\n\n1. Check the weather\n2. Cast off\n\nAfter the lists.\n");
  });

  it("keeps a table in a text box, after the paragraph the box is anchored in", async () => {
    const rtf = String.raw`{\rtf1\ansi
\pard\plain Anchor paragraph.{\shp{\*\shpinst\shpleft0\shptop0{\sp{\sn shapeType}{\sv 202}}{\shptxt \pard\plain Boxed prices\par
\trowd\cellx2000\cellx4000\pard\plain\intbl Adult\cell 6\cell\row
\trowd\cellx2000\cellx4000\pard\plain\intbl Child\cell 3\cell\row
\pard\plain Box end.\par}}}\par
\pard\plain After.\par
}`;
    const { markdown } = await convertNamed(rtf, "box-table.rtf");
    expect(markdown).toBe("Anchor paragraph.\n\nBoxed prices\n\n| Adult | 6 |\n| ----- | - |\n| Child | 3 |\n\nBox end.\n\nAfter.\n");
  });

  it("keeps WordArt's text (a shape's gtextUNICODE property) after the paragraph it is anchored in, and no other shape property", async () => {
    const rtf = String.raw`{\rtf1\ansi
\pard\plain Anchor paragraph.{\shp{\*\shpinst\shpleft0\shptop0{\sp{\sn shapeType}{\sv 136}}{\sp{\sn wzName}{\sv Banner}}{\sp{\sn gtextUNICODE}{\sv Grand \u214?pening}}{\sp{\sn gtextFont}{\sv Arial}}}}\par
\pard\plain After.\par
}`;
    const { markdown } = await convertNamed(rtf, "wordart.rtf");
    expect(markdown).toBe("Anchor paragraph.\n\nGrand \u00d6pening\n\nAfter.\n");
  });

  it("is recognised by {\\rtf whatever its name says", async () => {
    expect((await convertNamed("{\\rtf1\\ansi Hello\\par}", "notes.txt")).metadata.format).toBe("rtf");
  });
});
