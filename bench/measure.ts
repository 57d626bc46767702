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

export const perSecond = (value: number, unit: string) => `${Math.round(value).toLocaleString('en-US')} ${unit}/s`;
