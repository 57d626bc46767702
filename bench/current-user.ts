import type { AddressInfo } from 'node:net';
import express from 'express';
import { startAllInOne } from '@brandloom/gateway';
import { opsPerSecond, perSecond, type BenchResult } from './measure.js';

const REQUESTS = 1000;
const CONCURRENCY = 8;

async function hammer(url: string, headers: Record<string, string>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * GET /api/auth/user through the whole gateway (cookie → session lookup → federated query over
 * identity and billing → REST reply) against a bare Express handler returning the same JSON.
 */
export async function currentUserLatency(dir: string): Promise<BenchResult> {
  const brandloom = await startAllInOne({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://127.0.0.1',
  });
  const bare = express();
  try {
    const signUp = await fetch(`${brandloom.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ana', lastName: 'Silva', email: 'bench@shop.test', password: 'secret1' }),
    });
    const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
    const user = await (await fetch(`${brandloom.url}/api/auth/user`, { headers: { cookie } })).json();

    bare.get('/api/auth/user', (_req, res) => void res.json(user));
    const server = bare.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const bareUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/user`;

    const gatewayRate = await opsPerSecond(REQUESTS, () => hammer(`${brandloom.url}/api/auth/user`, { cookie }));
    const bareRate = await opsPerSecond(REQUESTS, () => hammer(bareUrl, {}));
    server.close();
    return {
      name: `GET /api/auth/user (${CONCURRENCY} concurrent)`,
      subject: perSecond(gatewayRate, 'req'),
      baseline: perSecond(bareRate, 'req'),
      ratio: gatewayRate / bareRate,
    };
  } finally {
    await brandloom.stop();
  }
}
