import { z } from 'zod';
import { logLevel, optionalString } from './env.js';

/** Settings every service process reads, whatever its context. */
export const storageEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_URL: optionalString,
  NATS_URL: optionalString,
  LOG_LEVEL: logLevel,
});
export type StorageEnv = z.infer<typeof storageEnvSchema>;
