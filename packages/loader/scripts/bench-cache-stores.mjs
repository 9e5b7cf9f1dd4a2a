// Measures the cache stores the loader could use: 1000 awaited writes, then 1000 reads, of a
// 5 KB scrape. The figures in src/cache.ts and the README come from this script.
//
//   node --experimental-strip-types scripts/bench-cache-stores.mjs
//
// Note: keyv-file and cacache are not dependencies of the package; install them next to it
// (`npm install --no-save keyv-file cacache` in a scratch copy) to include them, else they are skipped.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Keyv from "keyv";
import { FileStore } from "../src/file-store.ts";

const COUNT = 1000;
const value = (index) => ({
  data: { markdown: `# Document ${index}\n\n${"lorem ipsum dolor sit amet ".repeat(200)}`, metadata: { title: `Document ${index}` } },
  fetchedAt: Date.now(),
  validators: {},
});

async function optional(name) {
  try {
    return await import(name);
  } catch {
    console.log(`${name}: not installed, skipped`);
    return undefined;
  }
}

const stores = { "FileStore (ours)": (dir) => new Keyv({ store: new FileStore({ dir }), namespace: "docscrape" }) };
const keyvFile = await optional("keyv-file");
if (keyvFile) stores["keyv-file"] = (dir) => new Keyv({ store: new keyvFile.KeyvFile({ filename: join(dir, "cache.json") }), namespace: "docscrape" });
const cacache = await optional("cacache");
if (cacache) {
  stores.cacache = (dir) => ({
    set: (key, data) => cacache.default.put(dir, key, JSON.stringify(data)),
    get: async (key) => JSON.parse((await cacache.default.get(dir, key)).data.toString()),
  });
}

for (const [name, open] of Object.entries(stores)) {
  const dir = join(tmpdir(), `docscrape-bench-${process.pid}-${name.replace(/\W+/g, "-")}`);
  rmSync(dir, { recursive: true, force: true });
  const store = open(dir);
  let started = performance.now();
  for (let index = 0; index < COUNT; index++) await store.set(`key-${index}`, value(index));
  const write = performance.now() - started;
  started = performance.now();
  let readBack = 0;
  for (let index = 0; index < COUNT; index++) if ((await store.get(`key-${index}`))?.data) readBack++;
  const read = performance.now() - started;
  console.log(`${name}: write ${COUNT} in ${write.toFixed(0)} ms, read ${COUNT} in ${read.toFixed(0)} ms, ${readBack} read back`);
  rmSync(dir, { recursive: true, force: true });
}
