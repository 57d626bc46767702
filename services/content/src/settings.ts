import { optionalString } from '@brandloom/runtime';
import { z } from 'zod';
import type { ProviderSettings } from './generation/provider.js';

/** The content service's settings: where the AI provider is and which model it runs. */
export const contentSettingsSchema: z.ZodType<ProviderSettings> = z
  .object({
    OPENAI_BASE_URL: optionalString.pipe(
      z.url('must be the base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1').optional(),
    ),
    OPENAI_MODEL: optionalString.transform((model) => model ?? 'gpt-4o-mini'),
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(60_000),
  })
  .transform((env) => ({ baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL, timeoutMs: env.OPENAI_TIMEOUT_MS }));
