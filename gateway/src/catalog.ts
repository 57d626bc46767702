import type { ServiceContract, ServiceDefinition } from '@brandloom/runtime/edge';

/**
 * Every service of Brandloom, in start order: the one line a new service adds. Service `x` is
 * the workspace package `@brandloom/x` under services/x, exporting `contract` from
 * `@brandloom/x/contract` (schema and REST rows) and `service` from `@brandloom/x` (its
 * implementation). Both run modes, the gateway's REST paths, the distributed gateway's settings,
 * the start script and the cross-service tests all follow from this list.
 */
export const serviceNames = ['identity', 'billing', 'content', 'scheduling', 'publishing'] as const;

/** The schemas and REST rows of every service: all the gateway loads of them. */
export async function loadServiceContracts(): Promise<ServiceContract[]> {
  return Promise.all(
    serviceNames.map(async (name) => {
      const { contract } = (await import(`@brandloom/${name}/contract`)) as { contract?: ServiceContract };
      if (contract?.name !== name) throw new Error(`@brandloom/${name}/contract must export the contract of ${name}`);
      return contract;
    }),
  );
}

/** The implementations, for the all-in-one process. */
export async function loadServiceDefinitions(): Promise<ServiceDefinition[]> {
  return Promise.all(
    serviceNames.map(async (name) => {
      const { service } = (await import(`@brandloom/${name}`)) as { service?: ServiceDefinition };
      if (service?.name !== name) throw new Error(`@brandloom/${name} must export the service definition of ${name}`);
      return service;
    }),
  );
}

/** `billing` → `BILLING_URL`: where the distributed gateway finds a service. */
export const urlVariableOf = (service: string): string => `${service.toUpperCase().replaceAll('-', '_')}_URL`;

/** `billing` → `BILLING_PORT`, and its default: 4001 for the first service, then one up each. */
export const portVariableOf = (service: string): string => `${service.toUpperCase().replaceAll('-', '_')}_PORT`;
export const defaultPortOf = (service: string): number => 4001 + serviceNames.indexOf(service as never);
