import type { PostPlatform } from '@brandloom/proto-events';
import type { OnBehalfOf, ServiceClient } from '@brandloom/runtime';
import type { PlatformCredentials } from './connectors/index.js';

const query = `query OwnerPlatformCredentials($platform: String!) {
  ownerPlatformCredentials(platform: $platform) {
    apiKey apiSecret accessToken accessTokenSecret bearerToken pageId appId appSecret
  }
}`;

/** The owner's saved credentials for a platform, from identity's vault through a signed service call. */
export async function savedCredentials(
  services: ServiceClient,
  platform: PostPlatform,
  onBehalfOf: OnBehalfOf,
): Promise<PlatformCredentials | null> {
  const data = await services.query<{ ownerPlatformCredentials: Record<string, string | null> | null }>(
    'identity',
    { query, variables: { platform } },
    onBehalfOf,
  );
  const saved = data.ownerPlatformCredentials;
  if (!saved) return null;
  return Object.fromEntries(Object.entries(saved).filter(([, value]) => value)) as PlatformCredentials;
}

export type CredentialsSource = (
  userId: string,
  platform: PostPlatform,
  requestId: string,
) => Promise<PlatformCredentials | null>;
