export interface BenchResult {
  name: string;
  subject: string;
  baseline: string;
  /** Subject throughput divided by baseline throughput: 1.0 means as fast as the baseline. */
  ratio: number;
}

/** Operations per second of `run`, after a warm-up, as the best of `rounds`. */
export async function opsPerSecond(operations: number, run: () => Promise<void> | void, rounds = 3): Promise<number> {
  await run();
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    await run();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    best = Math.max(best, operations / seconds);
  }
  return best;
}

/**
 * Operations per second of each of `runs`, measured in turns (a round of each, then again) and
 * the best round of each kept: a subject and its baseline then see the same machine, even when
 * its speed drifts during the benchmark (a shared or throttled CPU).
 */
export async function interleavedOpsPerSecond(
  operations: number,
  runs: readonly (() => Promise<void>)[],
  rounds = 5,
): Promise<number[]> {
  for (const run of runs) await run();
  const best = runs.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (const [index, run] of runs.entries()) {
      const started = process.hrtime.bigint();
      await run();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      best[index] = Math.max(best[index]!, operations / seconds);
    }
  }
  return best;
}

export const perSecond = (value: number, unit: string) => `${Math.round(value).toLocaleString('en-US')} ${unit}/s`;
