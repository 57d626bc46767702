import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNode, waitUntil } from '../support/processes.js';
import { countTrials, report, seedSignUps, trialsSoFar } from './registrations.js';

const root = resolve(import.meta.dirname, '../..');
const SIGN_UPS = 2500;

describe('npm start (all in one process), killed with SIGKILL during the catch-up', () => {
  let dataDir: string;
  let server: ReturnType<typeof startNode> | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-crash-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () =>
    startNode(
      join(root, 'gateway/dist/main-all-in-one.js'),
      [],
      { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      root,
    );

  it('gives every registered user exactly one trial after a restart', async () => {
    const userIds = await seedSignUps(join(dataDir, 'identity.db'), SIGN_UPS);
    const billing = join(dataDir, 'billing.db');

    server = await start();
    await waitUntil(async () => trialsSoFar(billing) >= SIGN_UPS / 10, 'the first trials', 30_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${server?.output()}`);
      },
    );
    server.child.kill('SIGKILL');
    await server.exited;
    const atKill = trialsSoFar(billing);
    report(`killed with ${atKill} of ${SIGN_UPS} trials started`);
    expect(atKill).toBeLessThan(SIGN_UPS);

    server = await start();
    const restartedAt = Date.now();
    // A timeout is not thrown here: the counts below say what is missing.
    await waitUntil(async () => trialsSoFar(billing) >= SIGN_UPS, 'every trial', 45_000).catch(() => undefined);
    report(`caught up in ${Date.now() - restartedAt} ms after the restart`);
    await new Promise((done) => setTimeout(done, 500)); // room for a duplicate to show up
    server.child.kill('SIGTERM');
    await server.exited;

    const count = await countTrials(billing, userIds);
    report(`all-in-one crash: seeded ${count.seeded}, lost ${count.lost}, duplicated ${count.duplicated}`);
    expect(count).toEqual({ seeded: SIGN_UPS, lost: 0, duplicated: 0 });
  }, 90_000);
});
