import { strFromU8, unzipSync } from "fflate";
import { assertSafeZip } from "../../zip-guard.js";
import { attribute, children, parseXml } from "./xml.js";
import type { Element } from "@xmldom/xmldom";

const XML_PART = /\.(?:xml|rels)$/i;

/** The XML parts of a ZIP package (PPTX, ODP), parsed on first use. */
export interface PackageParts {
  has(part: string): boolean;
  /** The part's root element; `undefined` when the package has no such part. */
  xml(part: string): Element | undefined;
}

/**
 * Check a ZIP package with the ZIP guard (bombs, DTDs), then inflate its XML parts only: the
 * pictures and media, often most of a deck's bytes, are never inflated.
 */
export function readPackageParts(bytes: Uint8Array, name: string): PackageParts {
  assertSafeZip(bytes, name);
  const files = unzipSync(bytes, { filter: (file) => XML_PART.test(file.name) });
  const parsed = new Map<string, Element | undefined>();
  return {
    has: (part) => part in files,
    xml(part) {
      if (!parsed.has(part)) {
        const file = files[part];
        parsed.set(part, file ? parseXml(strFromU8(file), part) : undefined);
      }
      return parsed.get(part);
    },
  };
}

/** One OPC relationship, its target resolved to a part name (or kept as an external URL). */
export interface Relationship {
  type: string;
  target: string;
  external: boolean;
}

/** Resolve `target` against the folder of `part`, as OPC relative references are. */
function resolvePart(part: string, target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const segments = part.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== "." && segment !== "") segments.push(segment);
  }
  return segments.join("/");
}

/** The relationships of a part, by id (`ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`). */
export function relationships(parts: PackageParts, part: string): Map<string, Relationship> {
  const slash = part.lastIndexOf("/");
  const relsPart = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const found = new Map<string, Relationship>();
  for (const element of children(parts.xml(relsPart), "Relationship")) {
    const id = attribute(element, "Id");
    const target = attribute(element, "Target") ?? "";
    const external = attribute(element, "TargetMode") === "External";
    if (id) found.set(id, { type: attribute(element, "Type") ?? "", target: external ? target : resolvePart(part, target), external });
  }
  return found;
}

/** The first relationship whose type ends with `/kind` (e.g. `slideLayout`, `notesSlide`). */
export const relationshipOfType = (rels: Map<string, Relationship>, kind: string): Relationship | undefined =>
  [...rels.values()].find((rel) => rel.type.endsWith(`/${kind}`));

/** The namespace of `r:id` and the other relationship attributes. */
export const RELATIONSHIPS_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** An element's `r:id` (the relationships namespace, whatever its prefix). */
export const relationshipId = (element: Element | undefined): string | undefined => element?.getAttributeNS(RELATIONSHIPS_NS, "id") ?? undefined;
