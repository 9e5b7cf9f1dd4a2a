import { decodeText } from "../text-decoding.js";
import type { Converter } from "../types.js";

/** Markdown passes through; plain text becomes paragraphs (Markdown that happens to be literal). */
export const textConverter: Converter = {
  formats: ["markdown", "text"],
  async convert(bytes, { format }) {
    const text = decodeText(bytes).replace(/\r\n?/g, "\n");
    const title = format === "markdown" ? /^#\s+(.+?)\s*#*\s*$/m.exec(text)?.[1] : undefined;
    return { markdown: text.trimEnd() + "\n", metadata: title ? { title } : {}, warnings: [] };
  },
};
