import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { delimiter, join } from "node:path";

/** Path of Debian's `redis-server` (package `redis-server`), or undefined when it is not installed. */
export const REDIS_SERVER = (process.env.PATH ?? "")
  .split(delimiter)
  .map((dir) => join(dir, "redis-server"))
  .find((candidate) => existsSync(candidate));

/** A throwaway Redis on loopback. */
export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

async function freeLoopbackPort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Start `redis-server` on a free loopback port, in memory only (no RDB, no AOF). */
export async function startRedisServer(): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error("redis-server is not installed; apt-get install redis-server.");
  const port = await freeLoopbackPort();
  const child: ChildProcess = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
