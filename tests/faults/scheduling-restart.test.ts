import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subjectFor, type EventEnvelope } from '@brandloom/proto-events';
import {
  encodeEnvelope,
  loadConfig,
  openSqliteBus,
  serviceInfrastructure,
  silentLogger,
  startService,
  type Bus,
} from '@brandloom/runtime';
import { service } from '@brandloom/scheduling';
import { enableAutoPostingOnX, postChanged, professionalPlan } from '@brandloom/scheduling/testing';

const userId = '5a0c7d1e-2b3f-4c5d-8e6f-7a8b9c0d1e2f';
const postId = '6b1d8e2f-3c4a-4d6e-9f70-8b9cad0e1f30';
const pendingPostId = '7c2e9f30-4d5b-4e7f-8a81-9cadbe1f2041';

/**
 * The scheduling service as a process runs it (its sqlite store and read models, the durable
 * local bus) on one data directory, with a clock the test moves and a tick of 20 s, so only
 * the tick at start can fire anything within the test's waits.
 */
async function startScheduling(dir: string, clock: { now: Date }) {
  const bus = openSqliteBus({ file: join(dir, 'bus.db'), pollIntervalMs: 20 });
  const infrastructure = serviceInfrastructure(
    'scheduling',
    { DATA_DIR: dir, LOG_LEVEL: 'silent' },
    bus,
    silentLogger,
    () => clock.now,
  );
  const settings = loadConfig(service.settingsSchema, { SCHEDULER_TICK_MS: '20000' });
  const running = await startService(service.create(infrastructure, settings), infrastructure);
  return {
    store: infrastructure.store,
    bus,
    async stop() {
      await running.stop();
      await bus.close();
      await infrastructure.store.close();
    },
  };
}

const publish = (bus: Bus, envelope: EventEnvelope) =>
  bus.publish(subjectFor(envelope.type), encodeEnvelope(envelope), { msgId: envelope.id });

describe('the scheduling timers across a restart', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scheduling-restart-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('fire what came due while the service was down at the first tick, and never a pending post', async () => {
    const clock = { now: new Date('2026-11-25T10:00:00.000Z') };
    let scheduling = await startScheduling(dir, clock);
    const at = clock.now.toISOString();
    await publish(scheduling.bus, professionalPlan(userId, at));
    await enableAutoPostingOnX(scheduling.store, userId, at);
    const post = {
      userId,
      platform: 'twitter' as const,
      autoPost: true,
      scheduledTime: '2026-11-25T10:05:00.000Z',
      changedAt: at,
    };
    await publish(scheduling.bus, postChanged({ ...post, postId, content: 'Fresh bread at 7', status: 'approved' }));
    await publish(
      scheduling.bus,
      postChanged({ ...post, postId: pendingPostId, content: 'Still a draft', status: 'pending' }),
    );
    const timerOf = async (id: string) => (await scheduling.store.readStream(`timer-${id}`)).map((event) => event.type);
    await vi.waitFor(async () => expect(await timerOf(postId)).toEqual(['scheduling.PostQueued']), { timeout: 10_000 });

    // Down from 10:00 to 10:30, over the post's time.
    await scheduling.stop();
    clock.now = new Date('2026-11-25T10:30:00.000Z');
    const restartedAt = Date.now();
    scheduling = await startScheduling(dir, clock);
    await vi.waitFor(
      async () => expect(await timerOf(postId)).toEqual(['scheduling.PostQueued', 'scheduling.PostDue']),
      {
        timeout: 5_000,
        interval: 20,
      },
    );
    expect(Date.now() - restartedAt).toBeLessThan(5_000);
    const [, due] = await scheduling.store.readStream(`timer-${postId}`);
    expect(due!.data).toEqual({
      postId,
      userId,
      platform: 'twitter',
      content: 'Fresh bread at 7',
      dueAt: '2026-11-25T10:05:00.000Z',
      firedAt: '2026-11-25T10:30:00.000Z',
    });
    // The pending post was never queued: it waits for approval.
    expect(await timerOf(pendingPostId)).toEqual([]);
    await scheduling.stop();
  });
});
