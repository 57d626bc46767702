import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { answerLater, PlatformFakeState, sendJson, startFakeServer, type FakeRequest } from './platform-fake.js';

/** An X account's four OAuth 1.0a user-context secrets, as the owner pastes them into API Settings. */
export interface XAccount {
  userId: string;
  username: string;
  apiKey: string;
  apiSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export interface FakeX extends PlatformFakeState {
  baseUrl: string;
  /** A new account the fake accepts; its secrets sign requests. */
  addAccount(username?: string): XAccount;
  /** From now on the account's access token is refused with 401, as after a revocation. */
  expire(accessToken: string): void;
  /** Public metrics the fake reports for a post. */
  metrics: Map<
    string,
    { like_count: number; reply_count: number; retweet_count: number; quote_count: number; impression_count: number }
  >;
  /** Requests refused for a bad OAuth signature. */
  badSignatures: number;
  close(): Promise<void>;
}

/**
 * A fake X API v2 on loopback speaking the documented shapes: `POST /2/tweets`, `GET /2/users/me`,
 * `GET /2/users/:id/tweets`, `GET /2/tweets/search/recent`, `GET /2/tweets/:id`. Every request
 * must carry a valid OAuth 1.0a HMAC-SHA1 signature (checked here with its own implementation of
 * RFC 5849, a fresh nonce, a timestamp within 5 minutes). Duplicate text from one account is
 * refused with 403 as X does. Failures are scripted with `failNext`.
 */
export async function startFakeX(): Promise<FakeX> {
  const state = new PlatformFakeState();
  const accounts = new Map<string, XAccount>();
  const expired = new Set<string>();
  const nonces = new Set<string>();
  const metrics: FakeX['metrics'] = new Map();
  let baseUrl = '';
  let badSignatures = 0;

  const server = await startFakeServer(async (request, res) => {
    const account = authenticate(request);
    if (!account) {
      badSignatures += 1;
      return problem(res, 401, 'Unauthorized', 'Unauthorized');
    }
    if (expired.has(account.accessToken)) return problem(res, 401, 'Unauthorized', 'Unauthorized');
    const isPublish = request.method === 'POST' && request.url.pathname === '/2/tweets';
    const payload = isPublish
      ? (JSON.parse(request.body || '{}') as { text?: string; reply?: { in_reply_to_tweet_id?: string } })
      : {};
    const failure = state.take(isPublish);
    if (failure?.kind === 'slow') answerLater(res, failure.delayMs);
    else if (isPublish && state.publishLatencyMs > 0) answerLater(res, state.publishLatencyMs);
    else if (failure) {
      if (isPublish)
        state.publishRequests.push({ account: account.userId, text: payload.text ?? '', outcome: failure.kind });
      return fail(res, failure);
    }
    if (isPublish) return createTweet(res, account, payload);
    return read(request, res, account);
  });
  baseUrl = server.baseUrl;

  function authenticate(request: FakeRequest): XAccount | null {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('OAuth ')) return null;
    const oauth: Record<string, string> = {};
    for (const part of header.slice(6).split(',')) {
      const match = part.trim().match(/^([^=]+)="([^"]*)"$/);
      if (match) oauth[decodeURIComponent(match[1]!)] = decodeURIComponent(match[2]!);
    }
    const account = [...accounts.values()].find(
      (candidate) => candidate.apiKey === oauth['oauth_consumer_key'] && candidate.accessToken === oauth['oauth_token'],
    );
    if (!account || oauth['oauth_signature_method'] !== 'HMAC-SHA1' || !oauth['oauth_nonce']) return null;
    if (Math.abs(Number(oauth['oauth_timestamp']) - Date.now() / 1000) > 300) return null;
    const { oauth_signature: signature, ...signed } = oauth;
    const params: [string, string][] = [...Object.entries(signed), ...request.url.searchParams.entries()];
    const encode = (text: string) =>
      encodeURIComponent(text).replace(/[!*'()]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    const parameterString = params
      .map(([key, value]) => `${encode(key)}=${encode(value)}`)
      .sort()
      .join('&');
    const base = `${request.method}&${encode(baseUrl + request.url.pathname)}&${encode(parameterString)}`;
    const expected = createHmac('sha1', `${encode(account.apiSecret)}&${encode(account.accessTokenSecret)}`)
      .update(base)
      .digest('base64');
    if (expected !== signature) return null;
    if (nonces.has(oauth['oauth_nonce'])) return null; // a replayed request
    nonces.add(oauth['oauth_nonce']);
    return account;
  }

  function createTweet(
    res: ServerResponse,
    account: XAccount,
    payload: { text?: string; reply?: { in_reply_to_tweet_id?: string } },
  ) {
    const text = payload.text ?? '';
    const inReplyTo = payload.reply?.in_reply_to_tweet_id ?? null;
    if (!text.trim()) {
      state.publishRequests.push({ account: account.userId, text, outcome: 'invalid' });
      return problem(res, 400, 'Invalid Request', 'The `text` field must not be empty.');
    }
    if (state.posts.some((post) => post.account === account.userId && post.text === text && !inReplyTo)) {
      state.publishRequests.push({ account: account.userId, text, outcome: 'duplicate' });
      return problem(res, 403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    }
    const post = state.record(account.userId, text, inReplyTo);
    state.publishRequests.push({ account: account.userId, text, outcome: 'created' });
    sendJson(res, 201, { data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] } });
  }

  function read(request: FakeRequest, res: ServerResponse, account: XAccount) {
    const path = request.url.pathname;
    const query = request.url.searchParams;
    if (request.method === 'GET' && path === '/2/users/me') {
      return sendJson(res, 200, { data: { id: account.userId, name: account.username, username: account.username } });
    }
    const timeline = path.match(/^\/2\/users\/([^/]+)\/tweets$/);
    if (request.method === 'GET' && timeline) {
      const since = query.get('start_time') ? new Date(query.get('start_time')!) : new Date(0);
      const pageSize = Math.min(Number(query.get('max_results') ?? 10), 100);
      const offset = Number(query.get('pagination_token') ?? 0);
      const mine = state.posts.filter((post) => post.account === timeline[1] && post.at >= since).reverse(); // newest first, as X lists a timeline
      const page = mine.slice(offset, offset + pageSize);
      const next = offset + pageSize < mine.length ? String(offset + pageSize) : undefined;
      return sendJson(res, 200, {
        ...(page.length
          ? { data: page.map((post) => ({ id: post.id, text: post.text, created_at: post.at.toISOString() })) }
          : {}),
        meta: { result_count: page.length, ...(next ? { next_token: next } : {}) },
      });
    }
    if (request.method === 'GET' && path === '/2/tweets/search/recent') {
      const conversation = (query.get('query') ?? '').match(/conversation_id:(\S+)/)?.[1];
      const replies = state.posts.filter((post) => post.inReplyTo === conversation);
      const usernameOf = (id: string) => [...accounts.values()].find((user) => user.userId === id)?.username ?? id;
      const users = [...new Set(replies.map((post) => post.account))].map((id) => ({ id, username: usernameOf(id) }));
      return sendJson(res, 200, {
        ...(replies.length
          ? {
              data: replies.map((post) => ({
                id: post.id,
                text: post.text,
                author_id: post.account,
                created_at: post.at.toISOString(),
              })),
              includes: { users: users.map((user) => ({ ...user, name: user.username })) },
            }
          : {}),
        meta: { result_count: replies.length },
      });
    }
    const single = path.match(/^\/2\/tweets\/([^/]+)$/);
    if (request.method === 'GET' && single) {
      const post = state.posts.find((candidate) => candidate.id === single[1]);
      if (!post) return problem(res, 404, 'Not Found Error', `Could not find tweet with id: [${single[1]}].`);
      const counts = metrics.get(post.id) ?? {
        like_count: 0,
        reply_count: 0,
        retweet_count: 0,
        quote_count: 0,
        impression_count: 0,
      };
      return sendJson(res, 200, { data: { id: post.id, text: post.text, public_metrics: counts } });
    }
    return problem(res, 404, 'Not Found', `No route ${request.method} ${path}`);
  }

  function fail(res: ServerResponse, failure: Exclude<ReturnType<typeof state.take>, null>) {
    switch (failure.kind) {
      case 'rate_limited': {
        const reset = Math.floor(Date.now() / 1000) + (failure.resetInSeconds ?? 1);
        return problem(res, 429, 'Too Many Requests', 'Too Many Requests', {
          'x-rate-limit-limit': '100',
          'x-rate-limit-remaining': '0',
          'x-rate-limit-reset': String(reset),
        });
      }
      case 'expired':
        return problem(res, 401, 'Unauthorized', 'Unauthorized');
      case 'invalid':
        return problem(
          res,
          403,
          'Forbidden',
          failure.reason ?? 'You are not allowed to create a Tweet with duplicate content.',
        );
      case 'server_error':
        return problem(res, 503, 'Service Unavailable', 'Service Unavailable');
      case 'slow':
        return;
    }
  }

  const fake = Object.assign(state, {
    baseUrl,
    metrics,
    addAccount(username = `shop${accounts.size + 1}`): XAccount {
      const account: XAccount = {
        userId: String(9_000_000 + accounts.size),
        username,
        apiKey: `xk-${randomBytes(8).toString('hex')}`,
        apiSecret: `xs-${randomBytes(16).toString('hex')}`,
        accessToken: `${9_000_000 + accounts.size}-${randomBytes(12).toString('hex')}`,
        accessTokenSecret: `xts-${randomBytes(16).toString('hex')}`,
      };
      accounts.set(account.accessToken, account);
      return account;
    },
    expire(accessToken: string) {
      expired.add(accessToken);
    },
    close: server.close,
  });
  Object.defineProperty(fake, 'badSignatures', { get: () => badSignatures });
  return fake as unknown as FakeX;
}

function problem(
  res: ServerResponse,
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { title, detail, type: 'about:blank', status }, headers);
}
