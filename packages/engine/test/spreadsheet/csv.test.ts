import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";
import { MAX_TABLE_ROWS } from "../../src/converters/gfm-table.js";
import { corpusFile, tableRows } from "./helpers.js";

const convertCorpus = async (name: string) => (await convert(corpusFile(name), { filename: name })).markdown;
const convertText = (text: string, filename = "data.csv") => convert(new TextEncoder().encode(text), { filename });

describe("CSV converter", () => {
  it("reads doubled quotes inside quoted fields", async () => {
    expect(tableRows(await convertCorpus("cs_escaped_quotes.csv"))).toEqual([
      ["a", "b"],
      ["1", 'ha "ha" ha'],
      ["3", "4"],
    ]);
  });

  it("keeps line breaks inside quoted fields as <br> in their cell", async () => {
    expect(tableRows(await convertCorpus("cs_quotes_and_newlines.csv"))).toContainEqual(["1", 'ha <br>"ha" <br>ha']);
    expect(tableRows(await convertCorpus("cs_newlines_crlf.csv"))).toContainEqual(["Once upon <br>a time", "5", "6"]);
  });

  it("keeps a quoted delimiter inside its cell", async () => {
    expect(tableRows(await convertCorpus("dl_csv-comma.csv"))[2]?.slice(0, 5)).toEqual([
      "2",
      "1Ef7b82A4CAAD10",
      "Preston",
      "Lozano, Dr",
      "Vega-Gentry",
    ]);
  });

  it.each(["dl_csv-semicolon.csv", "dl_csv-tab.csv"])("detects the delimiter of %s", async (name) => {
    const rows = tableRows(await convertCorpus(name));
    expect(rows[0]).toHaveLength(12);
    expect(rows[0]?.slice(0, 3)).toEqual(["Index", "Customer Id", "First Name"]);
  });

  it("detects a pipe delimiter", async () => {
    const { markdown } = await convertText("id|name\n1|Ada\n2|Grace\n");
    expect(tableRows(markdown)).toEqual([["id", "name"], ["1", "Ada"], ["2", "Grace"]]);
  });

  it("follows Excel's sep= line and drops it", async () => {
    const { markdown } = await convertText("sep=;\nname;note\nAda;a, b\n");
    expect(tableRows(markdown)).toEqual([["name", "note"], ["Ada", "a, b"]]);
  });

  it("strips a UTF-8 BOM and keeps cell text exactly as written", async () => {
    const { markdown } = await convertText("\uFEFFcode,date,amount\n007,2024-03-01,1e3\n");
    expect(tableRows(markdown)).toEqual([["code", "date", "amount"], ["007", "2024-03-01", "1e3"]]);
  });

  it("detects Shift_JIS", async () => {
    expect(tableRows(await convertCorpus("md_test_mskanji.csv"))).toEqual([
      ["名前", "年齢", "住所"],
      ["佐藤太郎", "30", "東京"],
      ["三木英子", "25", "大阪"],
      ["髙橋淳", "35", "名古屋"],
    ]);
  });

  it("still reads short windows-1252 text as windows-1252", async () => {
    const bytes = iconv.encode("Produit;Prix\nCafé crème;2,50 €\n", "windows-1252");
    const { markdown } = await convert(new Uint8Array(bytes), { filename: "prix.csv" });
    expect(tableRows(markdown)).toContainEqual(["Café crème", "2,50 €"]);
  });

  it("pads the header when a row has more fields than the header", async () => {
    const rows = tableRows(await convertCorpus("dl_csv-too-many-columns.csv"));
    expect(rows[0]).toEqual(["1", "2", "3", "4", ""]);
    expect(rows).toContainEqual(["a", "b", "c", "d", "e"]);
  });

  it("reads a field whose quote does not close it as written, and the rows after it as rows", async () => {
    const { markdown, warnings } = await convertText('Ship\tPort\tNote\nBrisa\tVigo\t"quoted" word\nCalma\tOban\t"in, quotes"\nDelta\tCork\tlast\n', "ships.tsv");
    expect(tableRows(markdown)).toEqual([
      ["Ship", "Port", "Note"],
      ["Brisa", "Vigo", '"quoted" word'],
      ["Calma", "Oban", "in, quotes"],
      ["Delta", "Cork", "last"],
    ]);
    expect(warnings).toEqual(["ships.tsv has a quote that does not close its field (near row 2); such a field is read as written."]);
  });

  it("reads an opening quote never closed as written, not the rest of the file as one cell", async () => {
    const { markdown } = await convertText('id,size\n1,"12 inch\n2,"8"\n3,4\n');
    expect(tableRows(markdown)).toEqual([["id", "size"], ["1", '"12 inch'], ["2", "8"], ["3", "4"]]);
  });

  it("escapes cell text that would be Markdown", async () => {
    const { markdown } = await convertText('formula,note\n"a|b","*not bold* <b>"\n');
    expect(tableRows(markdown)[1]).toEqual(["a\\|b", "\\*not bold\\* \\<b>"]);
  });

  it("gives empty Markdown and a warning for a file without values", async () => {
    const { markdown, warnings } = await convertText("\n , \n\n", "blank.csv");
    expect(markdown).toBe("");
    expect(warnings).toEqual(["blank.csv has no values."]);
  });

  it("cuts a file past MAX_TABLE_ROWS with a warning", async () => {
    const text = ["n", ...Array.from({ length: MAX_TABLE_ROWS + 5 }, (_, i) => String(i + 1))].join("\n");
    const { markdown, warnings } = await convertText(text, "n.csv");
    const rows = tableRows(markdown);
    expect(rows).toHaveLength(MAX_TABLE_ROWS);
    expect(rows.at(-1)).toEqual([String(MAX_TABLE_ROWS - 1)]);
    expect(warnings).toEqual([`n.csv has more than ${MAX_TABLE_ROWS} rows; only the first ${MAX_TABLE_ROWS} are included.`]);
  });
});
