import CFB from "cfb";
import { OLE2_SIGNATURE, startsWith } from "../signatures.js";

// Note: detection reads the directory of the same bytes the converter then opens; it is read once.
const containers = new WeakMap<Uint8Array, CFB.CFB$Container>();

/**
 * Open an OLE2 compound file (DOC, XLS, PPT) with `cfb`. A truncated or damaged container
 * fails with a message that says so: cfb's own messages name its internals ("Cannot set
 * properties of undefined").
 */
export function readOleContainer(bytes: Uint8Array): CFB.CFB$Container {
  const known = containers.get(bytes);
  if (known) return known;
  if (!startsWith(bytes, OLE2_SIGNATURE)) throw new Error("it is not an OLE2 compound file, so not a Word, Excel or PowerPoint 97-2003 file");
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: "buffer" });
  } catch (error) {
    throw new Error("its OLE2 container is truncated or damaged", { cause: error });
  }
  containers.set(bytes, container);
  return container;
}

/** The names of the streams and storages in an OLE2 file's directory; none when it cannot be read. */
export function oleEntryNames(bytes: Uint8Array): Set<string> {
  try {
    return new Set(readOleContainer(bytes).FileIndex.map((entry) => entry.name));
  } catch {
    return new Set();
  }
}
