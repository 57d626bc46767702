import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { UsersReadModel } from '@brandloom/identity';
import { openSqliteEventStore, ProjectionRunner, silentLogger, type EventStore } from '@brandloom/runtime';
import { opsPerSecond, perSecond, type BenchResult } from './measure.js';

const USERS = 100_000;
const SESSIONS_PER_USER = 9;
const EVENTS = USERS * (1 + SESSIONS_PER_USER);

/**
 * An identity store as production fills it: 100,000 accounts and 900,000 sign-ins (sessions),
 * interleaved. Rows go in directly, in one transaction, so making a million takes seconds.
 */
async function fillIdentityStore(file: string): Promise<void> {
  // The adapter makes the file, so the rows land in its real schema and indexes.
  await openSqliteEventStore({ file }).close();
  const db = new Database(file);
  // Bench data, not a source of truth: no journal, no fsync, and a cache that holds the indexes
  // (random ids land all over them). The next open puts the file back in WAL mode.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  const insert = db.prepare(
    `INSERT INTO events (event_id, stream_id, revision, category, type, version, data, metadata)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const at = '2026-11-25T10:00:00.000Z';
  // Event and session ids count up, so the store's unique indexes grow at their end; user ids
  // are random, and each sign-in is by a random account registered so far, as in life.
  let counter = 0;
  const nextId = () => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`;
  const userIds: string[] = [];
  const metadataOf = (userId: string) =>
    JSON.stringify({ tenantId: userId, correlationId: 'bench', causationId: null, occurredAt: at });
  db.transaction(() => {
    for (let user = 0; user < USERS; user++) {
      const userId = randomUUID();
      userIds.push(userId);
      insert.run(
        nextId(),
        `user-${userId}`,
        0,
        'user',
        'identity.UserSignedUp',
        JSON.stringify({
          userId,
          email: `user${user}@shop.test`,
          firstName: 'Ana',
          lastName: 'Silva',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNo',
          isAdmin: false,
          registeredAt: at,
        }),
        metadataOf(userId),
      );
      for (let session = 0; session < SESSIONS_PER_USER; session++) {
        const signedIn = userIds[Math.floor(Math.random() * userIds.length)]!;
        insert.run(
          nextId(),
          `session-${counter.toString(16).padStart(64, '0')}`,
          0,
          'session',
          'identity.SessionStarted',
          JSON.stringify({
            userId: signedIn,
            startedAt: at,
            expiresAt: '2026-12-25T10:00:00.000Z',
            clientAddress: '203.0.113.7',
            userAgent:
              'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
          }),
          metadataOf(signedIn),
        );
      }
    }
  })();
  db.close();
}

/** The identity service's read models on `store`, started on the read-model file given. */
async function startIdentityReadModels(store: EventStore, database: string): Promise<ProjectionRunner> {
  const runner = new ProjectionRunner(store, silentLogger, { database });
  runner.register([new UsersReadModel()]);
  await runner.start();
  return runner;
}

async function removeDatabase(file: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm']) await rm(file + suffix, { force: true });
}

/**
 * (1) Rebuild: the identity read models built from a million events, against a raw
 * better-sqlite3 read of the same rows (every column, in position order, in the same batches).
 * (2) Start: the same read models resuming from their persisted checkpoint, against a start
 * that rebuilds them.
 */
export async function readModelBenchmarks(dir: string): Promise<BenchResult[]> {
  const storeFile = join(dir, 'identity.db');
  const generated = performance.now();
  await fillIdentityStore(storeFile);
  console.log(
    `read models: ${EVENTS.toLocaleString('en-US')} identity events written in ${Math.round(performance.now() - generated)} ms`,
  );
  const store = openSqliteEventStore({ file: storeFile });
  try {
    let round = 0;
    let lastDatabase = '';
    const rebuildRate = await opsPerSecond(
      EVENTS,
      async () => {
        if (lastDatabase) await removeDatabase(lastDatabase);
        lastDatabase = join(dir, `identity-${round++}.read.db`);
        await (await startIdentityReadModels(store, lastDatabase)).stop();
      },
      2,
    );

    const raw = new Database(storeFile, { readonly: true });
    const read = raw.prepare<[number], { position: number }>(
      `SELECT * FROM events WHERE position > ? ORDER BY position LIMIT 1000`,
    );
    const rawRate = await opsPerSecond(EVENTS, () => {
      let after = 0;
      for (let rows = read.all(after); rows.length > 0; rows = read.all(after)) after = rows[rows.length - 1]!.position;
    });
    raw.close();

    // Persisted: the read-model file the last rebuild left behind.
    const resumeRate = await opsPerSecond(1, async () => {
      await (await startIdentityReadModels(store, lastDatabase)).stop();
    });
    const rebuildStartRate = rebuildRate / EVENTS;

    return [
      {
        name: `read-model rebuild (${(EVENTS / 1e6).toFixed(0)}M identity events)`,
        subject: perSecond(rebuildRate, 'ev'),
        baseline: perSecond(rawRate, 'row'),
        ratio: rebuildRate / rawRate,
      },
      {
        name: `identity read-model start, ${(EVENTS / 1e6).toFixed(0)}M events`,
        subject: milliseconds(1 / resumeRate),
        baseline: milliseconds(1 / rebuildStartRate),
        ratio: resumeRate / rebuildStartRate,
      },
    ];
  } finally {
    await store.close();
  }
}

const milliseconds = (seconds: number) =>
  `${(seconds * 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} ms`;
