import { z } from 'zod';

export interface SchedulingSettings {
  /** How often the timers look for due slots and posts (and renew their partition leases). */
  tickMs: number;
  /** How many partitions tenants are spread over; each has one timer owner at a time. */
  partitions: number;
  /** How long a partition lease lasts without renewal: a crashed owner's partitions move after this. */
  leaseMs: number;
  /** How often the owner renews its leases. */
  leaseRenewMs: number;
  /** A slot is fired up to this late (after a restart or a stop of the owner); older ones are skipped. */
  slotGraceMs: number;
}

/** The scheduling service's settings from the environment. */
export const schedulingSettingsSchema: z.ZodType<SchedulingSettings> = z
  .object({
    SCHEDULER_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    SCHEDULER_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(4),
    SCHEDULER_LEASE_MS: z.coerce.number().int().min(50).max(300_000).default(30_000),
    SCHEDULER_LEASE_RENEW_MS: z.coerce.number().int().min(10).max(100_000).default(10_000),
    SCHEDULER_SLOT_GRACE_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000),
  })
  .superRefine((env, context) => {
    if (env.SCHEDULER_LEASE_RENEW_MS >= env.SCHEDULER_LEASE_MS) {
      context.addIssue({
        code: 'custom',
        path: ['SCHEDULER_LEASE_RENEW_MS'],
        message: 'must be shorter than SCHEDULER_LEASE_MS, or leases lapse between renewals',
      });
    }
  })
  .superRefine((env, context) => {
    if (env.SCHEDULER_TICK_MS >= env.SCHEDULER_LEASE_MS) {
      context.addIssue({
        code: 'custom',
        path: ['SCHEDULER_TICK_MS'],
        message: 'must be shorter than SCHEDULER_LEASE_MS, or leases lapse between ticks',
      });
    }
  })
  .transform((env) => ({
    tickMs: env.SCHEDULER_TICK_MS,
    partitions: env.SCHEDULER_PARTITIONS,
    leaseMs: env.SCHEDULER_LEASE_MS,
    leaseRenewMs: env.SCHEDULER_LEASE_RENEW_MS,
    slotGraceMs: env.SCHEDULER_SLOT_GRACE_MS,
  }));
