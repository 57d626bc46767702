import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment; every problem names its variable. */
export function loadConfig<Schema extends z.ZodType>(
  schema: Schema,
  env: Record<string, string | undefined> = process.env,
): z.infer<Schema> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
  );
}

/** An unset or empty variable counts as absent, as shells and compose files tend to leave them. */
export const optionalString = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const logLevel = z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info');

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');
