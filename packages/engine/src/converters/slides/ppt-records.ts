/**
 * The record layer of PowerPoint 97-2003 files ([MS-PPT] 2.3): 8-byte record headers, the
 * "Current User" stream, and the persist directory that maps persist ids to stream offsets.
 * Note: a PPT saved incrementally holds older copies of its slides too, so slides are found
 * through the newest persist directory, never by scanning the stream.
 */

/** One record: its type and instance, and where its data lies in the stream. */
export interface PptRecord {
  type: number;
  instance: number;
  start: number;
  end: number;
}

export const RT = {
  Document: 0x03e8,
  Slide: 0x03ee,
  SlideAtom: 0x03ef,
  Notes: 0x03f0,
  NotesAtom: 0x03f1,
  SlidePersistAtom: 0x03f3,
  SlideShowSlideInfoAtom: 0x03f9,
  PPDrawing: 0x040c,
  PlaceholderAtom: 0x0bc3,
  OutlineTextRefAtom: 0x0f9e,
  TextHeaderAtom: 0x0f9f,
  TextCharsAtom: 0x0fa0,
  StyleTextPropAtom: 0x0fa1,
  TextBytesAtom: 0x0fa8,
  SlideListWithText: 0x0ff0,
  UserEditAtom: 0x0ff5,
  PersistDirectoryAtom: 0x1772,
  DocumentAtom: 0x03e9,
  ExObjList: 0x0409,
  ExHyperlink: 0x0fd7,
  ExHyperlinkAtom: 0x0fd3,
  CString: 0x0fba,
  InteractiveInfo: 0x0ff2,
  InteractiveInfoAtom: 0x0ff3,
  TxInteractiveInfoAtom: 0x0fdf,
  PPDrawingGroup: 0x040b,
  // The PowerPoint 2000 extension (PP9) in "___PPT9" programmable tags: numbered lists.
  List: 0x07d0,
  ProgTags: 0x1388,
  ProgBinaryTag: 0x138a,
  BinaryTagDataBlob: 0x138b,
  StyleTextProp9Atom: 0x0fac,
  OutlineTextProps9Container: 0x0fae,
  OutlineTextPropsHeaderExAtom: 0x0faf,
  // Office Art (drawing) records inside PPDrawing and PPDrawingGroup.
  DggContainer: 0xf000,
  BStoreContainer: 0xf001,
  FBSE: 0xf007,
  DgContainer: 0xf002,
  SpgrContainer: 0xf003,
  SpContainer: 0xf004,
  FOPT: 0xf00b,
  TertiaryFOPT: 0xf122,
  FSPGR: 0xf009,
  FSP: 0xf00a,
  ClientTextbox: 0xf00d,
  ChildAnchor: 0xf00f,
  ClientAnchor: 0xf010,
  ClientData: 0xf011,
} as const;

/** Bytes of a stream with bounds-checked little-endian reads. */
export class PptStream {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private check(offset: number, size: number): void {
    if (offset < 0 || offset + size > this.bytes.length) throw new Error("it is truncated (a record points past the end of its stream)");
  }
  u8(offset: number): number {
    this.check(offset, 1);
    return this.view.getUint8(offset);
  }
  u16(offset: number): number {
    this.check(offset, 2);
    return this.view.getUint16(offset, true);
  }
  i16(offset: number): number {
    this.check(offset, 2);
    return this.view.getInt16(offset, true);
  }
  u32(offset: number): number {
    this.check(offset, 4);
    return this.view.getUint32(offset, true);
  }
  i32(offset: number): number {
    this.check(offset, 4);
    return this.view.getInt32(offset, true);
  }
  /** The record whose header starts at `offset`. */
  record(offset: number): PptRecord {
    const versionAndInstance = this.u16(offset);
    const length = this.u32(offset + 4);
    const start = offset + 8;
    this.check(start, length);
    return { type: this.u16(offset + 2), instance: versionAndInstance >>> 4, start, end: start + length };
  }
  /** The records directly inside a container. */
  children(container: PptRecord): PptRecord[] {
    const found: PptRecord[] = [];
    for (let offset = container.start; offset + 8 <= container.end; ) {
      const record = this.record(offset);
      if (record.end > container.end) throw new Error("it is truncated (a record runs past its container)");
      found.push(record);
      offset = record.end;
    }
    return found;
  }
  /** The first record of the type directly inside a container. */
  child(container: PptRecord | undefined, type: number): PptRecord | undefined {
    return container ? this.children(container).find((record) => record.type === type) : undefined;
  }
}

/** Header token of an unencrypted "Current User" atom; encrypted files use 0xF3D1C4DF. */
const UNENCRYPTED_TOKEN = 0xe391c05f;
/** Incremental saves chain their edits; a longer chain is a loop in a hostile file. */
const MAX_EDITS = 4096;

/** The newest edit's persist directory and document container. */
export interface PersistDirectory {
  offsets: Map<number, number>;
  documentPersistId: number;
  encrypted: boolean;
}

/** Read the "Current User" stream and follow the chain of edits to build the persist directory. */
export function readPersistDirectory(currentUser: PptStream, document: PptStream): PersistDirectory {
  const headerToken = currentUser.u32(12);
  const offsets = new Map<number, number>();
  let edit = document.record(currentUser.u32(16));
  if (edit.type !== RT.UserEditAtom) throw new Error("its current user record does not point to an edit");
  const documentPersistId = document.u32(edit.start + 16);
  const encrypted = headerToken !== UNENCRYPTED_TOKEN || edit.end - edit.start > 28;
  const seen = new Set<number>();
  for (let count = 0; count < MAX_EDITS; count++) {
    const directory = document.record(document.u32(edit.start + 12));
    // Newer edits come first: an id already mapped keeps its newer offset.
    for (let offset = directory.start; offset + 4 <= directory.end; ) {
      const entry = document.u32(offset);
      const firstId = entry & 0xfffff;
      const count = entry >>> 20;
      for (let i = 0; i < count; i++) {
        if (!offsets.has(firstId + i)) offsets.set(firstId + i, document.u32(offset + 4 + i * 4));
      }
      offset += 4 + count * 4;
    }
    const previous = document.u32(edit.start + 8);
    if (previous === 0 || seen.has(previous)) break;
    seen.add(previous);
    edit = document.record(previous);
    if (edit.type !== RT.UserEditAtom) break;
  }
  return { offsets, documentPersistId, encrypted };
}
