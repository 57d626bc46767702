import { platformCall, joinUrl, transientAnswer, type PlatformResponse } from './http.js';
import { PlatformError, requireFields, type PlatformConnector, type PlatformCredentials } from './port.js';

export interface TikTokSettings {
  baseUrl: string;
  timeoutMs: number;
}

/** A photo post for the creator's TikTok inbox, where they finish and post it themselves. */
export interface TikTokDraft {
  title: string;
  description: string;
  imageUrl: string;
}

/** TikTok does not publish from Brandloom; it can take a photo post into the creator's drafts. */
export interface TikTokConnector extends PlatformConnector {
  /** Content Posting API, `MEDIA_UPLOAD` photo mode (`video.upload` scope); answers TikTok's publish_id. */
  sendPhotoToDrafts(credentials: PlatformCredentials, draft: TikTokDraft): Promise<{ publishId: string }>;
}

const LABEL = 'TikTok';

/** What TikTok says when the token is the problem (`error.code`): expired, revoked or without the scope. */
const TOKEN_CODES = new Set(['access_token_invalid', 'access_token_expired', 'scope_not_authorized']);

interface TikTokError {
  code?: string;
  message?: string;
}

const errorOf = (response: PlatformResponse): TikTokError => (response.body?.['error'] ?? {}) as TikTokError;
const succeeded = (response: PlatformResponse) => response.status === 200 && (errorOf(response).code ?? 'ok') === 'ok';

/** TikTok's `{error: {code, message}}` as a failure of ours, its message kept as the reason. */
function failureOf(response: PlatformResponse, method: 'GET' | 'POST'): PlatformError {
  const error = errorOf(response);
  if (response.status === 401 || (error.code && TOKEN_CODES.has(error.code))) {
    return new PlatformError({
      kind: 'auth',
      reason: `TikTok refused the access token${error.message ? `: ${error.message}` : ''}.`,
    });
  }
  if (response.status === 429 || error.code === 'rate_limit_exceeded') {
    return new PlatformError({
      kind: 'rate_limited',
      reason: error.message || 'TikTok rate limit reached',
      retryAt: null,
    });
  }
  if (response.status >= 400 && response.status < 500) {
    return new PlatformError({ kind: 'invalid', reason: error.message || `TikTok answered ${response.status}` });
  }
  return transientAnswer(LABEL, response, method);
}

const notPublished = (what: string) =>
  new PlatformError({
    kind: 'invalid',
    reason: `Brandloom does not ${what} on TikTok: TikTok posts go out from the content pack, by the owner.`,
  });

/**
 * TikTok: Brandloom prepares a content pack (caption and hashtags) that the owner posts. It checks
 * the access token (`GET /v2/user/info/`) and, where the token has the `video.upload` scope, puts
 * the pack with its photo into the creator's drafts (`/v2/post/publish/content/init/`).
 */
export function tiktokConnector(settings: TikTokSettings): TikTokConnector {
  const call = (accessToken: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    platformCall(
      LABEL,
      joinUrl(settings.baseUrl, path),
      {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      settings.timeoutMs,
    );

  return {
    platform: 'tiktok',
    publishes: false,

    async verifyCredentials(credentials) {
      const { accessToken } = requireFields(credentials, LABEL, ['accessToken']);
      const response = await call(accessToken, 'GET', '/v2/user/info/?fields=open_id,display_name,username');
      if (!succeeded(response)) throw failureOf(response, 'GET');
      const user = ((response.body?.['data'] ?? {}) as { user?: Record<string, string> }).user ?? {};
      return { accountName: user['username'] ? `@${user['username']}` : (user['display_name'] ?? 'your account') };
    },

    async sendPhotoToDrafts(credentials, draft) {
      const { accessToken } = requireFields(credentials, LABEL, ['accessToken']);
      const response = await call(accessToken, 'POST', '/v2/post/publish/content/init/', {
        post_info: { title: draft.title, description: draft.description },
        source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: [draft.imageUrl] },
        post_mode: 'MEDIA_UPLOAD',
        media_type: 'PHOTO',
      });
      if (!succeeded(response)) throw failureOf(response, 'POST');
      const publishId = (response.body?.['data'] as { publish_id?: unknown } | undefined)?.publish_id;
      if (typeof publishId !== 'string' || !publishId) {
        throw new PlatformError({ kind: 'transient', reason: 'TikTok answered without a publish_id', maybeDone: true });
      }
      return { publishId };
    },

    publish: () => Promise.reject(notPublished('post')),
    // Nothing is ever published by Brandloom there, so nothing can be found.
    findPublished: () => Promise.resolve(null),
    fetchComments: () => Promise.reject(notPublished('read comments')),
    replyToComment: () => Promise.reject(notPublished('reply to comments')),
    fetchMetrics: () => Promise.reject(notPublished('read metrics')),
    fetchQuota: async () => null,
  };
}
