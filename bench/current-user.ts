import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { interleavedRounds, medianPairedRatio, perSecond, type BenchResult } from './measure.js';

const REQUESTS = 4000;
const CONCURRENCY = 16;
/**
 * Turns of each measurement. The ratios are the median of the rounds' ratios, each taken from two
 * measurements back to back; the rates shown are the best round of each.
 */
const ROUNDS = 8;
const root = join(import.meta.dirname, '..');

/** A lean keep-alive HTTP client, so the load generator costs less than the server it measures. */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Call {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function send({ url, method = 'GET', headers = {}, body }: Call): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
    });
    req.once('error', reject);
    req.end(body);
  });
}

async function hammer(call: Call): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) await send(call);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** The all-in-one server in its own process, so the load generator does not share its event loop. */
async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'gateway/dist/main-all-in-one.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 30 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Where the gateway's time goes: the signed-in `GET /api/auth/user` (cookie → session → a
 * federated query, one parallel fetch each from identity, billing and content → REST reply) against the gateway's own floor (an
 * anonymous `{ __typename }` through the same middleware and GraphQL server, no service touched),
 * and that floor against a bare node:http server returning the same bytes.
 */
export async function gatewayThroughput(dir: string): Promise<BenchResult[]> {
  const { url, child } = await startServer(dir);
  const bare = createServer();
  try {
    const origin = { origin: url };
    const signUp = await fetch(`${url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ firstName: 'Ana', lastName: 'Silva', email: 'bench@shop.test', password: 'secret1' }),
    });
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    const userBytes = Buffer.from(await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).arrayBuffer());

    bare.on('request', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': userBytes.length });
      res.end(userBytes);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/auth/user`;

    const floorBody = JSON.stringify({ query: '{ __typename }' });
    const [signedIn = [], floor = [], bareServer = []] = await interleavedRounds(
      REQUESTS,
      [
        () => hammer({ url: `${url}/api/auth/user`, headers: { cookie } }),
        () =>
          hammer({
            url: `${url}/graphql`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: floorBody,
          }),
        () => hammer({ url: bareUrl }),
      ],
      ROUNDS,
    );
    return [
      {
        name: `GET /api/auth/user signed in vs gateway floor (${CONCURRENCY} conn.)`,
        subject: perSecond(Math.max(...signedIn), 'req'),
        baseline: perSecond(Math.max(...floor), 'req'),
        ratio: medianPairedRatio(signedIn, floor),
      },
      {
        name: `gateway floor { __typename } vs bare node:http`,
        subject: perSecond(Math.max(...floor), 'req'),
        baseline: perSecond(Math.max(...bareServer), 'req'),
        ratio: medianPairedRatio(floor, bareServer),
      },
    ];
  } finally {
    bare.close();
    child.kill('SIGTERM');
  }
}
