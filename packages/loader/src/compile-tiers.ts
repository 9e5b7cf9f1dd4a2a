import { setFlagsFromString } from "node:v8";

/**
 * Why: converting documents runs a large body of code (pdf.js, mammoth, SheetJS, unified) for a
 * short time each, and every document exercises different parts of it. V8 compiles whatever gets
 * hot with its top tier (TurboFan) on background threads; while a build keeps every core busy
 * converting, that compilation takes cores from the conversions and rarely pays itself back before
 * the code goes cold. Capped at Maglev (V8's mid tier, which compiles far faster), two worker
 * threads converted the shared corpus's 63 documents with about 30 % less CPU and in about 60 % of
 * the time on a 2-core machine (`pnpm bench --only corpus-build` shows the build-level figure).
 *
 * V8's flags belong to the process (a worker thread cannot have its own), so the cap holds only
 * while at least one job runs, and the top tier comes back when the last one ends: a long-running
 * `astro dev` keeps its optimised code. Nothing changes when the process was started with its own
 * `--max-opt`.
 */
export const CONVERSION_TIER_FLAG = "--max-opt=2";
/** V8's default: no cap. */
export const DEFAULT_TIER_FLAG = "--max-opt=999";

/** Runs jobs with V8's compile tiers capped for as long as any of them runs. */
export type TierGate = <T>(job: () => Promise<T>) => Promise<T>;

/** A {@link TierGate} over `setFlags`; the parameters are for tests. */
export function createTierGate(setFlags: (flags: string) => void = setFlagsFromString, execArgv: readonly string[] = process.execArgv): TierGate {
  if (execArgv.some((argument) => /^--max[-_]opt\b/.test(argument))) return (job) => job();
  let running = 0;
  return async (job) => {
    if (running++ === 0) setFlags(CONVERSION_TIER_FLAG);
    try {
      return await job();
    } finally {
      if (--running === 0) setFlags(DEFAULT_TIER_FLAG);
    }
  };
}

/** The gate of this process, shared by every worker job. */
export const withConversionTiers: TierGate = createTierGate();
