import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible API on loopback: real HTTP, `/v1/chat/completions` and `/v1/models`.
 * What it does is chosen by the API key the caller sends, so a test (or another process) scripts
 * it by saving a key:
 *
 * - `sk-test-…`      a post that fits every platform, with hashtags
 * - `sk-long-…`      an answer over every limit first, then a short one when told it was too long
 * - `sk-toolong-…`   over every limit, every time (the service must repair it)
 * - `sk-bad-…`       401, as for a wrong key (the message quotes the key, as OpenAI's does)
 * - `sk-ratelimit-…` 429 rate limit; `sk-quota-…` 429 insufficient_quota
 * - `sk-slow-…`      answers after `slowMs`
 * - `sk-garbled-…`   a brand-profile draft that is not JSON (posts as `sk-test-…`)
 *
 * A request for a brand profile (Smart Onboarding: its prompt asks for a "brand profile" as
 * JSON) gets `FAKE_BRAND_PROFILE`, in a code fence as models often answer, with one tag and one
 * time the service must normalise.
 */
export interface FakeOpenAi {
  /** The base URL for the SDK: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  /** Every chat request body received, oldest first. */
  requests: { model: string; messages: { role: string; content: string }[] }[];
  close(): Promise<void>;
}

export const FAKE_POST = 'Start your week strong: our new trail shoes are in store now! #fitness #running #newarrivals';

export const FAKE_BRAND_PROFILE = {
  brandVoice: 'warm, neighbourly and proud of the craft',
  contentGuidelines: 'Show the bread being made. Name the baker. Invite people to drop by before noon.',
  defaultHashtags: ['#sourdough', 'realbread', '#bakery'],
  postingTimes: ['7:30', '12:00', '17:00'],
};

const asksForBrandProfile = (chat: FakeOpenAi['requests'][number]) =>
  chat.messages.some((message) => message.role === 'system' && message.content.includes('brand profile'));

export async function startFakeOpenAi(options: { slowMs?: number } = {}): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  const slowMs = options.slowMs ?? 5_000;

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, 500, { error: { message: 'fake failed' } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const body = await readBody(req);
    if (key.startsWith('sk-bad-')) {
      return send(res, 401, {
        error: {
          message: `Incorrect API key provided: ${key}.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }
    if (key.startsWith('sk-ratelimit-')) {
      return send(res, 429, {
        error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
      });
    }
    if (key.startsWith('sk-quota-')) {
      return send(res, 429, {
        error: { message: 'You exceeded your quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      });
    }
    if (key.startsWith('sk-slow-')) await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (req.method === 'GET' && req.url === '/v1/models') {
      return send(res, 200, {
        object: 'list',
        data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'fake' }],
      });
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const chat = JSON.parse(body) as FakeOpenAi['requests'][number];
      requests.push(chat);
      const toldTooLong = chat.messages.some((message) => message.role === 'assistant');
      const overLimit = key.startsWith('sk-toolong-') || (key.startsWith('sk-long-') && !toldTooLong);
      const content = asksForBrandProfile(chat)
        ? key.startsWith('sk-garbled-')
          ? 'Sure! Your brand voice should be warm and friendly.'
          : ['Here is the profile:', '```json', JSON.stringify(FAKE_BRAND_PROFILE), '```'].join('\n')
        : overLimit
          ? `${'Move more, worry less. '.repeat(250)}#a #b #c #d #e #f #g #h #i #j #k #l`
          : FAKE_POST;
      return send(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: chat.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 30, total_tokens: 80 },
      });
    }
    return send(res, 404, { error: { message: 'not found' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
