import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeEnvelope, openSqliteEventStore, ParkingLot, silentLogger } from '@brandloom/runtime';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { waitUntil } from '../support/processes.js';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

function registered(userId: string) {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    type: 'identity.UserRegistered',
    version: 2,
    streamId: `user-${userId}`,
    revision: 0,
    position: 1,
    occurredAt: at,
    tenantId: userId,
    correlationId: 'parking-test',
    causationId: null,
    data: { userId, email: 'ana@shop.test', firstName: 'Ana', lastName: 'Silva', isAdmin: false, registeredAt: at },
  };
}

interface Readiness {
  ready: boolean;
  parts: { name: string; status: string; detail?: string; parked?: number }[];
}

describe('background work that cannot go on', () => {
  let dataDir: string;
  let server: TestServer | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-parking-'));
    server = undefined;
  });
  afterEach(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const parked = (...args: string[]) =>
    run(process.execPath, [join(root, 'scripts/parked.mjs'), ...args], { env: { ...process.env, DATA_DIR: dataDir } });

  it('makes /readyz answer 503 naming the reaction that keeps failing, and why', async () => {
    // A copy billing took in that its trial reaction cannot read: the data lacks every field.
    const billing = openSqliteEventStore({ file: join(dataDir, 'billing.db') });
    const poison = { ...registered(randomUUID()), data: { nonsense: true } };
    await billing.appendToStream(
      `inbox-${poison.id}`,
      [
        {
          id: poison.id,
          type: poison.type,
          version: 2,
          data: poison.data,
          metadata: { tenantId: null, correlationId: 'c', causationId: null, occurredAt: poison.occurredAt },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await billing.close();

    server = await startTestServer({}, dataDir);
    let readiness: Readiness | undefined;
    await waitUntil(async () => {
      const response = await fetch(`${server!.url}/readyz`);
      readiness = (await response.json()) as Readiness;
      return response.status === 503 && readiness.parts.some((part) => part.status === 'retrying');
    }, 'an unready /readyz');
    expect(readiness?.ready).toBe(false);
    expect(readiness?.parts.find((part) => part.status === 'retrying')).toMatchObject({
      name: 'billing/reactions',
      detail: expect.stringMatching(/start-trial-on-registration failed on event .*userId/s),
    });
    // Everything else goes on.
    expect(readiness?.parts.find((part) => part.name === 'identity/outbox')?.status).toBe('running');
  });

  it('lists a parked message and, once replayed by the operator, takes it in', async () => {
    const userId = randomUUID();
    const envelope = registered(userId);
    const billing = openSqliteEventStore({ file: join(dataDir, 'billing.db') });
    const id = await new ParkingLot(billing, silentLogger).park({
      worker: 'billing/inbox',
      reason:
        'Unknown integration event identity.UserRegistered v2: newer than this service knows; replay after upgrading',
      attempts: 1,
      subject: {
        kind: 'message',
        subject: 'events.identity.UserRegistered',
        msgId: envelope.id,
        body: new TextDecoder().decode(encodeEnvelope(envelope)),
      },
    });
    await billing.close();

    const listed = (await parked('list')).stdout;
    expect(listed).toContain(id);
    expect(listed).toMatch(/billing\s+parked\s+.*billing\/inbox/);
    expect(listed).toContain('replay after upgrading');

    server = await startTestServer({}, dataDir);
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as Readiness;
    expect(ready.parts.find((part) => part.name === 'billing/inbox')?.parked).toBe(1);

    expect((await parked('replay', id)).stdout).toContain(`Replay of ${id} requested from billing`);
    const trials = openSqliteEventStore({ file: join(dataDir, 'billing.db') });
    try {
      await waitUntil(
        async () =>
          (await trials.readStream(`subscription-${userId}`)).some((event) => event.type === 'billing.TrialStarted'),
        'the trial',
        10_000,
      );
    } finally {
      await trials.close();
    }
    await waitUntil(async () => (await parked('list', '--all')).stdout.includes('replayed'), 'the replayed status');
    expect((await parked('list')).stdout).toContain('Nothing is parked.');
    await expect(parked('replay', 'no-such-id')).rejects.toMatchObject({
      stderr: expect.stringContaining('No parked item no-such-id'),
    });
  });
});
