import { spawn } from "node:child_process";

/** What a finished command printed and how it exited. */
export interface CommandResult {
  code: number;
  output: string;
}

/** Options of {@link runCommand}. */
export interface RunCommandOptions {
  cwd: string;
  /** Kill the command after this long. @default 120_000 */
  timeoutMs?: number;
  /** Replaces the environment entirely when given. @default process.env */
  env?: NodeJS.ProcessEnv;
}

/** Run a command to completion, collecting stdout and stderr together; never rejects on a non-zero exit. */
export function runCommand(command: string, args: string[], options: RunCommandOptions): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 120_000,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code: code ?? 1, output: signal ? `${output}\n[killed by ${signal}]` : output }));
  });
}

/**
 * The environment minus the variables a package manager sets for its child scripts
 * (`npm_config_*`, `npm_package_*`, `PNPM_*`), so an `npm install` run from a test behaves as
 * it would in a user's shell rather than inheriting this workspace's pnpm settings.
 */
export function cleanPackageManagerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_)/i.test(key)));
}
