import { serviceNames } from '@brandloom/gateway';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNatsServerBinary, startNatsServer, type RunningNatsServer } from '@brandloom/runtime/testing';
import { freePort, startNode, waitUntil } from '../support/processes.js';
import { countTrials, report, seedSignUps, trialsSoFar } from './registrations.js';

const root = resolve(import.meta.dirname, '../..');
/** Fewer than the all-in-one test: JetStream's round trip per message makes this mode's catch-up slower. */
const SIGN_UPS = 2000;
const natsBinary = findNatsServerBinary();
if (!natsBinary)
  console.warn('Distributed crash test skipped: nats-server is not installed (apt-get install nats-server).');

describe.skipIf(!natsBinary)('the distributed mode, its services killed with SIGKILL during the catch-up', () => {
  let nats: RunningNatsServer;
  let dataDir: string;
  let running: ReturnType<typeof startNode>[] = [];
  const readyUrls = new Map<string, string>();
  beforeAll(async () => {
    nats = await startNatsServer();
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-distributed-crash-'));
  });
  afterAll(async () => {
    await killAll('SIGKILL');
    await nats?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function killAll(signal: NodeJS.Signals) {
    for (const service of running) {
      if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill(signal);
      await service.exited;
    }
    running = [];
  }

  /** One process per service, as `npm run start:distributed` runs them. */
  async function startServices() {
    for (const name of serviceNames) {
      const port = await freePort();
      readyUrls.set(name, `http://127.0.0.1:${port}/readyz`);
      running.push(
        startNode(
          join(root, 'services/runtime/dist/service/launch.js'),
          [name],
          {
            NATS_URL: nats.url,
            DATA_DIR: dataDir,
            PORT: String(port),
            HOST: '127.0.0.1',
            INTERNAL_SECRET: 'a-shared-internal-secret-of-at-least-32-chars',
            MASTER_KEY: '0123456789abcdef'.repeat(4),
            LOG_LEVEL: 'warn',
          },
          root,
        ),
      );
    }
  }

  it('gives every registered user exactly one trial after the services restart', async () => {
    const userIds = await seedSignUps(join(dataDir, 'identity.db'), SIGN_UPS);
    const billing = join(dataDir, 'billing.db');

    await startServices();
    await waitUntil(async () => trialsSoFar(billing) >= SIGN_UPS / 10, 'the first trials', 30_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${running.map((service) => service.output()).join('\n')}`);
      },
    );
    await killAll('SIGKILL');
    const atKill = trialsSoFar(billing);
    report(`killed with ${atKill} of ${SIGN_UPS} trials started`);
    expect(atKill).toBeLessThan(SIGN_UPS);

    await startServices();
    const restartedAt = Date.now();
    // A timeout is not thrown here: the counts below say what is missing.
    await waitUntil(async () => trialsSoFar(billing) >= SIGN_UPS, 'every trial', 45_000).catch(() => undefined);
    report(`caught up in ${Date.now() - restartedAt} ms after the restart`);
    await new Promise((done) => setTimeout(done, 500)); // room for a duplicate to show up
    // Each service process says every part of it is running again.
    for (const [name, url] of readyUrls) {
      const response = await fetch(url);
      const readiness = (await response.json()) as { ready: boolean; parts: { name: string; status: string }[] };
      expect(response.status, JSON.stringify(readiness)).toBe(200);
      expect(readiness.parts.map((part) => part.name)).toContain(`${name}/read-models`);
      expect(readiness.parts.every((part) => part.status === 'running')).toBe(true);
    }
    await killAll('SIGTERM');

    const count = await countTrials(billing, userIds);
    report(`distributed crash: seeded ${count.seeded}, lost ${count.lost}, duplicated ${count.duplicated}`);
    expect(count).toEqual({ seeded: SIGN_UPS, lost: 0, duplicated: 0 });
  }, 90_000);
});
