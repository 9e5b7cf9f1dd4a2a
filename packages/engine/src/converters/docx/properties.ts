import { strFromU8, unzipSync } from "fflate";
import type { DocumentMetadata } from "../../types.js";
import { decodeXml } from "../xml.js";

const CORE_PART = "docProps/core.xml";
const STYLES_PART = "word/styles.xml";

// Note: core.xml is a flat list of Dublin Core elements with no nesting or repetition, so a
// pattern per element reads it reliably without pulling in an XML parser.
function coreElement(xml: string, name: string): string | undefined {
  const match = new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([^<]*)</(?:\\w+:)?${name}>`).exec(xml);
  const value = match ? decodeXml(match[1]!).trim() : "";
  return value || undefined;
}

/** The proofing language set for the whole document, e.g. `en-US`. */
function defaultLanguage(stylesXml: string): string | undefined {
  const defaults = /<w:docDefaults>[\s\S]*?<\/w:docDefaults>/.exec(stylesXml)?.[0] ?? "";
  return /<w:lang\b[^>]*\bw:val="([^"]+)"/.exec(defaults)?.[1];
}

/**
 * Title, author, description and language as the DOCX declares them (`docProps/core.xml`,
 * then the default language in `word/styles.xml`). Missing parts give missing fields.
 * Call only after the ZIP passed `assertSafeZip`.
 */
export function readDocxProperties(bytes: Uint8Array): DocumentMetadata {
  const parts = unzipSync(bytes, { filter: (file) => file.name === CORE_PART || file.name === STYLES_PART });
  const core = parts[CORE_PART] ? strFromU8(parts[CORE_PART]) : "";
  const styles = parts[STYLES_PART] ? strFromU8(parts[STYLES_PART]) : "";
  const metadata: DocumentMetadata = {
    title: coreElement(core, "title"),
    author: coreElement(core, "creator"),
    description: coreElement(core, "description") ?? coreElement(core, "subject"),
    language: coreElement(core, "language") ?? defaultLanguage(styles),
  };
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}
