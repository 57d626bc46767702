import { exitOnStartFailure, stopOnSignals } from '@brandloom/runtime/edge';
import { startAllInOne } from './all-in-one.js';

try {
  const brandloom = await startAllInOne();
  stopOnSignals(brandloom.logger, () => brandloom.stop());
} catch (error) {
  exitOnStartFailure(error);
}
