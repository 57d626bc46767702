/**
 * Background work of a service process: outbox relays, reaction runners, read-model runners and
 * bus consumers. Each reports how it is doing, so `/readyz` can say which part is stalled or
 * dead instead of a process failing in silence.
 */
import { z } from 'zod';

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

/** A worker busy with one event or message for longer than this reports itself stalled. */
export const STALL_AFTER_MS = 30_000;

/**
 * The report of a running worker that has been handling one item since `busy.since` (null when
 * idle): past `stallAfterMs` it is `retrying`, with a detail saying it is stalled on what.
 */
export function withStall(
  report: WorkReport,
  busy: { since: number; what: string } | null,
  stallAfterMs: number,
  now = Date.now(),
): WorkReport {
  // A worker already retrying says why; that says more than how long it has been at it.
  if (!busy || report.status !== 'running') return report;
  const forMs = now - busy.since;
  if (forMs < stallAfterMs) return report;
  return { ...report, status: 'retrying', detail: `stalled: busy with ${busy.what} for ${Math.round(forMs / 1000)} s` };
}

/** Ready while every part is starting-complete and none is retrying for long or dead. */
export function isHealthy(report: WorkReport): boolean {
  return report.status === 'running';
}

/** What `/readyz` answers: ready only while every part is running, and each part's report. */
export interface Readiness {
  ready: boolean;
  parts: WorkReport[];
}

export function readinessOf(parts: readonly WorkReport[]): Readiness {
  return { ready: parts.every(isHealthy), parts: [...parts] };
}

const workReportSchema = z.object({
  name: z.string(),
  status: z.enum(['starting', 'running', 'retrying', 'stopped', 'dead']),
  detail: z.string().optional(),
  parked: z.number().optional(),
});

/** A `/readyz` answer from another process, checked before it is believed. */
export const readinessSchema = z.object({ ready: z.boolean(), parts: z.array(workReportSchema) });
