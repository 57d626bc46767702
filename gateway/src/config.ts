import { fileURLToPath } from 'node:url';
import { booleanFlag, optionalString, port, storageEnvSchema } from '@brandloom/runtime/edge';
import { z } from 'zod';
import { serviceNames, urlVariableOf } from './catalog.js';
import { trustProxySetting } from './http/trust-proxy.js';

/** The built web app, beside the gateway in this repository. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
    /** Set when the embedded Stripe card form is in use: the policy then lets Stripe's script in. */
    STRIPE_PUBLISHABLE_KEY: optionalString,
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
  }),
);

/** The gateway of the distributed mode: where each subgraph listens (`IDENTITY_URL`, …). */
export const distributedGatewayEnvSchema = z.intersection(
  gatewayEnvSchema,
  z.object({
    ...Object.fromEntries(
      serviceNames.map((name) => [
        urlVariableOf(name),
        z.url(`must be the ${name} service's base URL, e.g. http://127.0.0.1:4001`),
      ]),
    ),
    INTERNAL_SECRET: z.string().min(32, 'must be at least 32 characters (shared with every service)'),
    LOG_LEVEL: storageEnvSchema.shape.LOG_LEVEL,
    /** How long the gateway waits for a service before answering 503. */
    SUBGRAPH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  }),
);
