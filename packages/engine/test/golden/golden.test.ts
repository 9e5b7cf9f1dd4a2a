import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../../src/convert.js";

// Golden outputs: one document per format, made by make-inputs.sh from the sources beside it, and
// the whole Markdown the engine makes of each, reviewed by eye once and compared on every run, so
// that any change in output is seen whole. After an intended change:
// `pnpm vitest run --project engine test/golden -u`, then review the diff of expected/.
const INPUTS = new URL("./inputs/", import.meta.url);

describe("golden outputs", () => {
  for (const name of readdirSync(INPUTS).sort()) {
    it(name, async () => {
      const { markdown, warnings } = await convert(new Uint8Array(readFileSync(new URL(name, INPUTS))), { filename: name });
      const warningLines = warnings.map((warning) => `<!-- warning: ${warning} -->`).join("\n");
      await expect(`${markdown.trimEnd()}\n${warningLines ? `\n${warningLines}\n` : ""}`).toMatchFileSnapshot(`./expected/${name}.md`);
    });
  }
});
