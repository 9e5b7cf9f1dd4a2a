/**
 * Runs `fn` and measures its wall time.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<{ ms: number, value: T }>}
 */
export async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/**
 * The fastest of `runs` measurements: the figure least disturbed by other work on the machine.
 * @template {{ ms: number }} M
 * @param {number} runs
 * @param {() => Promise<M>} measure
 * @returns {Promise<M>}
 */
export async function fastestOf(runs, measure) {
  let best;
  for (let run = 0; run < runs; run++) {
    const result = await measure();
    if (!best || result.ms < best.ms) best = result;
  }
  return best;
}
