import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  answerLater,
  PlatformFakeState,
  sendJson,
  startFakeServer,
  type FakeRequest,
  type ScriptedFailure,
} from './platform-fake.js';

export interface GraphAccount {
  /** The Instagram user id or the Page id, as the owner enters it in API Settings (`…PageId`). */
  id: string;
  name: string;
  accessToken: string;
}

export interface FakeGraph extends PlatformFakeState {
  baseUrl: string;
  /** An Instagram professional account (its Instagram user id). */
  addInstagramAccount(username?: string): GraphAccount;
  /** A Facebook Page with its page access token. */
  addPage(name?: string): GraphAccount;
  /** From now on the token is refused with OAuthException code 190, as after it expired. */
  expire(accessToken: string): void;
  /** Instagram's rolling 24 h publishing quota (`content_publishing_limit`), 100 unless set. */
  quotaTotal: number;
  /** How many looks at a new media container answer IN_PROGRESS before FINISHED. */
  containerLooksInProgress: number;
  close(): Promise<void>;
}

interface Container {
  account: string;
  caption: string;
  imageUrl: string;
  looks: number;
  publishedAs: string | null;
}

/**
 * A fake Graph API on loopback for Instagram and Facebook Pages, speaking the documented shapes:
 * `{ig-user-id}/media` → container status → `{ig-user-id}/media_publish`,
 * `{ig-user-id}/content_publishing_limit`, `{page-id}/feed`, comments, replies and counts.
 * The access token comes as `access_token` (query or form); errors are
 * `{error: {message, type, code, error_subcode}}`. Failures are scripted with `failNext`.
 */
export async function startFakeGraph(): Promise<FakeGraph> {
  const state = new PlatformFakeState();
  const accounts = new Map<string, GraphAccount & { kind: 'instagram' | 'page' }>();
  const expired = new Set<string>();
  const containers = new Map<string, Container>();

  const fake = Object.assign(state, {
    baseUrl: '',
    quotaTotal: 100,
    containerLooksInProgress: 1,
    addInstagramAccount: (username = `shop_${accounts.size + 1}`) => add('instagram', username),
    addPage: (name = `Corner Shop ${accounts.size + 1}`) => add('page', name),
    expire: (accessToken: string) => void expired.add(accessToken),
    close: (): Promise<void> => Promise.resolve(),
  });

  function add(kind: 'instagram' | 'page', name: string): GraphAccount {
    const account = {
      kind,
      id: String((kind === 'instagram' ? 17_841_400_000_000 : 104_000_000_000) + accounts.size),
      name,
      accessToken: `EAAG${randomBytes(16).toString('hex')}`,
    };
    accounts.set(account.accessToken, account);
    return { id: account.id, name, accessToken: account.accessToken };
  }

  const server = await startFakeServer(async (request, res) => {
    const params = request.method === 'POST' ? new URLSearchParams(request.body) : request.url.searchParams;
    const token = params.get('access_token') ?? '';
    const account = accounts.get(token);
    if (!account) return graphError(res, 400, 'Invalid OAuth access token - Cannot parse access token', 190);
    if (expired.has(token)) {
      return graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
    }
    const segments = request.url.pathname.split('/').filter(Boolean);
    const isPublish =
      request.method === 'POST' && segments.length === 2 && ['media_publish', 'feed'].includes(segments[1]!);
    const failure = state.take(isPublish);
    if (failure?.kind === 'slow') answerLater(res, failure.delayMs);
    else if (isPublish && state.publishLatencyMs > 0) answerLater(res, state.publishLatencyMs);
    else if (failure) {
      if (isPublish)
        state.publishRequests.push({ account: account.id, text: params.get('message') ?? '', outcome: failure.kind });
      return fail(res, failure);
    }
    return route(request, res, account, segments, params);
  });
  fake.baseUrl = server.baseUrl;
  fake.close = server.close;

  function route(
    request: FakeRequest,
    res: ServerResponse,
    account: GraphAccount & { kind: 'instagram' | 'page' },
    [id, edge]: string[],
    params: URLSearchParams,
  ) {
    const since = params.get('since') ? new Date(Number(params.get('since')) * 1000) : new Date(0);
    const own = id === account.id;
    if (request.method === 'GET' && own && !edge) {
      return sendJson(
        res,
        200,
        account.kind === 'instagram' ? { id, username: account.name } : { id, name: account.name },
      );
    }
    if (account.kind === 'instagram' && own && request.method === 'POST' && edge === 'media') {
      const imageUrl = params.get('image_url');
      if (!imageUrl) return graphError(res, 400, '(#100) The parameter image_url is required.', 100);
      const containerId = state.newId();
      containers.set(containerId, {
        account: id,
        caption: params.get('caption') ?? '',
        imageUrl,
        looks: 0,
        publishedAs: null,
      });
      return sendJson(res, 200, { id: containerId });
    }
    if (account.kind === 'instagram' && own && request.method === 'POST' && edge === 'media_publish') {
      const container = containers.get(params.get('creation_id') ?? '');
      if (!container || container.account !== id) return graphError(res, 400, '(#100) Invalid parameter', 100);
      if (container.publishedAs) return graphError(res, 400, 'The media has already been published', 100, 2207016);
      if (recentPosts(id).length >= fake.quotaTotal) {
        return graphError(
          res,
          400,
          'Application request limit reached: the account has reached its publishing limit.',
          9,
          2207042,
        );
      }
      const post = state.record(id, container.caption);
      container.publishedAs = post.id;
      state.publishRequests.push({ account: id, text: container.caption, outcome: 'created' });
      return sendJson(res, 200, { id: post.id });
    }
    if (account.kind === 'instagram' && own && request.method === 'GET' && edge === 'content_publishing_limit') {
      return sendJson(res, 200, {
        data: [
          { quota_usage: recentPosts(id).length, config: { quota_total: fake.quotaTotal, quota_duration: 86400 } },
        ],
      });
    }
    if (own && request.method === 'GET' && (edge === 'media' || edge === 'feed')) {
      const items = state.posts
        .filter((post) => post.account === id && !post.inReplyTo && post.at >= since)
        .reverse()
        .map((post) =>
          account.kind === 'instagram'
            ? { id: post.id, caption: post.text, permalink: permalink(post.id), timestamp: post.at.toISOString() }
            : {
                id: post.id,
                message: post.text,
                created_time: post.at.toISOString(),
                permalink_url: `https://www.facebook.com/${post.id}`,
              },
        );
      return sendJson(res, 200, { data: items, paging: {} });
    }
    if (account.kind === 'page' && own && request.method === 'POST' && edge === 'feed') {
      const message = params.get('message') ?? '';
      if (!message.trim()) return graphError(res, 400, '(#100) The parameter message is required', 100);
      const post = state.record(id, message);
      post.id = `${id}_${post.id}`;
      state.publishRequests.push({ account: id, text: message, outcome: 'created' });
      return sendJson(res, 200, { id: post.id });
    }
    const container = containers.get(id ?? '');
    if (container && request.method === 'GET' && !edge) {
      container.looks += 1;
      const status = container.looks > fake.containerLooksInProgress ? 'FINISHED' : 'IN_PROGRESS';
      return sendJson(res, 200, {
        id,
        status_code: status,
        status: status === 'FINISHED' ? 'Finished: Media has been uploaded' : 'In Progress',
      });
    }
    const post = state.posts.find((candidate) => candidate.id === id);
    if (!post) return graphError(res, 400, `Unsupported get request. Object with ID '${id}' does not exist`, 100, 33);
    if (request.method === 'GET' && edge === 'comments') {
      const comments = state.posts.filter((candidate) => candidate.inReplyTo === id);
      return sendJson(res, 200, {
        data: comments.map((comment) =>
          account.kind === 'instagram'
            ? { id: comment.id, text: comment.text, username: comment.account, timestamp: comment.at.toISOString() }
            : {
                id: comment.id,
                message: comment.text,
                from: { name: comment.account },
                created_time: comment.at.toISOString(),
              },
        ),
      });
    }
    if (request.method === 'POST' && (edge === 'replies' || edge === 'comments')) {
      const reply = state.record(account.id, params.get('message') ?? '', post.id);
      return sendJson(res, 200, { id: reply.id });
    }
    if (request.method === 'GET' && !edge) {
      const comments = state.posts.filter((candidate) => candidate.inReplyTo === id).length;
      return sendJson(
        res,
        200,
        account.kind === 'instagram'
          ? { id, permalink: permalink(post.id), like_count: 0, comments_count: comments }
          : {
              id,
              shares: { count: 0 },
              reactions: { data: [], summary: { total_count: 0 } },
              comments: { data: [], summary: { total_count: comments } },
            },
      );
    }
    return graphError(res, 400, `Unknown path components: /${edge ?? ''}`, 2500);
  }

  const recentPosts = (account: string) =>
    state.posts.filter(
      (post) => post.account === account && !post.inReplyTo && post.at.getTime() > Date.now() - 86_400_000,
    );

  function fail(res: ServerResponse, failure: Exclude<ScriptedFailure, { kind: 'slow' }>) {
    switch (failure.kind) {
      case 'rate_limited':
        return graphError(res, 400, '(#4) Application request limit reached', 4, undefined, {
          'x-business-use-case-usage': JSON.stringify({
            '1': [
              {
                type: 'pages',
                call_count: 100,
                total_cputime: 10,
                total_time: 10,
                estimated_time_to_regain_access: Math.ceil((failure.resetInSeconds ?? 0) / 60),
              },
            ],
          }),
        });
      case 'expired':
        return graphError(res, 400, 'Error validating access token: Session has expired.', 190, 463);
      case 'invalid':
        return graphError(res, 400, failure.reason ?? '(#100) Invalid parameter', 100);
      case 'server_error':
        return graphError(res, 500, 'An unexpected error has occurred. Please retry your request later.', 2);
    }
  }

  return fake as unknown as FakeGraph;
}

const permalink = (id: string) => `https://www.instagram.com/p/${Buffer.from(id).toString('base64url')}/`;

function graphError(
  res: ServerResponse,
  status: number,
  message: string,
  code: number,
  subcode?: number,
  headers: Record<string, string> = {},
) {
  sendJson(
    res,
    status,
    {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'GraphMethodException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: randomBytes(6).toString('hex'),
      },
    },
    headers,
  );
}
