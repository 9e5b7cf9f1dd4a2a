import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { convert, createWorkerPool } from "docscrape";
import { corpusFiles, normalCorpusFiles } from "../lib/corpus.mjs";
import { figure, skipped } from "../lib/figures.mjs";
import { writeGeneratedFiles } from "../lib/generate-files.mjs";
import { hasCommand, runSequentially } from "../lib/processes.mjs";
import { scratchDir } from "../lib/scratch.mjs";
import { timed } from "../lib/timer.mjs";

const CLI = fileURLToPath(new URL("./cli.js", import.meta.resolve("docscrape")));
const CONVERT_WORKER = new URL("../lib/convert-worker.mjs", import.meta.url);
// Note: PDFs are read from their text layer (`mode: "fast"`), as pdftotext reads them: the default
// "auto" would OCR the corpus's one PDF without usable ToUnicode maps, and OCR has its own figure.
const CONVERT_OPTIONS = { pdf: { mode: "fast" } };

/** What a user would run instead, per type: one process per file, as our CLI is run. */
const ALTERNATIVES = {
  docx: { tool: "pandoc", args: (path) => ["-t", "gfm", path], target: 1, apt: "pandoc" },
  pdf: { tool: "pdftotext", args: (path) => [path, "-"], target: 3, apt: "poppler-utils" },
};

/**
 * Figure 4: conversion throughput per type on the corpus and on generated documents — in one
 * long-lived process, on a worker-thread pool, and as one CLI process per file — against pandoc
 * (DOCX) and pdftotext (PDF, text only) run per file.
 *
 * @param {{ scale: { generatedSize: number, measureMs: number, filesPerType: number, processFiles: number, processRounds: number, comparisonFiles: number } }} context
 */
export async function engineThroughput({ scale }) {
  const scratch = await scratchDir("engine-throughput");
  const pool = createWorkerPool(CONVERT_WORKER, { size: availableParallelism() });
  try {
    const generated = await writeGeneratedFiles(scratch.dir, scale.generatedSize);
    const figures = [];
    for (const type of ["pdf", "docx", "xlsx", "csv"]) {
      const candidates = [...generated.filter((path) => extname(path) === `.${type}`), ...(await corpusFiles(type))];
      figures.push(...(await typeFigures(type, candidates.slice(0, scale.filesPerType), pool, scale)));
    }
    return figures;
  } finally {
    await pool.close();
    await scratch.remove();
  }
}

/** The figures of one document type: in-process, pooled, per process, and against the alternative. */
async function typeFigures(type, candidates, pool, scale) {
  const { files, unreadable } = await readableFiles(candidates);
  const megabytes = files.reduce((sum, file) => sum + file.bytes.length, 0) / 1e6;
  const label = type.toUpperCase();
  const setNote = `${files.length} files, ${megabytes.toFixed(2)} MB${unreadable.length ? `; ${unreadable.length} unreadable left out` : ""}`;

  const inProcess = await throughput(() => convertEach(files), scale.measureMs);
  const paths = files.map((file) => file.path);
  const convertAll = () => Promise.all(paths.map((path) => pool.run(path, { name: path })));
  await convertAll(); // Note: warms each worker's module loading and JIT first.
  const pooled = await throughput(convertAll, scale.measureMs);
  // Note: a process per file costs seconds, so this runs on the first few files only.
  const processSet = files.slice(0, scale.processFiles);
  const perProcess = await perProcessTimes(processSet, ALTERNATIVES[type], scale.processRounds);
  // Note: against the alternative, every normal corpus file of the type: the first few flattered PDFs (2.7× on 5, 6.0× on all 18).
  const comparisonSet = (await readableFiles((await normalCorpusFiles(type)).slice(0, scale.comparisonFiles))).files;
  const comparison = ALTERNATIVES[type] ? await alternativeTimes(comparisonSet, ALTERNATIVES[type], scale.processRounds) : undefined;

  return [
    figure({ name: `engine ${label}, in-process: documents/s`, value: files.length / inProcess, unit: "docs/s", note: `${setNote}; one thread` }),
    figure({ name: `engine ${label}, in-process: MB/s`, value: megabytes / inProcess, unit: "MB/s" }),
    figure({
      name: `engine ${label}, ${availableParallelism()} worker threads: documents/s`,
      value: files.length / pooled,
      unit: "docs/s",
      note: `${(inProcess / pooled).toFixed(2)}× one thread (the engine's createWorkerPool, as the loader converts a build's local documents)`,
    }),
    figure({
      name: `engine ${label}, one CLI process per file: documents/s`,
      value: processSet.length / (perProcess.cliMs / 1000),
      unit: "docs/s",
      note: `node dist/cli.js convert, ${processSet.length} files`,
    }),
    ...(ALTERNATIVES[type] ? againstAlternative(label, ALTERNATIVES[type], { processSet, perProcess, comparisonSet, comparison }) : []),
  ];
}

/**
 * Times a shell loop of our CLI over `files` and, when installed, of the alternative tool, keeping
 * each one's fastest of `rounds`.
 * Note: the rounds alternate between the two, so a change in the machine's load hits both alike.
 */
async function perProcessTimes(files, alternative, rounds) {
  const toolInstalled = alternative !== undefined && hasCommand(alternative.tool);
  const best = { cliMs: Infinity, toolMs: toolInstalled ? Infinity : null };
  for (let round = 0; round < rounds; round++) {
    best.cliMs = Math.min(best.cliMs, await runSequentially(files.map((file) => [process.execPath, CLI, "convert", file.path, "--pdf-mode", "fast"])));
    if (toolInstalled) best.toolMs = Math.min(best.toolMs, await runSequentially(files.map((file) => [alternative.tool, ...alternative.args(file.path)])));
  }
  return best;
}

/**
 * Times the alternative tool, one process per file, and our in-process conversion over `files`,
 * keeping each one's fastest of `rounds` (alternating, as above); null when the tool is missing.
 */
async function alternativeTimes(files, alternative, rounds) {
  if (!hasCommand(alternative.tool)) return null;
  const best = { toolMs: Infinity, inProcessMs: Infinity };
  for (let round = 0; round < rounds; round++) {
    best.toolMs = Math.min(best.toolMs, await runSequentially(files.map((file) => [alternative.tool, ...alternative.args(file.path)])));
    best.inProcessMs = Math.min(best.inProcessMs, (await timed(() => convertEach(files))).ms);
  }
  return best;
}

/** Reads the files and converts each once, leaving out those the engine rejects (and counting them). */
async function readableFiles(paths) {
  const files = [];
  const unreadable = [];
  for (const path of paths) {
    const bytes = new Uint8Array(await readFile(path));
    try {
      await convert(bytes, { filename: path, ...CONVERT_OPTIONS });
      files.push({ path, bytes });
    } catch {
      unreadable.push(path);
    }
  }
  return { files, unreadable };
}

async function convertEach(files) {
  for (const file of files) await convert(file.bytes, { filename: file.path, ...CONVERT_OPTIONS });
}

/** Seconds per round of `round()`, repeated until `measureMs` have passed (at least once). */
async function throughput(round, measureMs) {
  const started = performance.now();
  let rounds = 0;
  do {
    await round();
    rounds++;
  } while (performance.now() - started < measureMs);
  return (performance.now() - started) / 1000 / rounds;
}

/**
 * Our time over the alternative's on the same files: in one process (how the loader and the
 * server convert many documents; the issue's target applies here) and one CLI process per file
 * (no target: Node's start-up and module loading, 0.2-0.8 s, dominate small documents).
 */
function againstAlternative(label, alternative, { processSet, perProcess, comparisonSet, comparison }) {
  const name = (how) => `${label}: docscrape ${how} / ${alternative.tool} per process (time)`;
  if (perProcess.toolMs === null || !comparison) {
    const note = `${alternative.tool} is not installed: apt-get install -y ${alternative.apt}`;
    return [skipped(name("CLI per process"), "×", note), skipped(name("in-process"), "×", note)];
  }
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return [
    figure({
      name: name("CLI per process"),
      value: perProcess.cliMs / perProcess.toolMs,
      unit: "×",
      note: `${processSet.length} files: ${alternative.tool} ${seconds(perProcess.toolMs)}, docscrape CLI ${seconds(perProcess.cliMs)}`,
    }),
    figure({
      name: name("in-process"),
      value: comparison.inProcessMs / comparison.toolMs,
      unit: "×",
      target: ["<=", alternative.target],
      note: `${comparisonSet.length} normal corpus ${label} files: ${alternative.tool} ${seconds(comparison.toolMs)}, docscrape in one process ${seconds(comparison.inProcessMs)}`,
    }),
  ];
}
