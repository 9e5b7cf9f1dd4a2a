import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import keyvTestSuite from "@keyv/test-suite";
import Keyv from "keyv";
import * as vitest from "vitest";
import { afterAll, describe, expect, it } from "vitest";
import { FileStore } from "../src/file-store.js";

const root = await mkdtemp(join(tmpdir(), "docscrape-file-store-"));
let storeCount = 0;
afterAll(() => rm(root, { recursive: true, force: true }));

/**
 * Note: @keyv/test-suite 2.1.2 (the latest) targets keyv 5. Two of its tests fail on keyv 6
 * whatever the store (a plain `new Map()` fails them too): `keyv.delete([...])` now resolves to
 * an array, and the BigInt test sets `store.opts.deserialize`, a keyv 5 adapter field. Those two
 * are skipped; every other test of the suite runs against FileStore.
 */
const KEYV_5_ONLY = new Set([
  // Skipped: keyv 6's `delete([...])` resolves to an array of results, not to `false`.
  ".deleteMany([keys]) with nonexistent keys resolves to false",
  // Skipped: the test sets `store.opts.deserialize`, a field of keyv 5 adapters only.
  "value can be BigInt using other serializer/deserializer",
]);
const suiteTest = {
  ...vitest,
  it: (name: string, ...rest: unknown[]) => {
    // Skipped: these two assert keyv 5 behaviour that keyv 6 changed (see KEYV_5_ONLY above).
    if (KEYV_5_ONLY.has(name)) return vitest.it.skip(name, ...(rest as [])); // skipped: asserts keyv 5 behaviour, see KEYV_5_ONLY
    return vitest.it(name, ...(rest as []));
  },
};

describe("FileStore passes @keyv/test-suite", () => {
  keyvTestSuite(suiteTest as never, Keyv as never, () => new FileStore({ dir: join(root, `suite-${storeCount++}`) }) as never);
});

describe("FileStore", () => {
  it("keeps one file per entry and leaves no temporary files behind", async () => {
    const dir = join(root, "files");
    const keyv = new Keyv({ store: new FileStore({ dir }), namespace: "docscrape" });
    for (let index = 0; index < 20; index++) await keyv.set(`key-${index}`, { index });
    const names = await readdir(dir);
    expect(names).toHaveLength(20);
    expect(names.every((name) => name.endsWith(".json"))).toBe(true);
    expect(await keyv.get("key-7")).toEqual({ index: 7 });
  });

  it("drops an unreadable entry file and reports it", async () => {
    const dir = join(root, "corrupt");
    const reported: string[] = [];
    const keyv = new Keyv({ store: new FileStore({ dir, onCorruptEntry: (file) => reported.push(file) }), namespace: "d" });
    await keyv.set("doc", { ok: true });
    const [name] = await readdir(dir);
    await writeFile(join(dir, name!), '{"namespace":"d","key":"doc","val');
    expect(await keyv.get("doc")).toBeUndefined();
    expect(reported).toEqual([join(dir, name!)]);
    expect(await readdir(dir)).toEqual([]);
  });

  it("clears only its own namespace", async () => {
    const dir = join(root, "namespaces");
    const first = new Keyv({ store: new FileStore({ dir }), namespace: "first" });
    const second = new Keyv({ store: new FileStore({ dir }), namespace: "second" });
    await first.set("a", 1);
    await second.set("a", 2);
    await first.clear();
    expect(await first.get("a")).toBeUndefined();
    expect(await second.get("a")).toBe(2);
  });

  it("clears temporary files left by killed writers", async () => {
    const dir = join(root, "leftovers");
    const store = new FileStore({ dir });
    await store.set("a", "1");
    await writeFile(join(dir, "leftover.json.123.abcd.tmp"), "half");
    await store.clear();
    expect(await readdir(dir)).toEqual([]);
  });
});
