/**
 * Background work of a service process: outbox relays, reaction runners, read-model runners and
 * bus consumers. Each reports how it is doing, so `/readyz` can say which part is stalled or
 * dead instead of a process failing in silence.
 */

/**
 * - `starting`: catching up, not yet serving.
 * - `running`: keeping up.
 * - `retrying`: an event or message is failing and being retried with backoff; `detail` says why.
 * - `stopped`: stopped on purpose (shutdown).
 * - `dead`: stopped by a failure it cannot recover from; `detail` says why.
 */
export type WorkStatus = 'starting' | 'running' | 'retrying' | 'stopped' | 'dead';

export interface WorkReport {
  /** `billing/reactions`, `identity/outbox`, `billing/inbox`, `identity/read-models`. */
  name: string;
  status: WorkStatus;
  detail?: string;
  /** How many events or messages this worker has parked (dead-lettered) and not yet replayed. */
  parked?: number;
}

export interface BackgroundWork {
  report(): WorkReport;
}

/** Ready while every part is starting-complete and none is retrying for long or dead. */
export function isHealthy(report: WorkReport): boolean {
  return report.status === 'running';
}
