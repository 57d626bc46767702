import { pino, stdSerializers, stdTimeFunctions, type DestinationStream } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Field names whose values never reach a log line, at any depth. */
const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|api[-_]?key|hash/i;
const MAX_DEPTH = 8;

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/**
 * One JSON object per line (pino), with the level as a word, an ISO time and `msg`. Secrets are
 * redacted by field name at any depth; an error anywhere in the fields is logged with its type,
 * message, stack and cause chain. `write` replaces stdout (tests).
 */
export function createLogger(
  level: LogLevel,
  base: Record<string, unknown> = {},
  write?: (line: string) => void,
): Logger {
  const destination: DestinationStream | undefined = write ? { write: (line) => write(line.trimEnd()) } : undefined;
  const options = {
    level,
    base,
    messageKey: 'msg',
    timestamp: stdTimeFunctions.isoTime,
    formatters: {
      level: (label: string) => ({ level: label }),
      bindings: (bindings: Record<string, unknown>) => redact(bindings) as Record<string, unknown>,
      log: (fields: Record<string, unknown>) => redact(fields) as Record<string, unknown>,
    },
  };
  return wrap(destination ? pino(options, destination) : pino(options));
}

function wrap(logger: pino.Logger): Logger {
  return {
    debug: (message, fields) => logger.debug(fields ?? {}, message),
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    child: (fields) => wrap(logger.child(fields)),
  };
}

/** A copy of `value` with secret-named fields replaced and errors serialized with their causes. */
export function redact(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return redact(stdSerializers.errWithCause(value), depth);
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(inner, depth + 1)]),
  );
}

export const silentLogger: Logger = createLogger('silent');
