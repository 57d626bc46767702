import { setTimeout as sleep } from 'node:timers/promises';
import { platformCall, joinUrl, transientAnswer, type PlatformResponse } from './http.js';
import { postImage } from './media.js';
import {
  PlatformError,
  requireFields,
  type PlatformConnector,
  type PlatformCredentials,
  type PublishedPost,
} from './port.js';

export interface GraphSettings {
  baseUrl: string;
  timeoutMs: number;
  /** Instagram posts need an image: used for a post whose text names none (see `instagramMedia`). */
  instagramDefaultImageUrl: string | null;
  /** Waits between looks at a media container that is still being processed. */
  containerPollMs?: number;
}

/** Graph API error codes that mean "too many calls" (API, app, page and user-level throttles). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001, 80002]);
/** Instagram: the account reached its content publishing limit (rolling 24 h). */
const PUBLISHING_LIMIT_SUBCODE = 2207042;
/** Invalid, expired or revoked access token. */
const TOKEN_CODE = 190;

interface GraphErrorBody {
  message?: string;
  code?: number;
  error_subcode?: number;
}

/**
 * When Meta says access comes back: `estimated_time_to_regain_access` (minutes) in the
 * `x-business-use-case-usage` or `x-app-usage` header.
 */
function regainAccessAt(headers: Headers, now: number): Date | null {
  for (const header of ['x-business-use-case-usage', 'x-app-usage']) {
    const value = headers.get(header);
    if (!value) continue;
    try {
      const minutes = JSON.stringify(JSON.parse(value)).match(/"estimated_time_to_regain_access":(\d+)/);
      if (minutes) return new Date(now + Number(minutes[1]) * 60_000);
    } catch {
      // An unreadable header says nothing about when to come back.
    }
  }
  return null;
}

function failureOf(label: string, response: PlatformResponse, method: 'GET' | 'POST'): PlatformError {
  const error = (response.body?.['error'] ?? null) as GraphErrorBody | null;
  const reason = error?.message ?? null;
  if (error?.code === TOKEN_CODE || response.status === 401) {
    return new PlatformError({
      kind: 'auth',
      reason: `${label} refused the access token${reason ? `: ${reason}` : ''}. Reconnect ${label} in API Settings.`,
    });
  }
  const limited =
    (error?.code !== undefined && RATE_LIMIT_CODES.has(error.code)) ||
    error?.error_subcode === PUBLISHING_LIMIT_SUBCODE ||
    response.status === 429;
  if (limited) {
    return new PlatformError({
      kind: 'rate_limited',
      reason: reason ?? `${label} rate limit reached`,
      retryAt: regainAccessAt(response.headers, Date.now()),
    });
  }
  if (response.status >= 400 && response.status < 500 && error) {
    return new PlatformError({ kind: 'invalid', reason: reason ?? `${label} refused the post` });
  }
  return transientAnswer(label, response, method);
}

/**
 * Instagram publishes media, never text alone: the first image address in the post (taken out of
 * the caption), else the deployment's default image, else the post is refused with the reason.
 */
export function instagramMedia(
  content: string,
  defaultImageUrl: string | null,
): { caption: string; imageUrl: string } | { refused: string } {
  return (
    postImage(content, defaultImageUrl, ['jpg', 'png']) ?? {
      refused:
        'Instagram needs an image: add an image address (.jpg or .png) to the post, or ask the operator to set a default image.',
    }
  );
}

function graphClient(label: string, settings: GraphSettings) {
  return async function call(
    token: string,
    method: 'GET' | 'POST',
    path: string,
    parameters: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const form = new URLSearchParams({ ...parameters, access_token: token });
    const url = joinUrl(settings.baseUrl, method === 'GET' ? `${path}?${form}` : path);
    const response = await platformCall(
      label,
      url,
      method === 'GET'
        ? { method }
        : { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      settings.timeoutMs,
    );
    if (response.status < 200 || response.status > 299 || !response.body || response.body['error']) {
      throw failureOf(label, response, method);
    }
    return response.body;
  };
}

const idOf = (label: string, answer: Record<string, unknown>, maybeDone: boolean): string => {
  if (typeof answer['id'] === 'string' && answer['id']) return answer['id'];
  throw new PlatformError({ kind: 'transient', reason: `${label} answered without an id`, maybeDone });
};

const sameText = (a: string | undefined, b: string) => (a ?? '').trim().normalize('NFC') === b.trim().normalize('NFC');

/** Instagram Graph API: media container → status → media_publish; quota from content_publishing_limit. */
export function instagramConnector(settings: GraphSettings): PlatformConnector {
  const label = 'Instagram';
  const call = graphClient(label, settings);
  const account = (credentials: PlatformCredentials) => {
    const fields = requireFields(credentials, label, ['accessToken', 'pageId']);
    return { token: fields.accessToken, userId: encodeURIComponent(fields.pageId) };
  };
  const permalinkOf = async (token: string, mediaId: string) => {
    const answer = await call(token, 'GET', `/${encodeURIComponent(mediaId)}`, { fields: 'permalink' }).catch(
      () => ({}) as Record<string, unknown>,
    );
    return typeof answer['permalink'] === 'string' ? answer['permalink'] : null;
  };

  async function waitUntilFinished(token: string, containerId: string) {
    for (let look = 0; look < 10; look++) {
      const answer = await call(token, 'GET', `/${encodeURIComponent(containerId)}`, { fields: 'status_code,status' });
      const status = answer['status_code'];
      if (status === 'FINISHED') return;
      if (status === 'ERROR' || status === 'EXPIRED') {
        throw new PlatformError({
          kind: 'invalid',
          reason: `Instagram could not use the media: ${String(answer['status'] ?? status)}`,
        });
      }
      await sleep(settings.containerPollMs ?? 1000);
    }
    throw new PlatformError({ kind: 'transient', reason: 'Instagram is still processing the media', maybeDone: false });
  }

  return {
    platform: 'instagram',
    publishes: true,

    async verifyCredentials(credentials) {
      const { token, userId } = account(credentials);
      const answer = await call(token, 'GET', `/${userId}`, { fields: 'username' });
      return { accountName: `@${String(answer['username'] ?? answer['id'] ?? userId)}` };
    },

    async publish(credentials, content) {
      const { token, userId } = account(credentials);
      const media = instagramMedia(content, settings.instagramDefaultImageUrl);
      if ('refused' in media) throw new PlatformError({ kind: 'invalid', reason: media.refused });
      const container = idOf(
        label,
        await call(token, 'POST', `/${userId}/media`, { image_url: media.imageUrl, caption: media.caption }),
        false,
      );
      await waitUntilFinished(token, container);
      const mediaId = idOf(
        label,
        await call(token, 'POST', `/${userId}/media_publish`, { creation_id: container }),
        true,
      );
      return { platformPostId: mediaId, url: await permalinkOf(token, mediaId) };
    },

    async findPublished(credentials, content, since): Promise<PublishedPost | null> {
      const { token, userId } = account(credentials);
      const media = instagramMedia(content, settings.instagramDefaultImageUrl);
      const caption = 'refused' in media ? content : media.caption;
      const answer = await call(token, 'GET', `/${userId}/media`, {
        fields: 'id,caption,permalink,timestamp',
        since: String(Math.floor(since.getTime() / 1000)),
        limit: '100',
      });
      const items = (answer['data'] ?? []) as {
        id: string;
        caption?: string;
        permalink?: string;
        timestamp?: string;
      }[];
      const found = items.find((item) => sameText(item.caption, caption));
      return found ? { platformPostId: found.id, url: found.permalink ?? null } : null;
    },

    async fetchComments(credentials, platformPostId) {
      const { token } = account(credentials);
      const answer = await call(token, 'GET', `/${encodeURIComponent(platformPostId)}/comments`, {
        fields: 'id,text,username,timestamp',
      });
      return ((answer['data'] ?? []) as { id: string; text: string; username?: string; timestamp?: string }[]).map(
        (comment) => ({
          id: comment.id,
          text: comment.text,
          author: comment.username ?? '',
          createdAt: comment.timestamp ?? null,
        }),
      );
    },

    async replyToComment(credentials, _platformPostId, commentId, text) {
      const { token } = account(credentials);
      return {
        id: idOf(
          label,
          await call(token, 'POST', `/${encodeURIComponent(commentId)}/replies`, { message: text }),
          true,
        ),
      };
    },

    async fetchMetrics(credentials, platformPostId) {
      const { token } = account(credentials);
      const answer = await call(token, 'GET', `/${encodeURIComponent(platformPostId)}`, {
        fields: 'like_count,comments_count',
      });
      const count = (field: string) => (typeof answer[field] === 'number' ? (answer[field] as number) : null);
      return { likes: count('like_count'), comments: count('comments_count'), shares: null, impressions: null };
    },

    async fetchQuota(credentials) {
      const { token, userId } = account(credentials);
      const answer = await call(token, 'GET', `/${userId}/content_publishing_limit`, { fields: 'quota_usage,config' });
      const [usage] = (answer['data'] ?? []) as {
        quota_usage?: number;
        config?: { quota_total?: number; quota_duration?: number };
      }[];
      if (!usage?.config?.quota_total) return null;
      return {
        used: usage.quota_usage ?? 0,
        limit: usage.config.quota_total,
        windowHours: Math.round((usage.config.quota_duration ?? 86_400) / 3600),
      };
    },
  };
}

/** Facebook Pages: `/{page-id}/feed` with the page access token. */
export function facebookConnector(settings: GraphSettings): PlatformConnector {
  const label = 'Facebook';
  const call = graphClient(label, settings);
  const page = (credentials: PlatformCredentials) => {
    const fields = requireFields(credentials, label, ['accessToken', 'pageId']);
    return { token: fields.accessToken, pageId: encodeURIComponent(fields.pageId) };
  };
  const postUrl = (id: string) => `https://www.facebook.com/${id}`;

  return {
    platform: 'facebook',
    publishes: true,

    async verifyCredentials(credentials) {
      const { token, pageId } = page(credentials);
      const answer = await call(token, 'GET', `/${pageId}`, { fields: 'name' });
      return { accountName: String(answer['name'] ?? pageId) };
    },

    async publish(credentials, content) {
      const { token, pageId } = page(credentials);
      const id = idOf(label, await call(token, 'POST', `/${pageId}/feed`, { message: content }), true);
      return { platformPostId: id, url: postUrl(id) };
    },

    async findPublished(credentials, content, since): Promise<PublishedPost | null> {
      const { token, pageId } = page(credentials);
      const answer = await call(token, 'GET', `/${pageId}/feed`, {
        fields: 'id,message,created_time,permalink_url',
        since: String(Math.floor(since.getTime() / 1000)),
        limit: '100',
      });
      const items = (answer['data'] ?? []) as { id: string; message?: string; permalink_url?: string }[];
      const found = items.find((item) => sameText(item.message, content));
      return found ? { platformPostId: found.id, url: found.permalink_url ?? postUrl(found.id) } : null;
    },

    async fetchComments(credentials, platformPostId) {
      const { token } = page(credentials);
      const answer = await call(token, 'GET', `/${encodeURIComponent(platformPostId)}/comments`, {
        fields: 'id,message,from,created_time',
      });
      return (
        (answer['data'] ?? []) as { id: string; message: string; from?: { name?: string }; created_time?: string }[]
      ).map((comment) => ({
        id: comment.id,
        text: comment.message,
        author: comment.from?.name ?? '',
        createdAt: comment.created_time ?? null,
      }));
    },

    async replyToComment(credentials, _platformPostId, commentId, text) {
      const { token } = page(credentials);
      return {
        id: idOf(
          label,
          await call(token, 'POST', `/${encodeURIComponent(commentId)}/comments`, { message: text }),
          true,
        ),
      };
    },

    async fetchMetrics(credentials, platformPostId) {
      const { token } = page(credentials);
      const answer = await call(token, 'GET', `/${encodeURIComponent(platformPostId)}`, {
        fields: 'shares,reactions.summary(total_count),comments.summary(total_count)',
      });
      const total = (field: string) =>
        (answer[field] as { summary?: { total_count?: number } } | undefined)?.summary?.total_count ?? null;
      const shares = (answer['shares'] as { count?: number } | undefined)?.count ?? null;
      return { likes: total('reactions'), comments: total('comments'), shares, impressions: null };
    },

    // Pages have no published per-account posting quota; the ledger only counts.
    fetchQuota: async () => null,
  };
}
