import type { PostPlatform } from '@brandloom/proto-events';

/**
 * An owner's credentials for one platform, by the API Settings names without the platform
 * prefix (`twitterAccessTokenSecret` → `accessTokenSecret`). Each connector checks the ones it
 * needs (`requireFields`).
 */
export type PlatformCredentials = Partial<
  Record<
    'apiKey' | 'apiSecret' | 'accessToken' | 'accessTokenSecret' | 'bearerToken' | 'pageId' | 'appId' | 'appSecret',
    string
  >
>;

/** A post live on its platform. */
export interface PublishedPost {
  platformPostId: string;
  url: string | null;
}

export interface PlatformComment {
  id: string;
  text: string;
  author: string;
  createdAt: string | null;
}

/** What a platform counts for a post; null where it does not say. */
export interface PostMetrics {
  likes: number | null;
  comments: number | null;
  shares: number | null;
  impressions: number | null;
}

/** The publishing quota a platform reports for an account, when it reports one. */
export interface PlatformQuota {
  used: number;
  limit: number;
  windowHours: number;
}

/**
 * Why a platform call did not do what was asked, in the four classes publishing acts on:
 * - `rate_limited`: try again at `retryAt` (the platform's reset time), when it said one;
 * - `auth`: the token is expired, revoked or wrong: the account is disconnected, never retried;
 * - `invalid`: the platform refused this content (`reason` is its own words), never retried;
 * - `transient`: a 5xx, a timeout or a lost connection; `maybeDone` when the request may have
 *   reached the platform, so the post must be looked for before another try.
 */
export type PlatformFailure =
  | { kind: 'rate_limited'; reason: string; retryAt: Date | null }
  | { kind: 'auth'; reason: string }
  | { kind: 'invalid'; reason: string }
  | { kind: 'transient'; reason: string; maybeDone: boolean };

export class PlatformError extends Error {
  constructor(readonly failure: PlatformFailure) {
    super(failure.reason);
    this.name = 'PlatformError';
  }
}

export const isPlatformError = (error: unknown): error is PlatformError => error instanceof PlatformError;

/**
 * One port for every platform. Each adapter speaks the platform's documented HTTP API and
 * passes the same contract suite against a fake of that API.
 */
export interface PlatformConnector {
  readonly platform: PostPlatform;
  /** Whether Brandloom posts to this platform itself (TikTok: a content pack instead). */
  readonly publishes: boolean;
  /** Checks the credentials with the platform; returns how the account is named there (`@handle`). */
  verifyCredentials(credentials: PlatformCredentials): Promise<{ accountName: string }>;
  publish(credentials: PlatformCredentials, content: string): Promise<PublishedPost>;
  /**
   * The post with this content the account published since `since`, or null when it has none:
   * how an attempt whose outcome was never recorded (a crash mid-call) is settled before any retry.
   * Throws when the platform cannot tell.
   */
  findPublished(credentials: PlatformCredentials, content: string, since: Date): Promise<PublishedPost | null>;
  fetchComments(credentials: PlatformCredentials, platformPostId: string): Promise<PlatformComment[]>;
  replyToComment(
    credentials: PlatformCredentials,
    platformPostId: string,
    commentId: string,
    text: string,
  ): Promise<{ id: string }>;
  fetchMetrics(credentials: PlatformCredentials, platformPostId: string): Promise<PostMetrics>;
  /** The account's quota as the platform reports it (Instagram's content_publishing_limit); null if it reports none. */
  fetchQuota(credentials: PlatformCredentials): Promise<PlatformQuota | null>;
}

/** The fields a connector needs, each present, or an `invalid` failure naming what is missing. */
export function requireFields<Field extends keyof PlatformCredentials>(
  credentials: PlatformCredentials,
  label: string,
  fields: readonly Field[],
): Record<Field, string> {
  const missing = fields.filter((field) => !credentials[field]?.trim());
  if (missing.length > 0) {
    throw new PlatformError({
      kind: 'auth',
      reason: `Enter your ${label} credentials first (missing: ${missing.join(', ')}).`,
    });
  }
  return Object.fromEntries(fields.map((field) => [field, credentials[field]!.trim()])) as Record<Field, string>;
}
