// An outbox relay in its own process, for the crash test. With --crash-after-publish it kills
// itself (SIGKILL, no cleanup) right after its first publish, before the checkpoint moves.
import { UserRegistered } from '@brandloom/proto-events';
import {
  connectNatsBus,
  envelopeOf,
  openSqliteEventStore,
  ParkingLot,
  silentLogger,
  startOutboxRelay,
} from '@brandloom/runtime';

const [file, natsUrl, mode] = process.argv.slice(2);
const store = openSqliteEventStore({ file });
const bus = await connectNatsBus({ servers: natsUrl, name: 'relay-under-test' });
const relay = await startOutboxRelay({
  store,
  bus,
  logger: silentLogger,
  parking: new ParkingLot(store, silentLogger),
  name: 'identity/outbox',
  toIntegrationEvent: (event) => envelopeOf(event, UserRegistered, event.data),
  ...(mode === '--crash-after-publish' ? { afterPublish: () => process.kill(process.pid, 'SIGKILL') } : {}),
});
await relay.caughtUp;
process.stdout.write('caught-up\n');
process.on('SIGTERM', async () => {
  await relay.stop();
  await bus.close();
  await store.close();
  process.exit(0);
});
