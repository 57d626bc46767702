/**
 * Runs one service as its own process: `node services/runtime/dist/service/launch.js billing`.
 * Every service package exports its definition as `service`, so one launcher serves them all
 * and a new service needs no start file of its own.
 */
import { exitOnStartFailure } from './start-failure.js';
import { runServiceProcess } from './process.js';
import type { ServiceDefinition } from './contract.js';

const name = process.argv[2] ?? '';
if (!/^[a-z][a-z0-9-]*$/.test(name)) {
  process.stderr.write('Usage: launch.js <service name>, e.g. launch.js billing\n');
  process.exit(2);
}
try {
  const { service } = (await import(`@brandloom/${name}`)) as { service: ServiceDefinition };
  await runServiceProcess(service);
} catch (error) {
  exitOnStartFailure(error);
}
