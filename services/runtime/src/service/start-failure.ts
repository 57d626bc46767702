import { ConfigError } from '../config/env.js';

/**
 * Ends a process that could not start with a message an operator can act on, not a stack
 * trace: a bad setting names its variable, a taken port says which one. Anything else is
 * unexpected and is rethrown as it is.
 */
export function exitOnStartFailure(error: unknown): never {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const { code, port } = error as { code?: string; port?: number };
  if (code === 'EADDRINUSE') {
    process.stderr.write(`Port ${port} is already in use. Stop what uses it or choose another PORT.\n`);
    process.exit(1);
  }
  throw error;
}
