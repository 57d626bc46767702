import { randomBytes } from 'node:crypto';
import { PlatformFakeState, sendJson, startFakeServer } from './platform-fake.js';

export interface TikTokAccount {
  openId: string;
  username: string;
  accessToken: string;
}

/** A photo post taken into a creator's inbox (drafts) by the Content Posting API. */
export interface TikTokDraftUpload {
  publishId: string;
  /** The account whose token sent it. */
  username: string;
  /** The JSON body as sent. */
  body: Record<string, unknown>;
}

export interface FakeTikTok extends PlatformFakeState {
  baseUrl: string;
  /** Every photo post taken into a creator's drafts, in order. */
  drafts: TikTokDraftUpload[];
  /** Tokens granted without the `video.upload` scope: the drafts endpoint refuses them. */
  withoutUploadScope(accessToken: string): void;
  addAccount(username?: string): TikTokAccount;
  expire(accessToken: string): void;
  close(): Promise<void>;
}

/**
 * A fake TikTok API on loopback, with a Bearer token: `GET /v2/user/info/` (Display API) and
 * `POST /v2/post/publish/content/init/` for a photo into the creator's drafts (`MEDIA_UPLOAD`),
 * answering `{data, error: {code, message, log_id}}` as TikTok does. The failure script applies
 * to the drafts call as the publishing call; `invalid` answers spam_risk_too_many_pending_share.
 */
export async function startFakeTikTok(): Promise<FakeTikTok> {
  const state = new PlatformFakeState();
  const accounts = new Map<string, TikTokAccount>();
  const expired = new Set<string>();
  const unscoped = new Set<string>();
  const drafts: TikTokDraftUpload[] = [];
  const logId = () => randomBytes(8).toString('hex');
  const error = (code: string, message: string) => ({ error: { code, message, log_id: logId() } });

  const server = await startFakeServer((request, res) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const account = accounts.get(token);
    if (!account || expired.has(token)) {
      return sendJson(
        res,
        401,
        error('access_token_invalid', 'The access token is invalid or not found in the request.'),
      );
    }
    const isDraft = request.method === 'POST' && request.url.pathname === '/v2/post/publish/content/init/';
    const failure = state.take(isDraft);
    if (failure?.kind === 'rate_limited')
      return sendJson(res, 429, error('rate_limit_exceeded', 'Rate limit exceeded.'));
    if (failure?.kind === 'server_error') return sendJson(res, 500, error('internal_error', 'Internal error.'));
    if (failure?.kind === 'expired')
      return sendJson(res, 401, error('access_token_expired', 'The access token has expired.'));
    if (failure?.kind === 'invalid') {
      const reason = failure.reason ?? 'The user has too many pending shares in their inbox.';
      return sendJson(res, 403, error('spam_risk_too_many_pending_share', reason));
    }
    if (isDraft) {
      if (unscoped.has(token)) {
        return sendJson(
          res,
          401,
          error('scope_not_authorized', 'The user did not authorize the scope required for completing this request.'),
        );
      }
      const body = parseJson(request.body);
      const source = (body['source_info'] ?? {}) as { source?: string; photo_images?: unknown };
      const images = Array.isArray(source.photo_images) ? source.photo_images : [];
      if (
        body['media_type'] !== 'PHOTO' ||
        body['post_mode'] !== 'MEDIA_UPLOAD' ||
        source.source !== 'PULL_FROM_URL' ||
        images.length === 0
      ) {
        return sendJson(
          res,
          400,
          error('invalid_params', 'A photo post needs PULL_FROM_URL photo_images in MEDIA_UPLOAD mode.'),
        );
      }
      const publishId = `p_pub_url~v2.${state.newId()}`;
      drafts.push({ publishId, username: account.username, body });
      return sendJson(res, 200, { data: { publish_id: publishId }, ...error('ok', '') });
    }
    if (request.method === 'GET' && request.url.pathname === '/v2/user/info/') {
      return sendJson(res, 200, {
        data: { user: { open_id: account.openId, display_name: account.username, username: account.username } },
        ...error('ok', ''),
      });
    }
    return sendJson(res, 404, error('invalid_params', `No route ${request.method} ${request.url.pathname}`));
  });

  const fake = Object.assign(state, {
    baseUrl: server.baseUrl,
    drafts,
    withoutUploadScope: (accessToken: string) => void unscoped.add(accessToken),
    addAccount(username = `creator${accounts.size + 1}`): TikTokAccount {
      const account = {
        openId: randomBytes(8).toString('hex'),
        username,
        accessToken: `act.${randomBytes(16).toString('hex')}`,
      };
      accounts.set(account.accessToken, account);
      return account;
    },
    expire: (accessToken: string) => void expired.add(accessToken),
    close: server.close,
  });
  return fake as unknown as FakeTikTok;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
