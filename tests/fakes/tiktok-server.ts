import { randomBytes } from 'node:crypto';
import { PlatformFakeState, sendJson, startFakeServer } from './platform-fake.js';

export interface TikTokAccount {
  openId: string;
  username: string;
  accessToken: string;
}

export interface FakeTikTok extends PlatformFakeState {
  baseUrl: string;
  addAccount(username?: string): TikTokAccount;
  expire(accessToken: string): void;
  close(): Promise<void>;
}

/**
 * A fake TikTok API on loopback: `GET /v2/user/info/` with a Bearer token, answering
 * `{data: {user}, error: {code, message, log_id}}` as TikTok's Display API does.
 */
export async function startFakeTikTok(): Promise<FakeTikTok> {
  const state = new PlatformFakeState();
  const accounts = new Map<string, TikTokAccount>();
  const expired = new Set<string>();
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
    const failure = state.take(false);
    if (failure?.kind === 'rate_limited')
      return sendJson(res, 429, error('rate_limit_exceeded', 'Rate limit exceeded.'));
    if (failure?.kind === 'server_error') return sendJson(res, 500, error('internal_error', 'Internal error.'));
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
