import { platformCall, joinUrl, transientAnswer } from './http.js';
import { PlatformError, requireFields, type PlatformConnector } from './port.js';

export interface TikTokSettings {
  baseUrl: string;
  timeoutMs: number;
}

const LABEL = 'TikTok';

/** What TikTok's Display API says when the token is the problem (`error.code`). */
const TOKEN_CODES = new Set(['access_token_invalid', 'access_token_expired', 'scope_not_authorized']);

const notPublished = (what: string) =>
  new PlatformError({
    kind: 'invalid',
    reason: `Brandloom does not ${what} on TikTok: TikTok posts go out from the content pack, by the owner.`,
  });

/**
 * TikTok: Brandloom prepares a content pack (caption and hashtags) that the owner posts; it only
 * checks the access token (`GET /v2/user/info/`). Uploading to the creator's drafts needs a video
 * and the `video.upload` scope, which a text post does not have, so it is not done.
 */
export function tiktokConnector(settings: TikTokSettings): PlatformConnector {
  return {
    platform: 'tiktok',
    publishes: false,

    async verifyCredentials(credentials) {
      const { accessToken } = requireFields(credentials, LABEL, ['accessToken']);
      const response = await platformCall(
        LABEL,
        joinUrl(settings.baseUrl, '/v2/user/info/?fields=open_id,display_name,username'),
        { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } },
        settings.timeoutMs,
      );
      const error = (response.body?.['error'] ?? {}) as { code?: string; message?: string };
      if (response.status === 200 && (error.code ?? 'ok') === 'ok') {
        const user = ((response.body?.['data'] ?? {}) as { user?: Record<string, string> }).user ?? {};
        return { accountName: user['username'] ? `@${user['username']}` : (user['display_name'] ?? 'your account') };
      }
      if (response.status === 401 || (error.code && TOKEN_CODES.has(error.code))) {
        throw new PlatformError({
          kind: 'auth',
          reason: `TikTok refused the access token${error.message ? `: ${error.message}` : ''}.`,
        });
      }
      if (response.status === 429 || error.code === 'rate_limit_exceeded') {
        throw new PlatformError({
          kind: 'rate_limited',
          reason: error.message || 'TikTok rate limit reached',
          retryAt: null,
        });
      }
      if (response.status >= 400 && response.status < 500) {
        throw new PlatformError({ kind: 'invalid', reason: error.message || `TikTok answered ${response.status}` });
      }
      throw transientAnswer(LABEL, response, 'GET');
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
