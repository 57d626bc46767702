/**
 * What the crash tests share: seeding a producer's store with registrations, and counting the
 * trials a consumer's store holds.
 */
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { openSqliteEventStore } from '@brandloom/runtime';

/** Appends `count` sign-ups to identity's store at `file`, as if they had happened while nothing relayed them. */
export async function seedSignUps(file: string, count: number): Promise<string[]> {
  const store = openSqliteEventStore({ file });
  const userIds: string[] = [];
  const registeredAt = new Date().toISOString();
  try {
    for (let index = 0; index < count; index++) {
      const userId = randomUUID();
      userIds.push(userId);
      await store.appendToStream(
        `user-${userId}`,
        [
          {
            id: randomUUID(),
            type: 'identity.UserSignedUp',
            version: 1,
            data: {
              userId,
              email: `crash.${index}.${userId.slice(0, 8)}@shop.test`,
              firstName: 'Ana',
              lastName: 'Silva',
              passwordHash: 'not-a-real-hash',
              isAdmin: false,
              registeredAt,
            },
            metadata: { tenantId: userId, correlationId: 'crash-test', causationId: null, occurredAt: registeredAt },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
  } finally {
    await store.close();
  }
  return userIds;
}

/** How many trials billing's store at `file` holds so far (0 before it exists); cheap enough to poll. */
export function trialsSoFar(file: string): number {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return 0;
  }
  try {
    const row = db.prepare("SELECT count(*) AS count FROM events WHERE type = 'billing.TrialStarted'").get() as {
      count: number;
    };
    return row.count;
  } catch {
    return 0; // The schema is not there yet.
  } finally {
    db.close();
  }
}

export interface TrialCount {
  seeded: number;
  /** Users with no trial. */
  lost: number;
  /** Trials beyond the first for a user. */
  duplicated: number;
}

/** Reads billing's store through the store port and counts, per seeded user, the trials it holds. */
export async function countTrials(file: string, userIds: readonly string[]): Promise<TrialCount> {
  const store = openSqliteEventStore({ file });
  try {
    const trials = (await store.readAll({ categories: ['subscription'] })).filter(
      (event) => event.type === 'billing.TrialStarted',
    );
    const perUser = new Map<string, number>();
    for (const trial of trials) {
      const { userId } = trial.data as { userId: string };
      perUser.set(userId, (perUser.get(userId) ?? 0) + 1);
    }
    return {
      seeded: userIds.length,
      lost: userIds.filter((userId) => !perUser.has(userId)).length,
      duplicated: [...perUser.values()].reduce((sum, count) => sum + count - 1, 0),
    };
  } finally {
    await store.close();
  }
}

/** A line of the crash test's findings in the test output. */
export function report(line: string): void {
  process.stdout.write(`${line}\n`);
}
