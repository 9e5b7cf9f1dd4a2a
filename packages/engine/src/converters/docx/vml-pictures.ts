import type { Document, Element } from "@xmldom/xmldom";
import { childElement } from "./word-xml.js";

/** A cheap test on the raw XML: some picture is drawn in VML (Word 2003 and documents converted from it). */
export const HAS_VML_PICTURE = /<v:imagedata\b/;

const WORDPROCESSING_DRAWING = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing";
const DRAWING = "http://schemas.openxmlformats.org/drawingml/2006/main";
const PICTURE = "http://schemas.openxmlformats.org/drawingml/2006/picture";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const OFFICE = "urn:schemas-microsoft-com:office:office";

/** The picture of a VML shape: its `v:imagedata`, when the shape holds no text box. */
function pictureOf(shape: Element): Element | undefined {
  if (childElement(shape, "v:textbox")) return undefined;
  return childElement(shape, "v:imagedata");
}

/** A DrawingML inline picture of the image `relationshipId`, with `description` as its alt text and `title` as its title. */
function inlinePicture(document: Document, relationshipId: string, description: string, title: string): Element {
  const element = (namespace: string, name: string, attributes: Record<string, string> = {}, children: Element[] = []) => {
    const created = document.createElementNS(namespace, name);
    for (const [key, value] of Object.entries(attributes)) created.setAttribute(key, value);
    for (const child of children) created.appendChild(child);
    return created;
  };
  const blip = document.createElementNS(DRAWING, "a:blip");
  blip.setAttributeNS(RELATIONSHIPS, "r:embed", relationshipId);
  const picture = element(PICTURE, "pic:pic", {}, [element(PICTURE, "pic:blipFill", {}, [blip])]);
  const graphic = element(DRAWING, "a:graphic", {}, [element(DRAWING, "a:graphicData", { uri: PICTURE }, [picture])]);
  const properties = element(WORDPROCESSING_DRAWING, "wp:docPr", { id: "0", name: "Picture", descr: description, title });
  const drawing = document.createElement("w:drawing");
  drawing.appendChild(element(WORDPROCESSING_DRAWING, "wp:inline", {}, [properties, graphic]));
  return drawing;
}

/**
 * Rewrite each VML picture (`w:pict` > `v:shape` > `v:imagedata`) as the DrawingML picture Word
 * writes today, its alt text (the shape's `alt`) and title (`o:title`) carried over. Note: mammoth
 * reads `o:title` under a prefix its namespace map lacks, so a VML picture lost its alt text and
 * was moved out of its paragraph; a shape with a text box is left to mammoth, which reads its text.
 * Mutates `document`.
 */
export function showVmlPictures(document: Document): void {
  for (const pict of Array.from(document.getElementsByTagName("w:pict"))) {
    const shape = childElement(pict, "v:shape");
    const imageData = shape && pictureOf(shape);
    const relationshipId = imageData?.getAttributeNS(RELATIONSHIPS, "id") || imageData?.getAttribute("r:id");
    if (!shape || !imageData || !relationshipId || !pict.parentNode) continue;
    const title = imageData.getAttributeNS(OFFICE, "title") || imageData.getAttribute("o:title") || "";
    pict.parentNode.replaceChild(inlinePicture(document, relationshipId, shape.getAttribute("alt") ?? "", title), pict);
  }
}
