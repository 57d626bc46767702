import type { OnBehalfOf, ServiceClient } from '@brandloom/runtime';

const quotaQuery = `query PublishingQuota($platform: String!, $at: String!) {
  publishingQuota(platform: $platform, at: $at) { warning } }`;

/**
 * Publishing's warning for a post going out on `platform` at `at` (the account's quota is used
 * up then), asked by another service when it schedules or queues a post; null when there is
 * none or publishing cannot say. Only a warning: a post is scheduled whether or not publishing
 * answers.
 */
export async function publishingQuotaWarning(
  services: ServiceClient,
  platform: string,
  at: string,
  on: OnBehalfOf,
): Promise<string | null> {
  try {
    const data = await services.query<{ publishingQuota: { warning: string | null } | null }>(
      'publishing',
      { query: quotaQuery, variables: { platform, at } },
      on,
    );
    return data.publishingQuota?.warning ?? null;
  } catch {
    return null;
  }
}
