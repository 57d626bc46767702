import { optionalString } from '@brandloom/runtime';
import { z } from 'zod';
import type { ConnectorSettings } from './connectors/index.js';
import type { RetryPolicy } from './publication/publication.js';

export interface PublishingSettings {
  connectors: ConnectorSettings;
  retry: RetryPolicy;
  /** X's posting limit per user in 24 hours, for the quota ledger (X reports none to ask). */
  xPostsPerDay: number;
  /** Posts published at once; one at a time per account, so each account's posts keep their order. */
  concurrency: number;
  /** How often the publisher looks for posts that came due (new ones, retries after a reset time). */
  pollIntervalMs: number;
}

const url = (example: string) => optionalString.pipe(z.url(`must be an http(s) base URL, e.g. ${example}`).optional());
const delays = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be comma-separated milliseconds, e.g. 5000,30000,120000')
  .transform((text) => text.split(',').map(Number));

/** The publishing service's settings: where each platform's API is, and how hard to try. */
export const publishingSettingsSchema: z.ZodType<PublishingSettings> = z
  .object({
    X_API_BASE_URL: url('https://api.twitter.com'),
    GRAPH_API_BASE_URL: url('https://graph.facebook.com/v19.0'),
    TIKTOK_API_BASE_URL: url('https://open.tiktokapis.com'),
    PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    INSTAGRAM_DEFAULT_IMAGE_URL: url('https://cdn.example.com/brand.jpg'),
    INSTAGRAM_CONTAINER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    X_POSTS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
    PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    PUBLISH_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    PUBLISH_RETRY_DELAYS_MS: optionalString.pipe(delays.optional()),
    PUBLISH_RATE_LIMIT_RETRIES: z.coerce.number().int().min(0).max(100).default(5),
  })
  .transform((env) => ({
    connectors: {
      xBaseUrl: env.X_API_BASE_URL ?? 'https://api.twitter.com',
      graphBaseUrl: env.GRAPH_API_BASE_URL ?? 'https://graph.facebook.com/v19.0',
      tiktokBaseUrl: env.TIKTOK_API_BASE_URL ?? 'https://open.tiktokapis.com',
      timeoutMs: env.PLATFORM_TIMEOUT_MS,
      instagramDefaultImageUrl: env.INSTAGRAM_DEFAULT_IMAGE_URL ?? null,
      containerPollMs: env.INSTAGRAM_CONTAINER_POLL_MS,
    },
    retry: {
      transientDelaysMs: env.PUBLISH_RETRY_DELAYS_MS ?? [5_000, 30_000, 120_000, 600_000],
      maxRateLimited: env.PUBLISH_RATE_LIMIT_RETRIES,
      rateLimitFallbackMs: 15 * 60_000,
    },
    xPostsPerDay: env.X_POSTS_PER_DAY,
    concurrency: env.PUBLISH_CONCURRENCY,
    pollIntervalMs: env.PUBLISH_POLL_MS,
  }));
