import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  commandHandler,
  newId,
  openSqliteEventStore,
  ProjectionRunner,
  silentLogger,
  type EventStore,
} from '@brandloom/runtime';
import { AccountsReadModel } from '../accounts/accounts-read-model.js';
import { schedulingCodec } from '../events.js';
import { QueueReadModel } from '../queue/queue-read-model.js';
import { scheduleDecider, scheduleStream } from '../schedule/schedule.js';
import { defaultScheduleSettings, type ScheduleSettings } from '../schedule/schedule-settings.js';
import { SchedulesReadModel } from '../schedule/schedules-read-model.js';
import type { SchedulingSettings } from '../settings.js';
import {
  accountStatus,
  appendInboxCopy,
  enableAutoPostingOnX,
  postChanged,
  professionalPlan,
} from '../testing/envelopes.js';
import { TimerOwner } from './timer-owner.js';
import { trackPostChanges } from './track-post-changes.js';

const settings: SchedulingSettings = {
  tickMs: 60_000,
  partitions: 4,
  leaseMs: 30_000,
  leaseRenewMs: 10_000,
  slotGraceMs: 15 * 60_000,
};
const start = '2026-11-25T10:00:00.000Z';

/** Scheduling's store on a real sqlite file, its read models, and a clock the test moves. */
async function openScheduling(dir: string) {
  const clock = { now: new Date(start) };
  const store = openSqliteEventStore({ file: join(dir, 'scheduling.db') });
  const readModels = new ProjectionRunner(store, silentLogger, {
    database: join(dir, 'scheduling.read.db'),
    name: 'scheduling/read-models',
  });
  const schedules = new SchedulesReadModel();
  const accounts = new AccountsReadModel();
  const queue = new QueueReadModel();
  readModels.register([schedules, accounts, queue]);
  await readModels.start();
  const now = () => clock.now;
  const tracker = trackPostChanges({ store, readModels, accounts, now });
  const instances: { owner: TimerOwner; store: EventStore }[] = [];
  return {
    clock,
    store,
    readModels,
    /** A timer instance with its own connection to the same file, as another replica has. */
    timerInstance(holder = newId(), { sharedConnection = false } = {}) {
      const own = sharedConnection ? store : openSqliteEventStore({ file: join(dir, 'scheduling.db') });
      const owner = new TimerOwner({
        store: own,
        logger: silentLogger,
        now,
        settings,
        schedules,
        accounts,
        queue,
        holder,
      });
      instances.push({ owner, store: own });
      return owner;
    },
    /** An owner whose AI scheduler runs since `since` on these settings. */
    async runningSchedule(userId: string, settings: ScheduleSettings, since: string) {
      const schedule = commandHandler({ store, codec: schedulingCodec, decider: scheduleDecider });
      const metadata = { tenantId: userId, correlationId: 'test', occurredAt: since };
      await schedule.handle(
        scheduleStream(userId),
        { type: 'SaveScheduleSettings', userId, settings, at: since },
        metadata,
      );
      const { position } = await schedule.handle(
        scheduleStream(userId),
        { type: 'StartScheduler', userId, mayAutoPost: true, at: since },
        metadata,
      );
      await readModels.waitFor(position);
    },
    async slotsReached(userId: string) {
      return (await store.readAll())
        .filter((event) => event.type === 'scheduling.SlotReached' && event.metadata.tenantId === userId)
        .map((event) => (event.data as { slotTime: string }).slotTime);
    },
    /** A professional owner with auto-posting on for X. */
    async professionalOwner() {
      const userId = newId();
      await appendInboxCopy(store, professionalPlan(userId, start));
      await readModels.waitFor(await enableAutoPostingOnX(store, userId, start));
      return userId;
    },
    /** An approved auto-post due at `dueAt`, taken in as the inbox and the reaction would. */
    async approvedPost(userId: string, dueAt: string) {
      const postId = newId();
      const copy = postChanged({
        postId,
        userId,
        platform: 'twitter',
        content: `Post ${postId}`,
        status: 'approved',
        autoPost: true,
        scheduledTime: dueAt,
        changedAt: start,
      });
      await appendInboxCopy(store, copy);
      const [recorded] = await store.readStream(`inbox-${copy.id}`);
      await tracker.react(recorded!);
      await readModels.waitFor((await store.readStream(`timer-${postId}`)).at(-1)?.position ?? null);
      return postId;
    },
    async firings(postId: string) {
      return (await store.readStream(`timer-${postId}`)).filter((event) => event.type === 'scheduling.PostDue').length;
    },
    async close() {
      for (const instance of instances) if (instance.store !== store) await instance.store.close();
      await readModels.stop();
      await store.close();
    },
  };
}

describe('the timers of two instances on one store', () => {
  let dir: string;
  let scheduling: Awaited<ReturnType<typeof openScheduling>>;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scheduling-timers-'));
    scheduling = await openScheduling(dir);
  });
  afterEach(async () => {
    await scheduling.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fire each due post once even when both think they hold its partition', async () => {
    // The same holder name on both: each takes every partition, as two owners would while a lease lapses mid-tick.
    const holder = newId();
    const first = scheduling.timerInstance(holder);
    const second = scheduling.timerInstance(holder);
    const owners = await Promise.all(Array.from({ length: 4 }, () => scheduling.professionalOwner()));
    const posts = await Promise.all(
      owners.flatMap((userId) => [1, 2, 3].map(() => scheduling.approvedPost(userId, '2026-11-25T10:05:00.000Z'))),
    );

    scheduling.clock.now = new Date('2026-11-25T10:04:59.000Z');
    await Promise.all([first.tick(), second.tick()]);
    for (const postId of posts) expect(await scheduling.firings(postId)).toBe(0);

    scheduling.clock.now = new Date('2026-11-25T10:05:01.000Z');
    for (let round = 0; round < 3; round++) await Promise.all([first.tick(), second.tick()]);
    for (const postId of posts) expect(await scheduling.firings(postId), postId).toBe(1);
  });

  it('leave a partition to its holder; a crashed holder’s partitions move once its lease expires', async () => {
    const first = scheduling.timerInstance();
    const second = scheduling.timerInstance();
    const userId = await scheduling.professionalOwner();
    await first.tick();
    await second.tick();
    expect(first.heldPartitions()).toEqual([0, 1, 2, 3]);
    expect(second.heldPartitions()).toEqual([]);

    const early = await scheduling.approvedPost(userId, '2026-11-25T10:00:05.000Z');
    scheduling.clock.now = new Date('2026-11-25T10:00:06.000Z');
    await second.tick();
    expect(await scheduling.firings(early)).toBe(0);
    await first.tick();
    expect(await scheduling.firings(early)).toBe(1);

    // The first instance crashes (it neither ticks nor releases); its lease, taken at 10:00:00 and
    // not yet due for renewal at 10:00:06, runs until 10:00:30.
    const late = await scheduling.approvedPost(userId, '2026-11-25T10:00:20.000Z');
    scheduling.clock.now = new Date('2026-11-25T10:00:29.000Z');
    await second.tick();
    expect(second.heldPartitions()).toEqual([]);
    expect(await scheduling.firings(late)).toBe(0);
    scheduling.clock.now = new Date('2026-11-25T10:00:31.000Z');
    await second.tick();
    expect(second.heldPartitions()).toEqual([0, 1, 2, 3]);
    expect(await scheduling.firings(late)).toBe(1);
  });

  it('wake at a queued post’s time rather than a whole tick later', async () => {
    // Real time for this one: the instance runs on its own, with a tick (60 s) far longer than the test.
    Object.defineProperty(scheduling.clock, 'now', { get: () => new Date() });
    const userId = await scheduling.professionalOwner();
    const owner = scheduling.timerInstance().start();
    const postId = await scheduling.approvedPost(userId, new Date(Date.now() + 400).toISOString());
    await vi.waitFor(async () => expect(await scheduling.firings(postId)).toBe(1), { timeout: 5_000, interval: 50 });
    await owner.stop();
  });

  it('hand the partitions over at once on a clean stop', async () => {
    const first = scheduling.timerInstance();
    const second = scheduling.timerInstance();
    await first.tick();
    await first.stop();
    await second.tick();
    expect(second.heldPartitions()).toEqual([0, 1, 2, 3]);
  });

  it('reach each slot of a running schedule once, whichever instance gets there, and none while suspended', async () => {
    const holder = newId();
    const first = scheduling.timerInstance(holder);
    const second = scheduling.timerInstance(holder);
    const userId = await scheduling.professionalOwner();
    const started = await commandHandler({
      store: scheduling.store,
      codec: schedulingCodec,
      decider: scheduleDecider,
    }).handle(
      scheduleStream(userId),
      { type: 'StartScheduler', userId, mayAutoPost: true, at: start },
      { tenantId: userId, correlationId: 'test', occurredAt: start },
    );
    await scheduling.readModels.waitFor(started.position);

    // Default peak hours 09:00, 12:00, 17:00 UTC: nothing until noon, then one slot.
    await Promise.all([first.tick(), second.tick()]);
    scheduling.clock.now = new Date('2026-11-25T12:00:03.000Z');
    // The read models of this test do not see appends made through the instances' own connections:
    // the next round tries the same slot again, and its stream (created once) refuses it.
    await Promise.all([first.tick(), second.tick()]);
    const slots = (await scheduling.store.readAll()).filter((event) => event.type === 'scheduling.SlotReached');
    expect(slots.map((event) => event.data)).toEqual([
      {
        slotId: `${userId}@2026-11-25T12:00:00.000Z`,
        userId,
        slotTime: '2026-11-25T12:00:00.000Z',
        platforms: ['twitter', 'instagram', 'tiktok', 'facebook'],
      },
    ]);
    expect(defaultScheduleSettings.peakHours).toContain('12:00');

    // Suspended, the owner's schedule reaches no slot (17:00), until reactivated (the next one, 09:00).
    await scheduling.readModels.waitFor(
      await appendInboxCopy(scheduling.store, accountStatus(userId, false, '2026-11-25T13:00:00.000Z')),
    );
    scheduling.clock.now = new Date('2026-11-25T17:00:03.000Z');
    await first.tick();
    expect((await scheduling.store.readAll()).filter((event) => event.type === 'scheduling.SlotReached')).toHaveLength(
      1,
    );
    await scheduling.readModels.waitFor(
      await appendInboxCopy(scheduling.store, accountStatus(userId, true, '2026-11-25T18:00:00.000Z')),
    );
    scheduling.clock.now = new Date('2026-11-26T09:00:01.000Z');
    await first.tick();
    const reached = (await scheduling.store.readAll()).filter((event) => event.type === 'scheduling.SlotReached');
    expect(reached.map((event) => (event.data as { slotTime: string }).slotTime)).toEqual([
      '2026-11-25T12:00:00.000Z',
      '2026-11-26T09:00:00.000Z',
    ]);
  });
});

describe('the AI scheduler’s slots across daylight-saving changes, on a clock the test moves', () => {
  let dir: string;
  let scheduling: Awaited<ReturnType<typeof openScheduling>>;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scheduling-dst-'));
    scheduling = await openScheduling(dir);
  });
  afterEach(async () => {
    await scheduling.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Ticks every 20 minutes from `from` to `to`, as the timers would. */
  async function tickThrough(owner: TimerOwner, from: string, to: string) {
    for (let now = Date.parse(from); now <= Date.parse(to); now += 20 * 60_000) {
      scheduling.clock.now = new Date(now);
      await owner.tick();
    }
  }

  it('fire 02:30 and 09:00 in New York and London over the weekends their clocks go forward', async () => {
    const owner = scheduling.timerInstance(newId(), { sharedConnection: true });
    const newYork = await scheduling.professionalOwner();
    const london = await scheduling.professionalOwner();
    const rules = { ...defaultScheduleSettings, peakHours: ['02:30', '09:00'], postsPerDay: 2 };
    await scheduling.runningSchedule(newYork, { ...rules, timezone: 'America/New_York' }, '2026-03-07T00:00:00.000Z');
    await scheduling.runningSchedule(london, { ...rules, timezone: 'Europe/London' }, '2026-03-07T00:00:00.000Z');

    await tickThrough(owner, '2026-03-07T00:00:00.000Z', '2026-03-09T23:59:00.000Z');
    expect(await scheduling.slotsReached(newYork)).toEqual([
      '2026-03-07T07:30:00.000Z', // 02:30 EST
      '2026-03-07T14:00:00.000Z', // 09:00 EST
      '2026-03-08T07:30:00.000Z', // 02:30 does not exist: 03:30 EDT
      '2026-03-08T13:00:00.000Z', // 09:00 EDT
      '2026-03-09T06:30:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    expect((await scheduling.slotsReached(london)).slice(0, 2)).toEqual([
      '2026-03-07T02:30:00.000Z',
      '2026-03-07T09:00:00.000Z',
    ]);

    await tickThrough(owner, '2026-03-28T00:00:00.000Z', '2026-03-29T23:59:00.000Z');
    expect((await scheduling.slotsReached(london)).slice(-4)).toEqual([
      '2026-03-28T02:30:00.000Z', // GMT
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T01:30:00.000Z', // 02:30 BST (the clocks went from 01:00 to 02:00)
      '2026-03-29T08:00:00.000Z', // 09:00 BST
    ]);
  });

  it('fire 01:30 once in New York on the night it happens twice', async () => {
    const owner = scheduling.timerInstance(newId(), { sharedConnection: true });
    const newYork = await scheduling.professionalOwner();
    const rules = {
      ...defaultScheduleSettings,
      peakHours: ['01:30'],
      postsPerDay: 1,
      timezone: 'America/New_York' as const,
    };
    await scheduling.runningSchedule(newYork, rules, '2026-10-31T00:00:00.000Z');
    await tickThrough(owner, '2026-10-31T00:00:00.000Z', '2026-11-02T12:00:00.000Z');
    expect(await scheduling.slotsReached(newYork)).toEqual([
      '2026-10-31T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T05:30:00.000Z', // the first 01:30 (EDT); the second (EST, 06:30Z) is not another slot
      '2026-11-02T06:30:00.000Z', // 01:30 EST
    ]);
  });
});
