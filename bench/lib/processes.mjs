import { spawn, spawnSync } from "node:child_process";

/**
 * Whether `command` can be run here (e.g. pandoc, pdftotext from Debian packages).
 * @param {string} command
 */
export function hasCommand(command) {
  return spawnSync(command, ["-v"], { stdio: "ignore" }).error === undefined;
}

/** A conversion process that takes longer than this is stuck: it is killed and the figure fails. */
const PROCESS_TIMEOUT_MS = 5 * 60_000;

/**
 * Runs one process to completion, its output discarded, and times it from spawn to exit.
 * @param {string} command
 * @param {string[]} args
 * @param {{ keepStdout?: boolean }} [options]
 * @returns {Promise<{ ms: number, code: number | null, stdout: string }>}
 */
export function runProcess(command, args, { keepStdout = false } = {}) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ["ignore", keepStdout ? "pipe" : "ignore", "ignore"], timeout: PROCESS_TIMEOUT_MS });
  let stdout = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ ms: performance.now() - started, code, stdout }));
  });
}

/**
 * Runs each `[command, ...args]` in turn and returns the total time: a user's shell loop.
 * Throws if one fails, naming it, since a failed run would be a fast run.
 * @param {string[][]} commands
 */
export async function runSequentially(commands) {
  let ms = 0;
  for (const [command, ...args] of commands) {
    const result = await runProcess(command, args);
    if (result.code !== 0) throw new Error(`\`${command} ${args.join(" ")}\` exited with ${result.code}`);
    ms += result.ms;
  }
  return ms;
}
