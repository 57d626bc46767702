const BACKOFF_MS = [50, 200, 1000, 5000];

/** Run `attempt` until it succeeds or `isStopped()`; waits grow up to 5 s between tries. */
export async function retryUntilStopped(
  attempt: () => Promise<void>,
  isStopped: () => boolean,
  onFailure: (error: unknown, attemptNumber: number) => void,
): Promise<void> {
  for (let attemptNumber = 1; !isStopped(); attemptNumber++) {
    try {
      await attempt();
      return;
    } catch (error) {
      onFailure(error, attemptNumber);
      await sleep(BACKOFF_MS[Math.min(attemptNumber - 1, BACKOFF_MS.length - 1)]!);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
