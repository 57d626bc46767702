import { platformCall, joinUrl, transientAnswer, type PlatformResponse } from './http.js';
import { oauth1Header, type OAuth1Credentials } from './oauth1.js';
import {
  PlatformError,
  requireFields,
  type PlatformConnector,
  type PlatformCredentials,
  type PublishedPost,
} from './port.js';

const LABEL = 'X';

export interface XSettings {
  baseUrl: string;
  timeoutMs: number;
}

const keysOf = (credentials: PlatformCredentials): OAuth1Credentials => {
  const fields = requireFields(credentials, 'X (Twitter)', ['apiKey', 'apiSecret', 'accessToken', 'accessTokenSecret']);
  return {
    consumerKey: fields.apiKey,
    consumerSecret: fields.apiSecret,
    token: fields.accessToken,
    tokenSecret: fields.accessTokenSecret,
  };
};

/** X's own words for a refusal: `detail` (v2 problem), `errors[0].message`, or `title`. */
function reasonOf(body: Record<string, unknown> | null): string | null {
  if (!body) return null;
  if (typeof body['detail'] === 'string') return body['detail'];
  const errors = body['errors'];
  if (Array.isArray(errors) && typeof (errors[0] as { message?: unknown })?.message === 'string') {
    return (errors[0] as { message: string }).message;
  }
  return typeof body['title'] === 'string' ? body['title'] : null;
}

/** Maps X API v2 answers to the four failure classes (see PlatformFailure). */
function failureOf(response: PlatformResponse, method: 'GET' | 'POST'): PlatformError {
  const reason = reasonOf(response.body);
  if (response.status === 429) {
    const reset = Number(response.headers.get('x-rate-limit-reset'));
    return new PlatformError({
      kind: 'rate_limited',
      reason: reason ?? 'X rate limit reached',
      retryAt: Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000) : null,
    });
  }
  if (response.status === 401) {
    return new PlatformError({
      kind: 'auth',
      reason: `X refused the credentials${reason ? `: ${reason}` : ''}. Reconnect X in API Settings.`,
    });
  }
  if (response.status === 400 || response.status === 403) {
    return new PlatformError({ kind: 'invalid', reason: reason ?? `X refused the post (${response.status})` });
  }
  return transientAnswer(LABEL, response, method);
}

const tweetUrl = (id: string) => `https://x.com/i/web/status/${id}`;
const sameText = (a: string, b: string) => a.trim().normalize('NFC') === b.trim().normalize('NFC');

/** X API v2 with OAuth 1.0a user context: the owner's API key and secret and access token and secret. */
export function xConnector(settings: XSettings): PlatformConnector {
  async function call(
    credentials: PlatformCredentials,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const keys = keysOf(credentials);
    const url = joinUrl(settings.baseUrl, path);
    const headers: Record<string, string> = { authorization: oauth1Header(method, url, keys) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await platformCall(
      LABEL,
      url,
      { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
      settings.timeoutMs,
    );
    if (response.status < 200 || response.status > 299 || !response.body) throw failureOf(response, method);
    return response.body;
  }

  const me = async (credentials: PlatformCredentials) => {
    const data = (await call(credentials, 'GET', '/2/users/me'))['data'] as
      { id?: string; username?: string } | undefined;
    if (!data?.id)
      throw new PlatformError({ kind: 'transient', reason: 'X answered without the account', maybeDone: false });
    return { id: data.id, username: data.username ?? data.id };
  };

  const createTweet = async (credentials: PlatformCredentials, payload: Record<string, unknown>) => {
    const data = (await call(credentials, 'POST', '/2/tweets', payload))['data'] as { id?: string } | undefined;
    if (!data?.id)
      throw new PlatformError({ kind: 'transient', reason: 'X answered without a post id', maybeDone: true });
    return data.id;
  };

  return {
    platform: 'twitter',
    publishes: true,

    async verifyCredentials(credentials) {
      return { accountName: `@${(await me(credentials)).username}` };
    },

    async publish(credentials, content) {
      const id = await createTweet(credentials, { text: content });
      return { platformPostId: id, url: tweetUrl(id) };
    },

    async findPublished(credentials, content, since): Promise<PublishedPost | null> {
      const { id: userId } = await me(credentials);
      let token: string | null = null;
      for (let page = 0; page < 10; page++) {
        const query = new URLSearchParams({
          start_time: since.toISOString(),
          max_results: '100',
          'tweet.fields': 'created_at',
          ...(token ? { pagination_token: token } : {}),
        });
        const answer = await call(credentials, 'GET', `/2/users/${encodeURIComponent(userId)}/tweets?${query}`);
        const tweets = (answer['data'] ?? []) as { id: string; text: string }[];
        const found = tweets.find((tweet) => sameText(tweet.text, content));
        if (found) return { platformPostId: found.id, url: tweetUrl(found.id) };
        token = ((answer['meta'] ?? {}) as { next_token?: string }).next_token ?? null;
        if (!token) return null;
      }
      throw new PlatformError({ kind: 'transient', reason: 'X has too many posts to look through', maybeDone: false });
    },

    async fetchComments(credentials, platformPostId) {
      const query = new URLSearchParams({
        query: `conversation_id:${platformPostId}`,
        'tweet.fields': 'author_id,created_at',
        expansions: 'author_id',
        'user.fields': 'username',
      });
      const answer = await call(credentials, 'GET', `/2/tweets/search/recent?${query}`);
      const users = ((answer['includes'] ?? {}) as { users?: { id: string; username: string }[] }).users ?? [];
      const tweets = (answer['data'] ?? []) as { id: string; text: string; author_id?: string; created_at?: string }[];
      return tweets
        .filter((tweet) => tweet.id !== platformPostId)
        .map((tweet) => ({
          id: tweet.id,
          text: tweet.text,
          author: users.find((user) => user.id === tweet.author_id)?.username ?? tweet.author_id ?? '',
          createdAt: tweet.created_at ?? null,
        }));
    },

    async replyToComment(credentials, _platformPostId, commentId, text) {
      return { id: await createTweet(credentials, { text, reply: { in_reply_to_tweet_id: commentId } }) };
    },

    async fetchMetrics(credentials, platformPostId) {
      const answer = await call(
        credentials,
        'GET',
        `/2/tweets/${encodeURIComponent(platformPostId)}?tweet.fields=public_metrics`,
      );
      const metrics = ((answer['data'] ?? {}) as { public_metrics?: Record<string, number> }).public_metrics ?? {};
      return {
        likes: metrics['like_count'] ?? null,
        comments: metrics['reply_count'] ?? null,
        shares:
          metrics['retweet_count'] === undefined ? null : metrics['retweet_count'] + (metrics['quote_count'] ?? 0),
        impressions: metrics['impression_count'] ?? null,
      };
    },

    // X reports its limits per endpoint in headers, not as a publishing quota: the ledger counts.
    fetchQuota: async () => null,
  };
}
