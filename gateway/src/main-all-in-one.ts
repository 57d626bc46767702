import { ConfigError, stopOnSignals } from '@brandloom/runtime';
import { startAllInOne } from './all-in-one.js';

try {
  const brandloom = await startAllInOne();
  stopOnSignals(brandloom.logger, () => brandloom.stop());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
