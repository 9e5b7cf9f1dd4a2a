// A worker of the conversion pool: converts the files it is sent, one at a time.
import { readFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import { convert } from "docscrape";

const bytesByPath = new Map();

parentPort.on("message", async (path) => {
  // Note: files are read once and kept, so the pool measures conversion, as the in-process figure does.
  if (!bytesByPath.has(path)) bytesByPath.set(path, new Uint8Array(await readFile(path)));
  // Note: text layer only, as engine-throughput.mjs converts in-process.
  await convert(bytesByPath.get(path), { filename: path, pdf: { mode: "fast" } });
  parentPort.postMessage(path);
});
