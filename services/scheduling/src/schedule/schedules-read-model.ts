import { createIntegrationEventRegistry, SlotGenerationFailed } from '@brandloom/proto-events';
import {
  parseInboxCopy,
  readModelTables,
  type Projection,
  type ReadModelDatabase,
  type RecordedEvent,
} from '@brandloom/runtime';
import { defaultAutoPostingSettings, type AutoPostingSettings } from '../auto-posting/auto-posting-settings.js';
import { schedulingCodec } from '../events.js';
import { defaultScheduleSettings, type ScheduleSettings } from './schedule-settings.js';

const TABLE = 'owner_schedules';

export interface SlotFailure {
  platform: string;
  reason: string;
  at: string;
}

/** An owner's schedule as the timers and the screens need it. */
export interface OwnerSchedule {
  userId: string;
  settings: ScheduleSettings;
  autoPosting: AutoPostingSettings;
  runningSince: string | null;
  lastSlotTime: string | null;
  lastFailure: SlotFailure | null;
}

interface ScheduleRow {
  user_id: string;
  settings: string | null;
  auto_posting: string | null;
  running_since: string | null;
  last_slot_time: string | null;
  last_failure: string | null;
}

/**
 * Every owner's Posting Schedule, auto-posting switches, running state, last slot and last
 * failed generation. A failure is shown until a later slot is reached.
 */
export class SchedulesReadModel implements Projection {
  readonly name = 'schedules';
  readonly version = 1;
  readonly categories = ['schedule', 'autoposting', 'slot', 'inbox'];
  readonly tables = [TABLE];
  private readonly registry = createIntegrationEventRegistry();
  private readonly store = readModelTables(
    'schedules',
    `
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        user_id TEXT PRIMARY KEY,
        settings TEXT,
        auto_posting TEXT,
        running_since TEXT,
        last_slot_time TEXT,
        last_failure TEXT
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS owner_schedules_running ON ${TABLE} (running_since) WHERE running_since IS NOT NULL;
    `,
    prepare,
  );

  attach(db: ReadModelDatabase): void {
    this.store.attach(db);
  }

  get(userId: string): OwnerSchedule {
    const row = this.store.statements().get.get(userId);
    return row ? toSchedule(row) : toSchedule({ user_id: userId } as ScheduleRow);
  }

  /** Owners whose AI scheduler runs. */
  running(): OwnerSchedule[] {
    return this.store.statements().listRunning.all().map(toSchedule);
  }

  apply(recorded: RecordedEvent): void {
    const statements = this.store.statements();
    if (recorded.type === SlotGenerationFailed.type) {
      const { userId, platform, reason, failedAt } = parseInboxCopy(this.registry, recorded)
        .data as SlotGenerationFailed;
      statements.failure.run({ userId, failure: JSON.stringify({ platform, reason, at: failedAt }) });
      return;
    }
    if (!schedulingCodec.knows(recorded.type)) return;
    const event = schedulingCodec.decodeTrusted(recorded);
    switch (event.type) {
      case 'scheduling.ScheduleSettingsSaved':
        statements.settings.run({ userId: event.data.userId, settings: JSON.stringify(event.data.settings) });
        return;
      case 'scheduling.AutoPostingSettingsSaved':
        statements.autoPosting.run({ userId: event.data.userId, settings: JSON.stringify(event.data.settings) });
        return;
      case 'scheduling.SchedulerStarted':
        statements.running.run({ userId: event.data.userId, since: event.data.at });
        return;
      case 'scheduling.SchedulerStopped':
        statements.running.run({ userId: event.data.userId, since: null });
        return;
      case 'scheduling.SlotReached':
        statements.slot.run({ userId: event.data.userId, slotTime: event.data.slotTime });
        return;
      default:
        return;
    }
  }
}

function toSchedule(row: ScheduleRow): OwnerSchedule {
  return {
    userId: row.user_id,
    settings: row.settings ? (JSON.parse(row.settings) as ScheduleSettings) : defaultScheduleSettings,
    autoPosting: row.auto_posting ? (JSON.parse(row.auto_posting) as AutoPostingSettings) : defaultAutoPostingSettings,
    runningSince: row.running_since ?? null,
    lastSlotTime: row.last_slot_time ?? null,
    lastFailure: row.last_failure ? (JSON.parse(row.last_failure) as SlotFailure) : null,
  };
}

function prepare(db: ReadModelDatabase) {
  const upsert = (column: string, value: string) =>
    `INSERT INTO ${TABLE} (user_id, ${column}) VALUES (@userId, ${value})
     ON CONFLICT (user_id) DO UPDATE SET ${column} = excluded.${column}`;
  return {
    get: db.prepare<[string], ScheduleRow>(`SELECT * FROM ${TABLE} WHERE user_id = ?`),
    listRunning: db.prepare<[], ScheduleRow>(`SELECT * FROM ${TABLE} WHERE running_since IS NOT NULL`),
    settings: db.prepare<{ userId: string; settings: string }>(upsert('settings', '@settings')),
    autoPosting: db.prepare<{ userId: string; settings: string }>(upsert('auto_posting', '@settings')),
    running: db.prepare<{ userId: string; since: string | null }>(upsert('running_since', '@since')),
    failure: db.prepare<{ userId: string; failure: string }>(upsert('last_failure', '@failure')),
    // A later slot clears a failure older than it; slots may be recorded out of order (a catch-up).
    slot: db.prepare<{ userId: string; slotTime: string }>(
      `INSERT INTO ${TABLE} (user_id, last_slot_time) VALUES (@userId, @slotTime)
       ON CONFLICT (user_id) DO UPDATE SET
         last_failure = CASE WHEN last_failure IS NOT NULL AND json_extract(last_failure, '$.at') < @slotTime
                             THEN NULL ELSE last_failure END,
         last_slot_time = MAX(COALESCE(last_slot_time, ''), @slotTime)`,
    ),
  };
}
