// A worker of the engine's pool (`createWorkerPool`) for the throughput figure: converts the file
// whose path it is sent, as the loader's workers convert a build's local documents.
import { readFile } from "node:fs/promises";
import { convert, serveWorkerJobs } from "docscrape/worker";

const bytesByPath = new Map();

serveWorkerJobs(async (path) => {
  // Note: files are read once and kept, so the pool measures conversion, as the in-process figure does.
  if (!bytesByPath.has(path)) bytesByPath.set(path, new Uint8Array(await readFile(path)));
  // Note: text layer only, as engine-throughput.mjs converts in-process.
  await convert(bytesByPath.get(path), { filename: path, pdf: { mode: "fast" } });
  return path;
});
