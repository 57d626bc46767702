import type { DocumentNode } from 'graphql';
import { loadConfig, type ServiceInfrastructure, type ServiceModule } from '@brandloom/runtime';
import { billingSettingsSchema, billingTypeDefs, createBillingService } from '@brandloom/billing';
import { createIdentityService, identitySettingsSchema, identityTypeDefs } from '@brandloom/identity';
import type { z } from 'zod';

/** What the gateway and the launchers know of a service: its name, schema, and how to build it. */
export interface CatalogEntry {
  name: string;
  typeDefs: DocumentNode;
  /** Builds the service from its infrastructure, reading its own settings from `env`. */
  create(infrastructure: ServiceInfrastructure, env: Record<string, string | undefined>): ServiceModule;
}

function entry<Settings>(
  name: string,
  typeDefs: DocumentNode,
  settingsSchema: z.ZodType<Settings>,
  create: (infrastructure: ServiceInfrastructure, settings: Settings) => ServiceModule,
): CatalogEntry {
  return { name, typeDefs, create: (infrastructure, env) => create(infrastructure, loadConfig(settingsSchema, env)) };
}

/**
 * Every service of Brandloom, in start order. A new service is one line here (and its package);
 * both run modes, the distributed gateway's settings and the start script follow from this list.
 */
export const serviceCatalog: readonly CatalogEntry[] = [
  entry('identity', identityTypeDefs, identitySettingsSchema, createIdentityService),
  entry('billing', billingTypeDefs, billingSettingsSchema, createBillingService),
];

/** `billing` → `BILLING_URL`: where the distributed gateway finds a service. */
export const urlVariableOf = (service: string): string => `${service.toUpperCase()}_URL`;
