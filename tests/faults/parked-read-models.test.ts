import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, ProjectionRunner, silentLogger, type Projection } from '@brandloom/runtime';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A read model that cannot fold one kind of event: a bug an operator has to see. */
const choking: Projection = {
  name: 'users',
  version: 1,
  categories: ['user'],
  tables: [],
  attach: () => undefined,
  apply(event) {
    if (event.type === 'identity.UserSignedUp') throw new Error('cannot fold a sign-up');
  },
};

describe('an event a read model keeps failing on', () => {
  it('is listed by `npm run parked -- list` with how to replay it', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-parked-read-'));
    const store = openSqliteEventStore({ file: join(dataDir, 'identity.db') });
    const eventId = randomUUID();
    await store.appendToStream(
      `user-${randomUUID()}`,
      [
        {
          id: eventId,
          type: 'identity.UserSignedUp',
          version: 1,
          data: {},
          metadata: { tenantId: null, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const runner = new ProjectionRunner(store, silentLogger, {
      database: join(dataDir, 'identity.read.db'),
      name: 'identity/read-models',
      retryDelaysMs: [],
    });
    runner.register([choking]);
    await runner.start();
    await expect.poll(() => runner.report().parked).toBe(1);
    await runner.stop();
    await store.close();

    const { stdout } = await run(process.execPath, [join(root, 'scripts/parked.mjs'), 'list'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).toContain('identity/users');
    expect(stdout).toContain(`identity.UserSignedUp ${eventId}`);
    expect(stdout).toContain('cannot fold a sign-up');
    expect(stdout).toMatch(/raise its version/);
  });
});
