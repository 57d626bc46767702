import { randomBytes } from 'node:crypto';
import { booleanFlag, optionalString, port, storageEnvSchema } from '@brandloom/runtime';
import { z } from 'zod';
import { serviceCatalog, urlVariableOf } from './catalog.js';
import { trustProxySetting } from './http/trust-proxy.js';

const publicOrigin = optionalString.pipe(
  z
    .url('must be a URL such as https://app.example.com')
    .transform((url) => new URL(url).origin)
    .optional(),
);

/** Settings of the gateway in either mode. */
export const gatewayEnvSchema = z
  .object({
    PORT: port(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_ORIGIN: publicOrigin,
    TRUST_PROXY: trustProxySetting,
    GRAPHQL_INTROSPECTION: booleanFlag,
    WEB_DIR: optionalString,
  })
  // Unset: a local run, where any loopback origin on the gateway's own port is the site.
  .transform((env) => ({ ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? null }));

/** The all-in-one process: gateway settings, storage settings, and every service's own. */
export const allInOneEnvSchema = z.intersection(
  gatewayEnvSchema,
  storageEnvSchema.extend({
    EVENTSTORE_URL: optionalString.refine((url) => url === undefined || url.includes('{service}'), {
      message: 'must contain {service} in the all-in-one mode, so that each service gets its own database',
    }),
    // One process signs and checks its own calls; a fresh secret per start is enough.
    INTERNAL_SECRET: optionalString
      .pipe(z.string().min(32).optional())
      .transform((secret) => secret ?? randomBytes(32).toString('base64url')),
  }),
);

/** The gateway of the distributed mode: where each subgraph listens (`IDENTITY_URL`, …). */
export const distributedGatewayEnvSchema = z.intersection(
  gatewayEnvSchema,
  z.object({
    ...Object.fromEntries(
      serviceCatalog.map(({ name }) => [
        urlVariableOf(name),
        z.url(`must be the ${name} service's base URL, e.g. http://127.0.0.1:4001`),
      ]),
    ),
    INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters (shared with every service)'),
    LOG_LEVEL: storageEnvSchema.shape.LOG_LEVEL,
  }),
);
