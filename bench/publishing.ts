import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startAllInOne } from '@brandloom/gateway';
import { PostDue } from '@brandloom/proto-events';
import { xConnector } from '@brandloom/publishing/connectors';
import { openSqliteBus } from '@brandloom/runtime';
import { startFakeX, type XAccount } from '../tests/fakes/x-server.js';
import { publishEvent } from '../tests/fakes/bus-events.js';
import { perSecond, type BenchResult } from './measure.js';

const POSTS = 1000;
const OWNERS = 20;
/** The publisher's default pool size, used by the baseline too. */
const CONCURRENCY = 8;

const waitFor = async (check: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * A burst of 1,000 due posts for 20 owners through the whole publishing path (the bus, the inbox,
 * the request reaction, the publisher's pool, the attempt and outcome events, the X connector with
 * OAuth 1.0a) against the same 1,000 posts made directly with the X connector, 8 at a time, to the
 * same loopback fake X: what publishing once, durably, adds to the platform calls themselves.
 */
export async function publishingBurst(dir: string): Promise<BenchResult> {
  const x = await startFakeX();
  const dataDir = join(dir, 'publishing');
  const server = await startAllInOne({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    X_API_BASE_URL: x.baseUrl,
    PUBLISH_POLL_MS: '50',
    X_POSTS_PER_DAY: '100000',
  });
  const bus = openSqliteBus({ file: join(dataDir, 'bus.db') });
  try {
    const owners: { userId: string; account: XAccount }[] = [];
    for (let i = 0; i < OWNERS; i++) {
      const account = x.addAccount();
      const origin = server.url;
      const signUp = await fetch(`${origin}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: `bench.publish.${Date.now()}.${i}@shop.test`, password: 'secret1' }),
      });
      const cookie = signUp.headers.getSetCookie()[0]!.split(';')[0]!;
      const user = (await signUp.json()) as { id: string };
      await fetch(`${origin}/api/user/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({
          twitterApiKey: account.apiKey,
          twitterApiSecret: account.apiSecret,
          twitterAccessToken: account.accessToken,
          twitterAccessTokenSecret: account.accessTokenSecret,
        }),
      });
      owners.push({ userId: user.id, account });
    }

    const started = process.hrtime.bigint();
    const now = new Date().toISOString();
    for (let i = 0; i < POSTS; i++) {
      const { userId } = owners[i % OWNERS]!;
      await publishEvent(bus, PostDue, {
        postId: randomUUID(),
        userId,
        platform: 'twitter',
        content: `Burst post ${i} ${randomUUID()}`,
        dueAt: now,
        firedAt: now,
      });
    }
    const published = Number(process.hrtime.bigint() - started) / 1e9;
    await waitFor(() => x.posts.length >= POSTS, 120_000);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const throughPublishing = POSTS / seconds;
    console.log(
      `publishing burst: ${POSTS} due posts put on the bus in ${published.toFixed(1)} s, all out in ${seconds.toFixed(1)} s`,
    );

    const connector = xConnector({ baseUrl: x.baseUrl, timeoutMs: 15_000 });
    const directStarted = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < POSTS) {
          const i = next++;
          const { account } = owners[i % OWNERS]!;
          await connector.publish(
            {
              apiKey: account.apiKey,
              apiSecret: account.apiSecret,
              accessToken: account.accessToken,
              accessTokenSecret: account.accessTokenSecret,
            },
            `Direct post ${i} ${randomUUID()}`,
          );
        }
      }),
    );
    const direct = POSTS / (Number(process.hrtime.bigint() - directStarted) / 1e9);
    return {
      name: 'publishing burst of 1,000 due posts (vs direct)',
      subject: perSecond(throughPublishing, 'post'),
      baseline: perSecond(direct, 'post'),
      ratio: throughPublishing / direct,
    };
  } finally {
    await bus.close();
    await server.stop();
    await x.close();
  }
}
