import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteEventStore, type EventToAppend } from '@brandloom/runtime';
import { opsPerSecond, perSecond, type BenchResult } from './measure.js';

const STREAMS = 500;
const EVENTS_PER_APPEND = 4;

function eventsFor(stream: number): EventToAppend[] {
  return Array.from({ length: EVENTS_PER_APPEND }, (_, index) => ({
    id: randomUUID(),
    type: 'content.PostDrafted',
    version: 1,
    data: {
      postId: `p${stream}-${index}`,
      content: 'A new drop of summer linen shirts. #linen #summer',
      platform: 'instagram',
    },
    metadata: { tenantId: 'bench', correlationId: 'bench', causationId: null, occurredAt: new Date().toISOString() },
  }));
}

/**
 * The sqlite adapter's appends (expected-revision check, idempotency check, JSON encoding, one
 * transaction per append) against raw better-sqlite3 inserts of the same rows in the same
 * transactions, on the same pragmas (WAL, synchronous=FULL).
 */
export async function appendThroughput(dir: string): Promise<BenchResult> {
  let round = 0;
  const adapterRate = await opsPerSecond(STREAMS * EVENTS_PER_APPEND, async () => {
    const store = openSqliteEventStore({ file: join(dir, `adapter-${round++}.db`) });
    for (let stream = 0; stream < STREAMS; stream++) {
      await store.appendToStream(`post-${stream}`, eventsFor(stream), { expectedRevision: 'no_stream' });
    }
    await store.close();
  });

  const rawRate = await opsPerSecond(STREAMS * EVENTS_PER_APPEND, () => {
    const db = new Database(join(dir, `raw-${round++}.db`));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE,
      stream_id TEXT NOT NULL, revision INTEGER NOT NULL, category TEXT NOT NULL, type TEXT NOT NULL,
      version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision))`);
    const insert = db.prepare(
      'INSERT INTO events (event_id, stream_id, revision, category, type, version, data, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const appendBatch = db.transaction((stream: number, events: EventToAppend[]) => {
      events.forEach((event, revision) =>
        insert.run(
          event.id,
          `post-${stream}`,
          revision,
          'post',
          event.type,
          event.version,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
        ),
      );
    });
    for (let stream = 0; stream < STREAMS; stream++) appendBatch(stream, eventsFor(stream));
    db.close();
  });

  return {
    name: `sqlite append (${EVENTS_PER_APPEND} events per append)`,
    subject: perSecond(adapterRate, 'ev'),
    baseline: perSecond(rawRate, 'ev'),
    ratio: adapterRate / rawRate,
  };
}
