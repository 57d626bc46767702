#!/usr/bin/env node
// Lists and replays what Brandloom's background workers parked (dead-lettered) because they
// could not handle it. Reads the same settings as the services: DATA_DIR (or EVENTSTORE_URL).
//   npm run parked -- list            every parked item of every service, newest last
//   npm run parked -- list --all      also the items already replayed
//   npm run parked -- replay <id>     ask the service to run the item again
// A replay is performed by the running service (within a second), or at its next start.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { loadConfig, openEventStoreFor, ParkingLot, silentLogger, storageEnvSchema, UnknownParkedItemError } =
  await import(join(root, 'services/runtime/dist/index.js'));
const { serviceNames } = await import(join(root, 'gateway/dist/catalog.js'));

const usage = 'usage: npm run parked -- list [--all] | replay <id>';
const [command, argument] = process.argv.slice(2);

try {
  const env = loadConfig(storageEnvSchema, process.env);
  if (command === 'list') await list(env, argument === '--all');
  else if (command === 'replay' && argument) await replay(env, argument);
  else fail(usage);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

async function withEachLot(env, action) {
  for (const name of serviceNames) {
    // A sqlite store that does not exist has nothing parked; opening it would create it.
    if (!env.EVENTSTORE_URL && !existsSync(join(env.DATA_DIR, `${name}.db`))) continue;
    const store = openEventStoreFor(name, env);
    try {
      const done = await action(name, new ParkingLot(store, silentLogger));
      if (done) return true;
    } finally {
      await store.close();
    }
  }
  return false;
}

async function list(env, all) {
  let shown = 0;
  await withEachLot(env, async (service, lot) => {
    for (const item of await lot.list()) {
      if (!all && item.status === 'replayed') continue;
      shown += 1;
      const what =
        item.subject.kind === 'event'
          ? `event ${item.subject.type} ${item.subject.eventId}`
          : `message ${item.subject.subject} ${item.subject.msgId}`;
      const by = item.handler ? `${item.worker} (${item.handler})` : item.worker;
      console.log(`${item.id}  ${service}  ${item.status}  ${item.parkedAt}  ${by}`);
      console.log(`    ${what}, ${item.attempts} attempt(s): ${item.reason}`);
    }
  });
  shown += listParkedReadModelEvents(env);
  if (shown === 0) console.log(all ? 'Nothing was ever parked.' : 'Nothing is parked.');
}

/**
 * Events a read model could not fold, kept in each service's read-model file. They are not
 * replayed one by one (out of order, a read model could end where no fold of the events leads):
 * fixing the read model and raising its version rebuilds it from every event, these included.
 */
function listParkedReadModelEvents(env) {
  let shown = 0;
  for (const name of serviceNames) {
    const file = join(env.DATA_DIR, `${name}.read.db`);
    if (!existsSync(file)) continue;
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const hasTable = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'parked_read_model_events'")
        .get();
      if (!hasTable) continue;
      for (const row of db.prepare('SELECT * FROM parked_read_model_events ORDER BY position').all()) {
        shown += 1;
        console.log(`read model  ${name}/${row.projection}  parked  ${row.parked_at}`);
        console.log(`    event ${row.type} ${row.event_id} at ${row.position}: ${row.error}`);
        console.log('    replay: fix the read model and raise its version; it is rebuilt at the next start');
      }
    } finally {
      db.close();
    }
  }
  return shown;
}

async function replay(env, id) {
  const found = await withEachLot(env, async (service, lot) => {
    try {
      const item = await lot.requestReplay(id);
      console.log(`Replay of ${id} requested from ${service} (${item.worker}).`);
      console.log('The running service replays it within a second, or when it next starts; `list` shows the outcome.');
      return true;
    } catch (error) {
      if (error instanceof UnknownParkedItemError) return false;
      throw error;
    }
  });
  if (!found) fail(`No parked item ${id} in any service (see: npm run parked -- list --all)`);
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
