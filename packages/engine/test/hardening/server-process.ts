import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CLI = join(import.meta.dirname, "../../src/cli.ts");

/** `docscrape serve` in a process of its own, as an operator runs it. */
export interface ServerProcess {
  url: string;
  /** The lines the server logged (one per request). */
  logs: string[];
  /** Peak resident memory of the server process (its worker threads included) since the last reset, in MiB. */
  peakRssMb(): number;
  /** Start measuring the peak again. */
  resetPeakRss(): void;
  /** True while the process runs. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * Start `docscrape serve --no-auth --allow-private-networks --port 0` with extra flags and
 * environment variables, and wait for its address. Note: a process of its own, so that its memory is measured apart from the
 * test runner's, through Linux's VmHWM (reset by writing 5 to clear_refs).
 */
export async function startServerProcess(flags: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, "serve", "--port", "0", "--no-auth", "--allow-private-networks", ...flags], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  let exited = false;
  child.once("exit", () => (exited = true));
  let partialLine = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    const lines = (partialLine + text).split("\n");
    partialLine = lines.pop()!;
    logs.push(...lines);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      output += text;
      const address = /listening on (\S+)/.exec(output)?.[1];
      if (address) resolve(address);
    });
    child.once("exit", () => reject(new Error(`docscrape serve exited before listening: ${logs.join("\n")}`)));
    setTimeout(() => reject(new Error("docscrape serve did not listen within 20 s")), 20_000).unref();
  });
  return {
    url,
    logs,
    peakRssMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) / 1024,
    resetPeakRss: () => writeFileSync(`/proc/${child.pid}/clear_refs`, "5"),
    alive: () => !exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        // A second signal means "now" (see cli.ts): in-flight bombs are not waited for.
        setTimeout(() => child.kill("SIGTERM"), 2_000).unref();
      }),
  };
}
