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
 * Operations per second of each of `runs`, measured in turns (a round of each, then again), every
 * round kept: a subject and its baseline measured back to back see the same machine, even when
 * its speed drifts during the benchmark (a shared or throttled CPU).
 */
export async function interleavedRounds(
  operations: number,
  runs: readonly (() => Promise<void>)[],
  rounds: number,
): Promise<number[][]> {
  for (const run of runs) await run();
  const rates = runs.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, run] of runs.entries()) {
      const started = process.hrtime.bigint();
      await run();
      rates[index]!.push(operations / (Number(process.hrtime.bigint() - started) / 1e9));
    }
  }
  return rates;
}

/** The median of the round-by-round ratios of `subject` to `baseline` (rounds measured in turns). */
export function medianPairedRatio(subject: readonly number[], baseline: readonly number[]): number {
  const ratios = subject.map((rate, round) => rate / baseline[round]!).sort((a, b) => a - b);
  const middle = Math.floor(ratios.length / 2);
  return ratios.length % 2 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
}

export const perSecond = (value: number, unit: string) => `${Math.round(value).toLocaleString('en-US')} ${unit}/s`;
