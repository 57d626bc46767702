import { join } from 'node:path';
import OpenAI from 'openai';
import { startAllInOne } from '@brandloom/gateway';
import { startFakeOpenAi } from '../tests/fakes/openai-server.js';
import { opsPerSecond, perSecond, type BenchResult } from './measure.js';

/** One round's generations: the trial allows 10 a month, so each round has an owner of its own. */
const PER_ROUND = 10;
const ROUNDS = 3;

class Owner {
  private cookie = '';
  constructor(private readonly origin: string) {}

  async post(path: string, body: unknown): Promise<Response> {
    const response = await fetch(`${this.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.origin, cookie: this.cookie },
      body: JSON.stringify(body),
    });
    const set = response.headers.getSetCookie()[0];
    if (set) this.cookie = set.split(';')[0]!;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }
}

/**
 * A generation round trip through the whole product (browser → gateway → content → identity's
 * vault over the signed internal call → the provider through the SDK → checks → usage event →
 * reply) against the same provider call made directly with the SDK: what Brandloom adds to the
 * provider's own latency. The provider is the loopback fake, so the ratio shows our overhead.
 */
export async function generationRoundTrip(dir: string): Promise<BenchResult> {
  const fake = await startFakeOpenAi();
  const server = await startAllInOne({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'generation'),
    LOG_LEVEL: 'silent',
    OPENAI_BASE_URL: fake.baseUrl,
  });
  try {
    const owners: Owner[] = [];
    for (let i = 0; i < ROUNDS + 1; i++) {
      const owner = new Owner(server.url);
      await owner.post('/api/signup', { email: `bench.${Date.now()}.${i}@shop.test`, password: 'secret1' });
      await owner.post('/api/user/api-keys', { openaiApiKey: 'sk-test-bench-1234' });
      owners.push(owner);
    }
    let round = 0;
    const throughGateway = await opsPerSecond(
      PER_ROUND,
      async () => {
        const owner = owners[round++]!;
        for (let i = 0; i < PER_ROUND; i++) {
          await owner.post('/api/content/generate', { platform: 'twitter', topic: 'trail shoes', tone: 'friendly' });
        }
      },
      ROUNDS,
    );

    const client = new OpenAI({ apiKey: 'sk-test-bench-1234', baseURL: fake.baseUrl, maxRetries: 0 });
    const direct = await opsPerSecond(PER_ROUND, async () => {
      for (let i = 0; i < PER_ROUND; i++) {
        await client.chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'Write one post about trail shoes.' }],
        });
      }
    });
    return {
      name: 'generation round trip (gateway vs provider)',
      subject: perSecond(throughGateway, 'gen'),
      baseline: perSecond(direct, 'call'),
      ratio: throughGateway / direct,
    };
  } finally {
    await server.stop();
    await fake.close();
  }
}
