import { z } from 'zod';
import { booleanFlag, optionalString } from '@brandloom/runtime';
import type { IdentitySettings } from './application.js';
import type { SupportSettings } from './support/support.js';

/** Where the vault's master key comes from (vault/crypto.ts). */
export interface VaultSettings {
  masterKey: string | undefined;
  dataDir: string;
}

export type IdentityServiceSettings = IdentitySettings & { support: SupportSettings; vault: VaultSettings };

/** The identity service's settings from the environment. */
export const identitySettingsSchema: z.ZodType<IdentityServiceSettings> = z
  .object({
    ADMIN_EMAIL: optionalString.pipe(z.email('must be an email address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    ADMIN_PROMOTE_EXISTING: booleanFlag,
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SMTP_URL: optionalString.pipe(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    SUPPORT_EMAIL: z.email('must be an email address').default('support@brandloom.app'),
    SMTP_FROM: optionalString,
    MASTER_KEY: optionalString,
    DATA_DIR: z.string().min(1).default('./data'),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither',
      });
    }
  })
  .transform((env) => ({
    sessionTtlDays: env.SESSION_TTL_DAYS,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, promoteExisting: env.ADMIN_PROMOTE_EXISTING }
        : null,
    support: {
      smtpUrl: env.SMTP_URL ?? null,
      supportEmail: env.SUPPORT_EMAIL,
      from: env.SMTP_FROM ?? `Brandloom <${env.SUPPORT_EMAIL}>`,
    },
    vault: { masterKey: env.MASTER_KEY, dataDir: env.DATA_DIR },
  }));
